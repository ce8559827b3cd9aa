"""A name the assistant brought up, refused beside a question about another; a relayed
question repaired for its asker; a reply to "Was that new to you?"; an apology for a jump with
a hedge; a question between two remarks; a new year typed beside the topic's name (spec
writer-cues-roles.refused-known, .relayed-repair, .declined-offer, .excused-jump,
writer-standalone.in-passing, writer-cues-value-revision.year-beside-name)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.relayed import as_own_repair
from memcore.writers.remarks import without_leading_debris
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.values import only_year_typed, without_replaced_years

_Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: st.SearchStrategy[_Write] = st.sampled_from((learned_final, rules_final))
_PLACES = ("Tbilisi", "Helsinki", "Kyoto", "Lisbon", "Nairobi")
_PAIRS = st.permutations(_PLACES).map(lambda names: names[:2])
_REFUSALS = (
    "> {aside}\nno thanks. what is {topic} famous for?",
    '"{aside}"? nah. I\'ll stick with {topic} for now: what is {topic} famous for?',
    'Re: "{aside}" - I\'ll pass on that one. what is {topic} famous for?',
    "not {aside}. what is {topic} famous for?",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@settings(max_examples=20, deadline=None)
@given(_PAIRS, st.sampled_from(_REFUSALS), _WRITERS)
def test_a_name_the_answer_brought_up_refused_beside_a_question_is_rejected(
    names: Sequence[str], refusal: str, write_final: _Write
) -> None:
    topic, aside = names
    history = (
        Turn("how long did Apollo 13 last?", "Apollo 13 lasted a little more than a week."),
        Turn(
            f"what is the population of {topic}?",
            f"About two million people live in {topic}. {aside} often comes up alongside "
            f"{topic}, too.",
        ),
    )
    node = write_final(history, refusal.format(aside=aside, topic=topic), (*names, "Apollo 13"))
    assert node.topic == topic
    assert aside in _abandoned(node)
    assert node.query is not None
    assert aside not in node.query and topic in node.query
    assert node.query[0].isalnum()


@settings(max_examples=10, deadline=None)
@given(_WRITERS)
def test_the_answer_named_against_the_current_topic_without_a_new_question_stays(
    write_final: _Write,
) -> None:
    history = (
        Turn("tell me about Apollo 11", "Apollo 11 was the mission that first landed people."),
        Turn("who flew the command module?", "Michael Collins flew the command module."),
    )
    node = write_final(history, "I was asking about Apollo 11, not Michael Collins", ("Apollo 11",))
    assert "Michael Collins" not in _abandoned(node)


_RELAYS = ("My mum asks: ", "my brother wants to know ", "She was wondering ")


@given(
    st.sampled_from(_RELAYS),
    st.sampled_from(("she means", "he meant", "they mean", "my dad means")),
    st.sampled_from(_PLACES),
)
def test_a_relayed_question_s_repair_is_read_as_the_user_s(
    relay: str, repair: str, name: str
) -> None:
    text = f'{relay}"when was Kyoto founded?" - {repair} {name} though'
    owned = as_own_repair(text)
    assert re.search(rf"\bI mean(?:t)? {name} though$", owned)
    assert owned.startswith(f'{relay}"when was Kyoto founded?"')


@given(st.sampled_from(("she means well", "he meant it", "she means Lisbon")))
def test_words_of_meaning_outside_a_relayed_question_are_left_alone(words: str) -> None:
    for text in (f"who founded Kyoto? {words}", f"{words}, but when was Kyoto founded?"):
        assert as_own_repair(text) == text


@settings(max_examples=15, deadline=None)
@given(
    _PAIRS,
    st.sampled_from(("she means", "he means")),
    st.sampled_from(("My mum asks: ", "my friend wants to know ")),
    _WRITERS,
)
def test_a_relayed_question_repaired_moves_to_the_name_meant(
    names: Sequence[str], repair: str, relay: str, write_final: _Write
) -> None:
    slip, meant = names
    history = (Turn("which cities are worth a visit?", f"Try {slip}, {meant} or Montreal."),)
    question = f'{relay}"when was {slip} founded?" - {repair} {meant} though.'
    node = write_final(history, question, (*names, "Montreal"))
    assert node.topic == meant
    assert slip in _abandoned(node)


@settings(max_examples=15, deadline=None)
@given(
    _PAIRS,
    st.sampled_from(("Not really!", "nope, new to me 🙂", "Yes!")),
    st.sampled_from(("Was that new to you?", "Is any of that familiar to you?")),
    _WRITERS,
)
def test_a_reply_to_whether_the_answer_was_new_takes_nothing_back(
    names: Sequence[str], reply: str, closing: str, write_final: _Write
) -> None:
    old, new = names
    history = (Turn(f"when was {old} founded?", f"{old} is very old. {closing}"),)
    node = write_final(history, f"{reply} what is {new} known for?", names)
    assert node.topic == new
    assert old not in _abandoned(node)


@settings(max_examples=15, deadline=None)
@given(
    _PAIRS,
    st.sampled_from(
        (" Sorry, I know that's a jump!", " sorry if this is a bit random", " Sorry, quite a jump")
    ),
    _WRITERS,
)
def test_a_hedged_apology_for_a_jump_takes_nothing_back(
    names: Sequence[str], apology: str, write_final: _Write
) -> None:
    old, new = names
    history = (Turn(f"what is {old} known for?", f"{old} is known for many things."),)
    node = write_final(history, f"when was {new} founded?{apology}", names)
    assert node.topic == new
    assert not _abandoned(node)
    assert node.query == f"when was {new} founded?"


@settings(max_examples=15, deadline=None)
@given(
    _PAIRS,
    st.sampled_from(
        (
            "ok so {latest} is a bit of a rabbit hole lol. {asked} I'll save {latest} for later.",
            "{latest} - wow. {asked} Then I'll have another look at {latest} tonight.",
        )
    ),
    _WRITERS,
)
def test_a_question_between_two_remarks_on_another_name_is_searched_alone(
    names: Sequence[str], shape: str, write_final: _Write
) -> None:
    earlier, latest = names
    history = (
        Turn(f"when was {earlier} founded?", f"{earlier} was founded long ago."),
        Turn(f"when was {latest} founded?", f"{latest} was founded long ago."),
    )
    asked = f"what is {earlier} famous for?"
    node = write_final(history, shape.format(latest=latest, asked=asked), names)
    assert node.topic == earlier
    assert node.query == asked
    assert latest not in _abandoned(node)


_YEARS = st.integers(1900, 2030).map(str)


@given(_YEARS, _YEARS)
def test_a_new_year_typed_alone_replaces_the_one_the_query_carried(old: str, new: str) -> None:
    carried = f"who won the World Series in {old}?"
    replaced = without_replaced_years(carried, new)
    assert new in replaced
    assert old == new or old not in replaced
    both = without_replaced_years(f"{carried} the {new} this time", new)
    assert old == new or old not in both


@given(_YEARS, _YEARS, _YEARS)
def test_years_inside_the_topic_s_name_stay(named: str, old: str, new: str) -> None:
    topic = f"{named} FIFA World Cup"
    assert topic in without_replaced_years(f"who won the {topic} final in {old}?", new, topic)


def test_several_carried_years_are_not_guessed_between() -> None:
    query = "who won between 1990 and 1994?"
    assert without_replaced_years(query, "1996") == query


@given(_YEARS, _YEARS)
def test_only_a_single_kept_year_counts_as_typed_alone(one: str, other: str) -> None:
    assert only_year_typed(f"and in {one} this time?") == one
    if one != other:
        assert only_year_typed(f"{one} or {other}?") is None
    assert only_year_typed("and the World Series?") is None


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(("1996", "2001")), _WRITERS)
def test_a_bare_year_beside_the_topic_s_name_is_a_value_not_a_topic(
    new: str, write_final: _Write
) -> None:
    history = (Turn("who won the World Series in 1994?", "Fela Kuti won it in 1994."),)
    node = write_final(
        history, f"and the World Series - {new} this time - who won?", ("World Series",)
    )
    assert node.topic == "World Series"
    assert "World Series" not in _abandoned(node)


@given(st.text(alphabet="?!.,;:- \n>", max_size=6), st.sampled_from(("", "thanks. ", "Thanks! ")))
def test_leading_debris_goes_and_a_question_is_left(marks: str, thanks: str) -> None:
    asked = "what is Tbilisi famous for?"
    assert without_leading_debris(f"{marks}{thanks}{asked}") == asked
    assert without_leading_debris("? !") == "? !"
