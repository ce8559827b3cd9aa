"""The trace memory's typed error value."""

from __future__ import annotations

import attrs


@attrs.frozen
class TraceError:
    """A trace that cannot enter the DAG or a reference that cannot be resolved.

    `code`: `bad_id` (not the next id), `unknown_dependency`, `unknown_reference` (an [A_k]
    naming no trace), `decomposer` (the decomposer failed) or `empty_question`.
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"trace rejected ({self.code} at {self.field}): {self.message}"
