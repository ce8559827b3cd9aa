"""`memcore run` as one call: the flags as the command line typed them in, a ranked and saved
run out.

The command line turns every flag into a typed value before it calls here, each through one
call into the package that owns it: the writer's name into a `WriterChoice`
(`memcore.writers.factory.chosen_writer`), the retrieval and search flags into a checked
`Retrieval` and a `SearchConfig` (`memcore.search.backends.choice.chosen_search`). The
system's name is this package's own and is checked here first, so that a misspelt system is
named before a misspelt writer or retriever, as the command line always has.

`run_command` then goes into each package once: the outputs are staged
(`memcore.atomic_write.staged_outputs`, which refuses a target that is not a regular file),
the questions file is read, the retriever is opened
(`memcore.search.backends.open.open_retriever`), the system runs (`session.run_system`,
which builds the writer with `memcore.writers.factory.build_writer` only for systems that
write memories) and the run and its metadata are written into the staged paths
(`session.write_run`) and published (`Staging.publish`) only after a successful run; when
anything failed, leaving the block removes what was staged and the previous files stay as
they were.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import NotARegularFile, staged_outputs
from memcore.eval.datasets.topics import load_questions
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.runs.session import (
    RunReport,
    input_problem,
    metadata_path,
    run_system,
    unwritable,
    write_run,
)
from memcore.eval.runs.spec import RunSpec, known_system
from memcore.search.backends.open import open_retriever
from memcore.search.config import SearchConfig
from memcore.search.retrieval import Execution, Retrieval, RetrievalError
from memcore.writers.factory import WriterChoice
from memcore.writers.protocol import WriterError

NOT_RANKED = EvalError(EvalErrorCode.BAD_OUTPUT, "the run was not ranked")
"""What `run_command` holds before the run has ranked anything (never returned)."""


@attrs.frozen
class RunOptions:
    """The options `memcore run` and `memcore eval` share, as typed values: the writer chosen,
    the retrieval (checked against `execution`), the search rules' constants, the memory
    horizon (None: all of it), the depth `k`, and how the run is spread and shown."""

    writer: WriterChoice
    retrieval: Retrieval
    search: SearchConfig
    horizon: int | None
    k: int
    execution: Execution
    use_cache: bool
    progress: bool


OptionProblem = WriterError | RetrievalError
"""Why a flag did not parse: the writer's name (`WriterError`) or the retrieval and its
spread (`RetrievalError`)."""

ParsedOptions = Result[RunOptions, OptionProblem]
"""The shared options as the command line parsed them, or the first that did not parse."""


@attrs.frozen
class RunRequest:
    """What `memcore run` is asked: one system over one corpus and questions file. The
    system is named as given (checked by `run_command` before `options`' problem is told)."""

    corpus: Path
    questions: Path
    output: Path
    system: str
    options: ParsedOptions


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


def option_error(problem: OptionProblem) -> EvalError:
    """The run error a flag that did not parse stops a run with."""
    if isinstance(problem, WriterError):
        return EvalError(EvalErrorCode.BAD_WRITER, f"--writer: {problem.message}")
    return EvalError.of_retrieval(problem)


def run_spec(system: str, options: ParsedOptions) -> Result[RunSpec, EvalError]:
    """The `RunSpec` of `system` with `options`, or why there is none: the system's name is
    checked first, then `options`' problem is told."""
    return known_system(system).bind(
        lambda named: options.alt(option_error).map(
            lambda typed: RunSpec(
                named, typed.writer, typed.retrieval, typed.search, typed.horizon, typed.k
            )
        )
    )


def run_command(request: RunRequest) -> Result[RunDone, RunCommandError]:
    """Rank every question of `request`'s questions file with its system and save the run
    (TREC file and metadata) at its output; the ranked run, or why nothing was ranked."""
    checked = run_spec(request.system, request.options)
    if isinstance(checked, Failure):
        return Failure(checked.failure())
    spec = checked.unwrap()
    # Parsed with the spec, so both are there.
    options = request.options.unwrap()
    output = request.output
    if output.is_dir():
        return Failure(unwritable(output, "it is a directory"))
    entered = False
    reported: Result[RunReport, RunCommandError] = Failure(NOT_RANKED)
    try:
        with staged_outputs((output, metadata_path(output))) as staging:
            entered = True
            reported = _ranked(request, spec, options)
            if isinstance(reported, Success):
                extra = {"corpus": str(request.corpus), "questions_file": str(request.questions)}
                write_run(staging.paths, reported.unwrap(), request.system, spec.k, extra)
                staging.publish()
    except OSError as error:
        if not entered:
            # Refused or its folder not made: before any work.
            return Failure(_refused(output, error))
        if not isinstance(reported, Success):
            # Raised by the run itself, not by writing: not the output's fault.
            raise
        return Success(RunDone(reported.unwrap(), Failure(unwritable(output, _reason(error)))))
    # A failed run published nothing.
    return reported.map(lambda report: RunDone(report, Success(output)))


def _ranked(
    request: RunRequest, spec: RunSpec, options: RunOptions
) -> Result[RunReport, RunCommandError]:
    inputs = (request.questions, request.corpus)
    clash = input_problem((request.output, metadata_path(request.output)), inputs)
    if clash is not None:
        return Failure(clash)
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
    return reported


def _refused(output: Path, error: OSError) -> EvalError:
    if isinstance(error, NotARegularFile):
        return unwritable(Path(error.filename), _reason(error))
    return unwritable(output, _reason(error))


def _reason(error: OSError) -> str:
    return str(error.strerror or error)
