"""The pipeline value and the final-turn entry point, worked by hand on a score table.

Corpus: p1, p3, p5 of page "Apollo 12", p2 of "Apollo 11", p4 of "Pete Conrad".
History: turn 1 about Apollo 12 with the fact "conrad commanded". Final turn 2, topic
Apollo 12, writer query "who commanded Apollo 12".
  writer   raw: p4 3, p1 2, p2 1          template ("Apollo 12 who commanded it") raw: p1 3, p3 1
Candidates (union): p4, p1, p2, p3 (p5 is retrieved by neither query).
  writer over the union 3, 2, 1, 0: mean 1.5, spread sqrt(1.25);
    z = 1.3416, 0.4472, -0.4472, -1.3416
  template over the union 0, 3, 0, 1: mean 1, spread sqrt(1.5); z = -0.8165, 1.6330, -0.8165, 0
Expansion adds p5 (page Apollo 12, for the title prior): raw 0 and 0, on the same scales:
  z = -1.3416 and -0.8165.
Title prior (+1.5 to Apollo 12): p1, p3, p5. Facts vote: the search "conrad commanded" ranks
  p4 then p3, votes Pete Conrad 1 and Apollo 12 1/2: Pete Conrad wins, p4 +1.0.
Exclusion: the final turn abandons nothing.
Final with the paper's equal weights: p1 2.0802 + 1.5 = 3.5802; p4 0.5251 + 1 = 1.5251;
  p3 -1.3416 + 1.5 = 0.1584; p5 -2.1581 + 1.5 = -0.6581; p2 -1.2637. memcore's default counts
  each template z-score 0.67 times (search-template.weight); the order is the same.
"""

from __future__ import annotations

import math

import attrs
import pytest

from memcore.node import Memory, Node
from memcore.operations import reactivate, refine
from memcore.search.config import (
    DEFAULT_SEARCH,
    PAPER,
    FactsVoteVariant,
    SearchConfig,
    TitleUse,
)
from memcore.search.corpus import Corpus
from memcore.search.description import ReferentByDescription
from memcore.search.exclusion import Exclusion
from memcore.search.expansion import ExpandCandidates
from memcore.search.facts_vote import FactsVote
from memcore.search.fusion import WriterAndTemplateFusion
from memcore.search.number_rule import NumberRule
from memcore.search.pipeline import (
    DEFAULT,
    ORQUAC,
    PAPER_TOPIOCQA,
    Pipeline,
    SearchError,
    paper_pipeline,
    search_final_turn,
)
from memcore.search.referent import ReferentByFit
from memcore.search.rejected_page import RejectedPageDemotion
from memcore.search.scored import PartKind
from memcore.search.stages import SearchContext, SearchState
from memcore.search.title_prior import TitlePrior
from memcore.search.values import Passage, Query, QueryPart
from search_support import TURN_1, TURN_2, TURN_3, TURN_4, TableRetriever, apollo_index

W1, W2 = 1.5 / math.sqrt(1.25), 0.5 / math.sqrt(1.25)
T1, T0 = 2 / math.sqrt(1.5), 1 / math.sqrt(1.5)
# memcore's default weight of the template's z-scores (the paper's is 1).
TW = DEFAULT_SEARCH.template_weight

CORPUS = Corpus(
    (
        Passage("p1", "x", "Apollo 12"),
        Passage("p2", "x", "Apollo 11"),
        Passage("p3", "x", "Apollo 12"),
        Passage("p4", "x", "Pete Conrad"),
        Passage("p5", "x", "Apollo 12"),
    )
)
TABLE = {
    "who commanded Apollo 12": {"p4": 3.0, "p1": 2.0, "p2": 1.0},
    "Apollo 12 who commanded it": {"p1": 3.0, "p3": 1.0},
    "conrad commanded": {"p4": 5.0, "p3": 1.0},
}
HISTORY = Memory(
    (Node(1, "tell me about apollo 12", topics=("Apollo 12",), facts=("conrad commanded",)),)
)
FINAL = Node(
    2,
    "who commanded it",
    operations=(refine("Apollo 12"),),
    topics=("Apollo 12",),
    query="who commanded Apollo 12",
)


