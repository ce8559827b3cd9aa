"""`memcore demo`: the Apollo 11 conversation of the paper's Figure 1, turn by turn.

Each turn makes one writer call (a live turn): it completes the previous turn's node with that
turn's answer and writes this turn's node with its query; the output shows that one decision,
the facts the answer added, the query, the search rules that fired and the top passages with
their score parts, then the memory. An eighth turn ("and 13?") goes beyond
the figure to show a value revision. By default the learned writer over hybrid search where
the `dense` extra is installed, else BM25: no network, no model download.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.cli.retriever_option import add_retriever_option
from memcore.cli.run import positive_int
from memcore.cli.session_view import (
    live_driver,
    open_corpus,
    show_live,
    show_live_memory,
)
from memcore.counts import counted
from memcore.writers.driving.conversation import LiveConversation
from memcore.writers.examples import APOLLO11, DEMO_EXTRA
from memcore.writers.factory import WRITER_NAMES_HELP


def register(subparsers: Any) -> None:
    """Add the `demo` subcommand."""
    parser = subparsers.add_parser(
        "demo", help="run the Apollo 11 conversation and show memory, queries and results"
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help="a JSONL corpus (default: the Apollo 11 fixture corpus shipped with memcore)",
    )
    parser.add_argument(
        "--writer",
        default=None,
        help=WRITER_NAMES_HELP,
    )
    parser.add_argument(
        "--top", type=positive_int, default=3, help="passages shown per turn (at least 1)"
    )
    add_retriever_option(parser)
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Run the conversation; a missing corpus or recording is a message and exit status 2."""
    opened = open_corpus("demo", arguments.corpus)
    if opened is None:
        return 2
    path, corpus = opened
    opened_driver = live_driver("demo", path, arguments)
    if opened_driver is None:
        return 2
    driver, backend = opened_driver
    name = driver.writer.name
    print(
        f"Corpus: {path} ({counted(len(corpus), 'passage')}); retriever: {backend}; writer: {name}"
    )
    conversation = LiveConversation()
    previous_answer = ""
    calls = 0
    turns = (*APOLLO11, *DEMO_EXTRA)
    for number, turn in enumerate(turns, start=1):
        beyond = " (beyond Figure 1: a value revision)" if number > len(APOLLO11) else ""
        print(f"\n=== Turn {number}{beyond} ===")
        print(f"User: {turn.question}")
        lived = driver.live_turn(conversation, turn.question, previous_answer)
        if isinstance(lived, Failure):
            print(f"memcore demo: {lived.failure()}", file=sys.stderr)
            return 1
        outcome = lived.unwrap()
        calls += len(outcome.calls)
        show_live(outcome, arguments.top, print, driver.retriever)
        print(f"Answer: {turn.answer}")
        conversation = outcome.conversation
        previous_answer = turn.answer
        print(f"Memory after turn {number} (turn {number} awaits its answer's facts):")
        show_live_memory(conversation, print)
    per_turn = calls / len(turns)
    print(f"\nWriter calls: {calls} for {counted(len(turns), 'turn')} ({per_turn:.1f} per turn)")
    return 0
