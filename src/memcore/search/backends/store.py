"""Writing a saved index so that readers never see it half-written."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.atomic_write import publish_directory, staging_directory
from memcore.jsontext import decode_json, read_text
from memcore.search.backends.errors import IndexStoreError


def write_directory(
    directory: Path, write: Callable[[Path], None]
) -> Result[Path, IndexStoreError]:
    """Run `write` on a fresh sibling folder, then move it to `directory` in one rename
    (`memcore.atomic_write.staging_directory` and `publish_directory`).

    Another process opening `directory` meanwhile finds the old index or none, never a mix
    (several evaluation workers may build the same cached index at once). An existing index
    there is replaced. Staging folders that killed saves left beside `directory` are removed
    first; those of saves still running are kept.
    """
    try:
        staging = staging_directory(directory)
    except OSError as error:
        return Failure(IndexStoreError(str(directory), f"cannot create index folder: {error}"))
    try:
        publish_directory(staging, directory, write)
    except OSError as error:
        return Failure(IndexStoreError(str(directory), f"cannot write index: {error}"))
    return Success(directory)


def file_checksums(folder: Path, manifest_name: str) -> dict[str, str]:
    """The SHA-256 of every file under `folder` but the manifest, by path relative to it.

    A backend stores these in its manifest when it saves, and `checksum_problem` compares
    them when it loads: a cached index changed or cut short on disk is then rebuilt instead
    of being trusted (or crashing the reader).
    """
    return {
        path.relative_to(folder).as_posix(): _sha256(path)
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != manifest_name
    }


def finish_saved_index(
    folder: Path,
    ids: Sequence[str],
    manifest: Mapping[str, object],
    ids_name: str,
    manifest_name: str,
) -> None:
    """Write the passage ids and, last, the manifest with the checksums of every other file:
    the step every backend's `save` ends with, once its own files are in `folder`."""
    (folder / ids_name).write_text(json.dumps(list(ids)), encoding="utf-8")
    recorded = {**manifest, "files": file_checksums(folder, manifest_name)}
    (folder / manifest_name).write_text(json.dumps(recorded, indent=2), "utf-8")


def read_json_file(path: Path) -> Result[object, str]:
    """The JSON value in the file at `path`, or why it cannot be read, in one line.

    Decoded by `memcore.jsontext`, so a damaged file (bytes that are not UTF-8, brackets
    nested past the recursion limit, a number of thousands of digits) is a failure value like
    a missing one, never an exception: a cached index whose manifest is damaged is rebuilt.
    """
    read = read_text(path)
    if isinstance(read, Failure):
        return Failure(f"{path.name}: {read.failure().message}")
    decoded = decode_json(read.unwrap())
    if isinstance(decoded, Failure):
        return Failure(f"{path.name}: {decoded.failure()}")
    return Success(decoded.unwrap())


def non_finite_problem(values: npt.NDArray[Any], what: str) -> str | None:
    """Why the floating-point array `values` cannot be searched, or None: a value that is
    infinite or not a number would rank every passage it touches first, last or at random."""
    if values.size and not bool(np.isfinite(values).all()):
        return f"values that are not finite (inf or nan) in {what}"
    return None


def checksum_problem(folder: Path, manifest_name: str, recorded: object) -> str | None:
    """Why the files under `folder` do not match the `recorded` checksums, or None."""
    if not isinstance(recorded, dict) or not recorded:
        return "the manifest records no file checksums (saved by an older memcore)"
    try:
        found = file_checksums(folder, manifest_name)
    except OSError as error:
        return f"cannot read the index files: {error}"
    for name in sorted(set(recorded) | set(found)):
        if name not in found:
            return f"{name} is missing"
        if name not in recorded:
            return f"{name} is not part of the saved index"
        if found[name] != recorded[name]:
            return f"{name} has changed since it was saved (checksum differs)"
    return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