def test_the_worked_example() -> None:
    ranking = search_final_turn(HISTORY, FINAL, TableRetriever(CORPUS, TABLE)).unwrap()
    assert ranking.ids() == ("p1", "p4", "p3", "p5", "p2")
    expected = {
        "p1": W2 + TW * T1 + 1.5,
        "p4": W1 - TW * T0 + 1.0,
        "p3": -W1 + 0.0 + 1.5,
        "p5": -W1 - TW * T0 + 1.5,
        "p2": -W2 - TW * T0,
    }
    assert {hit.doc_id: hit.score for hit in ranking.hits} == pytest.approx(expected)
    p5 = ranking.hit("p5")
    assert p5 is not None and p5.reached_by == "title prior"
    p4 = ranking.hit("p4")
    assert p4 is not None
    assert [(part.kind, part.rule) for part in p4.parts] == [
        (PartKind.BASE, "search-standardise.fusion"),
        (PartKind.BASE, "search-template.shape"),
        (PartKind.FACTS_VOTE, "search-facts-vote.topiocqa"),
    ]
    assert "turns 1" in p4.parts[2].cause
    assert [query.parts for query in ranking.queries] == [
        (("who commanded Apollo 12", 1.0),),
        (("Apollo 12", 2.0), ("who commanded it", 1.0)),
    ]
    assert [entry.rule for entry in ranking.trace] == [
        "search-number-rule.question-word",
        # The turn leans on the memory, which holds one topic only: nothing to re-choose.
        "search-referent.candidates",
        # It quotes no earlier answer either.
        "search-description.quote",
        "search-standardise.fusion",
        "search-pipeline.expansion",
        "search-title-prior.raise",
        "search-facts-vote.topiocqa",
        "search-exclusion.abandon",
        "search-exclusion.named-page",
    ]


def test_the_paper_sums_the_two_queries_alike_and_the_default_leans_to_the_writer() -> None:
    assert (PAPER.template_weight, DEFAULT_SEARCH.template_weight) == (1.0, 0.67)
    retriever = TableRetriever(CORPUS, TABLE)
    paper = search_final_turn(HISTORY, FINAL, retriever, paper_pipeline(config=PAPER)).unwrap()
    default = search_final_turn(HISTORY, FINAL, retriever).unwrap()
    for doc_id in ("p1", "p2", "p3", "p4", "p5"):
        by_paper, by_default = paper.hit(doc_id), default.hit(doc_id)
        assert by_paper is not None and by_default is not None
        writer_paper, template_paper = (part.amount for part in by_paper.parts[:2])
        writer_default, template_default = (part.amount for part in by_default.parts[:2])
        assert writer_default == writer_paper
        assert template_default == pytest.approx(0.67 * template_paper)
    p4 = default.hit("p4")
    assert p4 is not None and "z-scores x0.67" in p4.parts[1].cause
    p4_paper = paper.hit("p4")
    assert p4_paper is not None and "z-scores" not in p4_paper.parts[1].cause


def test_every_score_is_the_sum_of_its_parts() -> None:
    ranking = search_final_turn(HISTORY, FINAL, TableRetriever(CORPUS, TABLE)).unwrap()
    for hit in ranking.hits:
        assert hit.score == sum(part.amount for part in hit.parts)
    text = ranking.explain("p4")
    assert text.splitlines()[0] == f"#2 p4 (Pete Conrad): {W1 - TW * T0 + 1.0:.4f}"
    assert "facts vote [search-facts-vote.topiocqa]" in text
    assert ranking.explain("nope") == "nope: not among the candidates"


def test_ablations_remove_stages() -> None:
    no_memory = DEFAULT.without(ExpandCandidates, TitlePrior, FactsVote, Exclusion)
    ranking = search_final_turn(HISTORY, FINAL, TableRetriever(CORPUS, TABLE), no_memory)
    assert ranking.unwrap().ids() == ("p1", "p4", "p2", "p3")


