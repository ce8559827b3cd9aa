"""A referee's or a host's dismissal refuses its name; a red that is no card refuses nothing
(spec/writer-cues-roles.md#writer-cues-roles.sent-off)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
SENT_OFF = (
    "{} gets a red 🟥.",
    "{} gets a straight red!",
    "{} is sent off.",
    "{} can pack up and go home.",
    "red card for {}.",
    "{}: straight red 🟥.",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: names[:3]), st.sampled_from(SENT_OFF))
def test_a_name_sent_off_is_refused_and_the_one_asked_about_is_the_topic(
    name: str, names: tuple[str, ...], verdict: str
) -> None:
    listed = ", ".join(names)
    history = [Turn("which cities would you suggest?", f"You could try {listed}.")]
    refused, _, asked = names
    node = WRITERS[name](history, f"{verdict.format(refused)} when was {asked} founded?", CITIES)
    assert node.topic == asked
    assert refused in abandoned(node)
    assert refused not in (node.query or "")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.sampled_from(CITIES), st.sampled_from(("collar", "scarf", "bike")))
def test_a_red_thing_refuses_nothing(name: str, city: str, thing: str) -> None:
    history = [Turn(f"what is {city} famous for?", f"{city} is famous for its old town.")]
    node = WRITERS[name](
        history, f"my dog gets a red {thing} tomorrow. when was {city} founded?", CITIES
    )
    assert node.topic == city
    assert not abandoned(node)
