"""Interest lost, a name that loses a choice, a disclaimer of relation, a name the turn is
through with, and the "it" of the question just answered
(spec/writer-cues-roles.md#writer-cues-roles.lost-interest, #writer-cues-roles.contrast,
spec/writer-standalone.md#writer-standalone.utterance-it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.names import Mention

_NAMES = ("Bergen", "Tromso", "Lake Bled", "Grace Hopper", "Apollo 9")
_QUESTIONS = ("how cold does {y} get?", "what is {y} known for?")
# Interest gone, bound forward or back, and a lost choice, each of a different structure.
_LOST = (
    "I've lost interest in {x}, to be honest.",
    "I'm losing all interest in {x}.",
    "we've gone cold on {x}.",
    "{x} lost out in the end.",
    "right, {x} loses.",
    "{x} has lost its appeal for me.",
    "{x} no longer interests me.",
    "I already have plenty of notes on {x}.",
    "we've got enough material about {x} already.",
)
# Disclaimers of relation around a question about another name.
_DISCLAIMERS = (
    "nothing to do with {x},",
    "this is unrelated to {x},",
    "not related to {x} at all,",
    "no connection to {x} -",
)


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(_TWO, st.sampled_from(_LOST), st.sampled_from(_QUESTIONS), st.booleans())
def test_interest_lost_takes_its_name_back_on_either_side_of_the_question(
    names: list[str], lost: str, question: str, lost_first: bool
) -> None:
    x, y = names
    parts = [lost.format(x=x), question.format(y=y)]
    text = " ".join(parts if lost_first else parts[::-1])
    reading = read_turn(text, _mentions(text, (x, y)))
    assert (reading.intended, reading.taken_back) == (y, (x,))


@given(_TWO, st.sampled_from(_DISCLAIMERS), st.sampled_from(_QUESTIONS))
def test_a_disclaimer_of_relation_leaves_its_name_aside_and_takes_nothing_back(
    names: list[str], disclaimer: str, question: str
) -> None:
    x, y = names
    text = f"{disclaimer.format(x=x)} {question.format(y=y)}"
    reading = read_turn(text, _mentions(text, (x, y)))
    assert reading.taken_back == ()
    assert {n.name: n.role for n in reading.names}[x] is Role.CONTRASTED


def test_losing_in_a_question_asks_and_refuses_nothing() -> None:
    text = "did Bergen lose out to Tromso as the capital?"
    assert read_turn(text, _mentions(text, ("Bergen", "Tromso"))).taken_back == ()


def test_the_it_of_the_question_just_answered_is_a_dummy() -> None:
    for text in ("that answers it.", "ok, that covers it", "good, that settles it!"):
        assert cues.DUMMY_IT.search(text) is not None, text
    # An "it" that is the subject of what is asked still names a topic.
    assert cues.DUMMY_IT.search("when was it settled?") is None


# Ways of saying the turn is through with {x}, each of a different structure.
_COMPLETED = (
    "{x} is done.",
    "ok, that's {x} done.",
    "{x}'s covered now,",
    "good, {x} is out of the way -",
    "{x} has been dealt with.",
)


@given(_TWO, st.sampled_from(_COMPLETED), st.sampled_from(_QUESTIONS))
def test_a_name_the_turn_is_through_with_is_left_aside_and_not_taken_back(
    names: list[str], completed: str, question: str
) -> None:
    x, y = names
    text = f"{completed.format(x=x)} {question.format(y=y)}"
    reading = read_turn(text, _mentions(text, (x, y)))
    assert reading.taken_back == ()
    assert {n.name: n.role for n in reading.names}[x] is Role.CONTRASTED


def test_completion_asked_about_leaves_nothing_aside() -> None:
    text = "is Bergen done with its new bridge? how cold does Tromso get?"
    roles = {n.name: n.role for n in read_turn(text, _mentions(text, ("Bergen", "Tromso"))).names}
    assert roles["Bergen"] is not Role.CONTRASTED
