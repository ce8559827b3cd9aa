"""Writing files so that they are replaced whole or not at all.

Every file memcore writes (chat saves, runs and their metadata, evaluation reports, built
question and corpus files, index files) goes through this module, and so does every saved
index folder (`staging_directory`, then `publish_directory`). The content is written to
a temporary file in the target's folder (so the final rename stays on one file system),
flushed, fsynced, then renamed over the target, and the folder is fsynced so the rename
survives a crash. An error while writing (a full disk, an unencodable character) or a
process killed part-way leaves the previous file untouched; the temporary file is removed
on an error and, when its writer was killed, by the next write to the same target.

Files that belong together (a run and its metadata) are replaced by one `staged_outputs`
block: all written aside, then renamed in their order when the block says they are complete
(`Staging.publish`), or none of them.

Only a regular file (or a new name) is ever replaced. A target that exists and is something
else (a FIFO, a character or block device, a socket, a folder), or a link to one, is refused
with `NotARegularFile` before anything is written: renaming over `/dev/null` or a pipe would
destroy it, and a reader waiting on it would never see the content. This is checked again
just before the rename; a special file created in between is the only thing that can slip by.

Temporary names are `.<name>.<pid>.<random>.tmp<suffix>`; the pid lets a later writer tell
a leftover of a dead process from a file another live process is still writing.

These are effects at the boundary: like `Path.write_text` they raise `OSError` (and
`UnicodeEncodeError` for unencodable text) and the callers turn that into a value.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO

import attrs

TEMPORARY_MARK = ".tmp"

# Staging folders used to be named by `tempfile.mkdtemp`, without the writer's pid; one of
# those untouched this long is taken as left by a killed save.
LEGACY_STAGING_AGE_SECONDS = 3600.0

_SPECIAL_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotARegularFile(OSError):
    """The target exists and is not a regular file: it is left as it is, nothing written.

    An `OSError` (errno EEXIST), so callers that report a failed write report this too; its
    `strerror` says what the target is, in one line."""

    def __init__(self, target: Path, what: str) -> None:
        super().__init__(errno.EEXIST, f"it exists and is not a regular file ({what})", str(target))


def refusal(target: Path | str) -> NotARegularFile | None:
    """The error a write to `target` raises if it exists and is not a regular file (links
    followed); None for a regular file or a name that does not exist yet."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        # Absent (or a dangling link): a new file will be written; any other problem the
        # write itself reports.
        return None
    if stat.S_ISREG(mode):
        return None
    what = next((what for test, what in _SPECIAL_KINDS if test(mode)), "a special file")
    return NotARegularFile(Path(target), what)


@attrs.frozen
class Staging:
    """Where a `staged_outputs` block writes: one path per target, in the targets' order, each
    a hidden name beside its target (plain file I/O; nothing is there until written), and the
    targets they replace once the block calls `publish`."""

    paths: tuple[Path, ...]
    destinations: tuple[Path, ...]

    def publish(self) -> None:
        """Replace the targets by what the block wrote: each staged path is made durable,
        every target is checked again, and they are renamed into place, the first target first
        (a process killed part-way leaves the earlier targets new and the later ones as they
        were, never a half-written file). A staged path not written is `FileNotFoundError`
        and nothing is renamed. Raises `OSError`."""
        missing = next((path for path in self.paths if not path.exists()), None)
        if missing is not None:
            raise FileNotFoundError(errno.ENOENT, "not written before publishing", str(missing))
        _publish_staged(self, self.destinations)


@contextlib.contextmanager
def staged_outputs(targets: Sequence[Path]) -> Iterator[Staging]:
    """Files replaced together: entering refuses the first target that exists and is not a
    regular file (`NotARegularFile`, nothing made), makes the targets' folders and names a
    staging path beside each; the block writes them and, once the outputs are complete, calls
    `Staging.publish`. Only that call replaces targets: a block that returns a failure, raises,
    or leaves without publishing leaves every target as it was, and whatever was staged is
    removed when the block ends. Raises `OSError`."""
    destinations = _staged_destinations(targets)
    paths = tuple(temporary_sibling(d, d.suffix) for d in destinations)
    try:
        yield Staging(paths, destinations)
    finally:
        for path in paths:
            remove_quietly(path)


def _staged_destinations(targets: Sequence[Path]) -> tuple[Path, ...]:
    """Where `targets` are written (through links, as `atomic_path` does: a link's
    destination is replaced), once none is refused, their folders are made and what killed
    writers left beside them is removed."""
    refused = next((r for r in map(refusal, targets) if r is not None), None)
    if refused is not None:
        raise refused
    for target in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
    destinations = tuple(Path(os.path.realpath(target)) for target in targets)
    for destination in destinations:
        remove_stale_siblings(destination)
    return destinations


def _publish_staged(staging: Staging, destinations: tuple[Path, ...]) -> None:
    for path in staging.paths:
        _fsync_file(path)
    # Again, for every target before any rename: the block may have run long.
    for destination in destinations:
        _refuse_special(destination)
    for path, destination in zip(staging.paths, destinations, strict=True):
        os.replace(path, destination)
    for folder in dict.fromkeys(destination.parent for destination in destinations):
        fsync_directory(folder)


def _refuse_special(target: Path) -> None:
    refused = refusal(target)
    if refused is not None:
        raise refused


def temporary_sibling(target: Path, extension: str = "") -> Path:
    """A fresh hidden name beside `target` that names this process:
    `.name.pid.random.tmp<extension>`."""
    token = secrets.token_hex(4)
    return target.with_name(f".{target.name}.{os.getpid()}.{token}{TEMPORARY_MARK}{extension}")


