"""One system over one corpus and questions file: the work behind `memcore run`."""

from __future__ import annotations

import enum
import hashlib
import json
import os
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import staged_outputs
from memcore.eval.datasets.questions import Question
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.runs import trec
from memcore.eval.runs.runner import RunOutcome, run_questions
from memcore.eval.runs.spec import RunSpec, execution_problem, spec_to_json
from memcore.eval.runs.systems import MemoryBuilderFactory, Original, describe, make_system
from memcore.eval.runs.writing import memory_builders
from memcore.jsontext import decode_json, read_text
from memcore.search.backends.open import OpenedRetriever
from memcore.search.config import search_options
from memcore.search.retrieval import ONE_PROCESS, Backend, Execution
from memcore.search.values import Ranking


@attrs.frozen
class RunReport:
    """A finished run with its metadata record."""

    outcome: RunOutcome
    metadata: dict[str, Any]


def memcore_version() -> str:
    """The installed memcore version ("unknown" when run from an uninstalled tree)."""
    try:
        return metadata.version("memcore")
    except metadata.PackageNotFoundError:
        return "unknown"


def run_system(
    index: OpenedRetriever,
    questions: Sequence[Question],
    spec: RunSpec,
    execution: Execution = ONE_PROCESS,
    progress: bool = False,
    builders: MemoryBuilderFactory | None = None,
) -> Result[RunReport, EvalError]:
    """Run `spec` over `questions` against `index`, spread as `execution` says.

    `builders` (default: a fresh one for `spec.writer`) lets several systems share the
    memories written for the same dialogues.
    """
    wanted = spec.retrieval
    if index.backend is not wanted.backend or index.kind is not wanted.retriever:
        # Workers open the corpus as the spec says; a different index would rank differently.
        message = (
            f"the index is {index.kind.value} ({index.backend.value}), "
            f"the run spec says {wanted.retriever.value} ({wanted.backend.value})"
        )
        return Failure(EvalError(EvalErrorCode.BAD_SPEC, message))
    unspreadable = execution_problem(spec, execution)
    if unspreadable is not None:
        return Failure(unspreadable)
    if builders is None:
        builders = memory_builders(spec.writer, index.retriever)
    made = make_system(spec.system, index.retriever, builders, spec.horizon, spec.search)
    if isinstance(made, Failure):
        return Failure(made.failure())
    system = made.unwrap()
    started = time.perf_counter()
    # Sharded runs, and index folders served on Ray, rank in the driver: the shards are the
    # Ray actors.
    if (
        execution.ray is not None
        and spec.retrieval.backend is not Backend.SHARDED
        and execution.index is None
    ):
        if index.path is None:
            message = "running on Ray needs an index opened from a corpus file"
            return Failure(EvalError(EvalErrorCode.RAY, message))
        from memcore.eval.runs.ray_runner import run_on_ray

        address = None if execution.ray == "local" else execution.ray
        on_ray = run_on_ray(index.path, questions, spec, execution.workers, address)
        if isinstance(on_ray, Failure):
            return Failure(on_ray.failure())
        outcome = on_ray.unwrap()
    else:
        outcome = run_questions(
            questions, system, Original(index.retriever), spec.k, execution.workers, progress
        )
    record = {
        "system": describe(system),
        "spec": spec_to_json(spec),
        "config": _config_record(spec, execution),
        "memcore_version": memcore_version(),
        "backend": index.backend.value,
        "retriever": index.kind.value,
        "corpus_sha256": index.content_hash,
        "index_from_cache": index.from_cache,
        "questions": len(questions),
        "failures": len(outcome.failures),
        "seconds": round(time.perf_counter() - started, 3),
    }
    return Success(RunReport(outcome, record))


def _config_record(spec: RunSpec, execution: Execution) -> dict[str, Any]:
    """The metadata's `config` record, as before the spec: the run's options by flag name (the
    search options included), and how it was spread."""
    options = {
        option.field: spec_to_json(spec)["search"][option.field] for option in search_options()
    }
    return {
        "system": spec.system.value,
        "writer": str(spec.writer),
        "k": spec.k,
        "workers": execution.workers,
        "horizon": spec.horizon,
        "ray": execution.ray,
        **options,
    }


def metadata_path(run_path: Path) -> Path:
    """Where a run's metadata goes: beside it, `<run name>.meta.json`."""
    return run_path.with_name(f"{run_path.stem}.meta.json")


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        # One of them does not exist (yet), so they are not the same file.
        return False


def input_problem(written: Sequence[Path], inputs: Sequence[Path]) -> EvalError | None:
    """Why a run cannot be written to `written` (the run, then its metadata): one of them is
    one of `inputs` (compared by inode, so another name or a link for an input is refused
    too); None when none is."""
    for target in written:
        for read in inputs:
            if _same_file(target, read):
                return EvalError(
                    EvalErrorCode.BAD_OUTPUT,
                    f"cannot write the run to {target}: it is the input file {read}",
                )
    return None


