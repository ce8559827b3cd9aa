"""A name given as the one to drop, a name wished away with "no", and an opening that only
says the user is curious (spec writer-cues-roles.drop-answer, .wished-without,
writer-cues-returns.curious-opening)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.curiosity import without_curious_opening
from memcore.writers.driver import Turn
from memcore.writers.drop_answer import answered_drop
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.wished_without import as_refusals

_Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: st.SearchStrategy[_Write] = st.sampled_from((learned_final, rules_final))
_CITIES = ("Valparaiso", "Kyoto", "Melbourne", "Lisbon", "Cusco")
_THREE = st.permutations(_CITIES).map(lambda names: names[:3])
_DROP_QUESTIONS = (
    "Fair enough - which of the three would you drop?",
    "Then which one would you leave out?",
    "Tough choice! Which one matters least to you?",
)
_REPLIES = (
    "{dropped}, easily. what language do people speak in {asked}?",
    "Hmm... {dropped} I guess 😬 when was {asked} founded?",
    "when was {asked} founded?\nAnd to answer your question: {dropped}.",
    "Probably {dropped}.\n\nSo that leaves {asked}: when was it founded?",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@given(_THREE, st.sampled_from(_DROP_QUESTIONS), st.sampled_from(_REPLIES))
def test_the_bare_name_after_which_to_drop_is_the_one_dropped(
    names: Sequence[str], closing: str, reply: str
) -> None:
    dropped, asked, _ = names
    found = answered_drop(reply.format(dropped=dropped, asked=asked), closing, names)
    assert found is not None
    assert found[0] == dropped
    assert dropped not in found[1] and "?" in found[1]


@given(_THREE, st.sampled_from(_REPLIES))
def test_without_a_question_which_to_drop_a_bare_name_is_no_answer(
    names: Sequence[str], reply: str
) -> None:
    dropped, asked, _ = names
    text = reply.format(dropped=dropped, asked=asked)
    assert answered_drop(text, "Which one would you like to start with?", names) is None
    assert answered_drop(f"{dropped}, easily.", _DROP_QUESTIONS[0], names) is None


@settings(max_examples=15, deadline=None)
@given(_THREE, st.sampled_from(_REPLIES[:3]), _WRITERS)
def test_both_writers_drop_the_name_given_and_ask_about_the_other(
    names: Sequence[str], reply: str, write_final: _Write
) -> None:
    dropped, asked, third = names
    history = (
        Turn("which cities would you suggest?", f"You could try {dropped}, {asked} and {third}."),
        Turn("that's too many, I need to cut one", _DROP_QUESTIONS[0]),
    )
    node = write_final(history, reply.format(dropped=dropped, asked=asked), names)
    assert node.topic == asked
    assert dropped in _abandoned(node)
    assert node.query is not None and dropped not in node.query


@given(
    st.sampled_from(("rules for this project: ", "(my only rule: ", "and definitely ")),
    st.sampled_from(_CITIES),
)
def test_no_before_a_known_name_in_a_wish_reads_as_not(opening: str, name: str) -> None:
    assert as_refusals(f"{opening}no {name}", [name]) == f"{opening}not {name}"


@given(st.sampled_from(_CITIES))
def test_a_retracting_no_and_a_no_before_an_unknown_word_stay(name: str) -> None:
    for text in (f"no, {name}", f"when was it founded? no {name}", "rules: no spoilers"):
        assert as_refusals(text, [name]) == text


@given(
    st.sampled_from(
        ("I'm curious now - ", "just wondering: ", "out of curiosity, ", "quick question - ")
    ),
    st.sampled_from(("how many people live there?", "who directed it?", "when was it built?")),
)
def test_a_curious_opening_leaves_the_question(opening: str, asked: str) -> None:
    assert without_curious_opening(opening + asked) == asked


@given(st.sampled_from(("I'm curious about Kyoto.", "just wondering - thanks!", "curious")))
def test_a_curious_remark_without_a_question_stays(text: str) -> None:
    assert without_curious_opening(text) == text
