"""Results gathered: many `returns.Result` values read as one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from returns.result import Failure, Result, Success

T = TypeVar("T")
E = TypeVar("E")


def collected(results: Iterable[Result[T, E]]) -> Result[tuple[T, ...], E]:
    """Every value in order, or the first failure (the results after it are not read)."""
    values: list[T] = []
    for result in results:
        if isinstance(result, Failure):
            return Failure(result.failure())
        values.append(result.unwrap())
    return Success(tuple(values))
