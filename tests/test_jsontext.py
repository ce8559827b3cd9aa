"""The shared JSON decoder and UTF-8 file reader: every refusal is a value, never an exception."""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure, Success

from memcore.jsontext import (
    BAD_TEXT,
    NOT_JSON,
    TOO_BIG,
    TOO_DEEP,
    JsonProblem,
    decode_json,
    decode_json_prefix,
    read_text,
)

# 5,000 digits: over Python's default limit of 4,300 digits for converting text to an int.
HUGE_NUMBER = "9" * 5000


def problem(text: str) -> tuple[str, str]:
    result = decode_json(text)
    assert isinstance(result, Failure), result
    found = result.failure()
    assert isinstance(found, JsonProblem)
    return found.kind, found.path


def test_ordinary_json_decodes_including_a_whole_emoji_written_as_a_surrogate_pair() -> None:
    assert decode_json(' {"a": [1, "x\\ud83d\\ude00"]} ') == Success({"a": [1, "x\U0001f600"]})


def test_a_number_over_the_digit_limit_is_too_big() -> None:
    assert problem(HUGE_NUMBER) == (TOO_BIG, "$")
    assert problem('{"turn": ' + HUGE_NUMBER + "}") == (TOO_BIG, "$")


def test_nesting_past_the_recursion_limit_is_too_deep() -> None:
    assert problem("[" * 100_000 + "]" * 100_000) == (TOO_DEEP, "$")


def test_a_lone_surrogate_escape_is_bad_text_at_its_path() -> None:
    assert problem('{"facts": ["ok", "cut \\ud83d"]}') == (BAD_TEXT, "facts[1]")
    assert problem('{"a": {"b": "\\udc00"}}') == (BAD_TEXT, "a.b")
    assert problem('["\\ud800"]') == (BAD_TEXT, "$[0]")
    assert problem('"\\udfff"') == (BAD_TEXT, "$")


def test_a_lone_surrogate_in_a_key_is_bad_text_at_the_object() -> None:
    assert problem('{"nodes": [{"\\ud83d": 1}]}') == (BAD_TEXT, "nodes[0]")


def test_a_raw_surrogate_code_point_in_the_text_is_bad_text() -> None:
    assert problem('["fine", "\ud83d"]') == (BAD_TEXT, "$[1]")


def test_an_escaped_backslash_before_u_d800_is_ordinary_text() -> None:
    assert decode_json('["\\\\ud800"]') == Success(["\\ud800"])


def test_text_after_the_value_is_not_json_but_the_prefix_decoder_reports_where_it_ends() -> None:
    assert problem("{} {}") == (NOT_JSON, "$")
    assert decode_json_prefix("{} tail") == Success(({}, 2))


def test_read_text_refuses_latin_1_bytes_and_a_missing_file(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes("café".encode("latin-1"))
    read = read_text(latin)
    assert isinstance(read, Failure) and read.failure().kind == "not_utf8"
    missing = read_text(tmp_path / "absent.txt")
    assert isinstance(missing, Failure) and missing.failure().kind == "cannot_read"
    good = tmp_path / "good.txt"
    good.write_text("café", encoding="utf-8")
    assert read_text(good) == Success("café")
