"""Writing a saved index so that readers never see it half-written."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.search.backends.errors import IndexStoreError


def write_directory(
    directory: Path, write: Callable[[Path], None]
) -> Result[Path, IndexStoreError]:
    """Run `write` on a fresh sibling folder, then move it to `directory` in one rename.

    Another process opening `directory` meanwhile finds the old index or none, never a mix
    (several evaluation workers may build the same cached index at once). An existing index
    there is replaced.
    """
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    except OSError as error:
        return Failure(IndexStoreError(str(directory), f"cannot create index folder: {error}"))
    try:
        write(staging)
        _publish(staging, directory)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        return Failure(IndexStoreError(str(directory), f"cannot write index: {error}"))
    return Success(directory)


def _publish(staging: Path, directory: Path) -> None:
    try:
        # Succeeds when `directory` is absent or an empty folder.
        os.replace(staging, directory)
    except OSError:
        retired = Path(tempfile.mkdtemp(prefix=f".{directory.name}.old.", dir=directory.parent))
        os.replace(directory, retired / "index")
        os.replace(staging, directory)
        shutil.rmtree(retired, ignore_errors=True)
