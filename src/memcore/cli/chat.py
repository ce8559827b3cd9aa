"""`memcore chat --corpus C.jsonl`: an interactive conversation over a corpus, in the terminal.

Type a question: it is searched as the final turn (the writer's node, the query, the rules
that fired and the explained top passages). Then either type its answer on a line starting
with `A:`, or type the next question; the previous question is stored as a history turn (with
the answer, if given) and the memory is shown. `:memory` prints the memory, `:quit` (or end
of input) stores the pending question and ends. `--save FILE` writes the memory document after
every stored turn; `--resume FILE` continues a saved conversation. `--store TARGET` (a SQLite
file, or a `postgresql://` URL) keeps the conversation in a session store instead, as
`--session TENANT/USER/NAME`: resumed from it, and every stored turn appended to it.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from returns.result import Failure

from memcore.atomic_write import write_text_atomically
from memcore.cli.chat_store import DEFAULT_SESSION, ChatStore
from memcore.cli.retriever_option import add_retriever_option, build_chosen_retriever
from memcore.cli.run import positive_int
from memcore.cli.session_view import (
    open_corpus,
    show_final,
    show_history,
    show_memory,
)
from memcore.codec import dump_memory, load_memory
from memcore.jsontext import read_text
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.factory import writer_from_spec
from memcore.writers.rules import RuleWriter

ANSWER_PREFIX = "A:"
REPLACEMENT_CHARACTER = "\ufffd"
# Bytes that are not UTF-8, as `surrogateescape` decodes them.
_UNDECODABLE = re.compile("[\udc80-\udcff]")


def register(subparsers: Any) -> None:
    """Add the `chat` subcommand."""
    parser = subparsers.add_parser(
        "chat", help="an interactive conversation: memory, query and explained results per turn"
    )
    parser.add_argument(
        "--corpus", type=Path, default=None, help="a JSONL corpus (default: the Apollo 11 one)"
    )
    parser.add_argument("--save", type=Path, default=None, help="write the memory here")
    parser.add_argument("--resume", type=Path, default=None, help="continue a saved memory")
    parser.add_argument(
        "--store",
        default=None,
        help="a session store to resume from and append every turn to: a SQLite file "
        "(embedded) or a postgresql:// URL",
    )
    parser.add_argument(
        "--session",
        default=DEFAULT_SESSION,
        help=f"the session in --store, as TENANT/USER/NAME (default {DEFAULT_SESSION})",
    )
    parser.add_argument(
        "--top", type=positive_int, default=3, help="passages shown per turn (at least 1)"
    )
    parser.add_argument(
        "--writer",
        default="rules",
        help="rules (default), openai[:model], transformers:<folder> or recorded:<file.jsonl>",
    )
    add_retriever_option(parser)
    parser.set_defaults(handler=run)


class _Session:
    """The chat's state: the conversation, the question waiting for its answer, where to save."""

    def __init__(
        self,
        driver: Driver,
        conversation: Conversation,
        save: Path | None,
        top: int,
        session_store: ChatStore | None = None,
    ) -> None:
        self.driver = driver
        self.conversation = conversation
        self.save = save
        self.top = top
        self.session_store = session_store
        self.pending: str | None = None

    def ask(self, question: str) -> int:
        final = self.driver.final_turn(self.conversation, question)
        if isinstance(final, Failure):
            print(f"error: {final.failure()}")
            return 1
        show_final(final.unwrap(), self.top, print)
        self.pending = question
        return 0

    def store(self, answer: str) -> int:
        if self.pending is None:
            return 0
        stored = self.driver.history_turn(self.conversation, Turn(self.pending, answer))
        self.pending = None
        if isinstance(stored, Failure):
            print(f"error: {stored.failure()}")
            return 1
        outcome = stored.unwrap()
        show_history(outcome, print)
        self.conversation = outcome.conversation
        print(f"Memory after turn {outcome.node.turn}:")
        show_memory(self.conversation, print)
        if self.save is not None:
            try:
                write_text_atomically(self.save, dump_memory(self.conversation.memory))
            except (OSError, UnicodeError) as error:
                # The previous save is left whole (atomic_write).
                reason = error.strerror if isinstance(error, OSError) else str(error)
                print(f"error: cannot save to {self.save}: {reason}")
                return 1
        if self.session_store is not None:
            refused = self.session_store.append(outcome.node)
            if refused is not None:
                print(f"error: {refused}")
                return 1
        return 0


