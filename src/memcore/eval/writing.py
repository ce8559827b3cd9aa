"""Memory builders for the evaluated systems: a writer driven over a dialogue's turns."""

from __future__ import annotations

from returns.result import Failure, Result

from memcore.eval.systems import MemoryBuilder, MemoryBuilderFactory

WRITERS = ("rules",)


def memory_builders(writer: str) -> MemoryBuilderFactory:
    """The factory of memory builders (one per horizon) for the writer called `writer`."""

    def factory(horizon: int | None) -> Result[MemoryBuilder, str]:
        return Failure(f"writer {writer!r} is not available: no conversation driver in this build")

    return factory