def _writer_pid(target: Path, candidate: str) -> int | None:
    name, mark, extension = map(re.escape, (target.name, TEMPORARY_MARK, target.suffix))
    matched = re.fullmatch(rf"\.{name}\.(\d+)\.[0-9a-f]+{mark}(?:{extension})?", candidate)
    return int(matched.group(1)) if matched else None


def _is_running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        # PermissionError: the process exists but belongs to someone else.
        return True
    return True


def stale_siblings(target: Path) -> list[Path]:
    """Temporaries of `target` (see `temporary_sibling`) whose writing process has died."""
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    stale = []
    for name in sorted(names):
        pid = _writer_pid(target, name)
        if pid is not None and not _is_running(pid):
            stale.append(target.parent / name)
    return stale


def remove_stale_siblings(target: Path) -> None:
    """Remove what killed writers of `target` left behind (files or folders); best effort."""
    for path in stale_siblings(target):
        remove_quietly(path)


def remove_quietly(path: Path) -> None:
    """Remove a file or a folder tree, ignoring errors (it may be gone already)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            path.unlink()


def fsync_directory(folder: Path) -> None:
    """Make a rename in `folder` durable; skipped where folders cannot be opened (Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _fsync_file(path: Path) -> None:
    with path.open("rb+") as handle:
        os.fsync(handle.fileno())


@contextlib.contextmanager
def atomic_path(target: Path | str) -> Iterator[Path]:
    """A temporary path to write in place of `target`; renamed over it when the block ends.

    The temporary keeps `target`'s suffix, so tools that pick a format by extension (a
    chart's `savefig`) still do. If the block raises, the temporary is removed and `target`
    is left as it was. A symlinked `target` is written through: its destination is replaced.
    A `target` (or destination) that exists and is not a regular file raises
    `NotARegularFile` before the block runs, and is never replaced.
    """
    destination = Path(os.path.realpath(target))
    _refuse_special(destination)
    remove_stale_siblings(destination)
    temporary = temporary_sibling(destination, destination.suffix)
    try:
        yield temporary
        _fsync_file(temporary)
        # Again: the block may have run long, and the rename must not clobber what appeared.
        _refuse_special(destination)
        os.replace(temporary, destination)
    except BaseException:
        remove_quietly(temporary)
        raise
    fsync_directory(destination.parent)


@contextlib.contextmanager
def atomic_open(
    target: Path | str, mode: str = "w", encoding: str | None = "utf-8"
) -> Iterator[IO[str]]:
    """A text handle (mode "w") whose content replaces `target` when the block ends."""
    with atomic_path(target) as temporary, temporary.open(mode, encoding=encoding) as handle:
        yield handle


@contextlib.contextmanager
def atomic_open_binary(target: Path | str) -> Iterator[IO[bytes]]:
    """A binary handle whose content replaces `target` when the block ends."""
    with atomic_path(target) as temporary, temporary.open("wb") as handle:
        yield handle


def write_text_atomically(target: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Replace `target` with `text`, whole or not at all."""
    with atomic_open(target, encoding=encoding) as handle:
        handle.write(text)


def write_with(target: Path | str, write: Callable[[Path], None]) -> None:
    """Replace `target` with what `write` writes to the path it is given."""
    with atomic_path(target) as temporary:
        write(temporary)


def staging_directory(target: Path) -> Path:
    """A fresh empty folder beside `target` to write its new content in (`publish_directory`
    then moves it into place); `target`'s parent is made when missing.

    Staging folders that killed writers left beside `target` (an index can be 40-80 MB) are
    removed first, and so are the unnamed ones of older memcore versions untouched for
    `LEGACY_STAGING_AGE_SECONDS`; those of writers still running are kept. Raises `OSError`.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_siblings(target)
    _remove_legacy_staging(target)
    staging = temporary_sibling(target)
    staging.mkdir()
    return staging


def _remove_legacy_staging(target: Path) -> None:
    pattern = rf"\.{re.escape(target.name)}\.(?:old\.)?[a-z0-9_]{{8}}"
    cutoff = time.time() - LEGACY_STAGING_AGE_SECONDS
    for name in os.listdir(target.parent):
        path = target.parent / name
        try:
            stale = re.fullmatch(pattern, name) is not None and path.stat().st_mtime < cutoff
        except OSError:
            continue
        if stale and path.is_dir():
            remove_quietly(path)


def publish_directory(staging: Path, target: Path, write: Callable[[Path], None]) -> None:
    """Run `write` on `staging` (from `staging_directory`), make its files durable, then move
    it to `target` in one rename, replacing a folder there.

    Another process opening `target` meanwhile finds the old folder or none, never a mix. An
    `OSError` while writing or moving removes `staging` and is raised; `target` is left as
    it was.
    """
    try:
        write(staging)
        _fsync_files(staging)
        _publish(staging, target)
    except OSError:
        remove_quietly(staging)
        raise


def _fsync_files(folder: Path) -> None:
    """Make the written files durable before the rename publishes them."""
    for path in folder.rglob("*"):
        if path.is_file():
            _fsync_file(path)
    fsync_directory(folder)


def _publish(staging: Path, target: Path) -> None:
    try:
        # Succeeds when `target` is absent or an empty folder.
        os.replace(staging, target)
    except OSError:
        retired = temporary_sibling(target)
        os.replace(target, retired)
        os.replace(staging, target)
        remove_quietly(retired)
    fsync_directory(target.parent)
