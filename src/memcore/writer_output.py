"""Parsing the writer's answer into a node.

The writer answers with one JSON object whose keys a model should generate in this order:
`depends_on`, `contradicts`, `operations`, `topics`, `kind`, `facts`, and `query` at the final
turn. The parser accepts any key order. It is lenient where a real model's output is harmless
(a code fence around the JSON, surrounding whitespace, spaces around names, an operation name
in another case, a repeated topic, an empty fact) and strict wherever meaning would change:
every such problem is a `WriterOutputError` naming the offending field, and no exception
escapes.

Live format (version 2): in a live conversation one call per turn also completes the previous
turn, whose node was written before its answer was known. The object then starts with the key
`previous`, the previous turn's node written with its answer (the fields above, no query),
followed by the new turn's fields. `parse_live_writer_output` reads it; an object without
`previous` (a version-1 writer) leaves the previous node as it was written.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection

import attrs
from returns.result import Failure, Result, Success

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.errors import WriterOutputError
from memcore.jsontext import BAD_TEXT, decode_json_prefix, nested_deeper_than
from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import ReplayState, step

PREVIOUS = "previous"
FIELD_ORDER = ("depends_on", "contradicts", "operations", "topics", "kind", "facts", "query")
REQUIRED = ("operations", "topics")
# The format nests three levels (the object, `operations`, one operation); anything much
# deeper is malformed, and refusing it early keeps error messages (which quote the value)
# clear of Python's recursion limit.
MAX_NESTING = 16

_FENCE = re.compile(r"^```[A-Za-z0-9_-]*\s*\n(?P<body>.*?)\n?```$", re.DOTALL)
_OPERATION_NAMES = {kind.value.casefold(): kind for kind in OpKind}


@attrs.frozen
class TurnInput:
    """What the driver knows about the turn the output is for."""

    turn: int
    question: str
    answer: str = ""
    final: bool = False


class _Rejected(Exception):
    """Internal: carries an error out of nested checks; never leaves this module."""

    def __init__(self, error: WriterOutputError) -> None:
        super().__init__(error.message)
        self.error = error


def _reject(code: str, field: str, message: str) -> _Rejected:
    return _Rejected(WriterOutputError(code, field, message))


def known_topics(memory: Memory, state: ReplayState | None = None) -> frozenset[str]:
    """Every topic the memory names (from the carried state when given)."""
    if state is not None:
        return frozenset(view.name for view in state.topics)
    return frozenset(name for node in memory.nodes for name in node.mentioned())


def parse_writer_output(
    text: str,
    memory: Memory,
    turn: TurnInput,
    caps: Caps = DEFAULT_CAPS,
    state: ReplayState | None = None,
) -> Result[Node, WriterOutputError]:
    """Turn the writer's text into the node for `turn`, checked against `memory`."""
    try:
        return Success(_parse(text, memory, turn, caps, state))
    except _Rejected as rejected:
        return Failure(rejected.error)


@attrs.frozen
class LiveNodes:
    """A live call's two nodes: the previous turn completed with its answer, and the new
    turn's node with its query. `by_writer` is False when the writer answered in the
    version-1 format: the previous node is then kept as written, its answer attached."""

    completed: Node
    node: Node
    by_writer: bool = True


def kept_as_written(awaiting: Node) -> Node:
    """An awaiting node (its answer attached) completed without a writer: operations, topics
    and facts as written at its final turn, the query dropped as at every history turn."""
    return attrs.evolve(awaiting, query=None, awaiting_answer=False)