def test_a_corpus_without_titles_switches_the_title_rules_off() -> None:
    retriever = TableRetriever(CORPUS, TABLE)
    ranking = search_final_turn(HISTORY, FINAL, retriever, DEFAULT.without_titles()).unwrap()
    assert ranking.ids() == ("p1", "p4", "p2", "p3")
    assert all(part.kind is PartKind.BASE for hit in ranking.hits for part in hit.parts)
    skipped = [entry.rule for entry in ranking.trace if "no page titles" in entry.message]
    assert skipped == [
        "search-referent.when",
        "search-description.when",
        "search-title-prior.no-titles",
        "search-facts-vote.no-titles",
        "search-exclusion.no-titles",
        "search-exclusion.no-titles",  # the exclusion step, then the named rejected page
    ]
    untitled = Corpus(Passage(p.id, p.text) for p in CORPUS.passages)
    assert not DEFAULT.uses_titles(TableRetriever(untitled, TABLE))
    assert Pipeline((), TitleUse.ON).uses_titles(TableRetriever(untitled, TABLE))


def test_without_titles_a_lower_case_topic_is_not_weighted_by_the_template() -> None:
    unnamed = attrs.evolve(FINAL, operations=(refine("apollo 12"),), topics=("apollo 12",))
    retriever = TableRetriever(CORPUS, TABLE)
    untitled = DEFAULT.without_titles()
    ranking = search_final_turn(HISTORY, unnamed, retriever, untitled).unwrap()
    assert ranking.queries[1].parts == (("who commanded it", 1.0),)
    template = ranking.hit("p1")
    assert template is not None
    assert template.parts[1].rule == "search-template.unnamed-topic"
    assert "'apollo 12' is no name" in template.parts[1].cause
    # A name, or a corpus with titles, keeps the topic weighted twice.
    named = search_final_turn(HISTORY, FINAL, retriever, untitled).unwrap()
    assert named.queries[1].parts == (("Apollo 12", 2.0), ("who commanded it", 1.0))
    titled = search_final_turn(HISTORY, unnamed, retriever).unwrap()
    assert titled.queries[1].parts == (("apollo 12", 2.0), ("who commanded it", 1.0))


def test_a_retriever_without_weights_gets_the_plain_template() -> None:
    retriever = TableRetriever(CORPUS, TABLE, supports_weights=False)
    ranking = search_final_turn(HISTORY, FINAL, retriever).unwrap()
    assert ranking.queries[1].parts == (("Apollo 12 who commanded it", 1.0),)
    assert Query((QueryPart("Apollo 12 who commanded it", 1.0),)) in retriever.sent


def test_errors_are_values() -> None:
    retriever = TableRetriever(CORPUS, TABLE)
    empty = Node(2, "  ", query=None)
    assert search_final_turn(HISTORY, empty, retriever).failure() == SearchError(
        "empty_query", "final.question", "the final turn has no question or query"
    )
    early = Node(1, "who commanded it")
    failure = search_final_turn(HISTORY.append(FINAL), early, retriever).failure()
    assert (failure.code, failure.field) == ("turn_order", "final.turn")


def test_a_memory_ending_with_the_final_node_is_accepted() -> None:
    retriever = TableRetriever(CORPUS, TABLE)
    with_final = search_final_turn(HISTORY.append(FINAL), FINAL, retriever).unwrap()
    assert with_final == search_final_turn(HISTORY, FINAL, retriever).unwrap()


