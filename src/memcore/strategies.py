"""Hypothesis strategies for memcore values: operations, nodes, memories.

Importing this module needs `hypothesis` (a dev extra); nothing else in memcore imports it.
The strategies draw *valid* values: a node's operations name only topics the node lists or
the memory already knows, turns increase, and only a final node carries a query. Topic names
come mostly from a small pool, so that conversations return to topics, drop them and bring
them back, which is what replay is about.

Importing the module also registers `Operation`, `Node` and `Memory` with `st.from_type`.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind

# Names a conversation about the Moon landings might use, with one same-name pair.
TOPIC_POOL: tuple[str, ...] = (
    "Apollo 11",
    "Apollo 12",
    "Neil Armstrong",
    "Buzz Aldrin",
    "Michael Collins",
    "Saturn V",
    "Jayson Blair",
    "Jayson Blair (actor)",
)

_T = TypeVar("_T")

_NAME_ALPHABET = string.ascii_letters + string.digits + " ()-.'é"


@functools.cache
def _fresh_names() -> st.SearchStrategy[str]:
    # The parser collapses runs of whitespace inside names, so generated names have none.
    return st.text(_NAME_ALPHABET, min_size=1, max_size=16).map(_collapse).filter(bool)


def _collapse(name: str) -> str:
    return " ".join(name.split())


def topic_names(pool: Sequence[str] = TOPIC_POOL) -> st.SearchStrategy[str]:
    """A topic name: mostly from `pool`, sometimes a fresh one-line name.

    Names are non-empty, one line, without surrounding or repeated spaces: the form the
    writer-output parser gives every name it accepts.
    """
    if not pool:
        return _fresh_names()
    if tuple(pool) == TOPIC_POOL:
        return _DEFAULT_NAMES
    return st.one_of(st.sampled_from(tuple(pool)), _fresh_names())


@functools.cache
def texts(max_size: int = 24) -> st.SearchStrategy[str]:
    """Free text for questions, answers, facts and queries (any printable Unicode)."""
    return st.text(
        st.characters(exclude_categories=("Cs", "Cc")),
        max_size=max_size,
    )


def operation_kinds() -> st.SearchStrategy[OpKind]:
    """One of the five operation kinds."""
    return _KINDS


# Built once: hypothesis validates a strategy the first time it draws from it, and building
# these inside `nodes` for every draw made generation several times slower.
_DEFAULT_NAMES = st.one_of(st.sampled_from(TOPIC_POOL), _fresh_names())
_KINDS = st.sampled_from(OpKind)
_NODE_KINDS = st.sampled_from(("", "mission", "person", "rocket", "film"))
_FACTS = st.lists(texts(), max_size=3)
_QUERIES = texts().filter(lambda text: bool(text.strip()))
_WITHHELD = st.integers(min_value=0, max_value=2)


def operations(topics: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[Operation]:
    """An operation on a topic drawn from `topics` (by default `topic_names()`)."""
    return st.builds(Operation, operation_kinds(), topics if topics is not None else topic_names())


# Strategies that depend on what the memory already knows are cached by that knowledge: a
# strategy is validated on its first draw, and rebuilding them for every node was the main cost.
@functools.lru_cache(maxsize=4096)
def _topic_lists(known: tuple[str, ...], max_size: int) -> st.SearchStrategy[list[str]]:
    names = st.one_of(st.sampled_from(known), _DEFAULT_NAMES) if known else _DEFAULT_NAMES
    return st.lists(names, min_size=1, max_size=max_size, unique=True)


@functools.lru_cache(maxsize=4096)
def _operation_lists(targets: tuple[str, ...], max_size: int) -> st.SearchStrategy[list[Operation]]:
    return st.lists(st.builds(Operation, _KINDS, st.sampled_from(targets)), max_size=max_size)


@functools.lru_cache(maxsize=4096)
def _picks(values: tuple[_T, ...], max_size: int) -> st.SearchStrategy[list[_T]]:
    return st.lists(st.sampled_from(values), unique=True, max_size=max_size)


@st.composite
def nodes(
    draw: st.DrawFn,
    turn: int = 1,
    known: Sequence[str] = (),
    final: bool = False,
    earlier_turns: Sequence[int] = (),
    max_topics: int = 3,
    max_operations: int = 3,
) -> Node:
    """A node for `turn`, valid against a memory that already names the topics in `known`.

    The node lists one to `max_topics` distinct topics (drawn from `known` and the pool); each
    operation names one of those or a known topic; `depends_on` is drawn from `earlier_turns`
    and `contradicts` from the known topics. A `final` node has no answer and has a query;
    other nodes have no query.
    """
    known_names = tuple(dict.fromkeys(known))
    topics = draw(_topic_lists(known_names, max_topics))
    targets = tuple(dict.fromkeys((*topics, *known_names)))
    ops = draw(_operation_lists(targets, max_operations))
    depends_on = draw(_picks(tuple(earlier_turns), 2)) if earlier_turns else []
    contradicts = draw(_picks(known_names, 2)) if known_names else []
    return Node(
        turn=turn,
        question=draw(texts()),
        answer="" if final else draw(texts(48)),
        depends_on=tuple(sorted(depends_on)),
        contradicts=tuple(contradicts),
        operations=tuple(ops),
        topics=tuple(topics),
        kind=draw(_NODE_KINDS),
        facts=tuple(draw(_FACTS)),
        query=draw(_QUERIES) if final else None,
        withheld_facts=draw(_WITHHELD),
    )


@st.composite
def memories(
    draw: st.DrawFn,
    min_turns: int = 0,
    max_turns: int = 8,
    final: bool = False,
    first_turn: int = 1,
) -> Memory:
    """A memory of `min_turns` to `max_turns` nodes with consecutive turns from `first_turn`.

    Each node is valid against the nodes before it. With `final`, the memory has at least one
    node and its last node is a final turn (a query, no answer).
    """
    count = draw(st.integers(min_value=max(min_turns, 1 if final else 0), max_value=max_turns))
    memory = Memory()
    known: dict[str, None] = {}
    for position in range(count):
        turn = first_turn + position
        node = draw(
            nodes(
                turn=turn,
                known=tuple(known),
                final=final and position == count - 1,
                earlier_turns=tuple(node.turn for node in memory.nodes),
            )
        )
        known.update(dict.fromkeys(node.mentioned()))
        memory = memory.append(node)
    return memory


st.register_type_strategy(Operation, operations())
st.register_type_strategy(Node, nodes())
st.register_type_strategy(Memory, memories())