def parse_live_writer_output(
    text: str,
    memory: Memory,
    awaiting: Node,
    turn: TurnInput,
    caps: Caps = DEFAULT_CAPS,
    state: ReplayState | None = None,
) -> Result[LiveNodes, WriterOutputError]:
    """Read a live call's answer (spec/writer-output.md#writer-output.live).

    `memory` and `state` are the memory before the awaiting node; `awaiting` is that node
    with its answer attached. `previous` parses as that turn's history node against `memory`
    (exactly as an offline history turn would), then the rest as `turn`'s node against
    `memory` with the completed node.
    """
    try:
        # Two nodes in one answer: twice the one-node cap.
        _check_length(text, caps, nodes=2)
        document = _decode(text)
        written = document.pop(PREVIOUS, None)
        if written is None:
            completed, by_writer = kept_as_written(awaiting), False
        elif not isinstance(written, dict):
            raise _reject("wrong_type", PREVIOUS, "expected the previous turn's node object")
        else:
            previous = TurnInput(awaiting.turn, awaiting.question, awaiting.answer, False)
            try:
                completed, by_writer = _node(written, memory, previous, state), True
            except _Rejected as rejected:
                error = rejected.error
                field = f"{PREVIOUS}.{error.field}" if error.field != "$" else PREVIOUS
                raise _Rejected(attrs.evolve(error, field=field)) from None
        after = memory.append(completed)
        after_state = None if state is None else step(state, completed)
        return Success(LiveNodes(completed, _node(document, after, turn, after_state), by_writer))
    except _Rejected as rejected:
        return Failure(rejected.error)


def decode_output(text: str) -> Result[dict[str, object], WriterOutputError]:
    """The JSON object of a writer's answer, read as leniently as the parser reads it (a code
    fence and surrounding whitespace allowed), before any field is checked."""
    try:
        return Success(_decode(text))
    except _Rejected as rejected:
        return Failure(rejected.error)


def _check_length(text: str, caps: Caps, nodes: int = 1) -> None:
    limit = caps.output_chars * nodes
    if len(text) > limit:
        raise _reject(
            "too_long", "$", f"output has {len(text)} characters, over the cap of {limit}"
        )


def _parse(
    text: str, memory: Memory, turn: TurnInput, caps: Caps, state: ReplayState | None
) -> Node:
    _check_length(text, caps)
    return _node(_decode(text), memory, turn, state)


def _node(
    document: dict[str, object], memory: Memory, turn: TurnInput, state: ReplayState | None
) -> Node:
    unknown = sorted(set(document) - set(FIELD_ORDER))
    if unknown:
        raise _reject(
            "unknown_field", unknown[0], f"unknown key {unknown[0]!r}; keys are {FIELD_ORDER}"
        )
    for key in REQUIRED:
        if key not in document:
            raise _reject("missing_field", key, f"the output has no {key!r}")
    topics = _names(document["topics"], "topics")
    if not topics:
        raise _reject("missing_field", "topics", "a node needs at least one topic")
    known = known_topics(memory, state)
    operations = _operations(document["operations"], set(topics) | known, _typed(memory, turn))
    contradicts = _names(document.get("contradicts", []), "contradicts")
    depends_on = _dependencies(document.get("depends_on", []), memory, turn.turn)
    kind = _string(document.get("kind", ""), "kind").strip()
    facts = tuple(fact for fact in _strings(document.get("facts", []), "facts") if fact)
    query = _query(document.get("query"), turn.final)
    return Node(
        turn=turn.turn,
        question=turn.question,
        answer="" if turn.final else turn.answer,
        depends_on=depends_on,
        contradicts=contradicts,
        operations=operations,
        topics=topics,
        kind=kind,
        facts=facts,
        query=query,
    )


def _decode(text: str) -> dict[str, object]:
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group("body").strip()
    decoded = decode_json_prefix(body)
    if isinstance(decoded, Failure):
        problem = decoded.failure()
        code = "bad_text" if problem.kind == BAD_TEXT else "not_json"
        raise _reject(code, problem.path, problem.message)
    document, end = decoded.unwrap()
    if nested_deeper_than(document, MAX_NESTING):
        raise _reject("not_json", "$", f"JSON nested more than {MAX_NESTING} levels deep")
    if body[end:].strip():
        raise _reject(
            "trailing_text", "$", f"text follows the JSON object: {body[end:].strip()[:40]!r}"
        )
    if not isinstance(document, dict):
        raise _reject("wrong_type", "$", f"expected a JSON object, got {type(document).__name__}")
    return document


