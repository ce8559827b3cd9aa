"""`memcore replay FILE`: print a memory's topics with their statuses, and its log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.codec import load_memory
from memcore.jsontext import read_text
from memcore.render import render_memory
from memcore.replay import replay


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
    read = read_text(path)
    if isinstance(read, Failure):
        print(f"memcore replay: {read.failure()}", file=sys.stderr)
        return 2
    loaded = load_memory(read.unwrap())
    memory = loaded.value_or(None)
    if memory is None:
        print(f"memcore replay: {path}: {loaded.failure()}", file=sys.stderr)
        return 2
    horizon: int | None = arguments.horizon
    if horizon is not None and horizon < 1:
        print("memcore replay: --horizon must be at least 1", file=sys.stderr)
        return 2
    window = memory.last(horizon)
    state = replay(window)
    print(render_memory(window, state))
    current = state.current
    print(f"Current topic: {current.name if current else '(none)'}")
    return 0
