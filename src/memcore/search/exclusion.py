"""The exclusion step: after a revision, push down the rejected page and lift its namesakes.

Rules (spec/search-exclusion.md): it runs only when the final node abandons a topic; the
rejected page is the page of the top passage retrieved for the facts of the last three nodes
(by default, as in the paper; `ExclusionSource.ABANDONED_TOPIC` takes the last three nodes
about the abandoned topic instead, and the paper's nodes when none stores facts);
it applies only if another page has the same name (qualifier and case ignored); the rejected
page's passages lose the constant and the other same-name pages' passages gain it, except
passages the title prior already raised. Without page titles, or after the number rule, it
does not run. Put it after the title prior: it reads the parts already present.
"""

from __future__ import annotations

import enum

import attrs

from memcore.node import Memory, Node
from memcore.operations import OpKind
from memcore.search.config import PAPER, ExclusionSource
from memcore.search.corpus import Corpus
from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.stages import Phase, SearchState, TraceEntry, title_rule_skip
from memcore.search.template import for_retriever
from memcore.search.values import Query

ABANDON_RULE = "search-exclusion.abandon"
REJECTED_RULE = "search-exclusion.rejected"
SAME_NAME_RULE = "search-exclusion.same-name"
SHIFT_RULE = "search-exclusion.shift"
SOURCE_RULE = "search-exclusion.source"
NO_DOUBLE_RAISE_RULE = "search-exclusion.no-double-raise"
NO_TITLES_RULE = "search-exclusion.no-titles"


def abandoned_topics(final: Node) -> tuple[str, ...]:
    """The topics the final node abandons, in operation order."""
    return tuple(op.topic for op in final.operations if op.kind is OpKind.ABANDON)


class ExclusionSkip(enum.Enum):
    """Why the exclusion step did not apply."""

    NO_ABANDON = "the final turn abandons no topic"
    NO_FACTS = "the last nodes store no facts"
    NO_PAGE = "the facts retrieved no passage with a page"
    NO_NAMESAKE = "no other page has the rejected page's name"


_SKIP_RULES = {
    ExclusionSkip.NO_ABANDON: ABANDON_RULE,
    ExclusionSkip.NO_FACTS: REJECTED_RULE,
    ExclusionSkip.NO_PAGE: REJECTED_RULE,
    ExclusionSkip.NO_NAMESAKE: SAME_NAME_RULE,
}


@attrs.frozen
class ExclusionDecision:
    """The rejected page and its namesakes, or why there are none (`skip`)."""

    rejected: str | None
    namesakes: tuple[str, ...]
    abandoned: tuple[str, ...]
    turns: tuple[int, ...]
    skip: ExclusionSkip | None

    @property
    def rule(self) -> str:
        return SHIFT_RULE if self.skip is None else _SKIP_RULES[self.skip]


def exclusion_decision(
    final: Node, turns: tuple[int, ...], top_page: str, corpus: Corpus
) -> ExclusionDecision:
    """The decision once the facts of turns `turns` retrieved a top passage of page
    `top_page` ("" when they retrieved none, or no facts were stored); pure."""
    abandoned = abandoned_topics(final)
    if not abandoned:
        return ExclusionDecision(None, (), (), (), ExclusionSkip.NO_ABANDON)
    if not turns:
        return ExclusionDecision(None, (), abandoned, turns, ExclusionSkip.NO_FACTS)
    if not top_page:
        return ExclusionDecision(None, (), abandoned, turns, ExclusionSkip.NO_PAGE)
    namesakes = tuple(title for title in corpus.pages_named(top_page) if title != top_page)
    if not namesakes:
        return ExclusionDecision(top_page, (), abandoned, turns, ExclusionSkip.NO_NAMESAKE)
    return ExclusionDecision(top_page, namesakes, abandoned, turns, None)


def exclusion_nodes(
    history: Memory,
    final: Node,
    last_nodes: int = PAPER.exclusion_nodes,
    source: ExclusionSource = PAPER.exclusion_source,
) -> tuple[Node, ...]:
    """The history nodes whose facts search for the rejected page, in turn order.

    `LAST_NODES` (the paper): those of the last `last_nodes` nodes that store facts.
    `ABANDONED_TOPIC`: those of the last `last_nodes` nodes whose topic is one the final node
    abandons (case ignored) that store facts; the paper's nodes when there are none.
    """
    recent = tuple(node for node in history.nodes[-last_nodes:] if node.facts)
    if source is ExclusionSource.LAST_NODES:
        return recent
    dropped = {topic.casefold() for topic in abandoned_topics(final)}
    about = tuple(
        node
        for node in history.nodes
        if node.topic is not None and node.topic.casefold() in dropped
    )
    return tuple(node for node in about[-last_nodes:] if node.facts) or recent


