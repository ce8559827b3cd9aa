"""Writer output properties: a node drawn valid against a memory parses back from its JSON."""

from __future__ import annotations

import json

import attrs
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success

from memcore.codec import make_converter
from memcore.node import Memory, Node
from memcore.strategies import memories, nodes
from memcore.writer_output import FIELD_ORDER, TurnInput, parse_writer_output


def writer_json(node: Node) -> str:
    """The node as the writer would write it: the format's keys, in the format's order."""
    plain = make_converter().unstructure(node)
    document = {key: plain[key] for key in FIELD_ORDER if key != "query" or node.query is not None}
    return json.dumps(document, ensure_ascii=False)


def as_parsed(node: Node) -> Node:
    """What the parser keeps of a node: trimmed kind and facts, no empty fact, nothing withheld."""
    facts = tuple(fact.strip() for fact in node.facts if fact.strip())
    return attrs.evolve(node, kind=node.kind.strip(), facts=facts, withheld_facts=0)


@st.composite
def memory_and_next_node(draw: st.DrawFn, final: bool) -> tuple[Memory, Node]:
    memory = draw(memories(max_turns=5))
    known = tuple(dict.fromkeys(name for node in memory.nodes for name in node.mentioned()))
    earlier = tuple(node.turn for node in memory.nodes)
    node = draw(nodes(turn=memory.next_turn, known=known, final=final, earlier_turns=earlier))
    return memory, node


@given(memory_and_next_node(final=False))
def test_a_valid_history_node_parses_back_from_its_writer_json(pair: tuple[Memory, Node]) -> None:
    memory, node = pair
    turn = TurnInput(node.turn, node.question, node.answer)
    assert parse_writer_output(writer_json(node), memory, turn) == Success(as_parsed(node))


@given(memory_and_next_node(final=True))
def test_a_valid_final_node_parses_back_with_its_query(pair: tuple[Memory, Node]) -> None:
    memory, node = pair
    turn = TurnInput(node.turn, node.question, final=True)
    expected = attrs.evolve(as_parsed(node), query=(node.query or "").strip())
    assert parse_writer_output(writer_json(node), memory, turn) == Success(expected)
