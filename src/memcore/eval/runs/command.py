"""`memcore run` as one call: the options as the command line read them (names not checked
yet) in, a ranked and saved run out.

The command line only reads its flags into a `RunRequest` and prints what `run_command`
returns; every check and every step in between happens here, in this order: the system's
name, the writer's, the retrieval options (`memcore.search.backends.choice`), how the run is
spread, the output path, the questions file, then the retriever is opened
(`memcore.search.backends.open`), the system runs (`session.run_system`) and the run is saved
(`session.save_run`). A misspelt name is therefore refused before any file is read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.topics import load_questions
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.runs.session import RunReport, run_system, save_run, writable_output
from memcore.eval.runs.spec import RunSpec, execution_problem, known_system
from memcore.search.backends.choice import chosen_retrieval
from memcore.search.backends.open import open_retriever
from memcore.search.backends.ray_connect import address_problem
from memcore.search.config import with_search_options
from memcore.search.retrieval import Execution, RetrievalError
from memcore.writers.factory import WriterChoice

Note = Callable[[str], None]
"""Where a one-line note goes (the command line: stderr)."""


@attrs.frozen
class SystemOptions:
    """The options `memcore run` and `memcore eval` share, as given (names not checked yet).

    `backend`, `retriever` and `fusion_weights` are None where the option was not given;
    `search` holds each search option's `SearchConfig` field and the value text given.
    """

    writer: str
    backend: str | None
    retriever: str | None
    fusion_weights: str | None
    search: tuple[tuple[str, str], ...]
    horizon: int | None
    k: int
    execution: Execution
    use_cache: bool
    progress: bool
    stem: str | None = None


@attrs.frozen
class RunRequest:
    """What `memcore run` is asked: one system over one corpus and questions file."""

    corpus: Path
    questions: Path
    output: Path
    system: str
    options: SystemOptions


@attrs.frozen
class BadQuestionsFile:
    """The questions file cannot be read; `problem` lists where and why."""

    problem: object

    def __str__(self) -> str:
        return f"bad questions file:\n{self.problem}"


RunCommandError = EvalError | BadQuestionsFile | RetrievalError
"""Why `run_command` ranked nothing (a `RetrievalError`: the retriever could not be opened)."""


@attrs.frozen
class RunDone:
    """A ranked run and what became of saving it (its path, or why it was not written)."""

    report: RunReport
    saved: Result[Path, EvalError]


def run_spec(options: SystemOptions, system: str, note: Note) -> Result[RunSpec, EvalError]:
    """The `RunSpec` for `system` from `options`, or why it cannot be made; checked by name
    alone (no corpus read, no model loaded), so a misspelt name is refused before any work."""
    # Checked in this order, so that the first problem named is the system's, then the writer's.
    return known_system(system).bind(
        lambda named: (
            WriterChoice.parse(options.writer)
            .alt(
                lambda problem: EvalError(EvalErrorCode.BAD_WRITER, f"--writer: {problem.message}")
            )
            .bind(
                lambda writer: (
                    chosen_retrieval(
                        options.backend,
                        options.retriever,
                        options.fusion_weights,
                        note,
                        options.stem,
                    )
                    .alt(EvalError.of_retrieval)
                    .map(
                        lambda retrieval: RunSpec(
                            named,
                            writer,
                            retrieval,
                            with_search_options(dict(options.search)),
                            options.horizon,
                            options.k,
                        )
                    )
                )
            )
        )
    )


def runnable_spec(options: SystemOptions, system: str, note: Note) -> Result[RunSpec, EvalError]:
    """`run_spec`, refused also when it cannot be spread as `options.execution` says, or when
    nothing answers at its Ray address (`ray.init` would wait minutes)."""

    def spreadable(spec: RunSpec) -> Result[RunSpec, EvalError]:
        problem = execution_problem(spec, options.execution)
        unreachable = address_problem(options.execution.ray_address) if problem is None else None
        if unreachable is not None:
            problem = EvalError(EvalErrorCode.RAY, unreachable)
        return Success(spec) if problem is None else Failure(problem)

    return run_spec(options, system, note).bind(spreadable)


def run_command(request: RunRequest, note: Note) -> Result[RunDone, RunCommandError]:
    """Check `request`, rank every question of its questions file with its system and save
    the run (TREC file and metadata) at its output; the ranked run, or why nothing was
    ranked."""
    options = request.options
    specified = runnable_spec(options, request.system, note)
    if isinstance(specified, Failure):
        return Failure(specified.failure())
    spec = specified.unwrap()
    writable = writable_output(request.output, (request.questions, request.corpus))
    if isinstance(writable, Failure):
        return Failure(writable.failure())
    questions = load_questions(request.questions)
    if isinstance(questions, Failure):
        return Failure(BadQuestionsFile(questions.failure()))
    opened = open_retriever(
        request.corpus, spec.retrieval, options.use_cache, options.progress, options.execution
    )
    if isinstance(opened, Failure):
        return Failure(opened.failure())
    reported = run_system(
        opened.unwrap(), questions.unwrap(), spec, options.execution, options.progress
    )
    if isinstance(reported, Failure):
        return Failure(reported.failure())
    report = reported.unwrap()
    extra = {"corpus": str(request.corpus), "questions_file": str(request.questions)}
    return Success(RunDone(report, save_run(request.output, report, request.system, spec.k, extra)))
