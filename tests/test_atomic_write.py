"""Files are replaced whole or not at all: an error mid-write keeps the previous file."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.atomic_write import (
    NotARegularFile,
    Replacement,
    atomic_open,
    atomic_path,
    replacement,
    stale_siblings,
    temporary_sibling,
    write_text_atomically,
)


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_writes_a_new_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_text_atomically(target, "café\n")
    assert target.read_text(encoding="utf-8") == "café\n"
    assert names(tmp_path) == ["out.json"]


def test_replaces_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    with atomic_open(target) as handle:
        handle.write("new")
        # Until the block ends, readers still see the previous file.
        assert target.read_text() == "old"
    assert target.read_text() == "new"
    assert names(tmp_path) == ["out.txt"]


def test_a_full_disk_mid_write_keeps_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "run.trec"
    target.write_text("the previous good run\n")
    with pytest.raises(OSError, match="No space"), atomic_open(target) as handle:
        handle.write("q1 Q0 d1 1 1.0 tag\n")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert target.read_text() == "the previous good run\n"
    assert names(tmp_path) == ["run.trec"]


def test_unencodable_text_keeps_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "chat.json"
    target.write_text("{}")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomically(target, "caf\udce9")
    assert target.read_text() == "{}"
    assert names(tmp_path) == ["chat.json"]


def test_the_temporary_keeps_the_suffix_so_formats_chosen_by_name_still_work(
    tmp_path: Path,
) -> None:
    with atomic_path(tmp_path / "chart.png") as temporary:
        assert temporary.suffix == ".png"
        assert temporary.parent == tmp_path
        temporary.write_bytes(b"png")
    assert names(tmp_path) == ["chart.png"]


def test_a_symlinked_target_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text_atomically(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_killed_writers_leftover_is_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "run.trec"
    leftover = target.with_name(f".run.trec.{dead_pid()}.0badc0de.tmp.trec")
    leftover.write_text("partial")
    live = target.with_name(f".run.trec.{os.getppid()}.0badc0de.tmp.trec")
    live.write_text("another live process is writing this")
    assert stale_siblings(target) == [leftover]
    write_text_atomically(target, "whole")
    assert names(tmp_path) == sorted([live.name, "run.trec"])


def test_temporary_names_are_recognised_as_the_targets(tmp_path: Path) -> None:
    target = tmp_path / "index"
    staging = temporary_sibling(target)
    staging.mkdir()
    # This process is alive, so its own staging folder is never stale.
    assert stale_siblings(target) == []
    assert staging.name.startswith(f".index.{os.getpid()}.")


@given(
    old=st.text(max_size=50),
    new=st.text(max_size=50),
    cut=st.one_of(st.none(), st.integers(min_value=0, max_value=50)),
)
def test_the_target_holds_the_old_or_the_new_content_never_a_mix(
    tmp_path_factory: pytest.TempPathFactory, old: str, new: str, cut: int | None
) -> None:
    folder = tmp_path_factory.mktemp("atomic")
    target = folder / "file.txt"
    target.write_text(old, encoding="utf-8")
    try:
        with atomic_open(target) as handle:
            handle.write(new if cut is None else new[:cut])
            if cut is not None:
                raise OSError(errno.ENOSPC, "disk full")
    except OSError:
        assert cut is not None
    assert target.read_bytes().decode("utf-8") == (old if cut is not None else new)
    assert names(folder) == ["file.txt"]


def test_a_replacement_refuses_the_first_target_that_is_not_a_regular_file(
    tmp_path: Path,
) -> None:
    run, metadata = tmp_path / "r.trec", tmp_path / "r.meta.json"
    assert replacement((run, metadata)) == Replacement((run, metadata))
    os.mkfifo(metadata)
    refused = replacement((run, metadata))
    assert isinstance(refused, NotARegularFile)
    assert (refused.filename, refused.strerror) == (
        str(metadata),
        "it exists and is not a regular file (a FIFO)",
    )


def test_a_replacement_renames_its_targets_in_order_or_leaves_them_all(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")
    second.write_text("old b")
    files = Replacement((first, second))

    def half_written(temporaries: tuple[Path, ...]) -> None:
        temporaries[0].write_text("new a")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError):
        files.write(half_written)
    assert (first.read_text(), second.read_text()) == ("old a", "old b")
    assert names(tmp_path) == ["a.txt", "b.txt"]

    seen: list[tuple[str, str]] = []

    def written(temporaries: tuple[Path, ...]) -> None:
        for path, text in zip(temporaries, ("new a", "new b"), strict=True):
            path.write_text(text)
        # Nothing is renamed until both are written.
        seen.append((first.read_text(), second.read_text()))

    files.write(written)
    assert seen == [("old a", "old b")]
    assert (first.read_text(), second.read_text()) == ("new a", "new b")
    assert names(tmp_path) == ["a.txt", "b.txt"]


def test_a_replacement_renames_the_first_target_first(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")

    def written_then_second_taken(temporaries: tuple[Path, ...]) -> None:
        for path in temporaries:
            path.write_text("new")
        # A FIFO appears at the second target while writing: its rename is refused.
        os.mkfifo(second)

    with pytest.raises(NotARegularFile):
        Replacement((first, second)).write(written_then_second_taken)
    assert first.read_text() == "new"
    assert names(tmp_path) == ["a.txt", "b.txt"]
