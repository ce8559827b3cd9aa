"""Typed error values. Public APIs return them inside `returns.result.Failure`, never raise them."""

from __future__ import annotations

import attrs


@attrs.frozen
class WriterOutputError:
    """The writer's answer cannot become a node; the memory stays as it was.

    `code` is a stable machine-readable name, `field` a JSON path into the output
    (`operations[1].topic`, or `$` for the whole document).
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"writer output rejected ({self.code} at {self.field}): {self.message}"


@attrs.frozen
class InputTooLong:
    """The rendered writer input exceeds its character cap."""

    length: int
    cap: int

    @property
    def message(self) -> str:
        return f"writer input has {self.length} characters, over the cap of {self.cap}"

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class DocumentError:
    """A memory document cannot be read: bad JSON, wrong schema, unknown version or bad values."""

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"memory document rejected ({self.code} at {self.field}): {self.message}"
