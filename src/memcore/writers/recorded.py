"""A writer that replays stored outputs, and a wrapper that records any writer's outputs.

A recording is a JSON Lines file, one object per call: `{"turn", "question", "final",
"output", "writer"}`, and `"live": true` for a live call (one call per live turn, whose output
also completes the previous turn). The recorded writer answers a request with the output
stored for the same turn number, question, final flag and live flag, so tests and demos can
replay a model's memory without the model; a request with no recording is a `WriterError`.
A live request with no live recording is answered from an offline recording: the previous
turn's history output becomes `previous`, the new turn's final output the rest (the version-1
recordings replay live this way).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.jsontext import decode_json, json_lines, read_text
from memcore.results import collected
from memcore.writer_output import PREVIOUS, decode_output
from memcore.writers.driving.conversation import Conversation, LiveConversation, Turn
from memcore.writers.driving.live import LiveDriver
from memcore.writers.driving.offline import OfflineDriver
from memcore.writers.driving.settings import DriverConfig, FailurePolicy
from memcore.writers.protocol import (
    Writer,
    WriterError,
    WriterErrorCode,
    WriterReply,
    WriterRequest,
)

Key = tuple[int, str, bool, bool]


@attrs.frozen
class Recording:
    """One stored writer output."""

    turn: int
    question: str
    final: bool
    output: str
    writer: str = ""
    live: bool = False

    @property
    def key(self) -> Key:
        return (self.turn, self.question, self.final, self.live)

    def to_json(self) -> str:
        """The recording as one JSON line (no newline; `live` only when true)."""
        document = attrs.asdict(self)
        if not self.live:
            del document["live"]
        return json.dumps(document, ensure_ascii=False)


@attrs.frozen
class RecordingError:
    """A recording file that cannot be read: where and why."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def _recording(value: object) -> Recording | None:
    if not isinstance(value, dict):
        return None
    turn, question, final, output = (value.get(k) for k in ("turn", "question", "final", "output"))
    writer = value.get("writer", "")
    live = value.get("live", False)
    if (
        not isinstance(turn, int)
        or isinstance(turn, bool)
        or not isinstance(question, str)
        or not isinstance(final, bool)
        or not isinstance(output, str)
        or not isinstance(writer, str)
        or not isinstance(live, bool)
    ):
        return None
    return Recording(turn, question, final, output, writer, live)


def load_recordings(path: Path) -> Result[tuple[Recording, ...], RecordingError]:
    """Every recording in the JSON Lines file `path` (blank lines skipped)."""

    def line_recording(number: int, line: str) -> Result[Recording, RecordingError]:
        def checked(value: object) -> Result[Recording, RecordingError]:
            recording = _recording(value)
            if recording is None:
                return Failure(
                    RecordingError(
                        str(path), number, "expected turn (int), question, final (bool), output"
                    )
                )
            return Success(recording)

        decoded = decode_json(line)
        return decoded.alt(lambda problem: RecordingError(str(path), number, str(problem))).bind(
            checked
        )

    return (
        read_text(path)
        .alt(lambda problem: RecordingError(str(path), 0, problem.message))
        .bind(
            lambda text: collected(
                line_recording(number, line)
                for number, line in enumerate(json_lines(text), start=1)
                if line.strip()
            )
        )
    )


def _by_key(recordings: Iterable[Recording]) -> dict[Key, Recording]:
    return {recording.key: recording for recording in recordings}


@attrs.frozen
class RecordedWriter:
    """Answers each request with the stored output for its turn, question and final flag."""

    recordings: Mapping[Key, Recording] = attrs.field(converter=_by_key)
    label: str = "recorded"

    @classmethod
    def load(cls, path: Path) -> Result[RecordedWriter, RecordingError]:
        """The writer replaying the recordings in `path`."""
        return load_recordings(path).map(lambda found: cls(found, f"recorded:{path.stem}"))

    @property
    def name(self) -> str:
        """The name for reports: recorded:<file stem>."""
        return self.label

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The stored output for the request's turn, or an error naming what is missing."""
        turn = request.turn
        awaiting = request.awaiting
        if awaiting is not None:
            live = self.recordings.get((turn.turn, turn.question, turn.final, True))
            if live is not None:
                return Success(WriterReply(live.output))
        recording = self.recordings.get((turn.turn, turn.question, turn.final, False))
        if recording is not None and awaiting is not None:
            history = self.recordings.get((awaiting.turn, awaiting.question, False, False))
            if history is not None:
                return Success(WriterReply(_live_output(history.output, recording.output)))
        if recording is None:
            kind = "final" if turn.final else "history"
            return Failure(
                WriterError(
                    WriterErrorCode.EXHAUSTED,
                    self.name,
                    f"no recording for {kind} turn {turn.turn} ({turn.question[:40]!r})",
                )
            )
        return Success(WriterReply(recording.output))


def _json_object(text: str) -> dict[str, object] | None:
    return decode_output(text).value_or(None)


def _live_output(history: str, final: str) -> str:
    """A live answer from two offline recordings; the final one alone (the previous turn kept
    as written) when either is not a JSON object."""
    completed, node = _json_object(history), _json_object(final)
    if completed is None or node is None:
        return final
    return json.dumps({PREVIOUS: completed, **node}, ensure_ascii=False)


@attrs.define
class RecordingWriter:
    """Wraps a writer and keeps a `Recording` of every output it gives."""

    inner: Writer
    recorded: list[Recording] = attrs.field(factory=list)

    @property
    def name(self) -> str:
        """The wrapped writer's name."""
        return self.inner.name

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """Call the wrapped writer and record its text when it succeeds."""
        result = self.inner.write(request)
        if isinstance(result, Success):
            turn = request.turn
            reply = result.unwrap()
            live = request.awaiting is not None
            self.recorded.append(
                Recording(turn.turn, turn.question, turn.final, reply.text, self.inner.name, live)
            )
        return result


def record_conversation(writer: Writer, turns: Iterable[Turn]) -> tuple[Recording, ...]:
    """Record `writer` over a conversation: each turn asked as the final turn (with the
    query), then written as a history turn, as the demo does. A failed call stops it."""
    recorder = RecordingWriter(writer)
    driver = OfflineDriver(recorder, DriverConfig(policy=FailurePolicy.FAIL, retries=0))
    conversation = Conversation()
    for turn in turns:
        if isinstance(driver.final_turn(conversation, turn.question), Failure):
            break
        outcome = driver.history_turn(conversation, turn)
        if isinstance(outcome, Failure):
            break
        conversation = outcome.unwrap().conversation
    return tuple(recorder.recorded)


def record_live_conversation(writer: Writer, turns: Iterable[Turn]) -> tuple[Recording, ...]:
    """Record `writer` over a live conversation: one call per turn, each carrying the previous
    turn's answer. A failed call stops it."""
    recorder = RecordingWriter(writer)
    driver = LiveDriver(recorder, DriverConfig(policy=FailurePolicy.FAIL, retries=0))
    conversation = LiveConversation()
    answer = ""
    for turn in turns:
        outcome = driver.live_turn(conversation, turn.question, answer)
        if isinstance(outcome, Failure):
            break
        conversation, answer = outcome.unwrap().conversation, turn.answer
    return tuple(recorder.recorded)
