"""Serialisation: one explicit cattrs converter and versioned memory documents.

A memory document is `{"schema": "memcore.memory", "version": N, "nodes": [...]}`. Documents
of an older version migrate forward one explicit step at a time (`MIGRATIONS`); a newer or
unknown version is refused with a message that says which versions this memcore reads.
Version 2 adds the node field `awaiting_answer`: true on a live conversation's last node,
written with its query before it was completed with its answer (only the last node may
await; it has a query, and its answer once recorded). It is written only when true, so a
memory without a live turn reads as before.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Mapping
from typing import Any

import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.preconf.json import make_converter as make_json_converter
from returns.result import Failure, Result, Success

from memcore.errors import DocumentError
from memcore.jsontext import BAD_TEXT, decode_json
from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind

SCHEMA = "memcore.memory"
VERSION = 2

JsonObject = dict[str, Any]
Migration = Callable[[JsonObject], JsonObject]


def _nodes_await_nothing(document: JsonObject) -> JsonObject:
    """Version 1 to 2: no node of a version-1 document awaits its answer (live conversations
    came with version 2), and an absent `awaiting_answer` reads as false."""
    return {**document, "version": 2}


# version N -> function turning a version-N document into a version-(N+1) document.
MIGRATIONS: Mapping[int, Migration] = {1: _nodes_await_nothing}


def _unstructure_operation(operation: Operation) -> JsonObject:
    return {"op": operation.kind.value, "topic": operation.topic}


def _structure_operation(value: Any, _: type) -> Operation:
    if not isinstance(value, Mapping) or set(value) != {"op", "topic"}:
        raise ValueError(f'an operation is {{"op": ..., "topic": ...}}, got {value!r}')
    kind, topic = value["op"], value["topic"]
    if not isinstance(kind, str) or not isinstance(topic, str):
        raise ValueError(f"operation fields must be strings, got {value!r}")
    return Operation(OpKind(kind), topic)


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {json.dumps(value)[:40]}")
    return value


def _strict_int(value: Any, _: type) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {json.dumps(value)[:40]}")
    return value


def _is_homogeneous_tuple(kind: Any) -> bool:
    arguments = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(arguments) == 2 and arguments[1] is Ellipsis


def _strict_tuple_hook(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    def factory(kind: Any) -> Callable[[Any, Any], Any]:
        item_type = typing.get_args(kind)[0]

        def structure(value: Any, _: Any) -> tuple[Any, ...]:
            # A JSON string is iterable; without this check "abc" would become ("a", "b", "c").
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list, got {json.dumps(value)[:40]}")
            items = []
            for position, item in enumerate(value):
                try:
                    items.append(converter.structure(item, item_type))
                except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
                    detail = _describe(error)[0] if isinstance(error, Exception) else str(error)
                    raise ValueError(f"item {position}: {detail}") from None
            return tuple(items)

        return structure

    return factory


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {json.dumps(value)[:40]}")
    return value


def make_converter() -> cattrs.Converter:
    """memcore's converter: every value (de)serialises through this one object.

    It is strict about JSON types: a number is not read as a string, a string is not read as
    a list of characters, `true` is not a turn number.
    """
    converter = make_json_converter(forbid_extra_keys=True)
    converter.register_structure_hook(str, _strict_str)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook_factory(_is_homogeneous_tuple, _strict_tuple_hook(converter))
    converter.register_unstructure_hook(Operation, _unstructure_operation)
    converter.register_unstructure_hook(
        Node,
        make_dict_unstructure_fn(Node, converter, awaiting_answer=override(omit_if_default=True)),
    )
    converter.register_structure_hook(Operation, _structure_operation)
    return converter


CONVERTER = make_converter()


def memory_to_document(memory: Memory) -> JsonObject:
    """The current-version document of `memory`."""
    return {"schema": SCHEMA, "version": VERSION, "nodes": CONVERTER.unstructure(memory.nodes)}


def dump_memory(memory: Memory) -> str:
    """`memory` as versioned JSON text (UTF-8 friendly, stable key order)."""
    return json.dumps(memory_to_document(memory), ensure_ascii=False, indent=2) + "\n"


def load_memory(text: str) -> Result[Memory, DocumentError]:
    """Read a memory document; any problem is a `DocumentError` naming what and where."""
    decoded = decode_json(text)
    if isinstance(decoded, Failure):
        problem = decoded.failure()
        code = "bad_text" if problem.kind == BAD_TEXT else "not_json"
        return Failure(DocumentError(code, problem.path, problem.message))
    document = decoded.unwrap()
    return memory_from_document(document)


def memory_from_document(document: object) -> Result[Memory, DocumentError]:
    """Check the envelope, migrate an older version forward, then structure the nodes."""
    if not isinstance(document, dict):
        return Failure(DocumentError("wrong_type", "$", "a memory document is a JSON object"))
    if document.get("schema") != SCHEMA:
        return Failure(
            DocumentError(
                "wrong_schema",
                "schema",
                f"expected schema {SCHEMA!r}, got {document.get('schema')!r}",
            )
        )
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return Failure(
            DocumentError(
                "bad_version", "version", f"version must be a positive integer, got {version!r}"
            )
        )
    if version > VERSION:
        return Failure(
            DocumentError(
                "newer_version",
                "version",
                f"document version {version} is newer than this memcore reads "
                f"(versions 1 to {VERSION}); upgrade memcore",
            )
        )
    migrated = _migrate(document, version)
    return _structure_nodes(migrated.get("nodes"))


def _describe(error: Exception) -> tuple[str, str]:
    """The error's message and the path of its first problem inside the node (`.question`)."""
    if isinstance(error, cattrs.BaseValidationError):
        messages = cattrs.transform_error(error, format_exception=_format_exception)
        first = messages[0] if messages else ""
        path = first.rpartition(" @ $")[2] if " @ $" in first else ""
        return "; ".join(messages), path
    return str(error), ""


def _format_exception(error: BaseException, _: type | None) -> str:
    if isinstance(error, KeyError):
        return "required field missing"
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        return f"unknown fields {sorted(error.extra_fields)}"
    return str(error) or type(error).__name__


def _migrate(document: JsonObject, version: int) -> JsonObject:
    while version < VERSION:
        document = MIGRATIONS[version](document)
        version += 1
    return document


def _structure_nodes(nodes: object) -> Result[Memory, DocumentError]:
    if not isinstance(nodes, list):
        return Failure(DocumentError("wrong_type", "nodes", "nodes must be a list"))
    structured: list[Node] = []
    for position, raw in enumerate(nodes):
        try:
            node = CONVERTER.structure(raw, Node)
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
            detail, path = _describe(error)
            return Failure(DocumentError("bad_node", f"nodes[{position}]{path}", detail))
        if structured and node.turn <= structured[-1].turn:
            return Failure(
                DocumentError(
                    "bad_turn_order",
                    f"nodes[{position}].turn",
                    f"turn {node.turn} does not follow turn {structured[-1].turn}",
                )
            )
        structured.append(node)
    awaiting = _awaiting_error(structured)
    if awaiting is not None:
        return Failure(awaiting)
    return Success(Memory(structured))


def _awaiting_error(nodes: list[Node]) -> DocumentError | None:
    """Only a live conversation's last node may await its answer; it has a query."""
    for position, node in enumerate(nodes):
        if not node.awaiting_answer:
            continue
        field = f"nodes[{position}].awaiting_answer"
        if position != len(nodes) - 1:
            return DocumentError("bad_awaiting", field, "only the last node may await its answer")
        if node.query is None:
            return DocumentError("bad_awaiting", field, "a node awaiting its answer has a query")
    return None
