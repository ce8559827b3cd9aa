"""Failures of saved-index handling, returned as values."""

from __future__ import annotations

import attrs


@attrs.frozen
class IndexStoreError:
    """A saved index could not be written or used: `path` says where, `problem` says why."""

    path: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"
