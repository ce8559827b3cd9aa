"""`memcore replay FILE`: print a memory's topics with their statuses, and its log.

A memory file holds text from users and answers, so what is printed passes `visible` first:
a stored terminal escape sequence (`\\x1b]0;title\\x07`) is shown as its escapes, not obeyed
by the terminal.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.codec import load_memory
from memcore.jsontext import read_text
from memcore.render import render_memory
from memcore.replay import replay

# Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional
# controls that can reorder what a terminal shows. The rendered lines' own newlines are kept:
# rendering puts every stored text on one line, so any newline left is the renderer's.
_UNSAFE = re.compile(
    r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every character that could act on a terminal written as its escape."""
    return _UNSAFE.sub(_escape, text)


def register(subparsers: Any) -> None:
    """Add the `replay` subcommand."""
    parser = subparsers.add_parser(
        "replay", help="replay a memory file and print its topics, statuses and log"
    )
    parser.add_argument("memory", type=Path, help="a memory JSON document")
    parser.add_argument(
        "--horizon", type=int, default=None, help="replay only the last N turns (default: all)"
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Load, replay and print; a bad file is a message on stderr and exit status 2."""
    path: Path = arguments.memory
    loaded = (
        read_text(path)
        .alt(str)
        .bind(lambda text: load_memory(text).alt(lambda problem: f"{path}: {problem}"))
    )
    if isinstance(loaded, Failure):
        print(f"memcore replay: {loaded.failure()}", file=sys.stderr)
        return 2
    memory = loaded.unwrap()
    horizon: int | None = arguments.horizon
    if horizon is not None and horizon < 1:
        print("memcore replay: --horizon must be at least 1", file=sys.stderr)
        return 2
    window = memory.last(horizon)
    state = replay(window)
    print(visible(render_memory(window, state)))
    current = state.current
    print(f"Current topic: {visible(current.name) if current else '(none)'}")
    return 0
