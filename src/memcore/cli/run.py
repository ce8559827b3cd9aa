"""`memcore run`: one system over a corpus and a questions file, written as a TREC run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from returns.result import Failure, Result, Success

from memcore.cli.retriever_option import (
    add_index_option,
    add_retriever_option,
    default_retriever_name,
    weighted_and_installed,
)
from memcore.counts import counted
from memcore.search.config import search_options, with_search_options
from memcore.writers.factory import DEFAULT_WRITER, WRITER_NAMES_HELP

if TYPE_CHECKING:
    from memcore.eval.errors import EvalError
    from memcore.eval.runs.spec import RunSpec
    from memcore.search.retrieval import Execution, Retrieval


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
        default=str(DEFAULT_WRITER),
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
        "actors (with --backend sharded:N: where the shard actors run)",
    )
    # Every search option is a `SearchConfig` field marked as one: it needs nothing here.
    for option in search_options():
        parser.add_argument(
            option.flag,
            choices=[choice.value for choice in option.choices],
            default=option.default.value,
            help=option.help,
        )


def run_spec(arguments: argparse.Namespace, system: str) -> Result[RunSpec, EvalError]:
    """The `RunSpec` for `system` from the options `add_system_options` added, or why it
    cannot be made; checked by name alone (no corpus read, no model loaded), so a misspelt
    name is refused before any work."""
    from memcore.eval.errors import EvalError, EvalErrorCode
    from memcore.eval.runs.spec import RunSpec, SystemName, known_system
    from memcore.search.retrieval import known_retrieval_options
    from memcore.writers.factory import WriterChoice

    def retrieval() -> Result[Retrieval, EvalError]:
        asked = known_retrieval_options(
            arguments.backend, default_retriever_name(arguments.retriever)
        )
        return asked.bind(
            lambda retrieval: weighted_and_installed(
                retrieval, arguments.fusion_weights, arguments.stem
            )
        ).alt(EvalError.of_retrieval)

    def spec(system: SystemName, writer: WriterChoice, retrieval: Retrieval) -> RunSpec:
        chosen = {option.field: getattr(arguments, option.field) for option in search_options()}
        search = with_search_options(chosen)
        return RunSpec(system, writer, retrieval, search, arguments.horizon, arguments.k)

    # Checked in this order, so that the first problem named is the system's, then the writer's.
    return known_system(system).bind(
        lambda named: (
            WriterChoice.parse(arguments.writer)
            .alt(
                lambda problem: EvalError(EvalErrorCode.BAD_WRITER, f"--writer: {problem.message}")
            )
            .bind(
                lambda writer: retrieval().map(
                    lambda chosen_retrieval: spec(named, writer, chosen_retrieval)
                )
            )
        )
    )


def execution(arguments: argparse.Namespace) -> Execution:
    """How the run is spread, from `--workers` and `--ray`."""
    from memcore.search.retrieval import Execution

    return Execution(arguments.workers, arguments.ray, arguments.index)


def runnable_spec(arguments: argparse.Namespace, system: str) -> Result[RunSpec, EvalError]:
    """`run_spec`, refused also when it cannot be spread as `--workers`/`--ray` say, or when
    nothing answers at the `--ray` address (`ray.init` would wait minutes)."""
    from memcore.eval.errors import EvalError, EvalErrorCode
    from memcore.eval.runs.spec import execution_problem
    from memcore.search.backends.ray_connect import address_problem

    def spreadable(spec: RunSpec) -> Result[RunSpec, EvalError]:
        problem = execution_problem(spec, execution(arguments))
        unreachable = address_problem(execution(arguments).ray_address) if problem is None else None
        if unreachable is not None:
            problem = EvalError(EvalErrorCode.RAY, unreachable)
        return Success(spec) if problem is None else Failure(problem)

    return run_spec(arguments, system).bind(spreadable)


def handle(arguments: argparse.Namespace) -> int:
    """Run the subcommand; 0 on success (even with fallbacks), 2 on unusable input."""
    from memcore.eval.datasets.topics import load_questions
    from memcore.eval.runs.session import run_system, save_run, writable_output
    from memcore.search.backends.open import open_retriever

    specified = runnable_spec(arguments, arguments.system)
    if isinstance(specified, Failure):
        print(f"memcore run: {specified.failure()}", file=sys.stderr)
        return 2
    spec = specified.unwrap()
    writable = writable_output(arguments.output, (arguments.questions, arguments.corpus))
    if isinstance(writable, Failure):
        print(f"memcore run: {writable.failure()}", file=sys.stderr)
        return 2
    questions = load_questions(arguments.questions)
    if isinstance(questions, Failure):
        print(f"memcore run: bad questions file:\n{questions.failure()}", file=sys.stderr)
        return 2
    opened = open_retriever(
        arguments.corpus,
        spec.retrieval,
        not arguments.no_cache,
        not arguments.quiet,
        execution(arguments),
    )
    if isinstance(opened, Failure):
        print(f"memcore run: {opened.failure()}", file=sys.stderr)
        return 2
    reported = run_system(
        opened.unwrap(), questions.unwrap(), spec, execution(arguments), not arguments.quiet
    )
    if isinstance(reported, Failure):
        print(f"memcore run: {reported.failure()}", file=sys.stderr)
        return 2
    report = reported.unwrap()
    for failure in report.outcome.failures:
        print(f"memcore run: {failure} (ranked by the original question)", file=sys.stderr)
    extra = {"corpus": str(arguments.corpus), "questions_file": str(arguments.questions)}
    saved = save_run(arguments.output, report, arguments.system, arguments.k, extra)
    if isinstance(saved, Failure):
        print(f"memcore run: {saved.failure()}", file=sys.stderr)
        return 2
    total = len(report.outcome.run)
    print(
        f"memcore run: {len(report.outcome.failures)} of {counted(total, 'question')} failed "
        f"and fell back to the original question",
        file=sys.stderr,
    )
    return 0
