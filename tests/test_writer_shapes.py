"""Shapes of correcting and pointing turns that the name roles and the rule cascade read by
structure (spec/writer-cues-roles.md, writer-cues-positions.md, writer-standalone.md): lists
set aside, confirmed alternatives, intent after a name, superlatives, asides."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import find_mentions
from memcore.writers.standalone import is_aside

CITIES = ("Lisbon", "Nairobi", "Cusco", "Tbilisi", "Kyoto", "Helsinki")
SET_ASIDE = ("skip {0} and {1}", "I don't care about {0} or {1}", "neither {0} nor {1}")
SUPERLATIVES = ("oldest", "youngest", "largest")


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, CITIES))
    return reading.intended, reading.taken_back


@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=3, unique=True),
    st.sampled_from(SET_ASIDE),
)
def test_a_negation_over_a_list_takes_back_every_name_of_it(names: list[str], phrase: str) -> None:
    first, second, meant = names
    question = f"{phrase.format(first, second)}; when was {meant} founded?"
    intended, taken = _read(question)
    assert intended == meant
    assert set(taken) == {first, second}


@given(st.lists(st.sampled_from(CITIES), min_size=3, max_size=3, unique=True))
def test_the_rule_writer_searches_no_name_of_a_list_set_aside(names: list[str]) -> None:
    first, second, meant = names
    history = [Turn("which cities would you suggest?", f"You could try {', '.join(names)}.")]
    node = write_final(history, f"skip {first} and {second}; when was {meant} founded?", CITIES)
    assert node.topic == meant
    assert node.query is not None
    assert first not in node.query and second not in node.query and meant in node.query


@given(st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True))
def test_a_confirmed_alternative_is_meant(names: list[str]) -> None:
    offered, confirmed = names
    question = f"what is {offered} famous for?, hmm, or {confirmed}? yes, {confirmed}"
    intended, taken = _read(question)
    assert intended == confirmed
    assert offered in taken


@given(st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True))
def test_intent_stated_after_a_name_binds_to_it(names: list[str]) -> None:
    slip, meant = names
    intended, taken = _read(f"what is {slip} famous for?, er, {meant} I mean")
    assert intended == meant
    assert taken == (slip,)


def test_a_question_with_a_negation_inside_still_binds_to_nothing() -> None:
    # The setting-aside words bind outside a question only.
    assert _read("when did people leave Lisbon for Kyoto?") == (None, ())


@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=3, unique=True),
    st.integers(min_value=0, max_value=2),
)
def test_a_superlative_points_at_the_name_the_answer_ranked_with_it(
    names: list[str], pick: int
) -> None:
    ranked = dict(zip(SUPERLATIVES, names, strict=True))
    word = SUPERLATIVES[pick]
    answer = ", ".join(f"{name} is the {sup}" for sup, name in ranked.items()) + "."
    history = [Turn(f"{', '.join(names)}: which one is the oldest?", answer)]
    node = write_final(history, f"what is the {word} one famous for?", CITIES)
    assert node.topic == ranked[word]


@given(st.sampled_from(("sorry, my cat just walked over the keyboard", "lol ok", "ha, nice")))
def test_an_aside_keeps_the_topic(aside: str) -> None:
    history = [
        Turn("when was Lisbon founded?", "Lisbon was founded long ago."),
        Turn(aside, "No problem!"),
    ]
    assert is_aside(aside, ())
    assert write_final(history, "how many people live there?", CITIES).topic == "Lisbon"


def test_an_apology_that_says_what_was_meant_is_no_aside() -> None:
    assert not is_aside("sorry, I meant Kyoto", ())
    assert not is_aside("oh I meant kyoto", ())


_MISSION_QUESTIONS = (
    "what went wrong on the mission?",
    "where did the mission come down?",
    "how long did the whole crew stay up there?",
    "what is the boiling point of water at high altitude?",
)
_THANKS = ("thanks in advance", "thank you so much", "thanks a lot")
_GREETINGS = ("", "hi! ", "hello, ", "hey ")


@given(st.sampled_from(_MISSION_QUESTIONS), st.sampled_from(_THANKS), st.sampled_from(_GREETINGS))
def test_greetings_and_thanks_around_a_question_do_not_change_its_topic(
    question: str, thanks: str, greeting: str
) -> None:
    history = [Turn("how long did Skylab 2 last?", "Skylab 2 lasted a little more than a week.")]
    plain = write_final(history, question, ("Skylab 2",))
    polite = write_final(history, f"{greeting}{question} {thanks}", ("Skylab 2",))
    assert (polite.topic, polite.operations) == (plain.topic, plain.operations)
