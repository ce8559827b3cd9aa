"""The facts vote: the facts stored for the final topic vote for a page, which gains a constant.

Rules (spec/search-facts-vote.md). TopiOCQA variant: each earlier node about the final topic
is searched on its own (every earlier node when none is about it); the top passages of every
search vote 1/rank for their page; the winning page gains the constant on its passages within
the top candidates. `FactsVoteFallback.NOT_AFTER_REVISION` (an option beyond the paper) holds
no vote instead of searching every earlier node when the final node abandons a topic.
OR-QuAC variant: the facts of the last three nodes about the final topic form one search; no
such node, no vote; the winning page gains the constant on all its passages (candidate
expansion brings in those not retrieved). Neither runs after the number rule or without page
titles.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from memcore.node import Memory, Node
from memcore.operations import OpKind
from memcore.search.config import PAPER, FactsVoteFallback, FactsVoteVariant
from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.scored import Candidates, PartKind, ScorePart
from memcore.search.stages import Phase, SearchState, TraceEntry, title_rule_skip
from memcore.search.template import for_retriever
from memcore.search.values import Query
from memcore.search.votes import page_votes, winning_page

TOPIOCQA_RULE = "search-facts-vote.topiocqa"
ORQUAC_RULE = "search-facts-vote.orquac"
NO_TITLES_RULE = "search-facts-vote.no-titles"


def _about(node: Node, topic: str) -> bool:
    return node.topic is not None and node.topic.casefold() == topic.casefold()


def voting_nodes(
    history: Memory,
    topic: str | None,
    variant: FactsVoteVariant,
    last_nodes: int = 3,
    fallback: FactsVoteFallback = FactsVoteFallback.EVERY_NODE,
    abandons: bool = False,
) -> tuple[Node, ...]:
    """The earlier nodes whose facts are searched (topics compared case-insensitively).

    `abandons` says whether the final node abandons a topic; it matters only to the TopiOCQA
    fallback `NOT_AFTER_REVISION`, which then searches no node.
    """
    if topic is None:
        return ()
    about = tuple(node for node in history.nodes if _about(node, topic))
    if variant is FactsVoteVariant.ORQUAC:
        return about[-last_nodes:]
    if about:
        return about
    if fallback is FactsVoteFallback.NOT_AFTER_REVISION and abandons:
        return ()
    return history.nodes


def facts_queries(nodes: tuple[Node, ...], variant: FactsVoteVariant) -> tuple[Query, ...]:
    """The facts searches: one per node with facts (TopiOCQA), or all facts as one (OR-QuAC)."""
    if variant is FactsVoteVariant.ORQUAC:
        joined = " ".join(fact for node in nodes for fact in node.facts)
        return (Query.of(joined),) if joined.strip() else ()
    return tuple(Query.of(" ".join(node.facts)) for node in nodes if node.facts)


@attrs.frozen
class FactsVoteDecision:
    """The vote's outcome: the winning page (None: no vote), the votes, the turns searched."""

    page: str | None
    votes: Mapping[str, float] = attrs.field(eq=False)
    turns: tuple[int, ...]


def decide_facts_vote(
    history: Memory,
    topic: str | None,
    retriever: Retriever,
    variant: FactsVoteVariant,
    depth: int = PAPER.facts_vote_depth,
    last_nodes: int = PAPER.facts_vote_nodes,
    fallback: FactsVoteFallback = PAPER.facts_vote_fallback,
    abandons: bool = False,
) -> FactsVoteDecision:
    """Search the facts of the voting nodes and count 1/rank votes per page."""
    nodes = voting_nodes(history, topic, variant, last_nodes, fallback, abandons)
    queries = facts_queries(nodes, variant)
    rankings = [retriever.search(for_retriever(query, retriever), depth) for query in queries]
    votes = page_votes(rankings, retriever.corpus, depth)
    turns = tuple(node.turn for node in nodes if node.facts)
    return FactsVoteDecision(winning_page(votes), votes, turns)


