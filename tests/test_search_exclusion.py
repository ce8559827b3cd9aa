"""The exclusion step: rejected page down, namesakes up, no double raise."""

from __future__ import annotations

import attrs
import pytest

from memcore.node import Memory, Node
from memcore.operations import abandon, add, reactivate, refine, revise
from memcore.search.config import PAPER, ExclusionSource, FactsVoteVariant, SearchConfig
from memcore.search.exclusion import (
    Exclusion,
    ExclusionSkip,
    abandoned_topics,
    apply_exclusion,
    decide_exclusion,
    exclusion_decision,
    exclusion_nodes,
)
from memcore.search.explain import ExplainedRanking
from memcore.search.pipeline import PAPER_TOPIOCQA, paper_pipeline, search_final_turn
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from search_support import apollo_corpus, apollo_index


def _candidates(*rows: tuple[str, str, float, bool]) -> Candidates:
    passages = []
    for doc_id, title, base, prior in rows:
        parts = [ScorePart(PartKind.BASE, base, "r", "q", "c")]
        if prior:
            parts.append(ScorePart(PartKind.TITLE_PRIOR, 1.5, "search-title-prior.raise", "t", "c"))
        passages.append(ScoredPassage(doc_id, title, tuple(parts)))
    return Candidates(passages)


def test_rejected_loses_and_unraised_namesakes_gain() -> None:
    candidates = _candidates(
        ("r1", "Michael Collins (Irish leader)", 2.0, False),
        ("a1", "Michael Collins (astronaut)", 1.0, False),
        ("a2", "Michael Collins (astronaut)", 0.5, True),
        ("o1", "Apollo 11", 0.25, False),
    )
    shifted = apply_exclusion(
        candidates, "Michael Collins (Irish leader)", ("Michael Collins (astronaut)",), 1.5, "c"
    )
    # r1 2.0 - 1.5 = 0.5; a1 1.0 + 1.5 = 2.5; a2 0.5 + 1.5 (prior) stays 2.0; o1 unchanged.
    assert shifted.scores() == {"r1": 0.5, "a1": 2.5, "a2": 2.0, "o1": 0.25}
    assert shifted.ids() == ("a1", "a2", "r1", "o1")


def test_only_a_final_turn_that_abandons() -> None:
    final = Node(3, "q", operations=(abandon("A"), revise("A (film)")), topics=("A (film)",))
    assert abandoned_topics(final) == ("A",)
    calm = Node(3, "q", operations=(refine("A"),), topics=("A",))
    decision = exclusion_decision(calm, (1, 2), "Apollo 11", apollo_corpus())
    assert decision.skip is ExclusionSkip.NO_ABANDON


def test_needs_a_page_with_the_same_name() -> None:
    final = Node(5, "q", operations=(abandon("Buzz Aldrin"),))
    alone = exclusion_decision(final, (2, 3, 4), "Buzz Aldrin", apollo_corpus())
    assert (alone.rejected, alone.skip) == ("Buzz Aldrin", ExclusionSkip.NO_NAMESAKE)
    paired = exclusion_decision(final, (2, 3, 4), "Apollo 13", apollo_corpus())
    assert (paired.rejected, paired.namesakes, paired.skip) == (
        "Apollo 13",
        ("Apollo 13 (film)",),
        None,
    )
    assert exclusion_decision(final, (), "", apollo_corpus()).skip is ExclusionSkip.NO_FACTS
    assert exclusion_decision(final, (3,), "", apollo_corpus()).skip is ExclusionSkip.NO_PAGE


IRISH_HISTORY = Memory(
    (
        Node(
            1,
            "who was michael collins?",
            "An Irish revolutionary who negotiated the Anglo-Irish Treaty.",
            operations=(add("Michael Collins"),),
            topics=("Michael Collins",),
            facts=("Michael Collins negotiated the Anglo-Irish Treaty of 1921",),
        ),
        Node(
            2,
            "how did he die?",
            "He was killed in an ambush in County Cork in 1922.",
            operations=(refine("Michael Collins"),),
            topics=("Michael Collins",),
            facts=("Collins was killed in an ambush in County Cork in 1922",),
        ),
    )
)


def test_the_rejected_page_is_found_from_the_last_facts() -> None:
    final = Node(3, "no, the astronaut", operations=(abandon("Michael Collins"),))
    decision = decide_exclusion(IRISH_HISTORY, final, apollo_index())
    assert decision.rejected == "Michael Collins (Irish leader)"
    assert decision.namesakes == ("Michael Collins (astronaut)",)
    assert decision.turns == (1, 2)


def test_in_the_pipeline_a_namesake_the_title_prior_raised_gains_nothing_more() -> None:
    final = Node(
        3,
        "no, i meant the astronaut",
        operations=(abandon("Michael Collins"), revise("Michael Collins (astronaut)")),
        topics=("Michael Collins (astronaut)",),
        query="Michael Collins astronaut",
    )
    ranking = search_final_turn(IRISH_HISTORY, final, apollo_index()).unwrap()
    by_title: dict[str, set[tuple[float, ...]]] = {}
    for hit in ranking.hits:
        if hit.title.startswith("Michael Collins"):
            extras = tuple(
                part.amount
                for part in hit.parts
                if part.kind in (PartKind.TITLE_PRIOR, PartKind.EXCLUSION)
            )
            by_title.setdefault(hit.title, set()).add(extras)
    # Both pages share the topic's name, so the title prior raised both; the rejected page
    # then lost 1.5 and the astronaut page gained nothing more.
    assert by_title == {
        "Michael Collins (Irish leader)": {(1.5, -1.5)},
        "Michael Collins (astronaut)": {(1.5,)},
    }
    assert ranking.hits[0].title == "Michael Collins (astronaut)"