def _string(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise _reject("wrong_type", field, f"expected a string, got {json.dumps(value)[:40]}")
    return value


def _list(value: object, field: str) -> list[object]:
    if not isinstance(value, list):
        raise _reject("wrong_type", field, f"expected a list, got {json.dumps(value)[:40]}")
    return value


def _strings(value: object, field: str) -> tuple[str, ...]:
    return tuple(
        _string(item, f"{field}[{position}]").strip()
        for position, item in enumerate(_list(value, field))
    )


def _name(value: object, field: str) -> str:
    # Whitespace inside a name (a newline, a double space) carries no meaning: collapse it.
    name = " ".join(_string(value, field).split())
    if not name:
        raise _reject("empty_name", field, "a topic name cannot be empty")
    return name


def _names(value: object, field: str) -> tuple[str, ...]:
    names = (
        _name(item, f"{field}[{position}]") for position, item in enumerate(_list(value, field))
    )
    return tuple(dict.fromkeys(names))


def _typed(memory: Memory, turn: TurnInput) -> str:
    """The words a rejection may name though no topic holds them: the turn's question (a name
    the user typed and takes back) and the latest answer (a name it offered and the user
    declines), folded for matching."""
    latest = memory.nodes[-1].answer if memory.nodes else ""
    return _folded(f"{turn.question} {latest}")


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _rejects_typed(kind: OpKind, topic: str, typed: str) -> bool:
    if kind is not OpKind.ABANDON:
        return False
    pattern = r"(?<!\w)" + re.escape(_folded(topic)) + r"(?!\w)"
    return re.search(pattern, typed) is not None


def _operations(value: object, allowed: Collection[str], typed: str = "") -> tuple[Operation, ...]:
    operations = []
    for position, item in enumerate(_list(value, "operations")):
        field = f"operations[{position}]"
        if not isinstance(item, dict):
            raise _reject("wrong_type", field, 'an operation is {"op": ..., "topic": ...}')
        extra = sorted(set(item) - {"op", "topic"})
        if extra:
            raise _reject("unknown_field", f"{field}.{extra[0]}", f"unknown key {extra[0]!r}")
        for key in ("op", "topic"):
            if key not in item:
                raise _reject("missing_field", f"{field}.{key}", f"the operation has no {key!r}")
        name = _string(item["op"], f"{field}.op").strip()
        kind = _OPERATION_NAMES.get(name.casefold())
        if kind is None:
            choices = ", ".join(kind.value for kind in OpKind)
            raise _reject("unknown_operation", f"{field}.op", f"{name!r} is not one of {choices}")
        topic = _name(item["topic"], f"{field}.topic")
        if topic not in allowed and not _rejects_typed(kind, topic, typed):
            raise _reject(
                "unknown_topic",
                f"{field}.topic",
                f"{topic!r} is neither among the node's topics nor in the memory",
            )
        operations.append(Operation(kind, topic))
    return tuple(operations)


def _dependencies(value: object, memory: Memory, turn: int) -> tuple[int, ...]:
    existing = {node.turn for node in memory.nodes}
    dependencies = []
    for position, item in enumerate(_list(value, "depends_on")):
        field = f"depends_on[{position}]"
        if not isinstance(item, int) or isinstance(item, bool):
            raise _reject(
                "wrong_type", field, f"expected a turn number, got {json.dumps(item)[:40]}"
            )
        if item >= turn:
            raise _reject(
                "bad_dependency", field, f"turn {turn} cannot depend on later turn {item}"
            )
        if item not in existing:
            raise _reject("bad_dependency", field, f"turn {item} is not in the memory")
        dependencies.append(item)
    return tuple(dict.fromkeys(dependencies))


def _query(value: object, final: bool) -> str | None:
    if not final:
        # A history turn has no search; a query written there carries no meaning and is ignored.
        return None
    if value is None:
        raise _reject("missing_field", "query", "the final turn needs a query")
    query = _string(value, "query").strip()
    if not query:
        raise _reject("missing_field", "query", "the final turn's query is empty")
    return query
