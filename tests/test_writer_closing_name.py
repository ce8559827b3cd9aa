"""A name that closes the turn on its own after the question is said in place of the asked one
(spec/writer-cues-self-repair.md#writer-cues-self-repair.closing-name); a closing name with
words of its own takes nothing back. Someone else's act is no repair of the user's: "the
barista misheard me" (#writer-cues-self-repair.reported-slip), "the barista wrote X instead
of my name" (writer-learned.md#writer-learned.grounded-rejection), and "I had X on my head"
states no intent (writer-cues-roles.md#writer-cues-roles.had-not-meant)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Braga", "Lisbon", "Kyoto", "Nairobi", "Tbilisi")
REMARKS = (
    " - beep beep 🚚 reversing out of that. {fix}.",
    "\n\nhmm, my brain skipped a beat there. {fix}, obviously",
    "\n*loading complete* {fix}!",
    " ugh, autopilot fingers. {fix}",
)
KEPT = (" {fix} too.", " I loved {fix}.", " and {fix}?")
OPENING = Turn("how old is Porto?", "Porto is over two thousand years old.")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda c: c[:2]), st.sampled_from(REMARKS))
def test_a_closing_name_replaces_the_asked_one(
    name: str, cities: tuple[str, ...], remark: str
) -> None:
    asked, fix = cities
    question = f"what is {asked} known for?" + remark.format(fix=fix)
    node = WRITERS[name]([OPENING], question, ("Porto", *CITIES))
    assert node.topic == fix
    assert asked in node.contradicts or asked in abandoned(node)
    assert asked not in (node.query or "")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda c: c[:2]), st.sampled_from(KEPT))
def test_a_closing_name_with_words_of_its_own_takes_nothing_back(
    name: str, cities: tuple[str, ...], remark: str
) -> None:
    asked, other = cities
    question = f"what is {asked} known for?" + remark.format(fix=other)
    node = WRITERS[name]([OPENING], question, ("Porto", *CITIES))
    assert asked not in abandoned(node)
    assert asked not in node.contradicts


THINGS = ("Game Boy", "Tamagotchi", "Walkman", "Kindle")
OTHERS_ACTS = (
    "the barista wrote {thing} on my cup instead of my name. which company made {thing}?",
    "which company made {thing}? (the barista misheard me and wrote {thing} on my cup lol)",
    "party game update: I had {thing} on my head for ten minutes. which company made {thing}?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.sampled_from(CITIES), st.sampled_from(THINGS), st.sampled_from(OTHERS_ACTS))
def test_someone_elses_act_takes_nothing_back(
    name: str, city: str, thing: str, question: str
) -> None:
    history = [Turn(f"when was {city} founded?", f"{city} was founded long ago.")]
    node = WRITERS[name](history, question.format(thing=thing), (*CITIES, *THINGS))
    assert node.topic == thing
    assert city not in abandoned(node)
    assert not node.contradicts
