"""The exception to a whole the user accepts, and one name put in another's place or chosen
over it (spec/writer-cues-roles.md#writer-cues-roles.exception,
#writer-cues-roles.substitution)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import Mention

_NAMES = ("Como", "Garda", "Bled", "Ohrid", "Hedy Lamarr", "Grace Hopper")
_EXCEPTIONS = (
    "anything but {x}.",
    "all fine except for {x}.",
    "any of them bar {x} is fine by me.",
    "everything apart from {x} suits me.",
    "whichever you like, other than {x}.",
    "the rest are ok, excluding {x}.",
    "{x} excluded, the list is fine.",
    "{x} aside,",
    "{x} left out,",
)
_ONLY = ("nothing but {x} will do.", "what else but {x} is there?")
_SWAPS = (
    "let's replace {x} with {y}.",
    "swap {x} out for {y}.",
    "could we trade {x} for {y}?",
    "can you change {x} to {y}?",
    "substitute {y} for {x}.",
    "put {y} in place of {x}.",
    "I'm going with {y} over {x}.",
    "I'd pick {y} over {x}.",
    "I prefer {y} to {x}.",
)
_ASKED = ("how deep is {y}?", "where was {y} born?", "what is {y} known for?")


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)
_THREE = st.lists(st.sampled_from(_NAMES), min_size=3, max_size=3, unique=True)


@given(_TWO, st.sampled_from(_EXCEPTIONS), st.sampled_from(_ASKED))
def test_the_exception_to_an_accepted_whole_is_rejected_and_the_question_kept(
    names: list[str], exception: str, asked: str
) -> None:
    out, other = names
    text = f"{exception.format(x=out)} {asked.format(y=other)}"
    reading = read_turn(text, _mentions(text, (out, other)))
    assert reading.taken_back == (out,)
    assert reading.intended == other


@given(st.sampled_from(_NAMES), st.sampled_from(_ONLY))
def test_only_this_name_excepts_nothing(name: str, only: str) -> None:
    text = only.format(x=name)
    assert read_turn(text, _mentions(text, (name,))).taken_back == ()


@given(_TWO, st.sampled_from(_SWAPS), st.booleans())
def test_a_substitution_sets_the_replaced_name_aside_and_means_the_other(
    names: list[str], swap: str, pronoun: bool
) -> None:
    away, meant = names
    follow = "how deep is it?" if pronoun else f"how deep is {meant}?"
    text = f"{swap.format(x=away, y=meant)} {follow}"
    reading = read_turn(text, _mentions(text, (away, meant)))
    assert reading.taken_back == (away,)
    assert reading.intended == meant


@given(_THREE)
def test_a_choice_over_a_list_passes_over_every_member(names: list[str]) -> None:
    meant, first, second = names
    text = f"going with {meant} over {first} or {second}. how deep is it?"
    reading = read_turn(text, _mentions(text, (meant, first, second)))
    assert set(reading.taken_back) == {first, second}
    assert reading.intended == meant


def test_a_question_about_a_substitution_binds_nothing() -> None:
    text = "why did the council swap Como for Bled?"
    assert read_turn(text, _mentions(text, ("Como", "Bled"))).taken_back == ()


def test_going_off_a_name_turns_it_down_but_going_off_to_a_place_does_not() -> None:
    text = "I've gone off Como a bit. how deep is Bled?"
    assert read_turn(text, _mentions(text, ("Como", "Bled"))).taken_back == ("Como",)
    text = "we went off to Como for a week. how deep is Bled?"
    assert read_turn(text, _mentions(text, ("Como", "Bled"))).taken_back == ()
