"""What every search stage reads and returns: the search context and the search state.

A stage is a frozen value with a `name`, a `phase` and a `run(state) -> state` method. The
pipeline threads one state through its stages in order; a stage never mutates, it returns a
new state. The phases say which order stages may run in, and a pipeline keeps it.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping
from typing import Protocol, TypeVar, cast, runtime_checkable

import attrs

from memcore.node import Memory, Node
from memcore.search.number_rewrite import NumberRewrite
from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.scored import Candidates, PartKind, ScorePart
from memcore.search.standardise import Scale
from memcore.search.values import Query

EMPTY_MEMORY_RULE = "search-pipeline.empty-memory"

Decision = TypeVar("Decision")
DecisionOut = TypeVar("DecisionOut", covariant=True)


class Phase(enum.IntEnum):
    """Where a stage belongs in a pipeline; a pipeline's stages run in phase order."""

    # The query is rewritten before anything is retrieved (the number rule).
    REWRITE = 1
    # Candidates are retrieved and their queries fused (writer and template fusion).
    RETRIEVE = 2
    # Passages of the pages that the adjusting rules will reach join the candidates.
    EXPAND = 3
    # Candidates' scores move: title prior, facts vote, exclusion.
    ADJUST = 4
    # The ranking so far is fused with another one (the RRF hedge).
    REFUSE = 5


@attrs.frozen
class TraceEntry:
    """What a stage did (or why it did nothing): its rule id, and the turn that caused it."""

    stage: str
    rule: str
    message: str
    turn: int | None = None

    def __str__(self) -> str:
        at = f" (turn {self.turn})" if self.turn is not None else ""
        return f"{self.stage} [{self.rule}]{at}: {self.message}"


@attrs.frozen
class SearchContext:
    """The fixed inputs of a final-turn search.

    `history` holds the nodes before the final turn, in order; `use_titles` says whether the
    title-based rules run (false for corpora without page titles, such as CORAL).
    """

    history: Memory
    final: Node
    retriever: Retriever = attrs.field(eq=False)
    use_titles: bool

    @property
    def memory_empty(self) -> bool:
        """Whether the memory holds no node before the final one (a conversation's first
        turn): its topic is then only what the writer read from the question itself
        (search-pipeline.empty-memory)."""
        return not self.history.nodes


@attrs.frozen
class FusedQuery:
    """A query of the fusion: its label, the query sent, its scale over the candidates, how
    its z-scores appear in an explanation (part kind, rule id, cause), and the weight its
    z-scores count with in the fused score."""

    label: str
    query: Query
    scale: Scale
    kind: PartKind
    rule: str
    cause: str
    weight: float = 1.0

    def part(self, raw_score: float) -> ScorePart:
        """The score part of a passage whose raw score for this query is `raw_score`."""
        return self.z_part(self.scale.z(raw_score))

    def z_part(self, z: float) -> ScorePart:
        """The score part of a passage whose z-score for this query is `z`."""
        return ScorePart(self.kind, self.weight * z, self.rule, f"{self.label} query", self.cause)


@attrs.frozen
class SearchState:
    """The search so far.

    `topic` is the final topic and `writer_query` the writer's query (both possibly changed by
    the number rule, recorded in `number_rewrite`); `queries` are the fused queries with their
    scales, which candidate expansion reuses; `decisions` keeps each deciding stage's decision
    (read and written only through `decided`), so a decision taken during expansion is not
    taken twice; `question` is the final question as the template query reads it once a
    rewrite stage has taken words out of it (None: the final node's own); `reachers` are the
    pipeline's stages after the expansion phase that may act on passages not retrieved (the
    pipeline sets them; candidate expansion asks them).
    """

    context: SearchContext
    topic: str | None
    writer_query: str
    number_rewrite: NumberRewrite | None = None
    question: str | None = None
    candidates: Candidates = attrs.field(factory=Candidates)
    queries: tuple[FusedQuery, ...] = ()
    trace: tuple[TraceEntry, ...] = ()
    reachers: tuple[ReachesPages, ...] = attrs.field(default=(), eq=False, repr=False)
    decisions: Mapping[Decides[object], object] = attrs.field(factory=dict, eq=False, repr=False)

    def traced(self, entry: TraceEntry) -> SearchState:
        """This state with `entry` appended to the trace."""
        return attrs.evolve(self, trace=(*self.trace, entry))

    def decided(self, stage: Decides[Decision]) -> tuple[Decision, SearchState]:
        """`stage`'s decision in this search, and the state that remembers it: the decision
        taken earlier (candidate expansion asks before the stage runs), else taken now."""
        if stage in self.decisions:
            # Only this method writes `decisions`, each stage under itself with what its own
            # `decide` returned, so the entry has the stage's decision type.
            return cast(Decision, self.decisions[stage]), self
        decision = stage.decide(self)
        return decision, attrs.evolve(self, decisions={**self.decisions, stage: decision})


class Decides(Hashable, Protocol[DecisionOut]):
    """A stage that takes one decision per search (its rule's searches), which both candidate
    expansion and its own run read: `SearchState.decided` takes it once."""

    def decide(self, state: SearchState) -> DecisionOut:
        """The decision for `state`, taken afresh."""
        ...


@runtime_checkable
class Stage(Protocol):
    """A step of the search pipeline."""

    @property
    def name(self) -> str:
        """A short name for traces and explanations."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the stage belongs in a pipeline."""
        ...

    def run(self, state: SearchState) -> SearchState:
        """The state after this stage."""
        ...


@runtime_checkable
class ReachesPages(Protocol):
    """A rule that may act on passages that were not retrieved: candidate expansion asks it
    which pages it will touch, and records the decision it took to say so."""

    def reach(self, state: SearchState) -> tuple[tuple[str, ...], SearchState]:
        """The page titles this rule will raise, and the state with its decision recorded."""
        ...


@runtime_checkable
class PlansSearches(Protocol):
    """A stage that can say, before anything is retrieved, which searches it will send, so a
    retriever can prepare a turn's searches together (`memcore.search.retriever.Prefetches`).
    A plan that turns out wrong costs time only: results never depend on it."""

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The searches this stage expects to send for `state` (after the rewrite phase)."""
        ...


AFTER_NUMBER_RULE = "search-number-rule.afterwards"


def title_rule_skip(stage: str, no_titles_rule: str, state: SearchState) -> TraceEntry | None:
    """Why a title-based rule that yields to the number rule does not run, if it does not.

    Such a rule is off without page titles, and off once the number rule has rewritten the
    query (spec/search-number-rule.md says which steps still run after it).
    """
    if not state.context.use_titles:
        return TraceEntry(stage, no_titles_rule, "skipped: no page titles")
    if state.number_rewrite is not None:
        return TraceEntry(stage, AFTER_NUMBER_RULE, "skipped: the number rule fired")
    return None
