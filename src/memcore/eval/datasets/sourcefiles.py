"""Reading the JSON and JSON Lines files of upstream data sets as values, never exceptions."""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.eval.errors import FormatError
from memcore.jsontext import decode_json, read_text


def read_json(path: Path) -> Result[object, FormatError]:
    """The decoded JSON document at `path`, or why it cannot be read."""
    read = read_text(path)
    if isinstance(read, Failure):
        return Failure(FormatError(str(path), 0, "$", read.failure().message))
    decoded = decode_json(read.unwrap())
    if isinstance(decoded, Failure):
        return Failure(FormatError(str(path), 0, "$", str(decoded.failure())))
    return Success(decoded.unwrap())


def read_json_lines(path: Path) -> Result[tuple[object, ...], FormatError]:
    """Every decoded record of the JSON Lines file at `path` (blank lines skipped)."""
    read = read_text(path)
    if isinstance(read, Failure):
        return Failure(FormatError(str(path), 0, "$", read.failure().message))
    records = []
    for number, line in enumerate(read.unwrap().splitlines(), start=1):
        if not line.strip():
            continue
        decoded = decode_json(line)
        if isinstance(decoded, Failure):
            return Failure(FormatError(str(path), number, "$", str(decoded.failure())))
        records.append(decoded.unwrap())
    return Success(tuple(records))
