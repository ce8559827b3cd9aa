"""A text tool that changes one name into another ("my phone keeps changing X to Y") made the
slip: X is meant and Y taken back
(spec/writer-cues-roles.md#writer-cues-roles.typed-instead)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import Mention

CITIES = ("Helsinki", "Lisbon", "Tbilisi", "Nairobi", "Montreal")
TOOLS = (
    "my phone keeps changing {} to {}",
    "autocorrect swapped {} for {} again",
    "the keyboard just changed {} into {}",
    "spellcheck replaced {} with {}",
)


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = []
    for name in names:
        at = text.find(name)
        while at >= 0:
            found.append(Mention(name, at, at + len(name), True))
            at = text.find(name, at + 1)
    return sorted(found, key=lambda mention: mention.start)


@given(st.permutations(CITIES).map(lambda names: (names[0], names[1])), st.sampled_from(TOOLS))
def test_the_name_a_tool_changed_is_meant(pair: tuple[str, str], tool: str) -> None:
    meant, written = pair
    text = tool.format(meant, written) + f". what is {meant} famous for?"
    reading = read_turn(text, _mentions(text, pair))
    assert reading.intended == meant
    assert reading.taken_back == (written,)


@pytest.mark.parametrize(
    ("text", "meant", "away"),
    [
        ("I'd change Helsinki to Lisbon. what is Lisbon famous for?", "Lisbon", "Helsinki"),
        ("let's switch Helsinki for Lisbon", "Lisbon", "Helsinki"),
    ],
)
def test_a_change_the_speaker_makes_still_means_the_newcomer(
    text: str, meant: str, away: str
) -> None:
    reading = read_turn(text, _mentions(text, (meant, away)))
    assert reading.intended == meant
    assert reading.taken_back == (away,)
