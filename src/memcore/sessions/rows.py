"""What every store keeps per turn, and the checks every store makes before it writes.

A turn row holds its node as memcore's versioned memory document of one node
(`memcore.codec`), so document migrations apply row by row, whatever the database.
"""

from __future__ import annotations

import json

from returns.result import Failure, Result, Success

from memcore.codec import load_memory, memory_to_document
from memcore.node import Memory, Node
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import ConcurrentUpdate, SessionError
from memcore.sessions.keys import Principal, SessionKey, authorised


def node_document(node: Node) -> str:
    """The text of one turn row: a versioned memory document holding only `node`."""
    return json.dumps(memory_to_document(Memory((node,))), ensure_ascii=False)


def node_from_document(turn: int, text: str) -> Result[Node, SessionError]:
    """The node of the turn row for `turn`; `bad_document` if it does not read back as it."""
    loaded = load_memory(text)
    if isinstance(loaded, Failure):
        return Failure(SessionError("bad_document", "document", f"turn {turn}: {loaded.failure()}"))
    nodes = loaded.unwrap().nodes
    if len(nodes) != 1 or nodes[0].turn != turn:
        return Failure(
            SessionError("bad_document", "document", f"turn {turn}: not the row's one node")
        )
    return Success(nodes[0])


def turn_order_error(memory: Memory) -> SessionError | None:
    """A `turn_order` error if the turns of `memory` do not strictly increase."""
    for earlier, later in zip(memory.nodes, memory.nodes[1:], strict=False):
        if later.turn <= earlier.turn:
            return SessionError(
                "turn_order",
                "memory.nodes",
                f"turn {later.turn} does not follow turn {earlier.turn}",
            )
    return None


def bad_text_error(error: UnicodeEncodeError) -> SessionError:
    """The error for node content with no UTF-8 form (keys are checked before any store call,
    so text that cannot be encoded at write time is content)."""
    return SessionError("bad_text", "memory", f"text not encodable as UTF-8: {error.reason}")


def memory_to_save(
    principal: Principal, key: SessionKey, memory: Memory
) -> Result[Memory, SessionError]:
    """What a store saves for `memory`: refused when `principal` may not write `key` or the
    turns are out of order; otherwise every node with its instruction-like facts dropped."""
    allowed = authorised(principal, key)
    if isinstance(allowed, Failure):
        return Failure(allowed.failure())
    out_of_order = turn_order_error(memory)
    if out_of_order is not None:
        return Failure(out_of_order)
    return Success(Memory(tuple(filter_node(node) for node in memory.nodes)))


def stale_write(expected_version: int | None, stored_version: int) -> ConcurrentUpdate | None:
    """The error for a write based on `expected_version` when the session, read inside the
    write's transaction, is at `stored_version` (0: absent); None when it may go ahead."""
    if expected_version is None or expected_version == stored_version:
        return None
    return ConcurrentUpdate(expected_version, stored_version)
