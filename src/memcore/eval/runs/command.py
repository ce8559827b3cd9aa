"""`memcore run` as one call: the options as the command line read them (names not checked
yet) in, a ranked and saved run out.

The command line only reads its flags into a `RunRequest` and prints what `run_command`
returns; every check and every step in between happens here, in this order: the system's
name, the writer's (`WriterChoice.parse`), the retrieval options and how the run is spread
(`memcore.search.backends.choice.chosen_retrieval`), the output path
(`session.writable_output`), the questions file; then the retriever is opened, the system runs
(`session.run_system`) and the run is saved (`session.save_run`). A misspelt name is
therefore refused before any file is read.

Each check goes into its package once and gets back a value that does the later work there:
the parsed `WriterChoice` builds the writer (`WriterChoice.build`, when the run writes
memories), the `RetrieverOpening` opens the retriever, and the checked `RunOutput` writes the
run and its metadata (`atomic_write.Replacement.write`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.topics import load_questions
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.runs.session import RunReport, run_system, save_run, writable_output
from memcore.eval.runs.spec import RunSpec, known_system
from memcore.search.backends.choice import RetrieverOpening, chosen_retrieval
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


@attrs.frozen
class CheckedRun:
    """A run checked by name alone: its spec, and the opening of its retriever (checked
    against how the run is spread)."""

    spec: RunSpec
    opening: RetrieverOpening


def checked_run(options: SystemOptions, system: str, note: Note) -> Result[CheckedRun, EvalError]:
    """The `RunSpec` for `system` from `options` and its retriever's opening, or why they
    cannot be made; checked by name alone (no corpus read, no model loaded), so a misspelt
    name is refused before any work. The retrieval is refused also when it cannot be spread
    as `options.execution` says, or when nothing answers at its Ray address."""
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
                        options.execution,
                    )
                    .alt(EvalError.of_retrieval)
                    .map(
                        lambda opening: CheckedRun(
                            RunSpec(
                                named,
                                writer,
                                opening.retrieval,
                                with_search_options(dict(options.search)),
                                options.horizon,
                                options.k,
                            ),
                            opening,
                        )
                    )
                )
            )
        )
    )


def run_spec(options: SystemOptions, system: str, note: Note) -> Result[RunSpec, EvalError]:
    """The spec of `checked_run`, or why there is none."""
    return checked_run(options, system, note).map(lambda checked: checked.spec)


def run_command(request: RunRequest, note: Note) -> Result[RunDone, RunCommandError]:
    """Check `request`, rank every question of its questions file with its system and save
    the run (TREC file and metadata) at its output; the ranked run, or why nothing was
    ranked."""
    options = request.options
    checked = checked_run(options, request.system, note)
    if isinstance(checked, Failure):
        return Failure(checked.failure())
    run = checked.unwrap()
    writable = writable_output(request.output, (request.questions, request.corpus))
    if isinstance(writable, Failure):
        return Failure(writable.failure())
    questions = load_questions(request.questions)
    if isinstance(questions, Failure):
        return Failure(BadQuestionsFile(questions.failure()))
    opened = run.opening.open(request.corpus, options.use_cache, options.progress)
    if isinstance(opened, Failure):
        return Failure(opened.failure())
    reported = run_system(
        opened.unwrap(), questions.unwrap(), run.spec, options.execution, options.progress
    )
    if isinstance(reported, Failure):
        return Failure(reported.failure())
    report = reported.unwrap()
    extra = {"corpus": str(request.corpus), "questions_file": str(request.questions)}
    saved = save_run(writable.unwrap(), report, request.system, run.spec.k, extra)
    return Success(RunDone(report, saved))
