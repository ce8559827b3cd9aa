"""Rendering never loses a topic or a fact, over memories drawn by memcore.strategies."""

from __future__ import annotations

from hypothesis import given

from memcore.node import Memory
from memcore.render import render_memory, shown, spotlight
from memcore.replay import replay
from memcore.strategies import memories


def topic_section(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index("Topics:") + 1 : lines.index("Log:")]


@given(memories(max_turns=6))
def test_every_topic_is_rendered_once_in_order_with_its_status_and_facts(memory: Memory) -> None:
    state = replay(memory)
    section = topic_section(render_memory(memory))
    if not state.topics:
        assert section == ["(none yet)"]
        return
    expected: list[str] = []
    for view in state.topics:
        turns = ", ".join(str(turn) for turn in view.turns) or "-"
        kind, status = shown(view.kind) or "-", view.status.value
        name = shown(view.name)
        expected.append(f"- {name} | kind: {kind} | turns: {turns} | status: {status}")
        expected.extend(f"    fact: {spotlight(shown(fact))}" for fact in view.facts)
    assert section == expected


@given(memories(max_turns=6))
def test_the_log_has_one_line_per_turn_in_turn_order(memory: Memory) -> None:
    text = render_memory(memory)
    log = text.splitlines()[text.splitlines().index("Log:") + 1 :]
    if not memory.nodes:
        assert log == ["(no turns yet)"]
        return
    assert [line.split(" | ")[0] for line in log] == [f"turn {node.turn}" for node in memory.nodes]


@given(memories(max_turns=6))
def test_rendering_with_the_carried_state_equals_rendering_with_a_replay(memory: Memory) -> None:
    assert render_memory(memory, state=replay(memory)) == render_memory(memory)