def test_in_the_pipeline_an_unraised_namesake_gains() -> None:
    final = Node(
        3,
        "no, the one who flew on apollo 11",
        operations=(abandon("Michael Collins"), reactivate("Apollo 11")),
        topics=("Apollo 11",),
        query="Apollo 11 command module pilot",
    )
    ranking = search_final_turn(IRISH_HISTORY, final, apollo_index()).unwrap()
    astronaut = [hit for hit in ranking.hits if hit.title == "Michael Collins (astronaut)"]
    assert len(astronaut) == 3  # every passage of the page, retrieved or expanded
    for hit in astronaut:
        assert [p.amount for p in hit.parts if p.kind is PartKind.EXCLUSION] == [1.5]
        assert hit.total(PartKind.TITLE_PRIOR) == 0.0
    # The rejected page was not retrieved for this query, and expansion never adds a page
    # only to lower it.
    assert [hit for hit in ranking.hits if hit.title == "Michael Collins (Irish leader)"] == []


def _demo_turn_4() -> tuple[Memory, Node]:
    """The demo's first three turns and its fourth, written by the rule writer."""
    from memcore.writers.driver import Conversation, Driver
    from memcore.writers.examples import APOLLO11
    from memcore.writers.rules import RuleWriter, TitleVocabulary

    retriever = apollo_index()
    driver = Driver(RuleWriter(TitleVocabulary.of(retriever.corpus.titles())), retriever=None)
    conversation = Conversation()
    for turn in APOLLO11[:3]:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    final = driver.final_turn(conversation, APOLLO11[3].question).unwrap().node
    return conversation.memory, final


def test_the_paper_source_rejects_the_mission_and_the_abandoned_topic_source_does_not() -> None:
    memory, final = _demo_turn_4()
    assert abandoned_topics(final) == ("Buzz Aldrin",)
    assert [node.topic for node in memory.nodes] == ["Apollo 11", "Apollo 11", "Buzz Aldrin"]
    retriever = apollo_index()
    paper = decide_exclusion(memory, final, retriever)
    assert (paper.rejected, paper.turns, paper.skip) == ("Apollo 11", (1, 2, 3), None)
    assert paper.namesakes == ("Apollo 11 (film)",)
    alternative = decide_exclusion(memory, final, retriever, source=ExclusionSource.ABANDONED_TOPIC)
    # Turn 3's fact "Buzz Aldrin grew up in Montclair, New Jersey." retrieves the town's page
    # first; it has no namesake, so nothing moves.
    assert (alternative.rejected, alternative.turns) == ("Montclair, New Jersey", (3,))
    assert alternative.skip is ExclusionSkip.NO_NAMESAKE
    default = search_final_turn(memory, final, retriever).unwrap()
    assert "search-exclusion.shift" in default.fired()
    chosen = paper_pipeline(
        FactsVoteVariant.TOPIOCQA,
        attrs.evolve(PAPER, exclusion_source=ExclusionSource.ABANDONED_TOPIC),
    )
    searched = search_final_turn(memory, final, retriever, chosen).unwrap()
    assert "search-exclusion.same-name" in searched.fired()
    assert all(PartKind.EXCLUSION not in parts for parts in _kinds(searched))


def _kinds(ranking: ExplainedRanking) -> list[set[PartKind]]:
    return [{part.kind for part in hit.parts} for hit in ranking.hits]


def test_the_source_is_typed_the_paper_s_by_default_and_shown_only_when_changed() -> None:
    assert PAPER.exclusion_source is ExclusionSource.LAST_NODES
    assert paper_pipeline() == PAPER_TOPIOCQA
    assert repr(Exclusion()) == "Exclusion(amount=1.5, last_nodes=3)"
    assert repr(Exclusion(source=ExclusionSource.ABANDONED_TOPIC)) == (
        "Exclusion(amount=1.5, last_nodes=3, source=ExclusionSource.ABANDONED_TOPIC)"
    )
    with pytest.raises(TypeError):
        SearchConfig(exclusion_source="abandoned-topic")  # type: ignore[arg-type]


def test_abandoned_topic_nodes_are_the_last_three_about_it_with_facts() -> None:
    nodes = tuple(
        Node(turn, f"q{turn}", topics=(topic,), facts=facts)
        for turn, topic, facts in (
            (1, "B", ("b1",)),
            (2, "B", ()),
            (3, "b", ("b3",)),
            (4, "B", ("b4",)),
            (5, "B", ("b5",)),
            (6, "A", ("a6",)),
        )
    )
    final = Node(7, "no", operations=(abandon("B"),))
    source = ExclusionSource.ABANDONED_TOPIC
    # Nodes about B: 1, 2, 3, 4, 5; the last three are 3, 4, 5, all with facts.
    chosen = exclusion_nodes(Memory(nodes), final, 3, source)
    assert [node.turn for node in chosen] == [3, 4, 5]
    # With last_nodes=4 the nodes about B are 2 to 5, and 2 stores no facts.
    assert [n.turn for n in exclusion_nodes(Memory(nodes), final, 4, source)] == [3, 4, 5]
    assert [n.turn for n in exclusion_nodes(Memory(nodes), final, 3)] == [4, 5, 6]
    other = Node(7, "no", operations=(abandon("C"),))
    assert [n.turn for n in exclusion_nodes(Memory(nodes), other, 3, source)] == [4, 5, 6]
