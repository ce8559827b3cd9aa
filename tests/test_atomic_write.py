"""Files are replaced whole or not at all: an error mid-write keeps the previous file."""

from __future__ import annotations

import contextlib
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
    atomic_open,
    atomic_path,
    staged_outputs,
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


def test_staged_outputs_refuse_the_first_target_that_is_not_a_regular_file(
    tmp_path: Path,
) -> None:
    run, metadata = tmp_path / "r.trec", tmp_path / "r.meta.json"
    os.mkfifo(metadata)
    entered = []
    with pytest.raises(NotARegularFile) as refused, staged_outputs((run, metadata)):
        entered.append(True)
    assert (refused.value.filename, refused.value.strerror) == (
        str(metadata),
        "it exists and is not a regular file (a FIFO)",
    )
    # Refused on entering: the block never ran and nothing was made.
    assert entered == []
    assert names(tmp_path) == ["r.meta.json"]


def test_staged_outputs_publish_every_file_written_in_the_block(tmp_path: Path) -> None:
    first, second = tmp_path / "out" / "a.txt", tmp_path / "out" / "b.txt"
    with staged_outputs((first, second)) as staging:
        # The folder is made on entering; the targets appear only when the block publishes.
        for path, text in zip(staging.paths, ("new a", "new b"), strict=True):
            assert path.parent == first.parent and not path.exists()
            path.write_text(text)
        assert names(first.parent) == sorted(path.name for path in staging.paths)
        staging.publish()
        assert (first.read_text(), second.read_text()) == ("new a", "new b")
    assert names(first.parent) == ["a.txt", "b.txt"]


@given(st.integers(min_value=0, max_value=2), st.booleans(), st.booleans())
def test_staged_outputs_publish_only_a_complete_output_the_block_publishes(
    tmp_path_factory: pytest.TempPathFactory, written: int, publishes: bool, raised: bool
) -> None:
    folder = tmp_path_factory.mktemp("staged")
    first, second = folder / "a.txt", folder / "b.txt"
    first.write_text("old a")
    second.write_text("old b")
    # A block that writes some of the paths and then raises, returns a failure without
    # publishing (even with every path written), or publishes.
    with contextlib.suppress(OSError), staged_outputs((first, second)) as staging:
        for path in staging.paths[:written]:
            path.write_text("new")
        if raised:
            raise OSError(errno.ENOSPC, "No space left on device")
        if publishes:
            staging.publish()
    published = written == 2 and publishes and not raised
    expected = ("new", "new") if published else ("old a", "old b")
    assert (first.read_text(), second.read_text()) == expected
    assert names(folder) == ["a.txt", "b.txt"]


def test_publishing_with_a_path_not_written_is_an_error_and_renames_nothing(
    tmp_path: Path,
) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")
    with pytest.raises(FileNotFoundError), staged_outputs((first, second)) as staging:
        staging.paths[0].write_text("new a")
        staging.publish()
    assert first.read_text() == "old a" and not second.exists()
    assert names(tmp_path) == ["a.txt"]


def test_staged_outputs_check_every_target_again_before_any_rename(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")
    with pytest.raises(NotARegularFile), staged_outputs((first, second)) as staging:
        for path in staging.paths:
            path.write_text("new")
        # A FIFO appears at the second target while writing: nothing is renamed.
        os.mkfifo(second)
        staging.publish()
    assert first.read_text() == "old a"
    assert names(tmp_path) == ["a.txt", "b.txt"]


def test_staged_outputs_rename_the_first_target_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    renamed: list[str] = []
    replace = os.replace

    def watched(source: str | Path, target: str | Path) -> None:
        renamed.append(Path(target).name)
        replace(source, target)

    monkeypatch.setattr(os, "replace", watched)
    with staged_outputs((first, second)) as staging:
        for path in staging.paths:
            path.write_text("new")
        staging.publish()
    assert renamed == ["a.txt", "b.txt"]
