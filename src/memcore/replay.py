"""Replay: topic statuses derived from the operations, as a left fold over nodes.

Statuses are never stored. `step` folds one node into a `ReplayState`; a driver carries the
state from turn to turn, so a conversation is never replayed from scratch, and
`replay(nodes)` is simply the fold from the empty state.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

import attrs

from memcore.node import Memory, Node
from memcore.operations import OpKind


class Status(enum.Enum):
    """A topic's status, derived by replay."""

    CURRENT = "current"
    EARLIER = "earlier"
    DROPPED = "dropped"


@attrs.frozen
class TopicView:
    """Everything the memory says about one topic after replay."""

    name: str
    kind: str
    turns: tuple[int, ...]
    status: Status
    facts: tuple[str, ...]


def _index_of(topics: tuple[TopicView, ...]) -> dict[str, int]:
    return {view.name: position for position, view in enumerate(topics)}


@attrs.frozen
class ReplayState:
    """The fold's state: topics in order of first mention, and the last turn folded in."""

    topics: tuple[TopicView, ...] = ()
    last_turn: int = 0
    _index: Mapping[str, int] = attrs.field(
        default=attrs.Factory(lambda self: _index_of(self.topics), takes_self=True),
        eq=False,
        repr=False,
        alias="_index",
    )

    def get(self, name: str) -> TopicView | None:
        """The view of topic `name`, if the memory knows it."""
        position = self._index.get(name)
        return None if position is None else self.topics[position]

    def __contains__(self, name: object) -> bool:
        return name in self._index

    @property
    def current(self) -> TopicView | None:
        """The current topic, if there is one (there is at most one)."""
        for view in reversed(self.topics):
            if view.status is Status.CURRENT:
                return view
        return None

    def statuses(self) -> dict[str, Status]:
        """Topic name to status, in order of first mention."""
        return {view.name: view.status for view in self.topics}

    def with_status(self, status: Status) -> tuple[TopicView, ...]:
        """The topics that have `status`, in order of first mention."""
        return tuple(view for view in self.topics if view.status is status)


EMPTY = ReplayState()


def _merge_facts(known: tuple[str, ...], new: Iterable[str]) -> tuple[str, ...]:
    merged = list(known)
    for fact in new:
        if fact not in merged:
            merged.append(fact)
    return tuple(merged)


def step(state: ReplayState, node: Node) -> ReplayState:
    """Fold one node into the state.

    Topics the node names for the first time enter in order of mention with status
    earlier; the node's topics record its turn; its kind and facts go to its topic; then its
    operations apply in the order listed: Abandon drops its topic, every other operation makes
    its topic current and moves the previously current topic to earlier.
    """
    views = list(state.topics)
    index = dict(state._index)
    for name in node.mentioned():
        if name not in index:
            index[name] = len(views)
            views.append(TopicView(name, "", (), Status.EARLIER, ()))
    for name in dict.fromkeys(node.topics):
        view = views[index[name]]
        views[index[name]] = attrs.evolve(view, turns=(*view.turns, node.turn))
    if node.topics:
        own = views[index[node.topics[0]]]
        views[index[own.name]] = attrs.evolve(
            own,
            kind=node.kind or own.kind,
            facts=_merge_facts(own.facts, node.facts),
        )
    current = _current_position(views)
    for operation in node.operations:
        position = index[operation.topic]
        if operation.kind is OpKind.ABANDON:
            views[position] = attrs.evolve(views[position], status=Status.DROPPED)
            if current == position:
                current = None
            continue
        if current is not None and current != position:
            views[current] = attrs.evolve(views[current], status=Status.EARLIER)
        views[position] = attrs.evolve(views[position], status=Status.CURRENT)
        current = position
    topics = tuple(views)
    return ReplayState(topics, node.turn, index)


def _current_position(views: list[TopicView]) -> int | None:
    for position, view in enumerate(views):
        if view.status is Status.CURRENT:
            return position
    return None


def replay(
    nodes: Memory | Iterable[Node],
    horizon: int | None = None,
    start: ReplayState = EMPTY,
) -> ReplayState:
    """Fold `nodes` into `start` (by default the empty state).

    `horizon` keeps only the last `horizon` nodes, the paper's memory-truncation ablation; topics
    named only before the horizon are then absent, by design.
    """
    sequence = nodes.nodes if isinstance(nodes, Memory) else tuple(nodes)
    if horizon is not None:
        sequence = Memory(sequence).last(horizon).nodes
    state = start
    for node in sequence:
        state = step(state, node)
    return state