def _lines(stream: TextIO, interactive: bool) -> Iterable[str]:
    while True:
        if interactive:
            print("> ", end="", flush=True)
        line = stream.readline()
        if not line:
            return
        yield _decodable(line.strip())


def _decodable(line: str) -> str:
    """`line` with bytes that were not UTF-8 replaced by U+FFFD, and a note if there were any.

    Standard input is read with `surrogateescape` (see `_input_stream`), so such bytes arrive
    as lone surrogates, which no file or terminal can encode.
    """
    replaced = _UNDECODABLE.sub(REPLACEMENT_CHARACTER, line)
    if replaced != line:
        print(
            f"memcore chat: note: bytes that are not UTF-8 replaced by {REPLACEMENT_CHARACTER}",
            file=sys.stderr,
        )
    return replaced


def _input_stream() -> TextIO | None:
    """Standard input, read so that undecodable bytes never raise; None when it is closed."""
    stream = sys.stdin
    if stream is None:
        return None
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")
    return stream


def _converse(session: _Session, stream: TextIO) -> int:
    status = 0
    for line in _lines(stream, stream.isatty()):
        if not line:
            continue
        if line == ":quit":
            break
        if line == ":memory":
            show_memory(session.conversation, print)
            continue
        if line.startswith(ANSWER_PREFIX):
            if session.pending is None:
                print("(no question to answer yet)")
                continue
            status |= session.store(line[len(ANSWER_PREFIX) :].strip())
            continue
        status |= session.store("")
        print(f"\nUser: {line}")
        status |= session.ask(line)
    return status


def run(arguments: argparse.Namespace) -> int:
    """Read turns from standard input until `:quit` or end of input."""
    stream = _input_stream()
    if stream is None:
        print("memcore chat: standard input is closed; nothing to read", file=sys.stderr)
        return 2
    opened = open_corpus("chat", arguments.corpus)
    if opened is None:
        return 2
    path, corpus = opened
    if arguments.store is not None and arguments.resume is not None:
        print("memcore chat: give --resume or --store, not both", file=sys.stderr)
        return 2
    conversation = Conversation()
    if arguments.resume is not None:
        read = read_text(arguments.resume)
        if isinstance(read, Failure):
            print(f"memcore chat: {read.failure()}", file=sys.stderr)
            return 2
        memory = load_memory(read.unwrap())
        if isinstance(memory, Failure):
            print(f"memcore chat: {arguments.resume}: {memory.failure()}", file=sys.stderr)
            return 2
        conversation = Conversation.of(memory.unwrap())
    built = build_chosen_retriever(corpus, arguments.retriever)
    if isinstance(built, Failure):
        print(f"memcore chat: {built.failure()}", file=sys.stderr)
        return 2
    retriever, backend = built.unwrap()
    chosen = writer_from_spec(arguments.writer, corpus)
    if isinstance(chosen, Failure):
        print(f"memcore chat: {chosen.failure()}", file=sys.stderr)
        return 2
    writer = chosen.unwrap()
    session_store = None
    if arguments.store is not None:
        # Opened last, so that no early return leaves its connections open.
        opened_store = ChatStore.open(arguments.store, arguments.session)
        if isinstance(opened_store, Failure):
            print(f"memcore chat: {opened_store.failure()}", file=sys.stderr)
            return 2
        session_store, stored_memory = opened_store.unwrap()
        conversation = Conversation.of(stored_memory)
    driver = Driver(writer, retriever=retriever, fallback=RuleWriter.for_corpus(corpus))
    session = _Session(driver, conversation, arguments.save, arguments.top, session_store)
    print(f"Corpus: {path} ({len(corpus)} passages); retriever: {backend}; writer: {writer.name}")
    print(
        f"Memory: {len(conversation.memory)} turns. Type a question; '{ANSWER_PREFIX} ...' "
        "answers it; ':memory' shows the memory; ':quit' ends."
    )
    status = 0
    try:
        status = _converse(session, stream)
    except KeyboardInterrupt:
        # Ctrl-C ends the session like :quit; the pending question is still stored.
        print()
    status |= session.store("")
    if session_store is not None:
        session_store.close()
    return status
