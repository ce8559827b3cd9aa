"""Writer output parsing: good output becomes a node; bad output is a typed error value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from returns.result import Failure, Success

import memcore
from memcore import (
    DEFAULT_CAPS,
    Caps,
    Memory,
    Node,
    TurnInput,
    WriterOutputError,
    parse_writer_output,
)
from memcore.operations import abandon, add, reactivate

HISTORY = Memory(
    [
        Node(
            1,
            "tell me about apollo 11",
            "The first crewed Moon landing.",
            operations=[add("Apollo 11")],
            topics=["Apollo 11"],
            kind="mission",
        ),
        Node(
            2,
            "who walked on the moon?",
            "Neil Armstrong and Buzz Aldrin.",
            operations=[add("Apollo 11")],
            topics=["Apollo 11", "Neil Armstrong", "Buzz Aldrin"],
        ),
        Node(
            3,
            "where did he grow up?",
            "Buzz Aldrin grew up in Montclair, New Jersey.",
            depends_on=[2],
            operations=[add("Buzz Aldrin")],
            topics=["Buzz Aldrin"],
            kind="person",
        ),
    ]
)
FINAL = TurnInput(4, "no, i meant the second guy… wait, no, the first one. sorry", final=True)
GOOD = {
    "depends_on": [2, 3],
    "contradicts": ["Buzz Aldrin"],
    "operations": [
        {"op": "Abandon", "topic": "Buzz Aldrin"},
        {"op": "Reactivate", "topic": "Neil Armstrong"},
    ],
    "topics": ["Neil Armstrong"],
    "kind": "person",
    "facts": [],
    "query": "where did Neil Armstrong grow up?",
}


def parse(document: object, turn: TurnInput = FINAL, caps: Caps = DEFAULT_CAPS) -> object:
    text = document if isinstance(document, str) else json.dumps(document)
    return parse_writer_output(text, HISTORY, turn, caps)


def error_of(document: object, turn: TurnInput = FINAL) -> WriterOutputError:
    result = parse(document, turn)
    assert isinstance(result, Failure), result
    error = result.failure()
    assert isinstance(error, WriterOutputError)
    return error


def test_good_output_becomes_the_node() -> None:
    """The Apollo 11 turn-4 answer parses into the node the paper describes."""
    expected = Node(
        4,
        FINAL.question,
        "",
        depends_on=(2, 3),
        contradicts=("Buzz Aldrin",),
        operations=(abandon("Buzz Aldrin"), reactivate("Neil Armstrong")),
        topics=("Neil Armstrong",),
        kind="person",
        facts=(),
        query="where did Neil Armstrong grow up?",
    )
    assert parse(GOOD) == Success(expected)


def test_key_order_does_not_matter() -> None:
    """The parser reads meaning, not the order in which a model wrote the keys."""
    reordered = dict(reversed(list(GOOD.items())))
    assert parse(reordered) == parse(GOOD)


def test_code_fence_and_whitespace_are_tolerated() -> None:
    """A fenced block around the JSON is harmless and is accepted."""
    fenced = "\n  ```json\n" + json.dumps(GOOD, indent=2) + "\n```  \n"
    assert parse(fenced) == parse(GOOD)


def test_history_turn_ignores_a_query_and_keeps_the_answer() -> None:
    """A query written at a history turn is dropped; the turn's answer is stored."""
    turn = TurnInput(4, "where did he grow up?", "Wapakoneta, Ohio.")
    result = parse({**GOOD, "query": "ignored"}, turn)
    node = result.unwrap()  # type: ignore[attr-defined]
    assert (node.query, node.answer) == (None, "Wapakoneta, Ohio.")


