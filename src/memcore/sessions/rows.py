"""What every store keeps per turn, and the checks every store makes before it writes.

A turn row holds its node as memcore's versioned memory document of one node
(`memcore.codec`), so document migrations apply row by row, whatever the database.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from returns.result import Failure, Result, Success

from memcore.codec import load_memory, memory_to_document
from memcore.node import Memory, Node
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import ConcurrentUpdate, SessionError
from memcore.sessions.keys import Principal, SessionKey, authorised
from memcore.sessions.store import StoredSession


def node_document(node: Node) -> str:
    """The text of one turn row: a versioned memory document holding only `node`."""
    return json.dumps(memory_to_document(Memory((node,))), ensure_ascii=False)


def node_from_document(turn: int, text: str) -> Result[Node, SessionError]:
    """The node of the turn row for `turn`; `bad_document` if it does not read back as it."""

    def the_one_node(memory: Memory) -> Result[Node, SessionError]:
        nodes = memory.nodes
        if len(nodes) != 1 or nodes[0].turn != turn:
            return Failure(
                SessionError("bad_document", "document", f"turn {turn}: not the row's one node")
            )
        return Success(nodes[0])

    return (
        load_memory(text)
        .alt(lambda problem: SessionError("bad_document", "document", f"turn {turn}: {problem}"))
        .bind(the_one_node)
    )


def stored_session(
    nodes: Sequence[Node], recorded: int, version: int
) -> Result[StoredSession, SessionError]:
    """The session read back: `nodes` at `version`; `bad_document` unless the session
    records as many turns as were read."""
    if len(nodes) != recorded:
        return Failure(
            SessionError(
                "bad_document",
                "document",
                f"the session records {recorded} turns but {len(nodes)} are stored",
            )
        )
    return Success(StoredSession(Memory(nodes), version))


def existing_memory(stored: StoredSession) -> Result[Memory, SessionError]:
    """The memory of a session read back; `not_found` where it does not exist (version 0)."""
    if stored.version == 0:
        return Failure(SessionError("not_found", "key.session", "no such session"))
    return Success(stored.memory)


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

    def ordered(_: SessionKey) -> Result[Memory, SessionError]:
        out_of_order = turn_order_error(memory)
        if out_of_order is not None:
            return Failure(out_of_order)
        return Success(Memory(tuple(filter_node(node) for node in memory.nodes)))

    return authorised(principal, key).bind(ordered)


def stale_write(expected_version: int | None, stored_version: int) -> ConcurrentUpdate | None:
    """The error for a write based on `expected_version` when the session, read inside the
    write's transaction, is at `stored_version` (0: absent); None when it may go ahead."""
    if expected_version is None or expected_version == stored_version:
        return None
    return ConcurrentUpdate(expected_version, stored_version)
