"""The scope of a rejection over a coordinated list
(spec/writer-cues-roles.md#writer-cues-roles.list-scope).

A dismissing predicate applies to every member of the list it governs and to no name outside
it. The wordings here are this file's own: each structure is said several ways (a negated
verb before the list, a setting-aside verb, a choice against, a dismissing predicate after
it), with lists of two to four members and with or without a serial comma.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import find_mentions

NAMES = ("Oslo", "Lima", "Quito", "Accra", "Hanoi", "Dakar")


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return reading.intended, reading.taken_back


@pytest.mark.parametrize(
    ("question", "intended", "taken_back"),
    [
        # The last member of a list a negated verb governs.
        ("I don't want Oslo, Lima or Quito. how old is Accra?", "Accra", ("Oslo", "Lima", "Quito")),
        ("skip Oslo, Lima, and Quito; how old is Accra?", "Accra", ("Oslo", "Lima", "Quito")),
        ("not Oslo, Lima nor Quito. how old is Accra?", "Accra", ("Oslo", "Lima", "Quito")),
        ("please strike Lima, Quito and Oslo. is Accra big?", "Accra", ("Lima", "Quito", "Oslo")),
        # A predicate after the list dismisses each member.
        ("Oslo and Lima were dead ends. how old is Accra?", "Accra", ("Oslo", "Lima")),
        (
            "Oslo, Lima and Quito led nowhere, so how old is Accra?",
            "Accra",
            ("Oslo", "Lima", "Quito"),
        ),
        (
            "Lima and Oslo both turned out to be a waste of time. is Accra big?",
            "Accra",
            ("Lima", "Oslo"),
        ),
        ("Quito was a dead end - how old is Accra?", "Accra", ("Quito",)),
        ("Oslo and Quito proved useless. how old is Hanoi?", "Hanoi", ("Oslo", "Quito")),
        # Out of the running, or let go with "can go" ending its clause.
        ("Oslo is out of the picture now. how old is Accra?", "Accra", ("Oslo",)),
        ("Oslo and Lima are out of the running; how old is Accra?", "Accra", ("Oslo", "Lima")),
        ("Oslo, Lima and Quito can go - how old is Accra?", "Accra", ("Oslo", "Lima", "Quito")),
        # Choosing against a name, in several tenses and persons.
        ("I've decided against Lima. how old is Oslo?", "Oslo", ("Lima",)),
        ("we opted against Quito and Dakar, so how old is Oslo?", "Oslo", ("Quito", "Dakar")),
        (
            "after some thought I decided against Lima, Quito and Accra. is Oslo big?",
            "Oslo",
            ("Lima", "Quito", "Accra"),
        ),
    ],
)
def test_a_rejection_reaches_every_member_of_its_list(
    question: str, intended: str, taken_back: tuple[str, ...]
) -> None:
    assert _read(question) == (intended, taken_back)


@pytest.mark.parametrize(
    "question",
    [
        # The negation lies inside a question: it asks, and takes nothing back.
        "why did Oslo and Lima turn out to be dead ends?",
        "did they decide against Oslo or Lima?",
        # "go" with more after it is no dismissal.
        "where can Oslo go from here?",
        "Oslo can go further north than Lima",
        # A contrast, not a list: only the name after "not" is taken back.
        "Oslo and not Lima",
    ],
)
def test_a_rejection_reaches_no_name_outside_its_scope(question: str) -> None:
    _, taken_back = _read(question)
    assert "Oslo" not in taken_back


def _listed(names: list[str], serial: bool, joiner: str) -> str:
    if len(names) == 2:
        return f"{names[0]} {joiner} {names[1]}"
    comma = "," if serial else ""
    return f"{', '.join(names[:-1])}{comma} {joiner} {names[-1]}"


FORWARD = ("I don't want {}", "skip {}", "I've decided against {}", "cross off {}", "not {}")
BACKWARD = ("{} were dead ends", "{} are both out", "{} went nowhere", "{} proved pointless")


@given(
    st.lists(st.sampled_from(NAMES), min_size=3, max_size=5, unique=True),
    st.booleans(),
    st.sampled_from(("and", "or")),
    st.sampled_from(FORWARD + BACKWARD),
)
def test_the_rejected_names_are_exactly_the_list(
    names: list[str], serial: bool, joiner: str, shape: str
) -> None:
    *listed, asked = names
    question = f"{shape.format(_listed(listed, serial, joiner))}. how old is {asked}?"
    assert _read(question) == (asked, tuple(listed))
