"""Shapes of rejection and of moving on (spec/writer-cues-roles.md, contrast, stance-mark and
lost-interest; spec/writer-cues-positions.md, declined-together), in wordings of our own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import find_mentions

NAMES = ("Oslo", "Bergen", "Tromso", "Lima", "Quito", "Cusco")
PAIRS = st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True)
ORDINALS = ("first", "second", "third")

COMPLETIONS = (
    "ok, that covers {old} for my essay.",
    "thanks, that's everything on {old}.",
    "right, I guess that's all I need on {old}.",
    "good, that's it for {old}.",
    "nice, that answers everything about {old}.",
    "great, that's all I wanted to know about {old}.",
)
VERDICTS_AFTER = (
    "{old}? nah.",
    "{old}? nope.",
    "{old} - pass.",
    "{old}? no thanks.",
    "{old}, meh.",
)
VERDICTS_BEFORE = ("meh, {old}.", "boo, {old}.", "thumbs down, {old}.")


def _roles(question: str) -> dict[str, Role]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return {name.name: name.role for name in reading.names}


def _reading(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return reading.intended, reading.taken_back


@given(PAIRS, st.sampled_from(COMPLETIONS))
def test_a_name_the_exchange_completes_is_left_not_rejected(
    names: list[str], completion: str
) -> None:
    old, new = names
    question = completion.format(old=old) + f" how cold does {new} get?"
    assert _reading(question) == (new, ())
    assert _roles(question)[old] is Role.CONTRASTED


@pytest.mark.parametrize(
    "question",
    [
        "that's all about Oslo, I meant Bergen",
        "that's Oslo, but my question was about Bergen",
        "that's enough on Oslo. how cold does Bergen get?",
    ],
)
def test_the_answer_s_subject_and_having_had_enough_still_take_the_name_back(
    question: str,
) -> None:
    assert _reading(question) == ("Bergen", ("Oslo",))


@given(PAIRS, st.sampled_from(VERDICTS_AFTER + VERDICTS_BEFORE))
def test_a_verdict_said_as_a_clause_beside_a_bare_name_rejects_it(
    names: list[str], verdict: str
) -> None:
    old, new = names
    question = verdict.format(old=old) + f" how cold does {new} get?"
    assert _reading(question) == (new, (old,))


@given(PAIRS)
def test_nah_before_a_name_retracts_what_came_before_and_refuses_nothing_after(
    names: list[str],
) -> None:
    old, new = names
    question = f"how cold does {old} get? nah, {new}"
    assert _roles(question)[new] is not Role.NEGATED


@pytest.mark.parametrize(
    "question",
    [
        "meh, Oslo then. how cold does it get?",
        "Oslo? yes please, how cold does it get?",
        "meh. how cold does Oslo get?",
    ],
)
def test_a_name_with_words_of_its_own_or_no_verdict_beside_it_stands(question: str) -> None:
    assert _reading(question) == ("Oslo", ())


@pytest.mark.parametrize(
    "refusal",
    [
        "{old} is off-limits for my project",
        "{old} is out of bounds for us",
        "{old} is off the agenda now",
        "{old} is way too touristy for me",
        "since {old} seems far too rainy for my trip",
    ],
)
def test_barred_or_too_much_for_the_speaker_refuses_the_name(refusal: str) -> None:
    question = refusal.format(old="Oslo") + ", how cold does Bergen get?"
    assert _reading(question) == ("Bergen", ("Oslo",))


def test_a_degree_said_of_the_world_refuses_nothing() -> None:
    question = "Oslo was too expensive for most people. how cold does Bergen get?"
    assert _reading(question)[1] == ()


_LIST = "which towns are worth a visit?"


def _listed(names: list[str]) -> list[Turn]:
    return [Turn(_LIST, f"You could go to {', '.join(names[:-1])} and {names[-1]}.")]


@settings(max_examples=25, deadline=None)
@given(
    st.permutations(NAMES).map(lambda names: list(names[:4])),
    st.lists(st.sampled_from((0, 1, 2)), min_size=2, max_size=2, unique=True).map(sorted),
    st.sampled_from(
        (
            "the {a} and the {b} aren't for me, so how cold is the last one?",
            "I'll skip the {a} and {b}. how cold is the last one?",
            "not the {a} or the {b} - how cold is the last one?",
        )
    ),
)
def test_places_declined_together_are_each_rejected_and_the_last_one_is_asked(
    names: list[str], places: list[int], wording: str
) -> None:
    question = wording.format(a=ORDINALS[places[0]], b=ORDINALS[places[1]])
    node = write_final(_listed(names), question, titles=names)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topics[0] == names[-1]
    assert {names[places[0]], names[places[1]]} <= abandoned
    assert names[-1] not in abandoned
    assert node.query is not None
    assert names[-1] in node.query
    assert not {names[places[0]], names[places[1]]} & set(node.query.split())


@settings(max_examples=15, deadline=None)
@given(st.permutations(NAMES).map(lambda names: list(names[:3])))
def test_a_place_refused_beside_a_name_leaves_the_one_left(names: list[str]) -> None:
    question = f"{names[0]} and the third one are out for me, so how cold is the remaining one?"
    node = write_final(_listed(names), question, titles=names)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topics[0] == names[1]
    assert {names[0], names[2]} <= abandoned


def test_places_asked_about_together_decline_nothing() -> None:
    names = ["Oslo", "Bergen", "Tromso"]
    node = write_final(_listed(names), "how cold are the second and third ones?", titles=names)
    assert not [op for op in node.operations if op.kind is OpKind.ABANDON]


@pytest.mark.parametrize(
    "aside",
    [
        "I might compare {new} with {old} later.",
        "I'll contrast {new} with {old} afterwards.",
        "I want to set {old} against {new} another day.",
    ],
)
def test_a_name_related_to_the_meant_one_for_later_is_not_rejected(aside: str) -> None:
    history = [Turn("how cold does Oslo get?", "Oslo gets cold in winter.")]
    question = "how cold does Bergen get? " + aside.format(old="Oslo", new="Bergen")
    node = write_final(history, question, titles=["Oslo", "Bergen"])
    assert node.topics[0] == "Bergen"
    assert not [op for op in node.operations if op.kind is OpKind.ABANDON]


def test_swapping_one_name_for_another_still_sets_it_aside() -> None:
    history = [Turn("how cold does Oslo get?", "Oslo gets cold in winter.")]
    question = "let's swap Oslo for Bergen. how cold does Bergen get?"
    node = write_final(history, question, titles=["Oslo", "Bergen"])
    assert [op.topic for op in node.operations if op.kind is OpKind.ABANDON] == ["Oslo"]
