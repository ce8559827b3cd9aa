"""A name paused "for now", a particle after its object, a repeated verdict, a cry of
annoyance over a year, and a batch named bare (spec writer-cues-roles.set-aside,
writer-cues-roles.stance-mark, writer-cues-value-revision.taken-back,
writer-cues-positions.added-batch)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.lists import BATCH_NAMED
from memcore.writers.rules.spans import Mention
from memcore.writers.rules.values import without_retracted_years

_NAMES = ("Kindle", "Rashomon", "Vostok 1", "Simone de Beauvoir", "Lisbon", "Model T")
_PAIRS = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


def _roles(text: str, names: list[str]) -> dict[str, Role]:
    mentions = []
    for name in names:
        at = text.index(name)
        mentions.append(Mention(name, at, at + len(name), known=True))
    mentions.sort(key=lambda mention: mention.start)
    return {roled.name: roled.role for roled in read_turn(text, mentions).names}


@given(
    _PAIRS,
    st.sampled_from(["I'm done with", "Done with", "enough about", "finished with"]),
    st.sampled_from(["for now", "for today", "for the moment", "for a bit"]),
)
def test_a_name_done_with_for_a_while_is_left_behind_not_refused(
    names: list[str], phrase: str, span: str
) -> None:
    old, new = names
    text = f"{phrase} {old} {span}! when did {new} come out?"
    assert _roles(text, names)[old] is not Role.NEGATED
    assert _roles(f"{phrase} {old}. when did {new} come out?", names)[old] is Role.NEGATED


@given(_PAIRS, st.sampled_from(["ruled", "crossed", "counted", "voted"]))
def test_an_exclusion_verb_with_its_particle_after_the_name_refuses_it(
    names: list[str], verb: str
) -> None:
    old, new = names
    particle = "down" if verb == "voted" else ("off" if verb == "crossed" else "out")
    text = f"we {verb} {old} {particle} as a group, so when did {new} come out?"
    roles = _roles(text, names)
    assert roles[old] is Role.NEGATED
    assert roles[new] is not Role.NEGATED


@given(
    st.lists(st.sampled_from(_NAMES), min_size=3, max_size=3, unique=True),
    st.sampled_from(["Also nah.", "also nope!", "nah too.", "Also nah 😅"]),
)
def test_a_repeated_verdict_refuses_the_second_name_as_well(names: list[str], again: str) -> None:
    first, second, kept = names
    text = f"{first}? Nah. {second}? {again} So what was {kept}'s first job?"
    roles = _roles(text, names)
    assert roles[first] is Role.NEGATED
    assert roles[second] is Role.NEGATED
    assert roles[kept] is not Role.NEGATED


@given(
    st.integers(1950, 2020),
    st.integers(1, 5),
    st.sampled_from(["argh", "Argh", "gah", "drat", "sorry", "ugh"]),
    st.sampled_from([" - ", ", ", "... "]),
)
def test_a_slip_its_repair_and_the_year_kept_read_as_the_year_kept(
    year: int, step: int, cry: str, mark: str
) -> None:
    text = f"who won it in {year}{mark}{cry}, {year + step}?"
    assert without_retracted_years(text, text) == f"who won it in {year + step}?"


def test_two_years_asked_together_are_both_kept() -> None:
    text = "who won it in 1996 and 1995?"
    assert without_retracted_years(text, text) == text


@given(st.sampled_from(["Second batch", "second lot", "First list", "The second set"]))
def test_a_batch_named_bare_at_the_start_of_a_sentence_is_read(batch: str) -> None:
    assert BATCH_NAMED.search(f"{batch}, the first one - when did that one come out?")
