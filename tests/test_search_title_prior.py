"""The title prior and the template query."""

from __future__ import annotations

import pytest

from memcore.search.corpus import Corpus
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.template import as_sent, for_retriever, template_query
from memcore.search.title_prior import apply_title_prior, title_prior_pages
from memcore.search.values import Passage, Query, QueryPart
from search_support import TableRetriever


def _candidates(*rows: tuple[str, str, float]) -> Candidates:
    return Candidates(
        ScoredPassage(doc_id, title, (ScorePart(PartKind.BASE, base, "r", "writer query", "c"),))
        for doc_id, title, base in rows
    )


CANDIDATES = _candidates(
    ("m1", "Apollo 11", 0.5),
    ("f1", "Apollo 11 (film)", 1.0),
    ("x1", "apollo 11", -0.25),
    ("t1", "Apollo 12", 2.0),
    ("n1", "", 0.0),
)


def test_adds_the_constant_to_every_page_with_the_topics_name() -> None:
    raised = apply_title_prior(CANDIDATES, "Apollo 11", 1.5, "turn 5: final topic")
    assert raised.scores() == {"m1": 2.0, "f1": 2.5, "x1": 1.25, "t1": 2.0, "n1": 0.0}
    # Ties by id: m1 and t1 both 2.0.
    assert raised.ids() == ("f1", "m1", "t1", "x1", "n1")
    part = raised.passages[0].parts[-1]
    assert part == ScorePart(
        PartKind.TITLE_PRIOR, 1.5, "search-title-prior.raise", "Apollo 11", "turn 5: final topic"
    )


def test_a_qualified_topic_raises_its_namesakes_too() -> None:
    raised = apply_title_prior(CANDIDATES, "Apollo 11 (film)", 1.5, "c")
    assert {p.doc_id for p in raised.passages if p.has(PartKind.TITLE_PRIOR)} == {"m1", "f1", "x1"}


def test_no_topic_changes_nothing() -> None:
    assert apply_title_prior(CANDIDATES, None, 1.5, "c") == CANDIDATES
    assert apply_title_prior(CANDIDATES, "  ", 1.5, "c") == CANDIDATES


def test_pages_named_by_the_topic() -> None:
    corpus = Corpus(
        (
            Passage("a", "x", "Apollo 11"),
            Passage("b", "x", "Apollo 11 (film)"),
            Passage("c", "x", "Apollo 12"),
        )
    )
    assert title_prior_pages("apollo 11", corpus) == ("Apollo 11", "Apollo 11 (film)")
    assert title_prior_pages(None, corpus) == ()


def test_template_weighs_the_topic() -> None:
    assert template_query("Neil Armstrong", "where did he grow up?") == Query(
        (QueryPart("Neil Armstrong", 2.0), QueryPart("where did he grow up?", 1.0))
    )
    assert template_query(None, "where?") == Query.of("where?")
    assert template_query("", "where?") == Query.of("where?")


def test_retrievers_without_weights_get_plain_text() -> None:
    weighted = template_query("Neil Armstrong", "where did he grow up?")
    assert as_sent(weighted, supports_weights=False) == Query.of(
        "Neil Armstrong where did he grow up?"
    )
    assert as_sent(weighted, supports_weights=True) == weighted
    dense = TableRetriever(Corpus(()), {}, supports_weights=False)
    assert for_retriever(weighted, dense) == Query.of("Neil Armstrong where did he grow up?")


@pytest.mark.parametrize("weight", [1.0, 3.0])
def test_topic_weight_is_configurable(weight: float) -> None:
    assert template_query("A", "q", weight).parts[0].weight == weight
