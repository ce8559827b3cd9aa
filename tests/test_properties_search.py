"""Properties of the search transforms (hypothesis)."""

from __future__ import annotations

import math
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import abandon, refine
from memcore.search.corpus import Corpus
from memcore.search.exclusion import Exclusion, apply_exclusion
from memcore.search.expansion import ExpandCandidates
from memcore.search.facts_vote import apply_facts_vote
from memcore.search.number_rule import (
    QUESTION_WORDS,
    NumberRule,
    NumberRuleNotApplicable,
    apply_number_rule,
)
from memcore.search.pipeline import DEFAULT, search_final_turn
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart, rank_order
from memcore.search.stages import SearchContext, SearchState
from memcore.search.standardise import fuse_scores, zscores
from memcore.search.title_prior import apply_title_prior
from memcore.search.titles import title_key
from memcore.search.values import Passage
from search_support import TableRetriever

TITLES = ("Apollo 11", "Apollo 11 (film)", "apollo 11", "Apollo 12", "Pete Conrad", "")
scores = st.floats(min_value=-50, max_value=50, allow_nan=False, allow_infinity=False)


@st.composite
def candidate_sets(draw: st.DrawFn) -> Candidates:
    ids = draw(st.lists(st.sampled_from([f"d{n}" for n in range(12)]), unique=True, max_size=12))
    passages = []
    for doc_id in ids:
        title = draw(st.sampled_from(TITLES))
        parts = [ScorePart(PartKind.BASE, draw(scores), "r", "q", "c")]
        if draw(st.booleans()):
            parts.append(ScorePart(PartKind.TITLE_PRIOR, 1.5, "r", "t", "c"))
        passages.append(ScoredPassage(doc_id, title, tuple(parts)))
    return Candidates(passages)


def _same_passages(before: Candidates, after: Candidates) -> None:
    assert Counter(after.ids()) == Counter(before.ids())
    assert all(math.isfinite(score) for score in after.scores().values())
    assert after.ids() == rank_order(after.scores())


@given(candidate_sets(), st.sampled_from(TITLES), st.floats(0, 5))
def test_title_prior_adds_exactly_its_constant_to_the_pages_it_names(
    candidates: Candidates, topic: str, amount: float
) -> None:
    after = apply_title_prior(candidates, topic, amount, "c")
    _same_passages(candidates, after)
    before = {p.doc_id: p for p in candidates.passages}
    for passage in after.passages:
        named = bool(topic.strip()) and title_key(passage.title) == title_key(topic)
        named = named and bool(passage.title)
        expected = before[passage.doc_id].score + (amount if named else 0.0)
        assert passage.score == expected


@given(candidate_sets(), st.sampled_from(TITLES), st.floats(0, 5), st.none() | st.integers(1, 12))
def test_facts_vote_adds_exactly_its_constant_within_the_top(
    candidates: Candidates, page: str, amount: float, within: int | None
) -> None:
    after = apply_facts_vote(candidates, page, amount, within, "c")
    _same_passages(candidates, after)
    for rank, passage in enumerate(candidates.passages):
        named = passage.title == page and (within is None or rank < within)
        gained = after.scores()[passage.doc_id]
        assert gained == passage.score + (amount if named else 0.0)


@given(candidate_sets(), st.sampled_from(TITLES), st.floats(0, 5))
def test_exclusion_moves_exactly_its_constant(
    candidates: Candidates, rejected: str, amount: float
) -> None:
    namesakes = tuple(
        t for t in TITLES if t and t != rejected and title_key(t) == title_key(rejected)
    )
    after = apply_exclusion(candidates, rejected, namesakes, amount, "c")
    _same_passages(candidates, after)
    for passage in candidates.passages:
        if passage.title == rejected:
            change = -amount
        elif passage.title in namesakes and not passage.has(PartKind.TITLE_PRIOR):
            change = amount
        else:
            change = 0.0
        assert after.scores()[passage.doc_id] == passage.score + change


@given(st.lists(st.floats(-100, 100), min_size=1, max_size=30), st.floats(0.01, 100), scores)
def test_standardisation_ignores_positive_scaling_and_shifting(
    values: list[float], scale: float, shift: float
) -> None:
    values = [round(v, 2) for v in values]
    moved = [scale * v + shift for v in values]
    if len(set(values)) == 1:
        assert zscores(moved) == zscores(values) == (0.0,) * len(values)
    else:
        assert zscores(moved) == pytest.approx(zscores(values), abs=1e-6)


