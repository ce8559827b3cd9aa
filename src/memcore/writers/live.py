"""One live call written by a writer that builds nodes as values (the rule writer, and any
writer with a `Request -> Node` function): the awaiting node completed as an offline history
turn would write it, then the new node written against the completed memory.

The completed node passes the safety filter before the new node is written, as the driver
filters every history node, so the new node sees exactly the memory an offline run would
give it (spec/writer-output.md#writer-output.live).
"""

from __future__ import annotations

from collections.abc import Callable

from memcore.node import Node
from memcore.safety.poisoning import filter_node
from memcore.writers.node_json import live_json, node_json
from memcore.writers.protocol import WriterReply, WriterRequest

NodeWriter = Callable[[WriterRequest], Node]


def value_reply(request: WriterRequest, write: NodeWriter) -> WriterReply:
    """The reply of a value-building writer: one node offline; in a live call the awaiting
    node completed and the new node, as values and as the live JSON text."""
    if request.awaiting is None:
        node = write(request)
        return WriterReply(node_json(node), node)
    completed = filter_node(write(request.completion_request()))
    node = write(request.after(completed))
    return WriterReply(live_json(completed, node), node, completed=completed)
