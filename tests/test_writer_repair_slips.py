"""Self-repair shapes of stop 47, in our own wording: a slip typed before the words that point
back (spec/writer-cues-self-repair.md#writer-cues-self-repair.slip-before-pointing), the last
question said again as it should have been (...#writer-cues-self-repair.should-have-been), a
slip noticed late (...#writer-cues-self-repair.noticed-late), owning up to mixing up two names
and "wrong one" closing its own negation (spec/writer-cues-roles.md#writer-cues-roles.mixed-up,
...#writer-cues-roles.wrong-head).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import find_mentions
from writer_pair import WRITERS

CITIES = ("Porto", "Zagreb", "Seville", "Lisbon", "Tallinn")


def _has(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


# --- a slip typed before the words that point back ------------------------------------------

POINTING_BACK = (
    "how big is {slip}? ugh, not {slip} - I meant the one from my first question.",
    "how big is {slip}? hold on, wrong city. I mean the one I asked about at the start.",
    "how big is {slip}?\n*not {slip}, the one I started this conversation with",
    "wait, not {slip}... the one from the very beginning of this chat. how big is that one?",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("template", POINTING_BACK)
def test_a_slip_before_pointing_back_leaves_the_query(writer: str, template: str) -> None:
    history = [
        Turn("how old is Porto?", "Porto is over two thousand years old."),
        Turn("who founded Zagreb?", "Zagreb grew from two medieval settlements."),
    ]
    node = WRITERS[writer](history, template.format(slip="Seville"), CITIES)
    assert node.topic == "Porto"
    assert node.query is not None
    assert _has(node.query, "Porto") and "big" in node.query
    assert not _has(node.query, "Seville") and not _has(node.query, "Zagreb")


@settings(max_examples=15, deadline=None)
@given(
    first=st.sampled_from(CITIES[:2]),
    slip=st.sampled_from(CITIES[2:]),
    template=st.sampled_from(POINTING_BACK),
)
def test_the_topic_pointed_at_replaces_any_slip_in_the_query(
    first: str, slip: str, template: str
) -> None:
    """Whatever the names, the first topic is taken up and the slip never searched."""
    other = next(c for c in CITIES[:2] if c != first)
    history = [
        Turn(f"how old is {first}?", f"{first} is very old."),
        Turn(f"who founded {other}?", f"{other} grew from two settlements."),
    ]
    node = rules_final(history, template.format(slip=slip), CITIES)
    assert node.topic == first
    assert node.query is not None and _has(node.query, first) and not _has(node.query, slip)


# --- the last question said again as it should have been ---------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "that last one should have been:\nhow old is Lisbon?",
        "my previous question should've read: how old is Lisbon?",
        "this message was meant to say: how old is Lisbon?",
    ],
)
def test_the_last_question_repaired_takes_its_topic_back(writer: str, turn: str) -> None:
    history = [Turn("how old is Tallinn?", "Tallinn is very old.")]
    node = WRITERS[writer](history, turn, CITIES)
    assert node.topic == "Lisbon"
    assert "Tallinn" in node.contradicts
    assert node.query is not None and not _has(node.query, "Tallinn")


# --- owning up to mixing up two names; "wrong one" closes its own negation ----------------


@pytest.mark.parametrize(
    ("question", "intended", "taken_back"),
    [
        ("who founded Lisbon? I mixed up Porto and Lisbon earlier", "Lisbon", ("Porto",)),
        ("I keep confusing Porto with Lisbon. how old is Lisbon?", "Lisbon", ("Porto",)),
        ("I got Lisbon and Porto muddled up - where is Porto?", "Porto", ("Lisbon",)),
        ("how big is Seville wrong one its Lisbon not Seville", "Lisbon", ("Seville",)),
    ],
)
def test_the_name_meant_after_owning_up(
    question: str, intended: str, taken_back: tuple[str, ...]
) -> None:
    reading = read_turn(question, find_mentions(question, CITIES))
    assert (reading.intended, reading.taken_back) == (intended, taken_back)


@pytest.mark.parametrize(
    "question",
    [
        "I always mix up Porto and Lisbon. which one is older?",
        "how are Porto and Lisbon confused in guidebooks?",
        "what went wrong on Lisbon's tram line?",
    ],
)
def test_a_confession_or_a_failure_without_a_name_meant_takes_nothing_back(
    question: str,
) -> None:
    reading = read_turn(question, find_mentions(question, CITIES))
    assert reading.taken_back == ()


# --- a slip noticed late --------------------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "this whole time I meant Lisbon, not Porto",
        "all along I meant Lisbon, not Porto",
        "I just noticed I've been saying Porto when I meant Lisbon",
    ],
)
def test_a_slip_noticed_late_asks_the_corrected_question(writer: str, turn: str) -> None:
    history = [
        Turn("how old is Porto?", "Porto is over two thousand years old."),
        Turn("how many people live there?", "About 230,000 people live in Porto."),
    ]
    node = WRITERS[writer](history, turn, CITIES)
    assert node.topic == "Lisbon"
    assert "Porto" in node.contradicts
    assert node.query is not None
    assert _has(node.query, "Lisbon") and not _has(node.query, "Porto")
    for word in ("whole", "along", "noticed", "saying"):
        assert word not in node.query.split()
