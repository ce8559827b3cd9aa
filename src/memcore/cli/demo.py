"""`memcore demo`: the Apollo 11 conversation of the paper's Figure 1, turn by turn.

Each turn is first searched as if it were the final turn (the writer's node, its query, the
search rules that fired and the top passages with their score parts), then stored with its
answer as a history turn, and the memory is printed. An eighth turn ("and 13?") goes beyond
the figure to show a value revision. Rule writer and embedded BM25 by
default: no network, no model.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.cli.retriever_option import add_retriever_option, build_chosen_retriever
from memcore.cli.run import positive_int
from memcore.cli.session_view import (
    open_corpus,
    show_final,
    show_history,
    show_memory,
)
from memcore.writers.driver import Conversation, Driver
from memcore.writers.examples import APOLLO11, DEMO_EXTRA
from memcore.writers.factory import writer_from_spec
from memcore.writers.protocol import Writer
from memcore.writers.rules import RuleWriter


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
        default="rules",
        help="rules (default), openai[:model], transformers:<folder> or recorded:<file.jsonl>",
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
    built = build_chosen_retriever(corpus, arguments.retriever)
    if isinstance(built, Failure):
        print(f"memcore demo: {built.failure()}", file=sys.stderr)
        return 2
    retriever, backend = built.unwrap()
    chosen = writer_from_spec(arguments.writer, corpus)
    if isinstance(chosen, Failure):
        print(f"memcore demo: {chosen.failure()}", file=sys.stderr)
        return 2
    writer: Writer = chosen.unwrap()
    driver = Driver(writer, retriever=retriever, fallback=RuleWriter.for_corpus(corpus))
    print(f"Corpus: {path} ({len(corpus)} passages); retriever: {backend}; writer: {writer.name}")
    conversation = Conversation()
    for number, turn in enumerate((*APOLLO11, *DEMO_EXTRA), start=1):
        beyond = " (beyond Figure 1: a value revision)" if number > len(APOLLO11) else ""
        print(f"\n=== Turn {number}{beyond} ===")
        print(f"User: {turn.question}")
        final = driver.final_turn(conversation, turn.question)
        if isinstance(final, Failure):
            print(f"memcore demo: {final.failure()}", file=sys.stderr)
            return 1
        show_final(final.unwrap(), arguments.top, print)
        print(f"Answer: {turn.answer}")
        stored = driver.history_turn(conversation, turn)
        if isinstance(stored, Failure):
            print(f"memcore demo: {stored.failure()}", file=sys.stderr)
            return 1
        outcome = stored.unwrap()
        show_history(outcome, print)
        conversation = outcome.conversation
        print(f"Memory after turn {number}:")
        show_memory(conversation, print)
    return 0