def test_the_pipeline_is_a_value() -> None:
    assert paper_pipeline() == PAPER_TOPIOCQA
    assert paper_pipeline(FactsVoteVariant.ORQUAC) == ORQUAC != PAPER_TOPIOCQA
    assert paper_pipeline(config=SearchConfig(title_prior=2.0)) != DEFAULT
    built = Pipeline() >> NumberRule() >> WriterAndTemplateFusion() >> ExpandCandidates()
    built = built >> TitlePrior() >> FactsVote() >> Exclusion()
    assert built == PAPER_TOPIOCQA
    # memcore's default: the paper's with the template counted 0.67 times, then the named
    # rejected page's demotion, and the referents by fit and by description before the fusion.
    leaning = Pipeline() >> NumberRule() >> ReferentByFit() >> ReferentByDescription()
    leaning = leaning >> WriterAndTemplateFusion(template_weight=0.67)
    leaning = leaning >> ExpandCandidates() >> TitlePrior() >> FactsVote() >> Exclusion()
    assert leaning >> RejectedPageDemotion() == DEFAULT
    assert built >> RejectedPageDemotion() != DEFAULT
    assert repr(Pipeline((TitlePrior(), Exclusion()))) == (
        "Pipeline(TitlePrior(amount=1.5) >> Exclusion(amount=1.5, last_nodes=3))"
    )
    assert repr(Pipeline()) == "Pipeline((no stages))"
    assert repr(DEFAULT.without_titles()).endswith(", titles=off)")


def test_the_apollo_conversation_turn_4() -> None:
    memory = Memory((TURN_1, TURN_2, TURN_3))
    ranking = search_final_turn(memory, TURN_4, apollo_index()).unwrap()
    assert ranking.topic == "Neil Armstrong"
    assert ranking.ids(1) == ("neil-armstrong-2",)  # the passage on where he grew up
    # The last facts retrieve the mission's page, which has a namesake (the 2019 film): the
    # exclusion step lowers the mission's passages and raises the film's.
    assert "search-exclusion.shift" in ranking.fired()
    film = [hit for hit in ranking.hits if hit.title == "Apollo 11 (film)"]
    assert film and all(hit.total(PartKind.EXCLUSION) == 1.5 for hit in film)


ANSWERED_4 = attrs.evolve(
    TURN_4,
    answer="Neil Armstrong grew up in small towns in Ohio and settled in Wapakoneta.",
    facts=("Neil Armstrong grew up in Wapakoneta, Ohio",),
    query=None,
)


def test_the_apollo_conversation_turns_5_and_6() -> None:
    memory = Memory((TURN_1, TURN_2, TURN_3, ANSWERED_4))
    follow_up = Node(
        5,
        "what did he study in college?",
        operations=(refine("Neil Armstrong"),),
        topics=("Neil Armstrong",),
        query="what did Neil Armstrong study in college?",
    )
    ranking = search_final_turn(memory, follow_up, apollo_index()).unwrap()
    assert ranking.ids(1) == ("neil-armstrong-4",)  # Purdue, aeronautical engineering
    back = Node(
        6,
        "how long did the mission last?",
        operations=(reactivate("Apollo 11"),),
        topics=("Apollo 11",),
        query="how long did the Apollo 11 mission last?",
    )
    ranking = search_final_turn(memory, back, apollo_index()).unwrap()
    assert ranking.ids(1) == ("apollo-11-5",)  # eight days and three hours
    assert ranking.hits[0].total(PartKind.FACTS_VOTE) == 1.0  # the Apollo 11 facts vote for it


@attrs.frozen
class _CountingDecision:
    """A deciding stage that counts how often it is asked to decide afresh."""

    calls: list[int] = attrs.field(factory=list, eq=False, hash=False)

    def decide(self, state: SearchState) -> int:
        self.calls.append(len(self.calls) + 1)
        return len(self.calls)


def test_a_stage_decides_once_per_search_and_the_decision_keeps_its_type() -> None:
    context = SearchContext(Memory(()), Node(1, "who?"), apollo_index(), True)
    state = SearchState(context, None, "who?")
    stage = _CountingDecision()
    first, remembered = state.decided(stage)
    again, unchanged = remembered.decided(stage)
    assert (first, again, stage.calls) == (1, 1, [1])
    assert unchanged is remembered
    # Another search (a state without the decision) decides afresh.
    assert state.decided(stage)[0] == 2
