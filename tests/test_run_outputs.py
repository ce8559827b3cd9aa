"""`memcore run` never leaves a half-written run and never writes over one of its inputs."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import memcore
from cli_support import BM25, write_run_inputs
from memcore.cli import main
from memcore.eval.runs import trec
from memcore.search.values import Ranking

SOURCE = str(Path(memcore.__file__).parent.parent)


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    return write_run_inputs(tmp_path)


def run_arguments(corpus: Path, questions: Path, output: Path) -> list[str]:
    return [
        "run",
        *BM25,
        "--corpus",
        str(corpus),
        "--questions",
        str(questions),
        "--output",
        str(output),
        "--backend",
        "memory",
        "--system",
        "original",
        "--quiet",
    ]


def previous_run(output: Path) -> tuple[str, str]:
    output.write_text("q0 Q0 nile1 1 1.000000 previous\n")
    output.with_name(f"{output.stem}.meta.json").write_text('{"system": "previous"}\n')
    return read_run(output)


def read_run(output: Path) -> tuple[str, str]:
    return output.read_text(), output.with_name(f"{output.stem}.meta.json").read_text()


def test_a_full_disk_while_writing_keeps_the_previous_run_and_metadata(
    tmp_path: Path,
    inputs: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    output = tmp_path / "runs" / "r.trec"
    output.parent.mkdir()
    before = previous_run(output)
    lines = trec.run_lines

    def disk_fills_after_one_line(
        run: Mapping[str, Ranking], tag: str, depth: int = 100
    ) -> Iterator[str]:
        yield next(iter(lines(run, tag, depth)))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(trec, "run_lines", disk_fills_after_one_line)
    assert main(run_arguments(*inputs, output)) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert read_run(output) == before
    assert sorted(path.name for path in output.parent.iterdir()) == ["r.meta.json", "r.trec"]


KILLED_MID_WRITE = """
import os, signal, sys
from memcore.cli import main
from memcore.eval.runs import trec

lines = trec.run_lines

def killed_after_one_line(run, tag, depth=100):
    yield next(iter(lines(run, tag, depth)))
    os.kill(os.getpid(), signal.SIGKILL)

trec.run_lines = killed_after_one_line
sys.exit(main(sys.argv[1:]))
"""


def test_a_run_killed_while_writing_keeps_the_previous_run_and_the_next_run_tidies_up(
    tmp_path: Path, inputs: tuple[Path, Path]
) -> None:
    output = tmp_path / "runs" / "r.trec"
    output.parent.mkdir()
    before = previous_run(output)
    environment = {**os.environ, "PYTHONPATH": SOURCE}
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_MID_WRITE, *run_arguments(*inputs, output)],
        env=environment,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL
    assert read_run(output) == before
    assert main(run_arguments(*inputs, output)) == 0
    run, metadata = read_run(output)
    assert run.startswith("q1 Q0 cup2 1 ")
    assert json.loads(metadata)["questions"] == 1
    # The killed writer's temporaries are gone.
    assert sorted(path.name for path in output.parent.iterdir()) == ["r.meta.json", "r.trec"]


@pytest.mark.parametrize("which", ["questions", "corpus"])
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(
    tmp_path: Path,
    inputs: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    which: str,
) -> None:
    corpus, questions = inputs
    source = questions if which == "questions" else corpus
    original = source.read_text()
    # Another name for the same file (a hard link) is the same file too.
    alias = tmp_path / "alias.trec"
    os.link(source, alias)
    for output in (source, alias):
        assert main(run_arguments(corpus, questions, output)) == 2
        error = capsys.readouterr().err
        assert f"it is the input file {source}" in error
        assert error.count("\n") == 1
    assert source.read_text() == original


def test_a_metadata_file_that_is_an_input_is_refused(
    tmp_path: Path, inputs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = inputs
    renamed = tmp_path / "r.meta.json"
    questions.rename(renamed)
    assert main(run_arguments(corpus, renamed, tmp_path / "r.trec")) == 2
    assert "it is the input file" in capsys.readouterr().err
    assert json.loads(renamed.read_text())["id"] == "q1"