@given(
    st.lists(
        st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 20).map(float), min_size=6),
        min_size=1,
        max_size=3,
    ),
    st.floats(0.1, 10),
    st.integers(-10, 10).map(float),
)
def test_fusion_ignores_positive_scaling_and_shifting(
    tables: list[dict[str, float]], scale: float, shift: float
) -> None:
    candidates = tuple("abcdef")
    moved = [{d: scale * s + shift for d, s in table.items()} for table in tables]
    assert fuse_scores(candidates, moved) == pytest.approx(
        fuse_scores(candidates, tables), abs=1e-6
    )


@given(st.dictionaries(st.sampled_from([f"d{n}" for n in range(8)]), st.integers(0, 3).map(float)))
def test_rankings_are_deterministic(table: dict[str, float]) -> None:
    forward = Candidates(
        ScoredPassage(d, "", (ScorePart(PartKind.BASE, s, "r", "q", "c"),))
        for d, s in table.items()
    )
    backward = Candidates(reversed(forward.passages))
    assert forward == backward
    assert forward.ids() == tuple(sorted(table, key=lambda d: (-table[d], d)))


def _wordy(words: list[str]) -> str:
    return " ".join(words)


word = st.sampled_from(["apollo", "the", "12", "xiv", "1970s", "mission", "and", "crew", "13"])


@given(
    st.lists(word, min_size=0, max_size=11),
    st.sampled_from(sorted(QUESTION_WORDS)),
    st.sampled_from(["Apollo 11", "Rocky III", "1960s in music", "Neil Armstrong"]),
)
def test_number_rule_is_the_identity_with_a_question_word(
    words: list[str], question_word: str, topic: str
) -> None:
    question = _wordy([question_word, *words])
    outcome = apply_number_rule(question, "q", topic, None)
    assert isinstance(outcome, NumberRuleNotApplicable)
    _identity_as_stage(question, topic)


@given(st.lists(word, min_size=13, max_size=20))
def test_number_rule_is_the_identity_on_long_turns(words: list[str]) -> None:
    question = _wordy(words)
    assert isinstance(apply_number_rule(question, None, "Apollo 11", None), NumberRuleNotApplicable)
    _identity_as_stage(question, "Apollo 11")


@given(st.lists(st.sampled_from(["apollo", "the", "mission", "crew", "again"]), max_size=12))
def test_number_rule_is_the_identity_without_a_number(words: list[str]) -> None:
    question = _wordy(words)
    assert isinstance(apply_number_rule(question, None, "Apollo 11", None), NumberRuleNotApplicable)
    _identity_as_stage(question, "Apollo 11")


def _identity_as_stage(question: str, topic: str) -> None:
    final = Node(2, question or "x", topics=(topic,))
    context = SearchContext(Memory(), final, TableRetriever(Corpus(()), {}), True)
    state = SearchState(context, topic, "writer query")
    after = NumberRule().run(state)
    assert attrs.evolve(after, trace=()) == state


CORPUS = Corpus(
    Passage(f"p{n}", f"text {n}", title)
    for n, title in enumerate(
        ["Apollo 11", "Apollo 11 (film)", "Apollo 12", "Apollo 12", "Pete Conrad", "Apollo 11"]
    )
)


@given(
    st.dictionaries(st.sampled_from([f"p{n}" for n in range(6)]), st.integers(1, 9).map(float)),
    st.dictionaries(st.sampled_from([f"p{n}" for n in range(6)]), st.integers(1, 9).map(float)),
    st.booleans(),
)
def test_without_expansion_the_pipeline_permutes_the_retrieved_candidates(
    writer: dict[str, float], facts: dict[str, float], abandons: bool
) -> None:
    history = Memory((Node(1, "q1", topics=("Apollo 11",), facts=("f",)),))
    final = Node(
        2,
        "tell me",
        operations=(abandon("Apollo 11"),) if abandons else (refine("Apollo 11"),),
        topics=("Apollo 11",),
        query="w",
    )
    retriever = TableRetriever(CORPUS, {"w": writer, "Apollo 11 tell me": {}, "f": facts})
    retrieved = set(writer)
    pipeline = DEFAULT.without(ExpandCandidates)
    ranking = search_final_turn(history, final, retriever, pipeline).unwrap()
    assert set(ranking.ids()) == retrieved and len(ranking.ids()) == len(retrieved)
    assert all(math.isfinite(hit.score) for hit in ranking.hits)
    assert ranking == search_final_turn(history, final, retriever, pipeline).unwrap()
    expanded = search_final_turn(history, final, retriever, DEFAULT.without(Exclusion)).unwrap()
    assert retrieved <= set(expanded.ids())
