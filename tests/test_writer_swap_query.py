"""A turn that only reports a slip ("I typed X instead of Y") asks the question it repairs,
about the name meant: its small words ("of", "in") name nothing, so they neither join the
query nor keep the swap from standing in the repaired question
(spec/writer-learned.md#writer-learned.self-repair)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final
from memcore.writers.rules.api import write_final as rules_final

PEOPLE = ("Grace Hopper", "Alan Turing", "Ada Lovelace", "Marie Curie")
ASKED = (
    ("when did {x} die?", "{x} died a long time ago."),
    ("where was {x} born?", "{x} was born in a city."),
)
REPORTS = (
    "I typed {slip} instead of {meant}",
    "I typed {slip} instead of {meant}, sorry",
    "oops, I wrote {slip} but meant {meant}",
    "I put {slip} in place of {meant}",
)


@given(
    st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True),
    st.sampled_from(ASKED),
    st.sampled_from(REPORTS),
)
def test_a_reported_slip_asks_the_repaired_question_about_the_name_meant(
    names: list[str], asked: tuple[str, str], report: str
) -> None:
    slip, meant = names
    question, answer = (part.format(x=slip) for part in asked)
    node = write_final(
        [Turn(question, answer)], report.format(slip=slip, meant=meant), list(PEOPLE)
    )
    assert node.topic == meant
    assert node.query == asked[0].format(x=meant)


def test_a_question_word_left_over_is_more_than_a_swap() -> None:
    # "why" asks something the repaired question does not: the swap alone would lose it.
    history = [Turn("when did Ada Lovelace die?", "Ada Lovelace died in 1852.")]
    node = write_final(history, "I typed Ada Lovelace instead of Alan Turing - why", list(PEOPLE))
    assert node.query != "when did Alan Turing die?"


TOOLS = ("autocomplete", "my keyboard", "the spellchecker", "predictive text")


@given(
    st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True),
    st.sampled_from(TOOLS),
    st.sampled_from(("when I wanted", "where I meant", "when I was typing")),
)
def test_a_when_clause_inside_a_statement_asks_nothing(
    names: list[str], tool: str, joint: str
) -> None:
    slip, meant = names
    history = [Turn(f"when did {slip} die?", f"{slip} died a long time ago.")]
    report = f"{tool} swapped in {slip} {joint} {meant}"
    for write in (write_final, rules_final):
        node = write(history, report, list(PEOPLE))
        assert node.topic == meant
        assert node.query == f"when did {meant} die?"
