"""A question whose verb says only that something took place, with a new value, asks the
last question again for that value
(spec/writer-cues-value-revision.md#writer-cues-value-revision.event-verb). The wordings are
this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned
from memcore.writers.rules import api as rules

HISTORY = (
    Turn(
        "who won the chess olympiad in 1990?",
        "A strong national team won the Chess Olympiad in 1990.",
    ),
)
TITLES = ("Chess Olympiad", "Reykjavik")
WRITERS = (rules.write_final, learned.write_final)


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "question",
    [
        # One revision said four ways: a bare event question, with "then", with a remark
        # after it, and with the value first.
        "what happened in 1992?",
        "and what occurred in 1992 then?",
        "hm, so what happened in 1992? I always get these two confused",
        "1992 - what happened?",
    ],
)
def test_an_event_question_with_a_new_year_revises_the_year(write: object, question: str) -> None:
    node = write(HISTORY, question, TITLES)  # type: ignore[operator]
    assert node.topic == "Chess Olympiad"
    query = node.query or ""
    assert "1992" in query and "1990" not in query


def test_an_event_question_that_names_a_place_is_about_it() -> None:
    node = rules.write_final(HISTORY, "what happened in Reykjavik in 1992?", TITLES)
    assert node.topic == "Reykjavik"


@settings(max_examples=10)
@given(st.integers(1950, 2020).filter(lambda year: year != 1990))
def test_the_old_year_never_stays(year: int) -> None:
    node = rules.write_final(HISTORY, f"what happened in {year}?", TITLES)
    query = node.query or ""
    assert str(year) in query and "1990" not in query
