"""memcore: a revisable memory for conversational search.

One node per turn records the turn's operations, topic and facts; topic statuses are derived
by replaying the operations. This facade re-exports the core values and pure functions; it
imports no model, retriever backend or other heavy library.
"""

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.codec import dump_memory, load_memory, make_converter
from memcore.errors import DocumentError, InputTooLong, WriterOutputError
from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind, abandon, add, reactivate, refine, revise
from memcore.render import check_input, render_input, render_memory
from memcore.replay import ReplayState, Status, TopicView, replay, step
from memcore.writer_output import TurnInput, parse_writer_output

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_CAPS",
    "Caps",
    "DocumentError",
    "InputTooLong",
    "Memory",
    "Node",
    "OpKind",
    "Operation",
    "ReplayState",
    "Status",
    "TopicView",
    "TurnInput",
    "WriterOutputError",
    "__version__",
    "abandon",
    "add",
    "check_input",
    "dump_memory",
    "load_memory",
    "make_converter",
    "parse_writer_output",
    "reactivate",
    "refine",
    "render_input",
    "render_memory",
    "replay",
    "revise",
    "step",
]
