"""Shapes read by structure (stop 51): names still open after others are dropped, the scope
of a predicate (its number, a repeated act, a verb of becoming, "no" as a determiner), a name
summed up before the turn moves on, a plan called off, and statements said in passing that
point back (spec/writer-cues-roles.md#writer-cues-roles.remaining,
#writer-cues-roles.predicate-scope, #writer-cues-roles.summed-up,
#writer-cues-roles.called-off; spec/writer-standalone.md#writer-standalone.in-passing). Both
writers are checked where the mechanism is shared."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.names import find_mentions

LAKES = ("Lake Como", "Lake Bled", "Lake Garda", "Lake Ohrid", "Lake Tahoe")
WRITERS: tuple[Callable[[Sequence[Turn], str, Sequence[str]], Node], ...] = (
    rules_api.write_final,
    learned_api.write_final,
)
# One dropped, two left, the second of them asked about.
STILL_OPEN = (
    "{a} is out, which leaves {b} and {c}. how deep is {c}?",
    "not {a}. that leaves {b} and {c} - how deep is {c}?",
    "scratch {a}. down to {b} and {c}; how deep is {c}?",
    "{a} is a no. {b} and {c} remain, so: how deep is {c}?",
    "skip {a}. between {b} and {c}, {c} first - how deep is {c}?",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


def _listed(names: Sequence[str]) -> list[Turn]:
    return [Turn("which lakes should I visit?", f"Try {names[0]}, {names[1]} and {names[2]}.")]


@pytest.mark.parametrize("write", WRITERS)
@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.sampled_from(LAKES), min_size=3, max_size=3, unique=True),
    st.sampled_from(STILL_OPEN),
)
def test_a_name_still_open_is_neither_meant_nor_rejected(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], final: str
) -> None:
    a, b, c = names
    node = write(_listed(names), final.format(a=a, b=b, c=c), LAKES)
    assert node.topic == c
    assert a in _abandoned(node)
    assert b not in _abandoned(node)
    assert node.query is not None and c in node.query
    assert a not in node.query and b not in node.query


def test_a_question_between_two_names_asks_about_both() -> None:
    question = "what is the difference between Lake Bled and Lake Garda?"
    reading = read_turn(question, find_mentions(question, LAKES))
    assert all(name.role is Role.PLAIN for name in reading.names)


def test_a_singular_predicate_binds_its_own_subject_only() -> None:
    question = "my choice: Lake Bled, and Lake Como is off the table. how deep is Lake Bled?"
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.intended == "Lake Bled"
    assert reading.taken_back == ("Lake Como",)
    plural = "Lake Bled and Lake Como are off the table. how deep is Lake Garda?"
    reading = read_turn(plural, find_mentions(plural, LAKES))
    assert reading.taken_back == ("Lake Bled", "Lake Como")


@pytest.mark.parametrize(
    "question",
    [
        "crossed off Lake Como, then Lake Bled. how deep is Lake Garda?",
        "I struck out Lake Como and then Lake Bled - how deep is Lake Garda?",
    ],
)
def test_a_repeated_act_takes_the_name_after_then(question: str) -> None:
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.taken_back == ("Lake Como", "Lake Bled")
    assert reading.intended == "Lake Garda"


def test_a_bare_negation_is_no_act_carried_after_then() -> None:
    question = "not Lake Como, then Lake Bled?"
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.taken_back == ("Lake Como",)


@pytest.mark.parametrize(
    "question",
    [
        "Lake Como turned out to be a no. how deep is Lake Bled?",
        "Lake Como ended up being out. how deep is Lake Bled?",
        "house rule: no Lake Como. how deep is Lake Bled?",
    ],
)
def test_becoming_and_a_determiner_no_refuse(question: str) -> None:
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.taken_back == ("Lake Como",)
    assert reading.intended == "Lake Bled"


def test_a_no_that_follows_a_name_still_retracts_it() -> None:
    question = "how deep is Lake Como? no Lake Bled"
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.intended == "Lake Bled"


SUMMED_UP = (
    "so that's {a}. on to {b} - how deep is {b}?",
    "right, that was {a}. next up: {b}. how deep is {b}?",
    "moving from {a} to {b} now - how deep is {b}?",
)


@pytest.mark.parametrize("write", WRITERS)
@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.sampled_from(LAKES), min_size=2, max_size=2, unique=True),
    st.sampled_from(SUMMED_UP),
)
def test_a_name_summed_up_is_left_not_rejected(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], final: str
) -> None:
    a, b = names
    history = [Turn(f"how deep is {a}?", f"{a} is very deep.")]
    node = write(history, final.format(a=a, b=b), LAKES)
    assert node.topic == b
    assert not _abandoned(node)
    assert node.query is not None and a not in node.query


def test_that_is_x_before_stated_intent_still_takes_x_back() -> None:
    question = "that's Lake Como, I asked about Lake Bled"
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.taken_back == ("Lake Como",)


CALLED_OFF = (
    "I was going to bring up {r} but never mind. how deep is {a}?",
    "thought about asking about {r}, but first: how deep is {a}?",
    "I meant to ask about {r}, but it can wait. how deep is {a}?",
    "{r}? some other time. for now, how deep is {a}?",
)


@pytest.mark.parametrize("write", WRITERS)
@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.sampled_from(LAKES), min_size=3, max_size=3, unique=True),
    st.sampled_from(CALLED_OFF),
    st.booleans(),
)
def test_a_plan_called_off_is_not_the_topic(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
    names: list[str],
    final: str,
    lower: bool,
) -> None:
    a, s, r = names
    history = [
        Turn(f"how deep is {a}?", f"{a} is very deep."),
        Turn(f"how old is {s}?", f"{s} is old."),
    ]
    typed = final.format(a=a, r=r)
    node = write(history, typed.lower() if lower else typed, LAKES)
    assert node.topic == a
    assert node.query is not None
    assert r.casefold() not in node.query.casefold()
    assert s.casefold() not in node.query.casefold()


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "opening",
    [
        "I'll tell my brother about {a}, he'll like that.",
        "I wrote a poem about {a} once!",
        "we might show our class your answer on {a}.",
    ],
)
def test_a_statement_of_the_user_s_own_is_said_in_passing(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], opening: str
) -> None:
    history = [Turn("how deep is Lake Ohrid?", "Lake Ohrid is very deep.")]
    node = write(history, opening.format(a="Lake Ohrid") + "\nhow deep is Lake Tahoe?", LAKES)
    assert node.topic == "Lake Tahoe"
    assert not _abandoned(node)
    assert node.query == "how deep is Lake Tahoe?"


@pytest.mark.parametrize("write", WRITERS)
def test_a_statement_pointing_back_leads_no_question(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
) -> None:
    history = [
        Turn("how deep is Lake Ohrid?", "Lake Ohrid is very deep."),
        Turn("how deep is Lake Tahoe?", "Lake Tahoe is very deep."),
    ]
    node = write(history, "I looked it up myself in the end, cheers! how old is Lake Ohrid?", LAKES)
    assert node.topic == "Lake Ohrid"


@pytest.mark.parametrize(
    "final",
    [
        "no, then the same question for Lake Bled",
        "nope - then the same for Lake Bled",
        "wrong one - same question for Lake Bled please",
    ],
)
def test_a_repair_that_asks_again_takes_the_question_before(final: str) -> None:
    history = [Turn("how deep is Lake Como?", "Lake Como is very deep.")]
    node = rules_api.write_final(history, final, LAKES)
    assert node.topic == "Lake Bled"
    assert node.query == "how deep is Lake Bled?"


@pytest.mark.parametrize(
    "question",
    [
        "✅ Lake Bled\n❌ Lake Como\nso: how deep is Lake Bled?",
        "lake como: no ❌\nlake bled: yes ✅\nhow deep is lake bled?",
        "👍 Lake Bled\n👎 Lake Como\nso, how deep is Lake Bled?",
    ],
)
def test_a_stance_symbol_binds_within_its_line(question: str) -> None:
    reading = read_turn(question, find_mentions(question, LAKES))
    assert reading.intended == "Lake Bled"
    assert reading.taken_back == ("Lake Como",)
