"""A history turn that only sets names aside drops them, and an ordinal counted among what
is left of a list (spec/writer-cues-roles.md#writer-cues-roles.set-aside-turn,
spec/writer-cues-positions.md#writer-cues-positions.rest-pick)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.replay import Status, replay
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.names import find_mentions
from memcore.writers.set_aside import set_aside_names

CITIES = ("Lisbon", "Kyoto", "Nairobi", "Tbilisi", "Cusco")
LIST_QUESTION = "which cities would you suggest for a long weekend?"
SET_ASIDE = (
    "take {} off my list",
    "I'll pass on {}",
    "cross {} off, please",
    "forget {}",
    "skip {}",
    "{} doesn't interest me",
    "I'm not interested in {}",
)
KEPT = (
    "I've never been to {}",
    "I don't think {} has an airport",
    "I don't know {}, tell me about it",
    "why isn't {} on the list?",
    "what is the population of {}?",
)


def _listed(names: tuple[str, ...]) -> Turn:
    return Turn(LIST_QUESTION, f"You could try {', '.join(names[:-1])} and {names[-1]}.")


@pytest.mark.parametrize("template", SET_ASIDE)
def test_a_turn_that_only_turns_a_name_down_sets_it_aside(template: str) -> None:
    question = template.format("Kyoto")
    assert set_aside_names(question, find_mentions(question, CITIES)) == ("Kyoto",)


@pytest.mark.parametrize("template", KEPT)
def test_a_turn_that_asks_or_speaks_of_the_user_sets_nothing_aside(template: str) -> None:
    question = template.format("Kyoto")
    assert set_aside_names(question, find_mentions(question, CITIES)) == ()


def test_a_turn_that_also_means_a_name_is_no_set_aside_turn() -> None:
    question = "not Kyoto, Lisbon"
    assert set_aside_names(question, find_mentions(question, CITIES)) == ()


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:3])),
    st.integers(0, 2),
    st.sampled_from(SET_ASIDE),
)
@settings(max_examples=25)
def test_the_history_node_abandons_the_name_and_replay_drops_it(
    names: tuple[str, ...], dropped_at: int, template: str
) -> None:
    dropped = names[dropped_at]
    history = [_listed(names), Turn(template.format(dropped), "Done.")]
    memory = rules_api.write_history(history, CITIES)
    node = memory.nodes[-1]
    assert [(op.kind, op.topic) for op in node.operations] == [(OpKind.ABANDON, dropped)]
    state = replay(memory)
    view = state.get(dropped)
    assert view is not None and view.status is Status.DROPPED
    # The topic before the turn stays current, unless it was the one dropped.
    before = memory.nodes[0].topic
    current = state.current
    assert (current.name if current else None) == (None if before == dropped else before)


ORDINALS = (("first", 0), ("second", 1), ("last", -1))
REST_FORMS = (
    "of the remaining two, the {} one. how many people live there?",
    "the {} of the ones left - when was it founded?",
    "from the ones that are still left, the {} one: what is it famous for?",
    "out of the other two, the {} one, what is it famous for?",
)


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:3])),
    st.integers(0, 2),
    st.sampled_from(SET_ASIDE),
    st.sampled_from(ORDINALS),
    st.sampled_from(REST_FORMS),
)
@settings(max_examples=40)
def test_an_ordinal_counts_only_what_is_left(
    names: tuple[str, ...],
    dropped_at: int,
    template: str,
    ordinal: tuple[str, int],
    form: str,
) -> None:
    word, index = ordinal
    left = [name for at, name in enumerate(names) if at != dropped_at]
    history = [_listed(names), Turn(template.format(names[dropped_at]), "Done.")]
    node = rules_api.write_final(history, form.format(word), CITIES)
    assert node.topic == left[index]


def test_the_learned_writer_counts_among_what_is_left_too() -> None:
    names = ("Lisbon", "Kyoto", "Nairobi")
    history = [_listed(names), Turn("I'll pass on Lisbon", "Sure, Lisbon is off the list.")]
    node = learned_api.write_final(history, "the last of the ones left, when was it founded?")
    assert node.topic == "Nairobi"
    assert "Lisbon" not in (node.query or "")


def test_without_a_name_set_aside_or_taken_up_an_ordinal_counts_the_whole_list() -> None:
    names = ("Lisbon", "Kyoto", "Nairobi")
    node = rules_api.write_final([_listed(names)], "the second one, when was it founded?", CITIES)
    assert node.topic == "Kyoto"
