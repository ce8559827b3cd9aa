"""Versioned JSON documents for memories."""

from __future__ import annotations

import json

from returns.result import Failure, Success

from memcore import Memory, Node, dump_memory, load_memory
from memcore.codec import SCHEMA, VERSION
from memcore.operations import abandon, add, reactivate

MEMORY = Memory(
    [
        Node(
            1,
            "who walked on the moon?",
            "Armstrong and Aldrin.",
            operations=[add("Apollo 11")],
            topics=["Apollo 11", "Neil Armstrong", "Buzz Aldrin"],
            kind="mission",
            facts=["Armstrong and Aldrin walked on the Moon"],
        ),
        Node(
            2,
            "no, the first one",
            "",
            depends_on=[1],
            contradicts=["Buzz Aldrin"],
            operations=[abandon("Buzz Aldrin"), reactivate("Neil Armstrong")],
            topics=["Neil Armstrong"],
            query="where did Neil Armstrong grow up?",
        ),
    ]
)


def test_round_trip_is_the_identity() -> None:
    """Dumping and loading gives back an equal memory."""
    assert load_memory(dump_memory(MEMORY)) == Success(MEMORY)


def test_document_envelope() -> None:
    """The document names its schema and version, and operations are op/topic objects."""
    document = json.loads(dump_memory(MEMORY))
    assert (document["schema"], document["version"]) == (SCHEMA, VERSION)
    assert document["nodes"][1]["operations"][0] == {"op": "Abandon", "topic": "Buzz Aldrin"}


def failure_code(text: str) -> tuple[str, str]:
    result = load_memory(text)
    assert isinstance(result, Failure), result
    return result.failure().code, result.failure().field


def test_newer_version_is_refused() -> None:
    """A document from a newer memcore is refused, not guessed at."""
    document = json.loads(dump_memory(MEMORY))
    document["version"] = VERSION + 1
    assert failure_code(json.dumps(document)) == ("newer_version", "version")


def test_wrong_schema_and_bad_version_are_refused() -> None:
    """Only memcore memory documents with a positive integer version are read."""
    document = json.loads(dump_memory(MEMORY))
    assert failure_code(json.dumps({**document, "schema": "other"})) == ("wrong_schema", "schema")
    assert failure_code(json.dumps({**document, "version": "1"})) == ("bad_version", "version")
    assert failure_code("[]") == ("wrong_type", "$")
    assert failure_code("{") == ("not_json", "$")


def test_bad_node_names_its_position() -> None:
    """A node that cannot be read is reported by its index, with cattrs' path inside it."""
    document = json.loads(dump_memory(MEMORY))
    document["nodes"][1]["operations"][0]["op"] = "Forget"
    result = load_memory(json.dumps(document))
    assert isinstance(result, Failure)
    assert result.failure().field == "nodes[1].operations"
    assert "item 0: 'Forget' is not a valid OpKind" in result.failure().message


def test_turns_must_increase() -> None:
    """Nodes are in turn order; a repeated turn number is refused."""
    document = json.loads(dump_memory(MEMORY))
    document["nodes"][1]["turn"] = 1
    assert failure_code(json.dumps(document)) == ("bad_turn_order", "nodes[1].turn")


def test_json_types_are_not_coerced() -> None:
    """A string is not a list of characters, `true` is not a turn, a number is not a question."""
    cases = [
        ("topics", "Apollo 11", "nodes[0].topics"),
        ("facts", "abc", "nodes[0].facts"),
        ("question", 5, "nodes[0].question"),
        ("turn", "1", "nodes[0].turn"),
        ("turn", True, "nodes[0].turn"),
        ("withheld_facts", "2", "nodes[0].withheld_facts"),
    ]
    for key, value, field in cases:
        document = json.loads(dump_memory(MEMORY))
        document["nodes"][0][key] = value
        assert failure_code(json.dumps(document)) == ("bad_node", field), key


def test_deeply_nested_json_is_an_error_value() -> None:
    """Nesting deep enough to exhaust the parser's recursion is reported, not raised."""
    assert failure_code("[" * 100_000 + "]" * 100_000) == ("not_json", "$")