def unwritable(run_path: Path, reason: str) -> EvalError:
    """The error of a run that cannot be written at `run_path`, for `reason`."""
    return EvalError(EvalErrorCode.BAD_OUTPUT, f"cannot write the run to {run_path}: {reason}")


RUN_SHA256 = "run_sha256"
"""The metadata field naming the SHA-256 of the run file's bytes (checked by `read_saved_run`)."""


def save_run(
    run_path: Path, report: RunReport, tag: str, depth: int, extra: dict[str, Any]
) -> Result[Path, EvalError]:
    """Write the TREC run at `run_path` and its metadata JSON beside it (`write_run`, staged
    by `atomic_write.staged_outputs`); the run's path, or why it could not be written."""
    try:
        with staged_outputs((run_path, metadata_path(run_path))) as staging:
            write_run(staging.paths, report, tag, depth, extra)
            staging.publish()
    except OSError as error:
        return Failure(unwritable(run_path, str(error.strerror or error)))
    return Success(run_path)


def write_run(
    paths: tuple[Path, ...], report: RunReport, tag: str, depth: int, extra: dict[str, Any]
) -> None:
    """Write the TREC run and its metadata JSON to `paths` (the run's, then the metadata's:
    the staged paths of an `atomic_write.staged_outputs` block; its caller publishes both).
    Raises `OSError`.

    The metadata records the run's SHA-256 (`run_sha256`): a process killed between the two
    renames leaves the new run beside the previous metadata, and `read_saved_run` then
    refuses the pair.
    """
    run_file, metadata_file = paths
    record = {**report.metadata, **extra}
    with run_file.open("w", encoding="utf-8") as handle:
        # A generator: each line is made as it is written.
        for line in trec.run_lines(report.outcome.run, tag, depth):
            handle.write(line + "\n")
    # The bytes as written (newlines included), before either rename.
    record[RUN_SHA256] = _sha256(run_file)
    metadata_file.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class SavedRunErrorCode(enum.Enum):
    """Why a saved run and its metadata cannot be read as one."""

    UNREADABLE = "unreadable"
    BAD_METADATA = "bad_metadata"
    UNCHECKED = "unchecked"
    MISMATCH = "mismatch"
    BAD_RUN = "bad_run"


@attrs.frozen
class SavedRunError:
    """A saved run that cannot be trusted: a stable `code` and the one line a user reads."""

    code: SavedRunErrorCode
    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class SavedRun:
    """A run read back with the metadata written with it (`save_run`)."""

    run: dict[str, Ranking]
    metadata: dict[str, Any]


def read_saved_run(run_path: Path) -> Result[SavedRun, SavedRunError]:
    """The run at `run_path` and its metadata (`<run name>.meta.json`), checked to belong
    together: the run file's SHA-256 must be the one its metadata records. A pair left by a
    process killed between `save_run`'s two renames (the new run beside the previous
    metadata), a run edited since, or metadata without the field is refused in one line."""
    meta_path = metadata_path(run_path)
    read = read_text(meta_path)
    if isinstance(read, Failure):
        return Failure(SavedRunError(SavedRunErrorCode.UNREADABLE, str(read.failure())))
    decoded = decode_json(read.unwrap())
    if isinstance(decoded, Failure):
        return Failure(_bad_metadata(meta_path, str(decoded.failure())))
    metadata = decoded.unwrap()
    if not isinstance(metadata, dict):
        return Failure(_bad_metadata(meta_path, "not a JSON object"))
    recorded = metadata.get(RUN_SHA256)
    if not isinstance(recorded, str):
        message = (
            f"{meta_path} records no {RUN_SHA256} (written by an older memcore), so "
            f"{run_path.name} cannot be checked against it: rerun to write both again"
        )
        return Failure(SavedRunError(SavedRunErrorCode.UNCHECKED, message))
    try:
        content = run_path.read_bytes()
    except OSError as error:
        message = f"{run_path}: cannot read: {error.strerror or error}"
        return Failure(SavedRunError(SavedRunErrorCode.UNREADABLE, message))
    if hashlib.sha256(content).hexdigest() != recorded:
        message = (
            f"{run_path} does not match its metadata {meta_path.name} (the run's SHA-256 "
            "differs from the one recorded): the two were not written together; rerun it"
        )
        return Failure(SavedRunError(SavedRunErrorCode.MISMATCH, message))
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        message = f"{run_path}: not UTF-8 text (byte {error.start})"
        return Failure(SavedRunError(SavedRunErrorCode.BAD_RUN, message))
    parsed = trec.parse_run(text.splitlines(), str(run_path))
    if isinstance(parsed, Failure):
        first = parsed.failure().errors[0]
        return Failure(SavedRunError(SavedRunErrorCode.BAD_RUN, str(first)))
    return Success(SavedRun(parsed.unwrap(), metadata))


def _bad_metadata(meta_path: Path, problem: str) -> SavedRunError:
    message = f"{meta_path}: not a run's metadata ({problem})"
    return SavedRunError(SavedRunErrorCode.BAD_METADATA, message)
