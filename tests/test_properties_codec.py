"""Properties of memory documents over memories drawn by memcore.strategies."""

from __future__ import annotations

import json

from hypothesis import given
from returns.result import Success

from memcore.codec import dump_memory, load_memory, make_converter
from memcore.node import Memory, Node
from memcore.strategies import memories, nodes


@given(memories(max_turns=6))
def test_dumping_then_loading_a_history_memory_is_the_identity(memory: Memory) -> None:
    assert load_memory(dump_memory(memory)) == Success(memory)


@given(memories(max_turns=6, final=True))
def test_dumping_then_loading_a_memory_with_a_final_turn_is_the_identity(memory: Memory) -> None:
    text = dump_memory(memory)
    assert load_memory(text) == Success(memory)
    assert json.loads(text)["nodes"][-1]["query"] == memory.nodes[-1].query


@given(nodes())
def test_the_converter_round_trips_a_node_through_plain_json(node: Node) -> None:
    converter = make_converter()
    plain = json.loads(json.dumps(converter.unstructure(node)))
    assert converter.structure(plain, Node) == node


@given(memories(max_turns=6))
def test_dumping_is_stable(memory: Memory) -> None:
    loaded = load_memory(dump_memory(memory)).unwrap()
    assert dump_memory(loaded) == dump_memory(memory)
