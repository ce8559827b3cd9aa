"""Counts printed with their noun: singular for exactly one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.counts import counted


def test_one_is_singular_and_zero_plural() -> None:
    assert counted(1, "turn") == "1 turn"
    assert counted(0, "turn") == "0 turns"
    assert counted(2, "passage") == "2 passages"
    assert counted(3, "query", "queries") == "3 queries"
    assert counted(1, "query", "queries") == "1 query"


@given(st.integers(min_value=2, max_value=10**9))
def test_more_than_one_takes_the_plural(count: int) -> None:
    assert counted(count, "turn") == f"{count} turns"
