"""Decoding JSON text and reading text files without exceptions escaping.

Every memcore reader decodes JSON through `decode_json` (or `decode_json_prefix`), so all of
them refuse the same inputs in the same way:

- text that is not JSON (`not_json`);
- JSON nested too deeply for Python's recursion limit (`too_deep`);
- an integer with more digits than Python converts (4,300 by default; `too_big`);
- a string or key holding a lone UTF-16 surrogate, such as the escape `"\\ud83d"` of a
  model answer cut in the middle of an emoji (`bad_text`): Python accepts it, but encoding it
  as UTF-8 later fails (writing a file, printing, storing in SQLite).

`read_text` reads a file as UTF-8 and returns a failure for a missing file or bytes that are
not UTF-8; `json_lines` splits JSON Lines text into its lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

NOT_JSON = "not_json"
TOO_DEEP = "too_deep"
TOO_BIG = "too_big"
BAD_TEXT = "bad_text"

# Text can hold a surrogate only as a raw code point or as a \uD800-\uDFFF escape; when
# neither occurs (almost always) the decoded value need not be walked.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_DECODER = json.JSONDecoder()


@attrs.frozen
class JsonProblem:
    """Why JSON text was refused: `kind` (one of the module's codes), where (`path`, a JSON
    path such as `nodes[0].question`, or `$` for the whole text) and a message."""

    kind: str
    path: str
    message: str

    def __str__(self) -> str:
        return self.message if self.path == "$" else f"{self.path}: {self.message}"


@attrs.frozen
class TextFileProblem:
    """A text file that cannot be read: `kind` is `cannot_read` or `not_utf8`."""

    path: str
    kind: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def decode_json(text: str) -> Result[object, JsonProblem]:
    """The value of the JSON text `text` (surrounding whitespace allowed, nothing else)."""
    body = text.strip()
    decoded = decode_json_prefix(body)
    if isinstance(decoded, Failure):
        return Failure(decoded.failure())
    value, end = decoded.unwrap()
    if body[end:]:
        return Failure(JsonProblem(NOT_JSON, "$", f"invalid JSON: extra text at character {end}"))
    return Success(value)


def decode_json_prefix(text: str) -> Result[tuple[object, int], JsonProblem]:
    """The JSON value at the start of `text` and the index where it ends (text may follow)."""
    try:
        value, end = _DECODER.raw_decode(text)
    except RecursionError:
        return Failure(JsonProblem(TOO_DEEP, "$", "JSON nested too deeply to read"))
    except json.JSONDecodeError as error:
        return Failure(
            JsonProblem(NOT_JSON, "$", f"invalid JSON: {error.msg} at character {error.pos}")
        )
    except ValueError as error:
        # Python refuses to convert integers of more than 4,300 digits (by default).
        return Failure(JsonProblem(TOO_BIG, "$", f"a number is too large to read: {error}"))
    if _SURROGATE.search(text, 0, end) or _SURROGATE_ESCAPE.search(text, 0, end):
        found = _lone_surrogate(value)
        if found is not None:
            return Failure(found)
    return Success((value, end))


def nested_deeper_than(value: object, limit: int) -> bool:
    """Whether `value` holds lists or objects more than `limit` levels deep (a scalar is at
    level 0, `[1]` at level 1). Iterative, so any depth the decoder built is measured."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, list | dict):
            if depth + 1 > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False


def has_lone_surrogate(text: str) -> bool:
    """Whether `text` holds a UTF-16 surrogate code point, which UTF-8 cannot encode."""
    return _SURROGATE.search(text) is not None


def _child(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return key if path == "$" else f"{path}.{key}"


def _lone_surrogate(value: object) -> JsonProblem | None:
    # Iterative: the decoder may build values nested deeper than Python's recursion limit.
    pending: list[tuple[object, str]] = [(value, "$")]
    while pending:
        item, path = pending.pop()
        if isinstance(item, str):
            if has_lone_surrogate(item):
                return JsonProblem(BAD_TEXT, path, f"text {_LONE_SURROGATE}")
        elif isinstance(item, list):
            pending.extend(
                (child, _child(path, position))
                for position, child in reversed(list(enumerate(item)))
            )
        elif isinstance(item, dict):
            for key in item:
                if has_lone_surrogate(key):
                    return JsonProblem(BAD_TEXT, path, f"a key {_LONE_SURROGATE}")
            pending.extend((item[key], _child(path, key)) for key in reversed(list(item)))
    return None


_LONE_SURROGATE = "holds a lone UTF-16 surrogate (a character cut in half)"


def read_text(path: Path) -> Result[str, TextFileProblem]:
    """The file's text, read as UTF-8; a missing file or non-UTF-8 bytes is a failure."""
    try:
        return Success(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        return Failure(
            TextFileProblem(
                str(path), "not_utf8", f"not UTF-8 text (byte {error.start}: {error.reason})"
            )
        )
    except OSError as error:
        return Failure(
            TextFileProblem(str(path), "cannot_read", f"cannot read: {error.strerror or error}")
        )


def json_lines(text: str) -> list[str]:
    """The lines of JSON Lines text, split on `\\n` only, as the format requires.

    `str.splitlines` also splits on U+2028, U+2029, U+0085 and other characters that a JSON
    string may hold raw (`json.dumps(..., ensure_ascii=False)` writes them so), which would cut
    a record in two. A `\\r` before the `\\n` stays on the line, where the decoder strips it as
    whitespace. A final newline leaves a last empty line, which readers skip as blank.
    """
    return text.split("\n")