@pytest.mark.parametrize(
    ("document", "code", "field"),
    [
        ("not json at all", "not_json", "$"),
        (json.dumps(GOOD) + " I hope this helps!", "trailing_text", "$"),
        ([1, 2], "wrong_type", "$"),
        ({**GOOD, "reasoning": "x"}, "unknown_field", "reasoning"),
        ({k: v for k, v in GOOD.items() if k != "topics"}, "missing_field", "topics"),
        ({**GOOD, "topics": []}, "missing_field", "topics"),
        (
            {**GOOD, "operations": [{"op": "Forget", "topic": "Buzz Aldrin"}]},
            "unknown_operation",
            "operations[0].op",
        ),
        (
            {**GOOD, "operations": [{"op": "Add", "topic": "Michael Collins"}]},
            "unknown_topic",
            "operations[0].topic",
        ),
        ({**GOOD, "operations": [{"op": "Add"}]}, "missing_field", "operations[0].topic"),
        ({**GOOD, "depends_on": [4]}, "bad_dependency", "depends_on[0]"),
        ({**GOOD, "depends_on": [0]}, "bad_dependency", "depends_on[0]"),
        ({**GOOD, "depends_on": ["2"]}, "wrong_type", "depends_on[0]"),
        ({**GOOD, "topics": ["  "]}, "empty_name", "topics[0]"),
        ({**GOOD, "contradicts": [""]}, "empty_name", "contradicts[0]"),
        ({**GOOD, "facts": "one fact"}, "wrong_type", "facts"),
        ({**GOOD, "kind": 3}, "wrong_type", "kind"),
        ({**GOOD, "query": None}, "missing_field", "query"),
        ({**GOOD, "query": "  "}, "missing_field", "query"),
    ],
)
def test_bad_output_is_a_typed_error(document: object, code: str, field: str) -> None:
    """Every kind of bad output names its problem and the offending field."""
    error = error_of(document)
    assert (error.code, error.field) == (code, field)
    assert error.message


def test_over_long_output_is_refused() -> None:
    """The output cap is in characters and is checked before decoding."""
    result = parse(GOOD, caps=Caps(output_chars=50))
    assert isinstance(result, Failure)
    assert result.failure().code == "too_long"


def test_operation_names_are_case_insensitive_but_kept_canonical() -> None:
    """'reactivate' means Reactivate: the case of the name does not change its meaning."""
    lower = {
        **GOOD,
        "operations": [
            {"op": "abandon", "topic": "Buzz Aldrin"},
            {"op": "REACTIVATE", "topic": "Neil Armstrong"},
        ],
    }
    assert parse(lower) == parse(GOOD)


def test_operation_on_a_name_new_in_this_node_is_allowed() -> None:
    """An operation may name a topic the node itself introduces."""
    document = {
        **GOOD,
        "operations": [{"op": "Add", "topic": "Apollo 12"}],
        "topics": ["Apollo 12"],
    }
    assert isinstance(parse(document), Success)


def test_deep_nesting_within_the_cap_is_not_json() -> None:
    """Nested brackets that fit the output cap but exhaust recursion give `not_json`."""
    assert error_of("[" * 1600 + "]" * 1600).code == "not_json"


NESTED_990 = """
import sys
from memcore.node import Memory
from memcore.writer_output import TurnInput, parse_writer_output

deep = "[" * 990 + "]" * 990
for field in ("topics", "facts", "kind", "depends_on"):
    text = '{"operations": [], "%s": %s}' % (field, deep)
    if field != "topics":
        text = text.replace("{", '{"topics": ["A"], ', 1)
    error = parse_writer_output(text, Memory(()), TurnInput(1, "q")).failure()
    print(field, error.code, error.field)
"""


def test_nesting_the_decoder_reads_but_quoting_could_not_is_not_json() -> None:
    """990 levels decode in a fresh interpreter, but quoting the bad value in the error
    message once raised RecursionError (a subprocess, so pytest's own stack does not count)."""
    source = str(Path(memcore.__file__).parent.parent)
    done = subprocess.run(
        [sys.executable, "-c", NESTED_990],
        env={**os.environ, "PYTHONPATH": source},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:4] == [
        f"{field} not_json $" for field in ("topics", "facts", "kind", "depends_on")
    ]


def test_whitespace_inside_names_collapses() -> None:
    """A newline inside a topic name cannot break the one-topic-per-line rendering."""
    document = {**GOOD, "topics": ["Neil\nArmstrong"]}
    assert parse(document) == parse(GOOD)
