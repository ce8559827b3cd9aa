"""`memcore chat --corpus C.jsonl`: an interactive conversation over a corpus, in the terminal.

Type a question: one writer call (a live turn) completes the previous question's node with its
answer (typed on a line starting with `A:`, or none) and writes this question's node with its
query; the chat shows that one decision, the facts the answer added, the query, the rules that
fired, the explained top passages and the memory. `:memory` prints the memory, `:quit` (or end
of input) ends without a call: the last question is saved awaiting its answer (with the answer
if one was typed), and a resumed chat's first call completes it. `--save FILE` writes the
memory document after every turn and answer; `--resume FILE` continues a saved conversation.
`--store TARGET` (a SQLite file, or a `postgresql://` URL) keeps the conversation in a session
store instead, as `--session TENANT/USER/NAME`: resumed from it, every completed turn appended
to it, and at the end the last question's node stored awaiting its answer, as `--save` does.
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

from memcore.atomic_write import refusal, write_text_atomically
from memcore.cli.chat_store import DEFAULT_SESSION, ChatStore
from memcore.cli.retriever_option import add_index_option, add_retriever_option
from memcore.cli.run import positive_int
from memcore.cli.session_view import (
    corpus_path,
    live_driver,
    open_corpus,
    show_live,
    show_live_memory,
)
from memcore.codec import dump_memory, load_memory
from memcore.counts import counted
from memcore.jsontext import read_text
from memcore.node import Memory
from memcore.writers.driving.conversation import LiveConversation
from memcore.writers.driving.live import LiveDriver
from memcore.writers.factory import WRITER_NAMES_HELP

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
        default=None,
        help=WRITER_NAMES_HELP,
    )
    add_retriever_option(parser)
    add_index_option(parser)
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="with --index: serve its shards from one Ray actor each (`ray` extra), on a local "
        "Ray or the cluster at ADDRESS; the chat then reads only the corpus's ids and titles "
        "and fetches the text of the passages it shows",
    )
    parser.set_defaults(handler=run)


class _Session:
    """The chat's state: the live conversation, where to save and store it, and the writer
    calls and questions so far."""

    def __init__(
        self,
        driver: LiveDriver,
        conversation: LiveConversation,
        save: Path | None,
        top: int,
        session_store: ChatStore | None = None,
    ) -> None:
        self.driver = driver
        self.conversation = conversation
        self.save = save
        self.top = top
        self.session_store = session_store
        self.calls = 0
        self.turns = 0

    @property
    def awaiting(self) -> bool:
        """Whether a question waits for its answer."""
        return self.conversation.awaiting is not None

    def ask(self, question: str) -> int:
        """One live turn, one writer call: the typed answer (if any) completes the awaiting
        turn, and the question's node is written and searched."""
        lived = self.driver.live_turn(self.conversation, question)
        if isinstance(lived, Failure):
            print(f"error: {lived.failure()}")
            return 1
        outcome = lived.unwrap()
        self.calls += len(outcome.calls)
        self.turns += 1
        show_live(outcome, self.top, print, self.driver.retriever)
        self.conversation = outcome.conversation
        print(f"Memory after turn {outcome.node.turn} (it awaits its answer):")
        show_live_memory(self.conversation, print)
        # The store takes a node once it is completed; the new one awaits its answer.
        return self._save() | self._store(self.conversation.settled.memory)

    def store_answer(self, answer: str) -> int:
        """Record the answer on the awaiting turn (saved with it); the next question's call
        completes that turn with it."""
        self.conversation = self.conversation.answered(answer)
        return self._save()

    def end(self) -> int:
        """Save; the last question stays awaiting its answer (recorded if typed), and a
        resumed chat's first call completes it: no call is made at the end."""
        if self.turns:
            print(f"Writer calls: {self.calls} for {counted(self.turns, 'question')}")
        return self._save() | self._store(self.conversation.memory)

    def _save(self) -> int:
        if self.save is None:
            return 0
        try:
            write_text_atomically(self.save, dump_memory(self.conversation.memory))
        except (OSError, UnicodeError) as error:
            # The previous save is left whole (atomic_write).
            reason = error.strerror if isinstance(error, OSError) else str(error)
            print(f"error: cannot save to {self.save}: {reason}")
            return 1
        return 0

    def _store(self, memory: Memory) -> int:
        if self.session_store is None:
            return 0
        refused = self.session_store.keep(memory)
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
            show_live_memory(session.conversation, print)
            continue
        if line.startswith(ANSWER_PREFIX):
            if not session.awaiting:
                print("(no question to answer yet)")
                continue
            status |= session.store_answer(line[len(ANSWER_PREFIX) :].strip())
            continue
        print(f"\nUser: {line}")
        status |= session.ask(line)
    return status


