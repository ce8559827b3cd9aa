"""A value only checked, or an answer only confirmed, before a new value is asked for
(spec/writer-cues-value-revision.md, "A value only checked before a new one"): the new value
replaces the old one, the old one is not searched and the confirmed name is not the topic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.spans import Mention
from memcore.writers.value_check import checking_clauses, clauses
from writer_pair import WRITERS

EVENT = "Giro d'Italia"
WINNER = "Rosalind Franklin"
TITLES = (EVENT, WINNER, "Lagos")

# Ways to check the old value (or confirm the winner) and then ask for a new one, each with a
# different structure: a tag question, a yes/no question, a statement, a condition after the
# request, a confirmed name alone, the winner and the old value in one statement.
CHECKED = (
    "that was {old}, wasn't it? I want {new}",
    "is this {old}? then {new} please",
    "ok so it was {old}. and {new}?",
    "{new} now, if {old} is settled",
    "{winner}, fine. same question for {new}",
    "{winner} took {old}. what about {new}?",
    "you mean {old}? make it {new}",
)


def _history(old: int) -> list[Turn]:
    return [Turn(f"who won the {EVENT} in {old}?", f"{WINNER} won the {EVENT} in {old}.")]


def test_clauses_split_at_marks_breaks_and_dashes() -> None:
    text = "well, that was 1990 - right?\nnow 1991"
    assert [c.of(text).strip() for c in clauses(text)] == [
        "well",
        "that was 1990",
        "right",
        "now 1991",
    ]


def test_a_clause_with_the_old_value_checks_it() -> None:
    text = "checking: is it 1994? go to 1996 then"
    found = checking_clauses(text, "who won the Giro d'Italia in 1994?", frozenset())
    assert [c.of(text).strip() for c in found] == ["is it 1994"]


def test_a_clause_that_asks_of_its_own_checks_nothing() -> None:
    # A question word makes the clause a question: the two years are asked together.
    text = "who won in 1994, and who in 1996?"
    assert checking_clauses(text, "who won the Giro d'Italia in 1994?", frozenset()) == ()


def test_a_negated_old_value_is_a_correction_not_a_check() -> None:
    text = "not 1994. 1996"
    assert checking_clauses(text, "who won the Giro d'Italia in 1994?", frozenset()) == ()


def test_no_check_where_the_question_held_no_value() -> None:
    text = "is that 1994? 1996 please"
    assert checking_clauses(text, "who won the Giro d'Italia?", frozenset()) == ()


def test_a_name_the_answer_did_not_give_is_no_confirmation() -> None:
    text = "Lagos, right. same for 1996"
    names = [Mention("Lagos", 0, 5, known=True)]
    asked = "who won the Giro d'Italia in 1994?"
    assert checking_clauses(text, asked, frozenset({WINNER}), names) == ()
    assert checking_clauses(text, asked, frozenset({"Lagos"}), names) != ()


def test_a_number_inside_a_name_is_no_value() -> None:
    # "Apollo 13 it is": the 13 names the mission; the clause checks no value.
    text = "not Apollo 12 then - Apollo 13 it is. what went wrong?"
    typed = [Mention("Apollo 12", 4, 13, known=True), Mention("Apollo 13", 21, 30, known=True)]
    asked = "where did Apollo 13 come down?"
    named = [Mention("Apollo 13", 10, 19, known=True)]
    assert checking_clauses(text, asked, frozenset({"Apollo 13"}), typed, named) == ()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("template", CHECKED)
def test_the_new_value_replaces_the_checked_one(writer: str, template: str) -> None:
    node = WRITERS[writer](
        _history(1994), template.format(old=1994, new=1996, winner=WINNER), TITLES
    )
    assert node.topic == EVENT
    assert "1996" in (node.query or "")
    assert "1994" not in (node.query or "")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_pronoun_for_the_confirmed_name_keeps_the_turn_whole(writer: str) -> None:
    node = WRITERS[writer](_history(1994), f"{WINNER} won in 1994, did she win in 1996?", TITLES)
    assert WINNER in (node.query or "")


@settings(max_examples=15)
@given(
    old=st.integers(1950, 2020),
    step=st.integers(1, 9),
    template=st.sampled_from(CHECKED),
)
def test_a_checked_value_never_reaches_the_query(old: int, step: int, template: str) -> None:
    new = old + step
    turn = template.format(old=old, new=new, winner=WINNER)
    node = rules_final(_history(old), turn, TITLES)
    assert str(new) in (node.query or "")
    assert str(old) not in (node.query or "")
    assert node.topic == EVENT


def test_a_name_the_question_typed_is_no_confirmation() -> None:
    # Going back to the event asked about is no check of the answer: the clause stays.
    text = "the Giro d'Italia again: who won it in 1996?"
    names = [Mention(EVENT, 4, 17, known=True)]
    asked = f"who won the {EVENT} in 1994?"
    assert checking_clauses(text, asked, frozenset({EVENT, WINNER}), names) == ()


@pytest.mark.parametrize("writer", WRITERS)
def test_a_return_to_the_event_by_name_keeps_it(writer: str) -> None:
    history = [
        *_history(1994),
        Turn("what is Lagos famous for?", "Lagos is famous for its markets."),
    ]
    node = WRITERS[writer](history, f"the {EVENT} again: who won it in 1996?", TITLES)
    assert node.topic == EVENT
