"""Places counted from a named member, in the user's own list or in the answer's order, and
rejections bound by structure, for the rule and the learned writer (spec pages
writer-cues-positions.md: relative-to-named, answer-order; writer-cues-roles.md: aside,
listed-subject)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.lists import Listing, find_positions, in_answer_order, listing_for, pick
from memcore.writers.rules.names import find_mentions
from writer_pair import WRITERS

MISSIONS = ("Apollo 12", "Vostok 1", "Artemis 1", "Skylab 2", "Gemini 8")
PLACING = ("you put right", "listed just", "that came", "you listed")
_three = st.lists(st.sampled_from(MISSIONS), min_size=3, max_size=3, unique=True)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@given(names=_three, at=st.integers(0, 2), side=st.sampled_from(("before", "after")))
def test_a_relative_place_counts_from_the_named_member(
    names: list[str], at: int, side: str
) -> None:
    listing = Listing(tuple(names), 1, (False,) * 3)
    text = f"what about the one {PLACING[at]} {side} {names[at]}? when did it launch?"
    (position,) = find_positions(text)
    step = 1 if side == "after" else -1
    expected = names[at + step] if 0 <= at + step < 3 else None
    assert listing_for((listing,), position, None) == listing
    assert pick(listing, position) == expected


def test_a_relative_place_counts_in_the_list_that_holds_its_member() -> None:
    older = Listing(("Apollo 12", "Vostok 1", "Artemis 1"), 1, (False,) * 3)
    newer = Listing(("Rashomon", "Vertigo", "Chinatown"), 2, (False,) * 3)
    (position,) = find_positions("the one you put right before Artemis 1?")
    assert listing_for((newer, older), position, "Vertigo") == older


def test_the_users_own_place_counts_in_the_list_the_user_typed() -> None:
    answered = Listing(("Walkman", "Vespa"), 2, (False, False))
    typed = Listing(("Tamagotchi", "Kindle"), 1, (False, False), asked=True)
    (own,) = find_positions("who invented the second one I mentioned?")
    (plain,) = find_positions("who invented the second one?")
    assert own.own and not plain.own
    assert pick(listing_for((answered, typed), own, None) or answered, own) == "Kindle"
    assert pick(listing_for((answered, typed), plain, None) or typed, plain) == "Vespa"


@given(names=_three, order=st.permutations((0, 1, 2)))
def test_the_answer_order_is_the_order_the_answer_first_names_them(
    names: list[str], order: list[int]
) -> None:
    listing = Listing(tuple(names), 1, (False,) * 3)
    said = [names[i] for i in order]
    ranked = in_answer_order(listing, [*said, said[0]])
    assert ranked.names == tuple(said)
    # An answer that leaves a member out gives no order.
    assert in_answer_order(listing, said[:2]) == listing


@pytest.mark.parametrize(
    ("question", "ranked"),
    [
        ("what about the one you ranked last?", True),
        ("the one you put at the top - when did it launch?", True),
        ("ok, and your number two?", True),
        ("the one in the middle of your ranking: when did it launch?", True),
        ("what about the last one?", False),
        ("the second one I mentioned", False),
    ],
)
def test_a_place_said_of_the_assistants_order(question: str, ranked: bool) -> None:
    (position,) = find_positions(question)
    assert position.ranked is ranked


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_one_ranked_last_is_the_answers_last(writer: str) -> None:
    history = [
        Turn(
            "which is the most famous: Helsinki, Lisbon or Melbourne?",
            "Melbourne is the most famous, followed by Helsinki; Lisbon comes last.",
        )
    ]
    node = WRITERS[writer](
        history,
        "what about the one you ranked last? what language do people speak there?",
        ["Helsinki", "Lisbon", "Melbourne"],
    )
    assert node.topic == "Lisbon"


def _roles(question: str, names: Sequence[str]) -> dict[str, str]:
    reading = read_turn(question, find_mentions(question, names))
    return {name.name: name.role.value for name in reading.names}


@given(first=st.sampled_from(MISSIONS), second=st.sampled_from(MISSIONS))
def test_a_predicate_after_listed_names_takes_back_the_whole_list(first: str, second: str) -> None:
    if first == second:
        return
    for predicate in ("don't interest me", "are both out", "are definitely out"):
        question = f"{first} and {second} {predicate}. when did Soyuz 11 launch?"
        roles = _roles(question, [*MISSIONS, "Soyuz 11"])
        assert roles[first] == roles[second] == "negated"
    contrasted = _roles(f"{first} and not {second}", MISSIONS)
    assert contrasted == {first: "plain", second: "negated"}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "aside",
    [
        "how long did Vostok 1 last? (Gemini 8 is off my list now)",
        "so - and Gemini 8 is definitely out - how long did Vostok 1 last?",
        "I've given up on Gemini 8, how long did Vostok 1 last?",
        "scrap Gemini 8, it's not useful for me. how long did Vostok 1 last?",
    ],
)
def test_a_rejection_binds_wherever_it_sits(writer: str, aside: str) -> None:
    history = [Turn("how long did Gemini 8 last?", "Gemini 8 lasted a little more than a week.")]
    node = WRITERS[writer](history, aside, ["Gemini 8", "Vostok 1"])
    assert node.topic == "Vostok 1"
    assert "Gemini 8" in _abandoned(node)
    assert "Gemini 8" not in (node.query or "")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(left=st.integers(0, 2))
def test_the_other_one_is_the_member_left(writer: str, left: int) -> None:
    names = MISSIONS[:3]
    known = [name for at, name in enumerate(names) if at != left]
    history = [
        Turn(
            "which space missions should I read about?",
            f"I would start with {names[0]}, {names[1]} and {names[2]}.",
        )
    ]
    question = f"I already know about {known[0]} and {known[1]}. when did the other one launch?"
    node = WRITERS[writer](history, question, list(names))
    assert node.topic == names[left]
    assert _abandoned(node) >= set(known)
    assert names[left] in (node.query or "") and "other one" not in (node.query or "")
