"""Pointers that describe an answer or a message rather than a place: "the one you weren't
sure about" takes the topic of the one answer that hedged
(spec/writer-cues-positions.md#writer-cues-positions.hedged); "the one I asked about in the
same message as X" takes the other name of the user's message that typed X
(#writer-cues-positions.same-message)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS

CITIES = ("Porto", "Braga", "Cusco", "Kyoto", "Tbilisi")
HEDGES = (
    " I'm honestly not 100% sure on this one.",
    " Don't quote me on that, though.",
    " I might be wrong there.",
)
POINTERS = (
    "the one you weren't sure about - how many people live in that one?",
    "you sounded a bit unsure about one of them. how many people live in that one?",
    "how many people live in that one? (the one you hedged on)",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda c: c[:3]),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(HEDGES),
    st.sampled_from(POINTERS),
)
def test_the_hedged_answer_gives_the_referent(
    name: str, cities: tuple[str, ...], hedged: int, hedge: str, final: str
) -> None:
    history = [
        Turn(
            f"when was {city} founded?",
            f"{city} was founded many centuries ago." + (hedge if at == hedged else ""),
        )
        for at, city in enumerate(cities)
    ]
    node = WRITERS[name](history, final, CITIES)
    assert node.topic == cities[hedged]
    assert cities[hedged] in (node.query or "")
    assert not any(city in (node.query or "") for city in cities if city != cities[hedged])


GADGETS = ("Walkman", "Tamagotchi", "Kindle", "Game Boy")
BESIDE = (
    "ok, the one I sneaked in next to {city}. who invented that one?",
    "the one I asked about in the same message as the {city} question - who invented that one?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(GADGETS).map(lambda g: g[:3]),
    st.sampled_from(CITIES),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(BESIDE),
)
def test_the_name_asked_beside_another_is_the_referent(
    name: str, gadgets: tuple[str, ...], city: str, paired: int, final: str
) -> None:
    history = []
    for at, gadget in enumerate(gadgets):
        if at == paired:
            history.append(
                Turn(
                    f"two things: who invented {gadget}? also what is {city} famous for?",
                    f"{gadget} was designed by a small team. {city} is famous for its food.",
                )
            )
        else:
            history.append(
                Turn(f"who invented {gadget}?", f"{gadget} was designed by a small team.")
            )
    node = WRITERS[name](history, final.format(city=city), (*GADGETS, *CITIES))
    assert node.topic == gadgets[paired]
    assert gadgets[paired] in (node.query or "")
    assert city not in (node.query or "")


FILMS = ("Vertigo", "Chinatown", "Amelie", "Metropolis", "Rashomon")
ORDINALS = (("first", 0), ("second", 1), ("last", -1))


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(FILMS).map(lambda f: f[:4]),
    st.sets(st.integers(min_value=0, max_value=3), min_size=2, max_size=3),
    st.sampled_from(ORDINALS),
)
def test_a_place_in_bold_counts_among_the_bold_members(
    name: str, films: tuple[str, ...], bold: set[int], ordinal: tuple[str, int]
) -> None:
    listed = ", ".join(f"**{film}**" if at in bold else film for at, film in enumerate(films))
    history = [Turn("can you recommend some classic films?", f"Try {listed}.")]
    word, place = ordinal
    node = WRITERS[name](history, f"the {word} bold one - when did it come out?", FILMS)
    expected = [film for at, film in enumerate(films) if at in bold][place]
    assert node.topic == expected
    assert expected in (node.query or "")
