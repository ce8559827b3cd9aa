"""Page votes and the two facts-vote variants."""

from __future__ import annotations

import attrs
import pytest

from memcore.node import Memory, Node
from memcore.search.config import PAPER, FactsVoteFallback, FactsVoteVariant, SearchConfig
from memcore.search.corpus import Corpus
from memcore.search.facts_vote import (
    FactsVote,
    apply_facts_vote,
    decide_facts_vote,
    facts_queries,
    voting_nodes,
)
from memcore.search.pipeline import paper_pipeline
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.values import Passage, Query, Ranking
from memcore.search.votes import page_votes, winning_page
from search_support import TURN_1, TURN_2, TURN_3, apollo_corpus, apollo_index

CORPUS = Corpus(
    (
        Passage("a1", "x", "A"),
        Passage("a2", "x", "A"),
        Passage("b1", "x", "B"),
        Passage("u1", "x", ""),
    )
)


def test_votes_are_one_over_rank() -> None:
    first = Ranking.from_scores([("a1", 3.0), ("b1", 2.0), ("a2", 1.0)])
    second = Ranking.from_scores([("b1", 2.0), ("a1", 1.0), ("u1", 0.5)])
    votes = page_votes([first, second], CORPUS, depth=20)
    # A: 1 + 1/3 + 1/2 = 11/6; B: 1/2 + 1 = 3/2; the untitled passage does not vote.
    assert votes == pytest.approx({"A": 11 / 6, "B": 1.5})
    assert winning_page(votes) == "A"


def test_only_the_top_depth_votes() -> None:
    ranking = Ranking.from_scores([("b1", 3.0), ("a1", 2.0), ("a2", 1.0)])
    assert page_votes([ranking], CORPUS, depth=1) == {"B": 1.0}


def test_a_tie_goes_to_the_title_that_sorts_first() -> None:
    assert winning_page({"B": 1.0, "A": 1.0}) == "A"
    assert winning_page({}) is None


def _node(turn: int, topic: str, *facts: str) -> Node:
    return Node(turn, f"q{turn}", topics=(topic,), facts=facts)


HISTORY = Memory(
    (
        _node(1, "X", "x one"),
        _node(2, "Y", "y two"),
        _node(3, "x", "x three"),
        _node(4, "X"),
        _node(5, "X", "x five"),
        _node(6, "X", "x six"),
    )
)


def test_topiocqa_searches_each_node_about_the_topic() -> None:
    nodes = voting_nodes(HISTORY, "X", FactsVoteVariant.TOPIOCQA)
    assert [node.turn for node in nodes] == [1, 3, 4, 5, 6]
    assert facts_queries(nodes, FactsVoteVariant.TOPIOCQA) == tuple(
        Query.of(text) for text in ("x one", "x three", "x five", "x six")
    )


def test_topiocqa_uses_every_node_when_none_is_about_the_topic() -> None:
    nodes = voting_nodes(HISTORY, "Z", FactsVoteVariant.TOPIOCQA)
    assert [node.turn for node in nodes] == [1, 2, 3, 4, 5, 6]


def test_orquac_joins_the_last_three_nodes_about_the_topic() -> None:
    nodes = voting_nodes(HISTORY, "X", FactsVoteVariant.ORQUAC)
    assert [node.turn for node in nodes] == [4, 5, 6]
    assert facts_queries(nodes, FactsVoteVariant.ORQUAC) == (Query.of("x five x six"),)
    assert voting_nodes(HISTORY, "Z", FactsVoteVariant.ORQUAC) == ()


def _candidates(*rows: tuple[str, str, float]) -> Candidates:
    return Candidates(
        ScoredPassage(d, t, (ScorePart(PartKind.BASE, s, "r", "q", "c"),)) for d, t, s in rows
    )


def test_the_winner_gains_within_the_top_candidates() -> None:
    candidates = _candidates(("a1", "A", 3.0), ("b1", "B", 2.0), ("a2", "A", 1.0))
    within_two = apply_facts_vote(candidates, "A", 1.0, 2, "cause")
    assert within_two.scores() == {"a1": 4.0, "b1": 2.0, "a2": 1.0}
    everywhere = apply_facts_vote(candidates, "A", 1.0, None, "cause")
    assert everywhere.scores() == {"a1": 4.0, "b1": 2.0, "a2": 2.0}
    assert apply_facts_vote(candidates, None, 1.0, None, "cause") == candidates


def test_decision_on_the_apollo_fixture() -> None:
    history = Memory((TURN_1, TURN_2, TURN_3))
    aldrin = decide_facts_vote(history, "Buzz Aldrin", apollo_index(), FactsVoteVariant.ORQUAC)
    assert (aldrin.page, aldrin.turns) == ("Buzz Aldrin", (3,))
    nobody = decide_facts_vote(history, "Pete Conrad", apollo_index(), FactsVoteVariant.ORQUAC)
    assert (nobody.page, nobody.turns) == (None, ())
    # TopiOCQA falls back to every earlier node: the Apollo 11 facts dominate.
    mission = decide_facts_vote(history, "Pete Conrad", apollo_index(), FactsVoteVariant.TOPIOCQA)
    assert (mission.page, mission.turns) == ("Apollo 11", (1, 2, 3))
    assert apollo_corpus().passages_of("Buzz Aldrin")


def test_not_after_revision_holds_no_fallback_vote_when_the_final_node_abandons() -> None:
    history = Memory((TURN_1, TURN_2, TURN_3))
    option = FactsVoteFallback.NOT_AFTER_REVISION
    # No earlier node is about Pete Conrad: after a revision the option searches nothing...
    revised = decide_facts_vote(
        history, "Pete Conrad", apollo_index(), FactsVoteVariant.TOPIOCQA, 20, 3, option, True
    )
    assert (revised.page, revised.turns, dict(revised.votes)) == (None, (), {})
    # ...without one it falls back to every node, as the paper does.
    plain = decide_facts_vote(
        history, "Pete Conrad", apollo_index(), FactsVoteVariant.TOPIOCQA, 20, 3, option, False
    )
    assert (plain.page, plain.turns) == ("Apollo 11", (1, 2, 3))
    # Nodes about the final topic still vote after a revision.
    about = voting_nodes(HISTORY, "X", FactsVoteVariant.TOPIOCQA, 3, option, abandons=True)
    assert [node.turn for node in about] == [1, 3, 4, 5, 6]
    assert voting_nodes(HISTORY, "Z", FactsVoteVariant.TOPIOCQA, 3, option, abandons=True) == ()


def test_the_paper_fallback_ignores_revisions() -> None:
    every = voting_nodes(HISTORY, "Z", FactsVoteVariant.TOPIOCQA, abandons=True)
    assert [node.turn for node in every] == [1, 2, 3, 4, 5, 6]


def test_the_fallback_option_reaches_the_pipeline_and_its_description() -> None:
    option = attrs.evolve(PAPER, facts_vote_fallback=FactsVoteFallback.NOT_AFTER_REVISION)
    votes = [s for s in paper_pipeline(config=option).stages if isinstance(s, FactsVote)]
    assert [vote.fallback for vote in votes] == [FactsVoteFallback.NOT_AFTER_REVISION]
    assert repr(votes[0]).endswith(", fallback=FactsVoteFallback.NOT_AFTER_REVISION)")
    assert "fallback" not in repr(FactsVote())
    with pytest.raises(TypeError):
        SearchConfig(facts_vote_fallback="not-after-revision")  # type: ignore[arg-type]
