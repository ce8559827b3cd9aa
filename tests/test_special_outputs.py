"""An output or save path that exists and is not a regular file (a FIFO, a character device,
or a link to one) is refused, never replaced: by `atomic_write` for every caller, and by
`memcore run --output` and `memcore chat --save` with one line and exit status 2."""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_support import BM25, write_run_inputs
from memcore.atomic_write import (
    NotARegularFile,
    atomic_open_binary,
    write_text_atomically,
    write_with,
)
from memcore.cli import main
from test_run_outputs import run_arguments


def fifo(folder: Path) -> Path:
    path = folder / "out.fifo"
    os.mkfifo(path)
    return path


def character_device(folder: Path) -> Path:
    """A character device to write to: as root, a private node with /dev/null's numbers
    (never the system's own); otherwise a link to /dev/null, which no write may replace."""
    if os.geteuid() != 0:
        link = folder / "null"
        link.symlink_to("/dev/null")
        return link
    path = folder / "null"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except OSError as error:
        pytest.skip(f"cannot make a character device here: {error}")
    return path


def kind(path: Path) -> str:
    """What is at `path`, following links, plus whether `path` itself is a link."""
    mode = path.stat().st_mode
    name = "fifo" if stat.S_ISFIFO(mode) else "char" if stat.S_ISCHR(mode) else "other"
    return f"link to {name}" if path.is_symlink() else name


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def write_text(target: Path) -> None:
    write_text_atomically(target, "run\n")


def write_binary(target: Path) -> None:
    with atomic_open_binary(target) as handle:
        handle.write(b"run\n")


def write_through_path(target: Path) -> None:
    def write(temporary: Path) -> None:
        temporary.write_text("run\n")

    write_with(target, write)


WRITES = (write_text, write_binary, write_through_path)


@pytest.mark.parametrize("write", WRITES)
def test_a_fifo_is_refused_and_kept(tmp_path: Path, write: Callable[[Path], None]) -> None:
    target = fifo(tmp_path)
    with pytest.raises(NotARegularFile) as raised:
        write(target)
    assert isinstance(raised.value, OSError)
    assert str(raised.value.strerror) == "it exists and is not a regular file (a FIFO)"
    assert kind(target) == "fifo"
    # refused before anything was written: no temporary beside it
    assert names(tmp_path) == ["out.fifo"]


def test_a_link_to_a_fifo_is_refused_and_both_are_kept(tmp_path: Path) -> None:
    target = fifo(tmp_path)
    link = tmp_path / "out.trec"
    link.symlink_to(target)
    with pytest.raises(NotARegularFile):
        write_text(link)
    assert kind(link) == "link to fifo"
    assert kind(target) == "fifo"
    assert names(tmp_path) == ["out.fifo", "out.trec"]


def test_a_character_device_is_refused_and_kept(tmp_path: Path) -> None:
    target = character_device(tmp_path)
    before = kind(target)
    with pytest.raises(NotARegularFile) as raised:
        write_text(target)
    assert "not a regular file (a character device)" in str(raised.value)
    assert kind(target) == before
    assert names(tmp_path) == ["null"]


def test_a_regular_file_and_a_link_to_one_are_still_replaced(tmp_path: Path) -> None:
    target = tmp_path / "out.trec"
    target.write_text("old\n")
    link = tmp_path / "link.trec"
    link.symlink_to(target)
    write_text(link)
    assert link.is_symlink() and target.read_text() == "run\n"


def test_run_with_a_fifo_output_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = write_run_inputs(tmp_path)
    output = fifo(tmp_path)
    assert main(run_arguments(corpus, questions, output)) == 2
    # Refused before the corpus is indexed or a question ranked: one line, nothing else.
    error = capsys.readouterr().err.splitlines()
    assert error == [
        f"memcore run: cannot write the run to {output}: "
        "it exists and is not a regular file (a FIFO)"
    ]
    assert kind(output) == "fifo"
    assert names(tmp_path) == ["corpus.jsonl", "out.fifo", "questions.jsonl"]


def test_chat_with_a_fifo_save_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = fifo(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("tell me about apollo 11\n"))
    assert main(["chat", *BM25, "--writer", "rules", "--save", str(save)]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"memcore chat: cannot save to {save}: it exists and is not a regular file (a FIFO)\n"
    )
    # refused before the conversation started: no question was asked
    assert "User:" not in captured.out
    assert kind(save) == "fifo"
    assert names(tmp_path) == ["out.fifo"]
