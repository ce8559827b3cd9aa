"""One writer call timed and reported, and a turn's calls: the retries, then the fallback."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Generic, TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.search.pipeline import SearchError
from memcore.writers.driving.settings import DriverConfig, FailurePolicy
from memcore.writers.protocol import (
    AttemptError,
    TokenCount,
    Writer,
    WriterError,
    WriterReply,
    WriterRequest,
)

T = TypeVar("T")


@attrs.frozen
class CallReport:
    """One writer call: who, how long, tokens in and out where known, and its error if any."""

    writer: str
    turn: int
    attempt: int
    latency_s: float
    tokens_in: int | None
    tokens_out: int | None
    counted: TokenCount
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the call gave a node."""
        return self.error is None


@attrs.frozen
class TurnFailed:
    """Every attempt at a turn failed; the conversation is unchanged."""

    turn: int
    errors: tuple[AttemptError | SearchError, ...]
    calls: tuple[CallReport, ...]

    @property
    def message(self) -> str:
        return f"turn {self.turn} failed: " + "; ".join(str(error) for error in self.errors)

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class Written(Generic[T]):
    """What a turn's calls gave: the value read from the reply that succeeded, every call,
    and whether the fallback writer gave it."""

    value: T
    calls: tuple[CallReport, ...]
    fell_back: bool


# One attempt with a writer: the value read from its reply, and the call's report.
Attempt = Callable[[Writer, int], tuple[Result[T, AttemptError], CallReport]]


def timed_call(
    writer: Writer,
    request: WriterRequest,
    attempt: int,
    read: Callable[[WriterReply], Result[T, AttemptError]],
) -> tuple[Result[T, AttemptError], CallReport]:
    """`writer` called once on `request`, its reply read, and the call's report."""
    started = time.perf_counter()
    written: Result[WriterReply, WriterError] = writer.write(request)
    latency = time.perf_counter() - started
    turn = request.turn
    if isinstance(written, Failure):  # no reply: nothing to read, no tokens to report
        error = written.failure()
        report = CallReport(
            writer.name, turn.turn, attempt, latency, None, None, TokenCount.NONE, str(error)
        )
        return Failure(error), report
    reply = written.unwrap()
    parsed = read(reply)
    error_text = None if isinstance(parsed, Success) else str(parsed.failure())
    report = CallReport(
        writer.name,
        turn.turn,
        attempt,
        latency,
        reply.tokens_in,
        reply.tokens_out,
        reply.counted,
        error_text,
    )
    return parsed, report


def with_retries(
    writer: Writer,
    fallback: Writer | None,
    config: DriverConfig,
    request: WriterRequest,
    attempt_with: Attempt[T],
) -> Result[Written[T], TurnFailed]:
    """The writer's attempts (one, then `config.retries` more), then, under the fall-back
    policy, one attempt with `fallback` (none given: the failure is returned)."""
    calls: list[CallReport] = []
    errors: list[AttemptError | SearchError] = []
    writers = [writer] * (config.retries + 1)
    if config.policy is FailurePolicy.FALL_BACK and fallback is not None:
        writers.append(fallback)
    for attempt, chosen in enumerate(writers, start=1):
        result, report = attempt_with(chosen, attempt)
        calls.append(report)
        if isinstance(result, Success):
            fell_back = attempt > config.retries + 1
            return Success(Written(result.unwrap(), tuple(calls), fell_back))
        errors.append(result.failure())
    return Failure(TurnFailed(request.turn.turn, tuple(errors), tuple(calls)))
