"""A name only reported is not asked about (spec/writer-standalone.md#writer-standalone.reports).

The wordings are this file's own: each report is said several ways (a sentence of its own, a
spaced dash, a comma before "so", a quotation), with reporting verbs of saying, comparing and
coming up.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.remarks import reported_context
from memcore.writers.rules.api import write_final

PLACES = ("Quito", "Lima", "Accra", "Hanoi")
TITLES = list(PLACES)


def _history(name: str) -> list[Turn]:
    return [Turn(question=f"how high is {name}?", answer=f"{name} lies high above the sea.")]


@pytest.mark.parametrize(
    "question",
    [
        "a guidebook compared Quito with Lima. how cold does Lima get?",
        "my cousin keeps mentioning Quito and Lima - how cold does Lima get?",
        "Lima came up in a podcast about Quito, so how cold does Lima get?",
        "my teacher brought up Quito yesterday; how cold does Lima get?",
        '"Quito lies high above the sea" - and how cold does Lima get?',
        "> Quito lies high above the sea.\nthanks! how cold does Lima get?",
    ],
)
def test_the_question_after_a_report_is_about_its_own_name(question: str) -> None:
    node = write_final(_history("Quito"), question, TITLES)
    assert node.topics == ("Lima",)
    assert node.query is not None
    assert "Quito" not in node.query
    assert "Quito" not in node.contradicts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "my cousin keeps mentioning Lima - is it far?",
            ("my cousin keeps mentioning Lima", "is it far?"),
        ),
        # A negation turns the name down: no report.
        ("Lima was never mentioned. is Quito far?", None),
        # Nothing is asked after the statement.
        ("a guidebook compared Quito with Lima.", None),
        # No reporting verb: a statement of the user's own.
        ("I visited Quito last year - how cold does Lima get?", None),
    ],
)
def test_the_report_and_its_question(text: str, expected: tuple[str, str] | None) -> None:
    assert reported_context(text) == expected


def test_a_question_leaning_on_the_report_keeps_the_reported_name() -> None:
    node = write_final(_history("Quito"), "my cousin keeps mentioning Lima - is it far?", TITLES)
    assert node.topics == ("Lima",)


REPORTS = (
    "someone compared {0} to {1} the other day. ",
    "the article on {0} mentioned {1} - ",
    "{1} came up while I was reading about {0}, so ",
    "my friend said {0} was nicer than {1}. ",
)


@settings(max_examples=25)
@given(
    st.lists(st.sampled_from(PLACES), min_size=2, max_size=2, unique=True),
    st.sampled_from(REPORTS),
)
def test_a_reported_name_never_becomes_the_topic(names: list[str], report: str) -> None:
    heard, asked = names
    question = report.format(heard, asked) + f"how cold does {asked} get?"
    node = write_final(_history(heard), question, TITLES)
    assert node.topics == (asked,)
    assert node.query is not None and heard not in node.query
