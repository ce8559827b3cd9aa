"""Printing a conversation for people: the memory, the writer's node, the query, the results.

Shared by `memcore demo` and `memcore chat`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from returns.result import Failure

from memcore.counts import counted
from memcore.integrations.live_session import default_driver
from memcore.node import Node
from memcore.render import render_memory
from memcore.replay import step
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import default_corpus, load_corpus
from memcore.search.explain import ExplainedRanking
from memcore.search.retriever import Retriever
from memcore.writers.driving.conversation import LiveConversation
from memcore.writers.driving.live import LiveDriver, LiveOutcome

Print = Callable[[str], None]


def corpus_path(command: str, path: Path | None) -> Path | None:
    """`path`, or the Apollo fixture when it is None; None after telling the user on stderr
    that no corpus was found."""
    found = path or default_corpus()
    if found is None:
        print(f"memcore {command}: no corpus found; pass --corpus FILE.jsonl", file=sys.stderr)
    return found


def open_corpus(command: str, path: Path | None) -> tuple[Path, Corpus] | None:
    """The corpus at `path` (default: the Apollo fixture) and where it was found.

    None after telling the user why on stderr (no corpus, or a file that cannot be read).
    """
    found = corpus_path(command, path)
    if found is None:
        return None
    loaded = load_corpus(found)
    if isinstance(loaded, Failure):
        print(f"memcore {command}: {loaded.failure()}", file=sys.stderr)
        return None
    return found, loaded.unwrap().corpus


def live_driver(
    command: str, corpus_file: Path, arguments: argparse.Namespace
) -> tuple[LiveDriver, str] | None:
    """The driver of a live conversation over the corpus in `corpus_file` (the `--retriever`,
    `--fusion-weights`, `--stem`, `--index`, `--ray` and `--writer` asked for, the rule writer
    as the fallback) and the retriever's description.

    None after telling the user why on stderr.
    """
    from memcore.cli.retriever_option import build_chosen_retriever

    # The adapters' LiveSessions build their driver the same way (`default_driver`).
    opened = build_chosen_retriever(
        corpus_file,
        arguments.retriever,
        arguments.fusion_weights,
        getattr(arguments, "index", None),
        getattr(arguments, "stem", None),
        getattr(arguments, "ray", None),
    ).bind(
        lambda built: (
            default_driver(built[0], arguments.writer)
            .alt(str)
            .map(lambda driver: (driver.live, built[1]))
        )
    )
    if isinstance(opened, Failure):  # the user is told why; the command stops
        print(f"memcore {command}: {opened.failure()}", file=sys.stderr)
        return None
    return opened.unwrap()


def _indent(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def _decision(node: Node) -> str:
    operations = "; ".join(str(operation) for operation in node.operations) or "none"
    return f"{operations} -> topic {node.topic}"


def show_live(
    outcome: LiveOutcome, top: int, emit: Print, retriever: Retriever | None = None
) -> None:
    """One live turn: its one writer decision (the previous node completed with its answer,
    the facts that answer added, and the new node), the query and the explained results
    (given the `retriever`, how each query's base part follows from its scores)."""
    calls = len(outcome.calls)
    emit(f"Writer ({counted(calls, 'call')}):")
    completed, before = outcome.completed, outcome.before
    if completed is not None and before is not None:
        changed = "" if completed.operations == before.operations else " (the answer changed it)"
        emit(f"  completes turn {completed.turn}: {_decision(completed)}{changed}")
        added = outcome.added_facts
        emit(f"  facts the answer added to turn {completed.turn}: " + ("; ".join(added) or "none"))
        if not outcome.by_writer:
            emit("  (the writer did not complete it: kept as written)")
    emit(f"  turn {outcome.node.turn}: {_decision(outcome.node)}")
    if outcome.fell_back:
        emit("  (the writer failed; the rule writer wrote this turn)")
    repair = outcome.repair
    if repair is not None and repair.changed and repair.operation is not None:
        emit(f"Topic repair: the corpus says {repair.operation} [{repair.rule}]")
    emit(f"Query: {outcome.query}")
    ranking = outcome.ranking
    if ranking is None:
        return
    if ranking.topic and ranking.topic != outcome.node.topic:
        emit(f"Search topic: {ranking.topic}")
    if ranking.writer_query != outcome.query:
        emit(f"Search query: {ranking.writer_query}")
    _show_ranking(ranking, top, emit, retriever)


def _show_ranking(
    ranking: ExplainedRanking, top: int, emit: Print, retriever: Retriever | None
) -> None:
    emit("Search rules:")
    for entry in ranking.trace:
        emit(f"  - {entry}")
    emit(f"Top {counted(min(top, len(ranking.hits)), 'passage')}:")
    for hit in ranking.hits[:top]:
        emit(_indent(hit.explanation()))
        if retriever is not None:
            for explained in ranking.retriever_parts(hit.doc_id, retriever):
                emit(_indent(str(explained), "      "))


def show_live_memory(conversation: LiveConversation, emit: Print) -> None:
    """A live conversation's memory: its awaiting node counts with what it was written with."""
    memory = conversation.memory
    state = conversation.settled.state
    if conversation.awaiting is not None:
        state = step(state, conversation.awaiting)
    emit(_indent(render_memory(memory, state)))
