"""A corpus file read as a catalogue: every passage's id and page title, and where its line
starts, but not its text, which is read back from the file when asked (`Corpus.passage`).

The search rules read ids and titles only; a driver serving shards that live elsewhere (Ray
actors over an index folder) shows or explains a few passages a turn. Holding ids, titles
and offsets instead of texts keeps the driver's share of a large corpus small (the texts are
most of it). The checks and the hash are `corpus_stream.summarise_corpus`'s, done in the same
single pass.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.search.corpus import Corpus
from memcore.search.corpus_io import (
    NO_PASSAGES,
    CorpusError,
    CorpusFileError,
    parse_line,
    parse_new_line,
)
from memcore.search.values import Passage


@attrs.frozen
class FileTexts:
    """Passage texts read from the corpus file by line offset, one line per request. The
    file is checked against its hash when the catalogue is read, not at each request: a file
    changed since reads as a `ValueError` when its line no longer parses or names another
    passage."""

    path: Path
    _offsets: npt.NDArray[np.int64] = attrs.field(eq=False, repr=False)
    _position: Mapping[str, int] = attrs.field(eq=False, repr=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, eq=False, repr=False, init=False)

    def text_of(self, doc_id: str) -> str:
        position = self._position[doc_id]
        with self._lock, self.path.open("rb") as handle:
            handle.seek(int(self._offsets[position]))
            raw = handle.readline()
        parsed = parse_line(raw, str(self.path), position + 1)
        if isinstance(parsed, Failure) or parsed.unwrap().id != doc_id:
            raise ValueError(f"{self.path} changed since it was read: passage {doc_id!r} moved")
        return parsed.unwrap().text


@attrs.frozen
class Catalogue:
    """A catalogue corpus and the SHA-256 of the file it was read from."""

    corpus: Corpus
    content_hash: str


def read_catalogue(path: Path) -> Result[Catalogue, CorpusError]:
    """Check every line of `path` (as `load_corpus` does) and keep each passage's id, title
    and line offset; the texts stay in the file."""
    shown = str(path)
    digest = hashlib.sha256()
    passages: list[Passage] = []
    offsets: list[int] = []
    first_line: dict[str, int] = {}
    try:
        handle = path.open("rb")
    except OSError as error:
        return Failure(CorpusFileError(shown, f"cannot open: {error.strerror or error}"))
    with handle:
        offset = 0
        for number, raw in enumerate(handle, start=1):
            digest.update(raw)
            start, offset = offset, offset + len(raw)
            if not raw.strip():
                continue
            parsed = parse_new_line(raw, shown, number, first_line)
            if isinstance(parsed, Failure):
                return Failure(parsed.failure())
            passage = parsed.unwrap()
            passages.append(Passage(passage.id, "", passage.title))
            offsets.append(start)
    if not passages:
        return Failure(CorpusFileError(shown, NO_PASSAGES))
    del first_line
    texts = FileTexts(
        path,
        np.asarray(offsets, dtype=np.int64),
        {passage.id: position for position, passage in enumerate(passages)},
    )
    return Success(Catalogue(Corpus(passages, texts=texts), digest.hexdigest()))