def apply_facts_vote(
    candidates: Candidates,
    page: str | None,
    amount: float,
    within: int | None,
    cause: str,
    rule: str = TOPIOCQA_RULE,
) -> Candidates:
    """Add `amount` to the passages of page `page` (exact title) among the top `within`
    candidates, or among all candidates when `within` is None."""
    if page is None:
        return candidates
    part = ScorePart(PartKind.FACTS_VOTE, amount, rule, page, cause)
    return candidates.adding(
        lambda rank, passage: (
            part if passage.title == page and (within is None or rank < within) else None
        )
    )


@attrs.frozen(repr=False)
class FactsVote:
    """The facts vote in one of the paper's two variants."""

    variant: FactsVoteVariant = FactsVoteVariant.TOPIOCQA
    amount: float = PAPER.facts_vote
    depth: int = PAPER.facts_vote_depth
    within: int = PAPER.facts_vote_within
    last_nodes: int = PAPER.facts_vote_nodes
    fallback: FactsVoteFallback = PAPER.facts_vote_fallback

    def __repr__(self) -> str:
        # The paper's fallback is left out, as `Exclusion` leaves out the paper's source.
        fallback = (
            "" if self.fallback is PAPER.facts_vote_fallback else f", fallback={self.fallback!r}"
        )
        return (
            f"FactsVote(variant={self.variant!r}, amount={self.amount!r}, depth={self.depth!r}, "
            f"within={self.within!r}, last_nodes={self.last_nodes!r}{fallback})"
        )

    @property
    def phase(self) -> Phase:
        return Phase.ADJUST

    @property
    def name(self) -> str:
        return "facts vote"

    @property
    def rule(self) -> str:
        return TOPIOCQA_RULE if self.variant is FactsVoteVariant.TOPIOCQA else ORQUAC_RULE

    def _skip(self, state: SearchState) -> TraceEntry | None:
        return title_rule_skip(self.name, NO_TITLES_RULE, state)

    def decide(self, state: SearchState) -> FactsVoteDecision:
        """The vote for `state`, taken afresh (`SearchState.decided` takes it once)."""
        return decide_facts_vote(
            state.context.history,
            state.topic,
            state.context.retriever,
            self.variant,
            depth=self.depth,
            last_nodes=self.last_nodes,
            fallback=self.fallback,
            abandons=any(op.kind is OpKind.ABANDON for op in state.context.final.operations),
        )

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The facts searches `decide` sends for `state` (none when the vote is skipped)."""
        if self._skip(state) is not None:
            return ()
        nodes = voting_nodes(
            state.context.history,
            state.topic,
            self.variant,
            self.last_nodes,
            self.fallback,
            any(op.kind is OpKind.ABANDON for op in state.context.final.operations),
        )
        retriever = state.context.retriever
        return tuple(
            PlannedSearch(for_retriever(query, retriever), self.depth)
            for query in facts_queries(nodes, self.variant)
        )

    def reach(self, state: SearchState) -> tuple[tuple[str, ...], SearchState]:
        """OR-QuAC: the winning page (all its passages gain). TopiOCQA reaches nothing."""
        if self._skip(state) is not None:
            return (), state
        decision, state = state.decided(self)
        if self.variant is FactsVoteVariant.TOPIOCQA or decision.page is None:
            return (), state
        return (decision.page,), state

    def run(self, state: SearchState) -> SearchState:
        skip = self._skip(state)
        if skip is not None:
            return state.traced(skip)
        decision, state = state.decided(self)
        turn = state.context.final.turn
        if decision.page is None:
            return state.traced(TraceEntry(self.name, self.rule, "no vote", turn))
        turns = ", ".join(str(t) for t in decision.turns)
        cause = (
            f"facts of turns {turns} voted {decision.votes[decision.page]:.3f} "
            f"for {decision.page!r}"
        )
        within = self.within if self.variant is FactsVoteVariant.TOPIOCQA else None
        raised = apply_facts_vote(
            state.candidates, decision.page, self.amount, within, cause, self.rule
        )
        entry = TraceEntry(self.name, self.rule, f"+{self.amount:g}: {cause}", turn)
        return attrs.evolve(state, candidates=raised).traced(entry)
