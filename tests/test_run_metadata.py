"""A run and its metadata are committed together: the metadata names the run's SHA-256, and
`read_saved_run` refuses a pair that was not written together (issue 27, item 3)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from cli_support import BM25, write_run_inputs
from memcore.cli import main
from memcore.eval.runs.session import (
    RUN_SHA256,
    SavedRunErrorCode,
    metadata_path,
    read_saved_run,
)
from memcore.search.values import Hit


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    return write_run_inputs(tmp_path)


def run(corpus: Path, questions: Path, output: Path, system: str) -> int:
    return main(
        [
            "run",
            *BM25,
            "--backend",
            "memory",
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output",
            str(output),
            "--system",
            system,
            "--quiet",
        ]
    )


def test_the_metadata_names_the_runs_sha256_and_the_pair_reads_back(
    tmp_path: Path, inputs: tuple[Path, Path]
) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    metadata = json.loads(metadata_path(output).read_text())
    assert metadata[RUN_SHA256] == hashlib.sha256(output.read_bytes()).hexdigest()
    saved = read_saved_run(output).unwrap()
    assert saved.metadata == metadata
    assert saved.run["q1"].hits[0] == Hit("cup2", saved.run["q1"].hits[0].score)


def test_a_failure_between_the_two_renames_is_detected_by_the_reader(
    tmp_path: Path,
    inputs: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    old_metadata = metadata_path(output).read_text()
    assert read_saved_run(output).unwrap().metadata["system"]["name"] == "original"
    replace = os.replace

    def killed_before_the_metadata(source: str | Path, target: str | Path) -> None:
        if str(target).endswith(".meta.json"):
            # What a kill -9 right after the run's rename leaves: the run replaced, the
            # metadata not (the temporary is removed as after any failed write).
            raise OSError("killed between the renames")
        replace(source, target)

    # `atomic_write` renames with `os.replace`.
    monkeypatch.setattr(os, "replace", killed_before_the_metadata)
    # Another system, so the new run's bytes differ from the previous one's.
    assert run(*inputs, output, "concat") == 2
    monkeypatch.undo()
    capsys.readouterr()
    assert metadata_path(output).read_text() == old_metadata
    assert output.read_text().split()[-1] == "concat"
    refused = read_saved_run(output).failure()
    assert refused.code is SavedRunErrorCode.MISMATCH
    assert str(refused) == (
        f"{output} does not match its metadata r.meta.json (the run's SHA-256 differs from "
        "the one recorded): the two were not written together; rerun it"
    )
    assert "\n" not in str(refused)
    # Run again, the pair is written together and reads back.
    assert run(*inputs, output, "concat") == 0
    assert read_saved_run(output).unwrap().metadata["system"]["name"] == "concat"


def test_a_run_edited_after_it_was_saved_is_refused(
    tmp_path: Path, inputs: tuple[Path, Path]
) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    output.write_text(output.read_text().replace("cup2", "nile1", 1))
    assert read_saved_run(output).failure().code is SavedRunErrorCode.MISMATCH


def test_metadata_without_the_runs_hash_cannot_vouch_for_it(
    tmp_path: Path, inputs: tuple[Path, Path]
) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    metadata = json.loads(metadata_path(output).read_text())
    del metadata[RUN_SHA256]
    metadata_path(output).write_text(json.dumps(metadata))
    refused = read_saved_run(output).failure()
    assert refused.code is SavedRunErrorCode.UNCHECKED
    assert "records no run_sha256" in str(refused)


@pytest.mark.parametrize("text", ["[" * 100_000, "[1, 2]", "{"])
def test_metadata_that_is_not_a_record_is_one_line(
    tmp_path: Path, inputs: tuple[Path, Path], text: str
) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    metadata_path(output).write_text(text)
    refused = read_saved_run(output).failure()
    assert refused.code is SavedRunErrorCode.BAD_METADATA
    assert "\n" not in str(refused)


def test_a_missing_metadata_file_is_one_line(tmp_path: Path, inputs: tuple[Path, Path]) -> None:
    output = tmp_path / "r.trec"
    assert run(*inputs, output, "original") == 0
    metadata_path(output).unlink()
    refused = read_saved_run(output).failure()
    assert refused.code is SavedRunErrorCode.UNREADABLE
    assert str(refused).startswith(f"{metadata_path(output)}: cannot read")
