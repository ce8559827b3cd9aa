"""Properties of replay, over memories drawn by memcore.strategies."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import EMPTY, ReplayState, Status, replay, step
from memcore.strategies import memories, nodes, operation_kinds


def first_mentions(memory: Memory) -> tuple[str, ...]:
    """Every topic name the memory mentions, in order of first mention (worked out directly)."""
    names: list[str] = []
    for node in memory.nodes:
        for name in (*node.topics, *(operation.topic for operation in node.operations)):
            if name not in names:
                names.append(name)
    return tuple(names)


def facts_of(memory: Memory, name: str) -> tuple[str, ...]:
    """The facts of the nodes whose first topic is `name`, in order, each once."""
    facts: list[str] = []
    for node in memory.nodes:
        if node.topics and node.topics[0] == name:
            facts.extend(fact for fact in node.facts if fact not in facts)
    return tuple(facts)


def without_content(node: Node) -> Node:
    """The node with everything but its turn, topics and operations blanked."""
    return Node(turn=node.turn, question="", topics=node.topics, operations=node.operations)


@given(memories(max_turns=8), st.data())
def test_replay_is_a_left_fold(memory: Memory, data: st.DataObject) -> None:
    split = data.draw(st.integers(min_value=0, max_value=len(memory)))
    head, tail = memory.nodes[:split], memory.nodes[split:]
    assert replay(memory) == replay(tail, start=replay(head))


@given(memories())
def test_replay_equals_stepping_node_by_node_and_is_repeatable(memory: Memory) -> None:
    state = EMPTY
    for node in memory.nodes:
        state = step(state, node)
    assert replay(memory) == state
    assert replay(list(memory.nodes)) == state
    assert replay(memory).statuses() == replay(memory).statuses()


@given(memories(max_turns=8))
def test_at_most_one_topic_is_current_after_every_turn(memory: Memory) -> None:
    state = EMPTY
    for node in memory.nodes:
        state = step(state, node)
        assert len(state.with_status(Status.CURRENT)) <= 1
        assert (state.current is None) == (not state.with_status(Status.CURRENT))


@given(memories(max_turns=8))
def test_every_topic_ever_mentioned_is_kept_in_order_of_first_mention(memory: Memory) -> None:
    state = replay(memory)
    assert tuple(view.name for view in state.topics) == first_mentions(memory)
    assert all(name in state for name in first_mentions(memory))


@given(memories(max_turns=8))
def test_every_topic_keeps_its_facts_whatever_its_status(memory: Memory) -> None:
    state = replay(memory)
    for view in state.topics:
        assert view.facts == facts_of(memory, view.name)
    for view in state.with_status(Status.DROPPED):
        assert view.facts == facts_of(memory, view.name)


@given(memories(min_turns=1, max_turns=8), st.data())
def test_a_later_non_abandon_operation_makes_a_dropped_topic_current(
    memory: Memory, data: st.DataObject
) -> None:
    names = first_mentions(memory)
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    kind = data.draw(operation_kinds().filter(lambda kind: kind is not OpKind.ABANDON))
    dropping = Node(memory.next_turn, "drop it", operations=(Operation(OpKind.ABANDON, name),))
    dropped = replay(memory.append(dropping))
    assert dropped.statuses()[name] is Status.DROPPED
    previously_current = dropped.current
    returning = Node(memory.next_turn + 1, "back to it", operations=(Operation(kind, name),))
    state = step(dropped, returning)
    assert state.statuses()[name] is Status.CURRENT
    if previously_current is not None:
        assert state.statuses()[previously_current.name] is Status.EARLIER
    before = dropped.get(name)
    assert before is not None
    assert state.get(name) == attrs.evolve(before, status=Status.CURRENT)


@given(memories(max_turns=8))
def test_statuses_do_not_depend_on_facts_answers_queries_or_kinds(memory: Memory) -> None:
    bare = Memory(without_content(node) for node in memory.nodes)
    assert replay(bare).statuses() == replay(memory).statuses()


@given(memories(max_turns=8), st.integers(min_value=1, max_value=12))
def test_the_horizon_replays_exactly_the_last_nodes(memory: Memory, horizon: int) -> None:
    kept = memory.nodes[-horizon:]
    assert replay(memory, horizon=horizon) == replay(kept)
    assert replay(memory, horizon=horizon).topics == replay(Memory(kept)).topics


@given(st.data())
def test_an_empty_node_changes_no_status(data: st.DataObject) -> None:
    memory = data.draw(memories(max_turns=6))
    state = replay(memory)
    quiet = data.draw(nodes(turn=memory.next_turn, known=first_mentions(memory), max_operations=0))
    after = step(state, quiet)
    for name, status in state.statuses().items():
        assert after.statuses()[name] is status
    for name in quiet.topics:
        if name not in state:
            assert after.statuses()[name] is Status.EARLIER


def test_the_fold_starts_from_the_empty_state() -> None:
    assert replay(()) == ReplayState()
    assert replay(()).statuses() == {}
