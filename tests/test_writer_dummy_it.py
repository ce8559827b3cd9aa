"""A dummy "it" (the weather's, or one holding a clause's place) stands for no topic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules import api
from memcore.writers.rules.features import first_pronoun

WEATHER = st.sampled_from(("snow", "rain", "hail", "freeze"))
ADJECTIVES = st.sampled_from(("important", "legal", "possible", "hard", "necessary", "common"))
PLACES = st.sampled_from(("North Carolina", "Lisbon", "Ohio", "Tbilisi"))
HISTORY = [
    Turn("did the HIV pandemic kill many people?", "HIV has killed about 36 million people."),
]


@given(WEATHER, PLACES)
def test_a_weather_it_is_no_pronoun_and_the_named_place_is_the_topic(verb: str, place: str) -> None:
    question = f"where does it {verb} the most in {place}?"
    assert first_pronoun(question) is None
    node = api.write_final(HISTORY, question)
    assert node.topic == place
    assert "HIV" not in (node.query or "")


@given(ADJECTIVES, PLACES)
def test_an_extraposed_it_is_no_pronoun(adjective: str, place: str) -> None:
    assert first_pronoun(f"is it {adjective} to drive at 15 in {place}?") is None
    assert first_pronoun(f"for whom it is especially {adjective} to vote in {place}") is None


def test_an_it_that_stands_for_a_thing_is_still_a_pronoun() -> None:
    # "is it safe to eat?" and "how long did it last?": the "it" is a thing talked about.
    assert first_pronoun("how long did it last?") == "it"
    assert first_pronoun("is it safe to eat?") == "it"
    assert first_pronoun("does it snowboard well?") == "it"
