"""A request for a value put politely, with no question word ("would you mind checking 2007?",
"could you pull up 2007 as well?", "anything for 2007?") revises the value of the question
asked (spec/writer-cues-value-revision.md#writer-cues-value-revision.request-frame)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.request_frame import frames_request
from memcore.writers.rules.values import revise_value
from writer_pair import WRITERS

ASKED = "who won the Giro d'Italia in 2004?"
HISTORY = [Turn(ASKED, "Ada Lovelace won the Giro d'Italia in 2004.")]
TITLES = ("Giro d'Italia", "Ada Lovelace", "Vuelta a Espana")

# Requests of different build: a modal question, an imperative with a condition, an
# existential with an indefinite object, a bare "mind" with a remark after it, a statement of
# thanks, a passive with a modal of possibility.
REQUESTS = (
    "great, cheers. could you pull up {new} as well?",
    "{new} too, if you could",
    "is there something on {new}?",
    "mind trying {new}? my uncle swears it was a crash year",
    "I'd appreciate it if you looked at {new}",
    "would it be possible to have {new} checked?",
    "can I get {new} instead",
    "do you have anything for {new}? that's the one I'm after",
    "same again (for {new} this time)",
    "ok, one more time for {new}?",
)


def _years(text: str) -> set[str]:
    return set(re.findall(r"\b\d{4}\b", text))


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("template", REQUESTS)
def test_a_polite_request_for_a_value_keeps_the_topic_and_asks_for_the_value(
    writer: str, template: str
) -> None:
    node = WRITERS[writer](HISTORY, template.format(new="2007"), TITLES)
    assert node.topic == "Giro d'Italia"
    assert node.query == "who won the Giro d'Italia in 2007?"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_request_that_names_something_else_is_no_value_revision(writer: str) -> None:
    node = WRITERS[writer](HISTORY, "would you mind checking the Vuelta a Espana for 2007?", TITLES)
    assert node.topic == "Vuelta a Espana"


def test_a_request_with_a_word_of_its_own_asks_that() -> None:
    # "photos" is what is asked for: the turn is more than a new value.
    assert revise_value("could you show me photos from 2007?", ASKED) is None


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("checking", True),
        ("Checked", True),
        ("tried", True),
        ("getting", True),
        ("pulled", True),
        ("there's", True),
        ("anything", True),
        ("photos", False),
        ("winner", False),
        ("crash", False),
        ("shows", False),
        ("checks", False),
    ],
)
def test_frame_words_are_read_through_their_inflection(word: str, expected: bool) -> None:
    assert frames_request(word) is expected


_MODAL_OPENINGS = ("would you mind", "could you", "can you", "mind", "would you")
_ACTS = ("check", "look at", "try", "do", "pull up", "find", "fetch")
_INFLECT = {"would you mind": "ing", "mind": "ing"}


def _ing(verb: str) -> str:
    head, _, rest = verb.partition(" ")
    if head.endswith("e") and head != "see":
        head = head[:-1]
    return " ".join(filter(None, (head + "ing", rest)))


@given(
    opening=st.sampled_from(_MODAL_OPENINGS),
    act=st.sampled_from(_ACTS),
    tail=st.sampled_from(("", " for me", " as well", " too", " instead", " please")),
    new=st.integers(min_value=1950, max_value=2030).filter(lambda y: y != 2004),
)
def test_a_framed_request_revises_the_value_and_never_keeps_the_old_one(
    opening: str, act: str, tail: str, new: int
) -> None:
    verb = _ing(act) if opening in _INFLECT else act
    revision = revise_value(f"{opening} {verb} {new}{tail}?", ASKED, "Giro d'Italia")
    assert revision is not None
    assert revision.new == str(new)
    assert _years(revision.query) == {str(new)}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "and the runner-up, for 2007 this time?",
        "the stage count, in 2007 though?",
        "what about the route - 2007 now?",
    ],
)
def test_an_attribute_asked_with_a_new_value_stays_on_the_topic(writer: str, turn: str) -> None:
    history = [*HISTORY, Turn("was it close?", "It came down to the last few days.")]
    assert WRITERS[writer](history, turn, TITLES).topic == "Giro d'Italia"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_question_of_its_own_with_numbers_still_leaves_the_topic(writer: str) -> None:
    turn = "how do I bake sourdough bread at 220 degrees for 40 minutes?"
    assert WRITERS[writer](HISTORY, turn, TITLES).topic != "Giro d'Italia"
