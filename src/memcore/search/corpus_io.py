"""Reading a BEIR-format JSONL corpus: one `{"_id", "title", "text"}` object per line.

Other fields are ignored; a missing or null title reads as "" (the corpus then has no pages,
and title-based rules switch off). The file's SHA-256 is computed in the same pass, so a
saved index can tell whether it was built from this content.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.identifiers import identifier_problem
from memcore.jsontext import decode_json
from memcore.search.corpus import Corpus
from memcore.search.values import Passage

NO_PASSAGES = "holds no passages (the file is empty or has only blank lines)"

# Files larger than this show a progress bar unless told otherwise.
PROGRESS_THRESHOLD_BYTES = 64 * 1024 * 1024


@attrs.frozen
class CorpusFileError:
    """The corpus file as a whole could not be read."""

    path: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


@attrs.frozen
class CorpusLineError:
    """Line `line` (1-based) of the corpus file is malformed; `field` names the culprit."""

    path: str
    line: int
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.problem}"


CorpusError = CorpusFileError | CorpusLineError


@attrs.frozen
class LoadedCorpus:
    """A corpus with the SHA-256 of the bytes it was read from (hex)."""

    corpus: Corpus
    content_hash: str


class _Progress:
    """A byte-count progress bar: tqdm when wanted and installed, otherwise silent."""

    def __init__(self, total: int, enabled: bool) -> None:
        self._bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            self._bar = tqdm(total=total, unit="B", unit_scale=True, desc="corpus", leave=False)

    def advance(self, count: int) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _text_field(record: dict[str, Any], name: str, required: bool) -> str | None:
    value = record.get(name)
    if value is None:
        return None if required else ""
    if isinstance(value, str):
        return value
    if name == "_id" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _passage(record: Any, path: str, line: int) -> Result[Passage, CorpusLineError]:
    if not isinstance(record, dict):
        return Failure(CorpusLineError(path, line, "line", "not a JSON object"))
    doc_id = _text_field(record, "_id", required=True)
    if not doc_id:
        return Failure(CorpusLineError(path, line, "_id", "missing, empty or not a string"))
    id_problem = identifier_problem(doc_id)
    if id_problem is not None:
        return Failure(CorpusLineError(path, line, "_id", id_problem))
    text = _text_field(record, "text", required=True)
    if text is None:
        return Failure(CorpusLineError(path, line, "text", "missing or not a string"))
    title = _text_field(record, "title", required=False)
    if title is None:
        return Failure(CorpusLineError(path, line, "title", "not a string"))
    return Success(Passage(doc_id, text, title))


def _lines(handle: Any, limit: int | None) -> Iterator[tuple[int, bytes]]:
    kept = 0
    for number, raw in enumerate(handle, start=1):
        if limit is not None and kept >= limit:
            return
        if raw.strip():
            kept += 1
        yield number, raw


def parse_line(raw: bytes, shown: str, number: int) -> Result[Passage, CorpusLineError]:
    """The passage on line `number` (not blank) of the corpus file shown as `shown`."""
    try:
        line_text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Failure(CorpusLineError(shown, number, "line", "not valid UTF-8"))
    decoded = decode_json(line_text)
    if isinstance(decoded, Failure):
        problem = decoded.failure()
        field = "line" if problem.path == "$" else problem.path
        return Failure(CorpusLineError(shown, number, field, problem.message))
    return _passage(decoded.unwrap(), shown, number)


def parse_new_line(
    raw: bytes, shown: str, number: int, first_line: dict[str, int]
) -> Result[Passage, CorpusLineError]:
    """`parse_line`, refused also when its id stood on an earlier line; records the id's line
    in `first_line` (the reader's own table, one per file read)."""
    parsed = parse_line(raw, shown, number)
    if isinstance(parsed, Failure):
        return parsed
    passage = parsed.unwrap()
    if passage.id in first_line:
        problem = f"duplicate id {passage.id!r} (first on line {first_line[passage.id]})"
        return Failure(CorpusLineError(shown, number, "_id", problem))
    first_line[passage.id] = number
    return parsed


def load_corpus(
    path: Path,
    limit: int | None = None,
    show_progress: bool | None = None,
) -> Result[LoadedCorpus, CorpusError]:
    """Read a BEIR JSONL corpus; blank lines are skipped; duplicate ids, ids with whitespace
    or control characters, and a file with no passages are errors.

    `limit` keeps the first `limit` passages (the hash then covers only the lines read).
    `show_progress` None shows a progress bar for files over 64 MiB when tqdm is installed.
    """
    shown = str(path)
    try:
        size = path.stat().st_size
        handle = path.open("rb")
    except OSError as error:
        return Failure(CorpusFileError(shown, f"cannot open: {error.strerror or error}"))
    digest = hashlib.sha256()
    wanted = size > PROGRESS_THRESHOLD_BYTES if show_progress is None else show_progress
    progress = _Progress(size, wanted)
    passages: list[Passage] = []
    first_line: dict[str, int] = {}
    with handle, contextlib.closing(progress):
        for number, raw in _lines(handle, limit):
            digest.update(raw)
            progress.advance(len(raw))
            if not raw.strip():
                continue
            parsed = parse_new_line(raw, shown, number, first_line)
            if isinstance(parsed, Failure):
                return Failure(parsed.failure())
            passages.append(parsed.unwrap())
    if not passages:
        # An empty corpus would run to an empty run with nothing to say why.
        return Failure(CorpusFileError(shown, NO_PASSAGES))
    return Success(LoadedCorpus(Corpus(passages), digest.hexdigest()))


def file_hash(path: Path) -> Result[str, CorpusFileError]:
    """The SHA-256 (hex) of a file's bytes, for checking a saved index without parsing."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as error:
        return Failure(CorpusFileError(str(path), f"cannot read: {error.strerror or error}"))
    return Success(digest.hexdigest())


def default_corpus() -> Path | None:
    """The Apollo 11 fixture corpus: the copy packaged in memcore/data, else the checkout's
    fixtures/ folder (for an editable install); None when neither exists."""
    import memcore

    package = Path(memcore.__file__).resolve().parent
    for candidate in (
        package / "data" / "apollo-corpus.jsonl",
        package.parents[1] / "fixtures" / "apollo-corpus.jsonl",
    ):
        if candidate.is_file():
            return candidate
    return None
