"""Reading a BEIR JSONL corpus without holding it: one checking pass that counts and hashes,
then the passages of any contiguous range, streamed (what `memcore index` builds shards from).

The checks are `corpus_io.load_corpus`'s (a malformed line, a duplicate id, no passages); the
hash is the SHA-256 of the file's bytes, as there, so an index built from the stream and a
corpus loaded whole agree on the content they name.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.search.corpus_io import (
    NO_PASSAGES,
    CorpusError,
    CorpusFileError,
    parse_line,
    parse_new_line,
)
from memcore.search.values import Passage


@attrs.frozen
class CorpusSummary:
    """A corpus file checked line by line: its passage count and content hash."""

    path: Path
    passage_count: int
    content_hash: str


def summarise_corpus(path: Path) -> Result[CorpusSummary, CorpusError]:
    """Check every line of `path` and count its passages, holding only their ids (for the
    duplicate check), never their text."""
    shown = str(path)
    digest = hashlib.sha256()
    first_line: dict[str, int] = {}
    try:
        handle = path.open("rb")
    except OSError as error:
        return Failure(CorpusFileError(shown, f"cannot open: {error.strerror or error}"))
    with handle:
        for number, raw in enumerate(handle, start=1):
            digest.update(raw)
            if not raw.strip():
                continue
            parsed = parse_new_line(raw, shown, number, first_line)
            if isinstance(parsed, Failure):
                return Failure(parsed.failure())
    if not first_line:
        return Failure(CorpusFileError(shown, NO_PASSAGES))
    return Success(CorpusSummary(path, len(first_line), digest.hexdigest()))


def stream_passages(path: Path, start: int = 0, stop: int | None = None) -> Iterator[Passage]:
    """Passages `start` to `stop` (exclusive; None: to the end) of a file `summarise_corpus`
    accepted, in collection order. A line that no longer parses (the file changed since) is a
    `ValueError`."""
    position = 0
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            if stop is not None and position >= stop:
                return
            if position >= start:
                parsed = parse_line(raw, str(path), number)
                if isinstance(parsed, Failure):
                    raise ValueError(str(parsed.failure()))
                yield parsed.unwrap()
            position += 1
