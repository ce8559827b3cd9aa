"""A name turned down beside a question on the current topic, a name given as a yardstick,
and a repair made while moving on, its query and its slips (spec
writer-cues-roles.refused-other, writer-cues-positions.yardstick,
writer-cues-corrections.abandon-restore)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.yardstick import without_yardstick

_CITIES = ("Montreal", "Lisbon", "Kyoto", "Nairobi", "Tbilisi")
_Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: st.SearchStrategy[_Write] = st.sampled_from((learned_final, rules_final))


def _listed_then_asked(names: list[str], picked: str) -> tuple[Turn, ...]:
    return (
        Turn(
            "which cities would you suggest for a long weekend?",
            f"You could try {names[0]}, {names[1]} and {names[2]}.",
        ),
        Turn(f"when was {picked} founded?", f"{picked} was founded as a trading post."),
    )


@settings(max_examples=20, deadline=None)
@given(
    st.permutations(_CITIES).map(lambda names: list(names[:3])),
    st.sampled_from(
        (
            "what language do people speak there? And just so you know, {x} is a no for me.",
            "{x} is a no for me. what is the weather like there in winter?",
            "what is it famous for?\nAlso, leave {x} out - not interested.",
        )
    ),
    _WRITERS,
)
def test_a_name_turned_down_beside_a_question_leaves_the_current_topic_on(
    names: list[str], template: str, write_final: _Write
) -> None:
    picked, refused = names[1], names[0]
    node = write_final(_listed_then_asked(names, picked), template.format(x=refused), _CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == picked
    assert abandoned == {refused}
    assert refused not in (node.query or "")
    assert picked in (node.query or "")


def test_a_refusal_of_the_current_topic_itself_is_not_read_so() -> None:
    history = _listed_then_asked(["Montreal", "Lisbon", "Kyoto"], "Lisbon")
    node = learned_final(history, "Lisbon is a no for me. what is Kyoto famous for?", _CITIES)
    assert node.topic == "Kyoto"


@given(
    st.sampled_from(_CITIES),
    st.sampled_from(
        (
            "Like I did for {x}: ",
            "Just as I asked about {x}: ",
            "Same question as I asked about {x}: ",
        )
    ),
    st.sampled_from(("what is the second one famous for?", "how old is the last one?")),
)
def test_a_yardstick_phrase_leaves_the_turn_and_its_own_question_stays(
    name: str, phrase: str, asked: str
) -> None:
    assert without_yardstick(phrase.format(x=name) + asked, [name], []) == asked


def test_a_name_not_in_a_yardstick_phrase_is_left_as_typed() -> None:
    assert without_yardstick("is Kyoto as old as Nairobi?", ["Nairobi", "Kyoto"], []) is None


@settings(max_examples=10, deadline=None)
@given(st.permutations(_CITIES).map(lambda names: list(names[:3])), _WRITERS)
def test_a_place_asked_with_an_earlier_pick_as_yardstick_is_the_topic(
    names: list[str], write_final: _Write
) -> None:
    history = _listed_then_asked(names, names[0])
    question = f"Like I did for {names[0]}: how old is the second one?"
    node = write_final(history, question, list(_CITIES))
    assert node.topic == names[1]
    assert names[0] not in (node.query or "")


@settings(max_examples=10, deadline=None)
@given(
    st.permutations(("Kindle", "Vespa", "Tamagotchi", "Model T")).map(list),
    st.sampled_from(
        (
            "Right, onto {a} - I mean {b}, sorry. ",
            "Let's do {a}, no wait, {b}. ",
            "Next one: {a}. Oops, I mean {b}. ",
        )
    ),
    _WRITERS,
)
def test_a_slip_repaired_while_moving_on_leaves_the_current_topic_behind(
    names: list[str], move: str, write_final: _Write
) -> None:
    current, slip, meant = names[0], names[1], names[2]
    history = (Turn(f"who made {current}?", f"{current} was made by a small firm."),)
    question = move.format(a=slip, b=meant) + f"who made {meant}?"
    node = write_final(history, question, names)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == meant
    assert slip in abandoned
    assert current not in abandoned


@settings(max_examples=10, deadline=None)
@given(st.permutations(("Kindle", "Vespa", "Tamagotchi", "Model T")).map(list), _WRITERS)
def test_a_repair_in_a_dash_aside_leaves_the_query(names: list[str], write_final: _Write) -> None:
    current, slip, meant = names[0], names[1], names[2]
    history = (Turn(f"who made {current}?", f"{current} was made by a small firm."),)
    question = f"That's {current} sorted. Now for {slip} - no, {meant}, sorry - who made it?"
    node = write_final(history, question, names)
    assert node.topic == meant
    assert slip not in (node.query or "")
    assert meant in (node.query or "")


@settings(max_examples=10, deadline=None)
@given(st.permutations(_CITIES).map(lambda names: list(names[:4])), _WRITERS)
def test_a_slip_before_words_that_point_back_is_abandoned(
    names: list[str], write_final: _Write
) -> None:
    first, second, slip = names[0], names[1], names[3]
    history = (
        Turn(f"how old is {first}?", f"{first} is very old."),
        Turn(f"how old is {second}?", f"{second} is very old."),
    )
    question = (
        f"what is {slip} famous for? - no wait, I mean {first}, the one we talked about first."
    )
    node = write_final(history, question, _CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == first
    assert slip in abandoned


@settings(max_examples=10, deadline=None)
@given(st.permutations(("Kindle", "Vespa", "Tamagotchi", "Model T")).map(list), _WRITERS)
def test_a_question_repeated_with_another_name_corrects_the_previous_turn(
    names: list[str], write_final: _Write
) -> None:
    current, slip, meant = names[0], names[1], names[2]
    history = (Turn(f"who made {current}?", f"{current} was made by a small firm."),)
    question = f"oh wait, who made {slip}? no hang on, who made {meant}?"
    node = write_final(history, question, names)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == meant
    assert {slip, current} <= abandoned
