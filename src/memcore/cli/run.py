"""`memcore run`: one system over a corpus and a questions file, written as a TREC run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from returns.result import Failure, Result

from memcore.cli.retriever_option import add_index_option, add_retriever_option, note_on_stderr
from memcore.counts import counted
from memcore.search.config import search_options
from memcore.writers.factory import WRITER_NAMES_HELP, WriterChoice, chosen_writer

if TYPE_CHECKING:
    from memcore.eval.errors import EvalError
    from memcore.eval.runs.command import OptionProblem, ParsedOptions
    from memcore.eval.runs.spec import RunSpec
    from memcore.search.retrieval import Execution


def register(subparsers: Any) -> None:
    """Add the `run` subcommand."""
    parser = subparsers.add_parser(
        "run",
        help="rank passages for every question with one system; write a TREC run",
        description="Rank passages for every final question with one system and write a TREC "
        "run (qid Q0 docid rank score tag) plus a metadata JSON beside it.",
    )
    parser.add_argument("--corpus", required=True, type=Path, help="BEIR JSONL corpus")
    parser.add_argument(
        "--questions",
        required=True,
        type=Path,
        help="questions JSONL (judged or not), TREC topics TSV, CAsT topics XML or BEIR "
        "queries.jsonl (conversation and turn from the id `<conversation>_<turn>` or the "
        "query's metadata)",
    )
    parser.add_argument("--output", required=True, type=Path, help="TREC run file to write")
    add_system_options(parser)
    parser.add_argument("--system", default="memrevise", help="system name (default: memrevise)")
    parser.set_defaults(handler=handle)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_system_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by `run` and `eval`."""
    parser.add_argument(
        "--writer",
        default=None,
        help=f"writer for memory systems: {WRITER_NAMES_HELP}",
    )
    parser.add_argument("--k", type=positive_int, default=100, help="passages per question (100)")
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        help="processes; conversations are spread over them",
    )
    parser.add_argument(
        "--horizon", type=positive_int, default=None, help="memory horizon in turns"
    )
    parser.add_argument(
        "--backend",
        default=None,
        help="lexical index: bm25s (default), memory, rank-bm25 (its own formula, for "
        "comparisons), lucene (`lucene` extra, Java 21) or sharded:N (bm25s over N Ray "
        "actors, on the cluster given by --ray)",
    )
    add_retriever_option(parser, backend_aliases=True)
    add_index_option(parser)
    parser.add_argument("--no-cache", action="store_true", help="do not load or save the index")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run on Ray (`ray` extra): a local Ray, or the cluster at ADDRESS; --workers "
        "actors (with --backend sharded:N or --index DIR: where the shard actors run)",
    )
    # Every search option is a `SearchConfig` field marked as one: it needs nothing here.
    for option in search_options():
        parser.add_argument(
            option.flag,
            choices=[choice.value for choice in option.choices],
            default=option.default.value,
            help=option.help,
        )


def parsed_options(arguments: argparse.Namespace) -> ParsedOptions:
    """The options `add_system_options` added, as typed values: the writer's name parsed
    (one call into the writers), then the retrieval and search flags chosen and checked
    against how the run is spread (one call into the search, which writes its fallback notes
    to stderr); or the first that does not parse."""
    from memcore.eval.runs.command import RunOptions
    from memcore.search.backends.choice import SearchFlags, chosen_search

    spread = execution(arguments)
    flags = SearchFlags(
        arguments.backend,
        arguments.retriever,
        arguments.fusion_weights,
        arguments.stem,
        {option.field: getattr(arguments, option.field) for option in search_options()},
    )
    writer: Result[WriterChoice, OptionProblem] = chosen_writer(arguments.writer)
    return writer.bind(
        lambda chosen: chosen_search(flags, spread, note_on_stderr).map(
            lambda search: RunOptions(
                chosen,
                search.retrieval,
                search.config,
                arguments.horizon,
                arguments.k,
                spread,
                use_cache=not arguments.no_cache,
                progress=not arguments.quiet,
            )
        )
    )


def run_spec(arguments: argparse.Namespace, system: str) -> Result[RunSpec, EvalError]:
    """The `RunSpec` for `system` from the options `add_system_options` added, or why it
    cannot be made (`memcore.eval.runs.command.run_spec`: the system's name first, then the
    options in the order `parsed_options` parses them)."""
    from memcore.eval.runs import command

    return command.run_spec(system, parsed_options(arguments))


def execution(arguments: argparse.Namespace) -> Execution:
    """How the run is spread, from `--workers`, `--ray` and `--index`."""
    from memcore.search.retrieval import Execution

    return Execution(arguments.workers, arguments.ray, arguments.index)


def handle(arguments: argparse.Namespace) -> int:
    """Run the subcommand; 0 on success (even with fallbacks), 2 on unusable input."""
    from memcore.eval.runs.command import RunRequest, run_command

    request = RunRequest(
        arguments.corpus,
        arguments.questions,
        arguments.output,
        arguments.system,
        parsed_options(arguments),
    )
    done = run_command(request)
    if isinstance(done, Failure):
        print(f"memcore run: {done.failure()}", file=sys.stderr)
        return 2
    finished = done.unwrap()
    report = finished.report
    for failure in report.outcome.failures:
        print(f"memcore run: {failure} (ranked by the original question)", file=sys.stderr)
    if isinstance(finished.saved, Failure):
        print(f"memcore run: {finished.saved.failure()}", file=sys.stderr)
        return 2
    total = len(report.outcome.run)
    print(
        f"memcore run: {len(report.outcome.failures)} of {counted(total, 'question')} failed "
        f"and fell back to the original question",
        file=sys.stderr,
    )
    return 0