def _checked_corpus_path(path: Path | None) -> Path | None:
    """The corpus file, after reading it whole once to check it (`open_corpus`)."""
    opened = open_corpus("chat", path)
    return None if opened is None else opened[0]


def run(arguments: argparse.Namespace) -> int:
    """Read turns from standard input until `:quit` or end of input."""
    stream = _input_stream()
    if stream is None:
        print("memcore chat: standard input is closed; nothing to read", file=sys.stderr)
        return 2
    if arguments.ray is not None and arguments.index is None:
        print("memcore chat: --ray serves the shards of --index DIR; give --index", file=sys.stderr)
        return 2
    if arguments.store is not None and arguments.resume is not None:
        print("memcore chat: give --resume or --store, not both", file=sys.stderr)
        return 2
    # On Ray the shard actors hold the texts: the corpus is read as a catalogue when the
    # retriever opens, never whole here.
    path = (
        corpus_path("chat", arguments.corpus)
        if arguments.ray is not None
        else _checked_corpus_path(arguments.corpus)
    )
    if path is None:
        return 2
    refused = None if arguments.save is None else refusal(arguments.save)
    if refused is not None:
        # Said before the first question, not after every turn: no save could ever succeed.
        print(f"memcore chat: cannot save to {arguments.save}: {refused.strerror}", file=sys.stderr)
        return 2
    conversation = LiveConversation()
    if arguments.resume is not None:
        resumed = (
            read_text(arguments.resume)
            .alt(str)
            .bind(
                lambda text: load_memory(text).alt(lambda problem: f"{arguments.resume}: {problem}")
            )
        )
        if isinstance(resumed, Failure):
            print(f"memcore chat: {resumed.failure()}", file=sys.stderr)
            return 2
        conversation = LiveConversation.of(resumed.unwrap())
    opened_driver = live_driver("chat", path, arguments)
    if opened_driver is None:
        return 2
    driver, backend = opened_driver
    session_store = None
    if arguments.store is not None:
        # Opened last, so that no early return leaves its connections open.
        opened_store = ChatStore.open(arguments.store, arguments.session)
        if isinstance(opened_store, Failure):
            print(f"memcore chat: {opened_store.failure()}", file=sys.stderr)
            return 2
        session_store, stored_memory = opened_store.unwrap()
        conversation = LiveConversation.of(stored_memory)
    session = _Session(driver, conversation, arguments.save, arguments.top, session_store)
    name = driver.writer.name
    # Counted from the retriever: on Ray the corpus was read here only as a catalogue.
    searched = driver.retriever
    passages = "" if searched is None else f" ({counted(len(searched.corpus), 'passage')})"
    print(f"Corpus: {path}{passages}; retriever: {backend}; writer: {name}")
    print(
        f"Memory: {counted(len(conversation.memory), 'turn')}. Type a question; "
        f"'{ANSWER_PREFIX} ...' answers it; ':memory' shows the memory; ':quit' ends."
    )
    status = 0
    try:
        status = _converse(session, stream)
    except KeyboardInterrupt:
        # Ctrl-C ends the session like :quit; the awaiting question is still saved.
        print()
    status |= session.end()
    if session_store is not None:
        session_store.close()
    return status
