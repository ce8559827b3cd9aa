"""Saved indexes appear whole: written aside, then moved into place in one rename."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.store import write_directory


def writer(text: str) -> Callable[[Path], None]:
    def write(folder: Path) -> None:
        (folder / "a.txt").write_text(text)
        (folder / "b.txt").write_text(text.upper())

    return write


def contents(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted(folder.iterdir())}


def test_writes_a_new_folder_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "index"
    assert write_directory(target, writer("one")).unwrap() == target
    assert contents(target) == {"a.txt": "one", "b.txt": "ONE"}
    assert [path.name for path in tmp_path.iterdir()] == ["index"]


def test_fills_an_existing_empty_folder(tmp_path: Path) -> None:
    target = tmp_path / "index"
    target.mkdir()
    write_directory(target, writer("two")).unwrap()
    assert contents(target) == {"a.txt": "two", "b.txt": "TWO"}


def test_replaces_an_existing_index_whole(tmp_path: Path) -> None:
    target = tmp_path / "nested" / "index"
    write_directory(target, writer("old")).unwrap()
    (target / "stale.txt").write_text("left from the old index")
    write_directory(target, writer("new")).unwrap()
    assert contents(target) == {"a.txt": "new", "b.txt": "NEW"}
    assert [path.name for path in target.parent.iterdir()] == ["index"]


def test_a_failing_write_is_a_value_and_keeps_the_old_index(tmp_path: Path) -> None:
    target = tmp_path / "index"
    write_directory(target, writer("kept")).unwrap()

    def broken(folder: Path) -> None:
        (folder / "a.txt").write_text("partial")
        raise OSError("disk full")

    error = write_directory(target, broken).failure()
    assert isinstance(error, IndexStoreError)
    assert error.path == str(target)
    assert "disk full" in error.problem
    assert contents(target) == {"a.txt": "kept", "b.txt": "KEPT"}
    assert [path.name for path in tmp_path.iterdir()] == ["index"]


def test_an_unusable_parent_is_a_value(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    error = write_directory(blocker / "index", writer("x")).failure()
    assert isinstance(error, IndexStoreError)
    assert "cannot create index folder" in error.problem


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_staging_folders_of_killed_saves_are_removed_by_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "index"
    killed = tmp_path / f".index.{dead_pid()}.0badc0de.tmp"
    killed.mkdir()
    (killed / "data.npy").write_bytes(b"\0" * 1024)
    running = tmp_path / f".index.{os.getppid()}.0badc0de.tmp"
    running.mkdir()
    legacy = tmp_path / ".index.k3j_9x0a"
    legacy.mkdir()
    two_hours_ago = time.time() - 7200
    os.utime(legacy, (two_hours_ago, two_hours_ago))
    fresh_legacy = tmp_path / ".index.old.abcdefgh"
    fresh_legacy.mkdir()
    write_directory(target, writer("one")).unwrap()
    # A live process's staging and a recent one without a pid may still be in use.
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["index", running.name, fresh_legacy.name]
    )
