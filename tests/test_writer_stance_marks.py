"""Symbols and words for gestures as a stance, and a name as a label
(spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import Mention
from memcore.writers.stance_marks import (
    DISMISSING_SYMBOLS,
    WELCOMING_SYMBOLS,
    dismissed_by_symbol,
)

_NAMES = ("Bergen", "Tromso", "Lake Bled", "Ada Lovelace", "Grace Hopper", "the Eames chair")
_QUESTIONS = ("how cold does {y} get?", "what is {y} known for?", "who wrote about {y}?")
# Ways of turning {x} down by a symbol or a gesture word, each with a different structure: a
# symbol after the name, before it, a gesture word taking it as object, a gesture predicated
# of it, a label with a comment.
_REFUSALS = (
    "{x} {s}",
    "{s} {x}.",
    "thumbs down on {x}.",
    "meh to {x} honestly.",
    "{x} gets a big thumbs down from me.",
    "{x}: thumbs down.",
    "{x} - not for me.",
    "{x} is still a no from me.",
    "{x} is a no.",
)


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _read(text: str, names: tuple[str, ...]) -> tuple[str | None, frozenset[str]]:
    reading = read_turn(text, _mentions(text, names))
    return reading.intended, frozenset(reading.taken_back)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(
    _TWO,
    st.sampled_from(_REFUSALS),
    st.sampled_from(DISMISSING_SYMBOLS),
    st.sampled_from(_QUESTIONS),
)
def test_a_refusal_by_symbol_or_gesture_takes_back_its_name_and_keeps_the_question(
    names: list[str], refusal: str, symbol: str, question: str
) -> None:
    x, y = names
    text = f"{refusal.format(x=x, s=symbol)} {question.format(y=y)}"
    assert _read(text, (x, y)) == (y, frozenset({x}))


@given(_TWO, st.sampled_from(WELCOMING_SYMBOLS), st.sampled_from(_QUESTIONS))
def test_a_symbol_of_welcome_takes_nothing_back(
    names: list[str], symbol: str, question: str
) -> None:
    x, y = names
    text = f"{x} {symbol} {question.format(y=y)}"
    assert _read(text, (x, y))[1] == frozenset()


@given(_TWO, st.sampled_from(_QUESTIONS))
def test_a_negation_over_the_gesture_cancels_the_refusal(names: list[str], question: str) -> None:
    x, y = names
    for refusal in (
        "{x} doesn't get a thumbs down from me,",
        "no thumbs down for {x} from me.",
        "I would never give {x} a thumbs down.",
    ):
        text = f"{refusal.format(x=x)} {question.format(y=y)}"
        assert x not in _read(text, (x, y))[1], text


def test_a_symbol_binds_to_the_name_before_it_before_the_name_after_it() -> None:
    text = "Bergen 👎 Tromso?"
    bergen, tromso = text.index("Bergen"), text.index("Tromso")
    assert dismissed_by_symbol(text, bergen, bergen + 6, None)
    assert not dismissed_by_symbol(text, tromso, tromso + 6, bergen + 6)
    # With no name right before it, the symbol binds forward.
    text = "ok 👎 Bergen. what about Tromso?"
    bergen = text.index("Bergen")
    assert dismissed_by_symbol(text, bergen, bergen + 6, None)


def test_a_label_comment_with_its_own_subject_or_question_refuses_nothing() -> None:
    for text in (
        "Bergen: I haven't been there yet. how cold does Tromso get?",
        "Bergen: why isn't it bigger? how cold does Tromso get?",
        "Bergen - not Tromso - how cold does it get?",
    ):
        assert "Bergen" not in _read(text, ("Bergen", "Tromso"))[1], text


def test_a_label_comment_refuses_and_a_label_question_asks() -> None:
    text = "Bergen: not my kind of place. Tromso: how cold does it get?"
    assert _read(text, ("Bergen", "Tromso")) == ("Tromso", frozenset({"Bergen"}))


@given(_TWO, st.sampled_from(_QUESTIONS))
def test_no_as_an_answer_after_a_question_refuses_its_name(names: list[str], question: str) -> None:
    x, y = names
    text = f"{question.format(y=y)} ({x} is still a no from me.)"
    assert _read(text, (x, y)) == (y, frozenset({x}))


@given(_TWO, st.sampled_from(_QUESTIONS))
def test_no_longer_and_no_doubt_are_no_answers(names: list[str], question: str) -> None:
    x, y = names
    text = f"{x} is no doubt famous. {question.format(y=y)}"
    assert x not in _read(text, (x, y))[1]


@given(_TWO)
def test_a_bare_no_after_a_name_opens_a_retraction_not_a_verdict(names: list[str]) -> None:
    # "X\nno, Y": the "no" takes X back for Y; it is no "X is a no" verdict on Y's side.
    x, y = names
    text = f"what is {x} known for?\nno, {y}"
    assert _read(text, (x, y)) == (y, frozenset({x}))