def decide_exclusion(
    history: Memory,
    final: Node,
    retriever: Retriever,
    last_nodes: int = PAPER.exclusion_nodes,
    source: ExclusionSource = PAPER.exclusion_source,
) -> ExclusionDecision:
    """Find the rejected page and its same-name pages (spec/search-exclusion.md)."""
    corpus = retriever.corpus
    if not abandoned_topics(final):
        return exclusion_decision(final, (), "", corpus)
    nodes = exclusion_nodes(history, final, last_nodes, source)
    facts = " ".join(fact for node in nodes for fact in node.facts)
    if not facts.strip():
        return exclusion_decision(final, (), "", corpus)
    top = retriever.search(for_retriever(Query.of(facts), retriever), 1).ids()
    top_page = corpus.title_of(top[0]) if top else ""
    return exclusion_decision(final, tuple(node.turn for node in nodes), top_page, corpus)


def apply_exclusion(
    candidates: Candidates,
    rejected: str,
    namesakes: tuple[str, ...],
    amount: float,
    cause: str,
) -> Candidates:
    """Take `amount` from the passages of `rejected`; give it to the passages of `namesakes`
    that the title prior has not raised."""
    others = frozenset(namesakes)
    lowered = ScorePart(PartKind.EXCLUSION, -amount, SHIFT_RULE, f"rejected {rejected}", cause)

    def part_for(_rank: int, passage: ScoredPassage) -> ScorePart | None:
        if passage.title == rejected:
            return lowered
        if passage.title in others and not passage.has(PartKind.TITLE_PRIOR):
            return ScorePart(
                PartKind.EXCLUSION, amount, SHIFT_RULE, f"namesake of {rejected}", cause
            )
        return None

    return candidates.adding(part_for)


@attrs.frozen(repr=False)
class Exclusion:
    """The exclusion step (spec/search-exclusion.md)."""

    amount: float = PAPER.exclusion
    last_nodes: int = PAPER.exclusion_nodes
    source: ExclusionSource = PAPER.exclusion_source

    def __repr__(self) -> str:
        # The paper's source is left out, as `Pipeline` leaves out its automatic title use.
        source = "" if self.source is PAPER.exclusion_source else f", source={self.source!r}"
        return f"Exclusion(amount={self.amount!r}, last_nodes={self.last_nodes!r}{source})"

    @property
    def phase(self) -> Phase:
        return Phase.ADJUST

    @property
    def name(self) -> str:
        return "exclusion"

    def _skip(self, state: SearchState) -> TraceEntry | None:
        return title_rule_skip(self.name, NO_TITLES_RULE, state)

    def decide(self, state: SearchState) -> ExclusionDecision:
        """The rejected page for `state`, found afresh (`SearchState.decided` finds it once)."""
        context = state.context
        return decide_exclusion(
            context.history,
            context.final,
            context.retriever,
            last_nodes=self.last_nodes,
            source=self.source,
        )

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The facts search `decide` sends for `state` (none when it has nothing to search)."""
        context = state.context
        if self._skip(state) is not None or not abandoned_topics(context.final):
            return ()
        nodes = exclusion_nodes(context.history, context.final, self.last_nodes, self.source)
        facts = " ".join(fact for node in nodes for fact in node.facts)
        if not facts.strip():
            return ()
        return (PlannedSearch(for_retriever(Query.of(facts), context.retriever), 1),)

    def reach(self, state: SearchState) -> tuple[tuple[str, ...], SearchState]:
        """The rejected page's namesakes, which gain even when not retrieved."""
        if self._skip(state) is not None:
            return (), state
        decision, state = state.decided(self)
        return decision.namesakes, state

    def run(self, state: SearchState) -> SearchState:
        skip = self._skip(state)
        if skip is not None:
            return state.traced(skip)
        decision, state = state.decided(self)
        turn = state.context.final.turn
        if decision.skip is not None or decision.rejected is None:
            reason = decision.skip.value if decision.skip is not None else "no rejected page"
            return state.traced(
                TraceEntry(self.name, decision.rule, f"not applied: {reason}", turn)
            )
        dropped = ", ".join(repr(topic) for topic in decision.abandoned)
        turns = ", ".join(str(t) for t in decision.turns)
        cause = (
            f"turn {turn} abandons {dropped}; facts of turns {turns} point to {decision.rejected!r}"
        )
        shifted = apply_exclusion(
            state.candidates, decision.rejected, decision.namesakes, self.amount, cause
        )
        names = ", ".join(repr(title) for title in decision.namesakes)
        entry = TraceEntry(
            self.name,
            SHIFT_RULE,
            f"-{self.amount:g} to {decision.rejected!r}, +{self.amount:g} to {names} "
            f"(not again where the title prior raised): {cause}",
            turn,
        )
        return attrs.evolve(state, candidates=shifted).traced(entry)
