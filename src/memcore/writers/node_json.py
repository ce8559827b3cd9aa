"""A node written as the writer's JSON answer, keys in the order a model generates them."""

from __future__ import annotations

import json

from memcore.node import Node
from memcore.writer_output import PREVIOUS


def _fields(node: Node) -> dict[str, object]:
    document: dict[str, object] = {
        "depends_on": list(node.depends_on),
        "contradicts": list(node.contradicts),
        "operations": [{"op": op.kind.value, "topic": op.topic} for op in node.operations],
        "topics": list(node.topics),
        "kind": node.kind,
        "facts": list(node.facts),
    }
    if node.query is not None:
        document["query"] = node.query
    return document


def live_json(completed: Node, node: Node, indent: int | None = None) -> str:
    """A live call's answer: `previous` (the previous turn completed with its answer) first,
    then the new turn's fields (spec/writer-output.md#writer-output.live)."""
    document = {PREVIOUS: _fields(completed), **_fields(node)}
    return json.dumps(document, ensure_ascii=False, indent=indent)


def node_json(node: Node, indent: int | None = None) -> str:
    """The JSON object a writer answers with for `node` (`query` only when the node has one).

    Keys follow `memcore.writer_output.FIELD_ORDER`: dependencies, contradictions and
    operations come before the topics and facts, and the query comes last.
    """
    return json.dumps(_fields(node), ensure_ascii=False, indent=indent)
