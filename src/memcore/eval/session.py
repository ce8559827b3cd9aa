"""One system over one corpus and questions file: the work behind `memcore run`."""

from __future__ import annotations

import enum
import json
import os
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import atomic_path
from memcore.eval.index import OpenedIndex
from memcore.eval.questions import Question
from memcore.eval.runner import RunOutcome, run_questions
from memcore.eval.systems import MemoryBuilderFactory, Original, describe, make_system
from memcore.eval.trec import write_run
from memcore.eval.writing import memory_builders
from memcore.search.config import PAPER, ExclusionSource, FactsVoteFallback, SearchConfig


@attrs.frozen
class RunConfig:
    """How a run is made: system, writer, depth, workers, memory horizon."""

    system: str = "memrevise"
    writer: str = "rules"
    k: int = 100
    workers: int = 1
    horizon: int | None = None
    # Run on Ray: "local" starts a local Ray, anything else is a cluster address.
    ray: str | None = None
    # Which facts find the exclusion step's rejected page (default: the paper's).
    exclusion_source: ExclusionSource = PAPER.exclusion_source
    # Which nodes the facts vote searches when none is about the topic (default: the paper's).
    facts_vote_fallback: FactsVoteFallback = PAPER.facts_vote_fallback

    def search(self) -> SearchConfig:
        """The search rules' constants for the memory systems: the paper's, with this run's
        exclusion source and facts-vote fallback."""
        return attrs.evolve(
            PAPER,
            exclusion_source=self.exclusion_source,
            facts_vote_fallback=self.facts_vote_fallback,
        )


def _plain(_instance: object, _field: object, value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


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
    index: OpenedIndex,
    questions: Sequence[Question],
    config: RunConfig,
    progress: bool = False,
    builders: MemoryBuilderFactory | None = None,
) -> Result[RunReport, str]:
    """Run `config.system` over `questions` against `index`.

    `builders` (default: a fresh one for `config.writer`) lets several systems share the
    memories written for the same dialogues.
    """
    if builders is None:
        builders = memory_builders(config.writer, index.retriever)
    made = make_system(config.system, index.retriever, builders, config.horizon, config.search())
    if isinstance(made, Failure):
        return Failure(str(made.failure()))
    system = made.unwrap()
    started = time.perf_counter()
    if config.ray is not None:
        if index.path is None:
            return Failure("running on Ray needs an index opened from a corpus file")
        from memcore.eval.ray_runner import run_on_ray

        address = None if config.ray == "local" else config.ray
        on_ray = run_on_ray(
            index.path,
            index.backend,
            questions,
            config.system,
            config.writer,
            config.horizon,
            config.k,
            config.workers,
            address,
            config.exclusion_source.value,
            config.facts_vote_fallback.value,
        )
        if isinstance(on_ray, Failure):
            return Failure(on_ray.failure())
        outcome = on_ray.unwrap()
    else:
        outcome = run_questions(
            questions, system, Original(index.retriever), config.k, config.workers, progress
        )
    record = {
        "system": describe(system),
        "config": attrs.asdict(config, value_serializer=_plain),
        "memcore_version": memcore_version(),
        "backend": index.backend,
        "corpus_sha256": index.content_hash,
        "index_from_cache": index.from_cache,
        "questions": len(questions),
        "failures": len(outcome.failures),
        "seconds": round(time.perf_counter() - started, 3),
    }
    return Success(RunReport(outcome, record))


def metadata_path(run_path: Path) -> Path:
    """Where a run's metadata goes: beside it, `<run name>.meta.json`."""
    return run_path.with_name(f"{run_path.stem}.meta.json")


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        # One of them does not exist (yet), so they are not the same file.
        return False


def writable_output(run_path: Path, inputs: Sequence[Path] = ()) -> Result[Path, str]:
    """`run_path` if a run can be written there: not a folder, its folder creatable, and
    neither the run nor its metadata one of `inputs` (compared by inode, so another name or
    a link for an input is refused too)."""
    if run_path.is_dir():
        return Failure(f"cannot write the run to {run_path}: it is a directory")
    for written in (run_path, metadata_path(run_path)):
        for read in inputs:
            if _same_file(written, read):
                return Failure(f"cannot write the run to {written}: it is the input file {read}")
    try:
        run_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return Failure(f"cannot write the run to {run_path}: {error.strerror or error}")
    return Success(run_path)


def save_run(
    run_path: Path, report: RunReport, tag: str, depth: int, extra: dict[str, Any]
) -> Result[Path, str]:
    """Write the TREC run and its metadata JSON; the run's path, or why it could not be.

    Each file is replaced whole or not at all (`atomic_write`). Both are written aside
    first and the metadata is renamed into place right after the run, so a failure while
    writing either leaves the previous run and metadata as they were.
    """
    record = {**report.metadata, **extra}
    try:
        run_path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(metadata_path(run_path)) as metadata_file:
            metadata_file.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
            write_run(run_path, report.outcome.run, tag, depth)
    except OSError as error:
        return Failure(f"cannot write the run to {run_path}: {error.strerror or error}")
    return Success(run_path)
