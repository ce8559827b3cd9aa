"""The readers of an answer's list and of a pair it compares: a comparative and its opposite,
the member the answer singles out, names offered in prose, a description by what the answer
said, and a topic before a named detour (spec/writer-cues-positions.md)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.lists import asks_for_several
from writer_pair import WRITERS

TOWNS = ("Ghent", "Bruges", "Porto", "Split", "Tallinn", "Ljubljana")
# A comparative, its opposite, and the words an answer compares two towns with.
SCALES = (
    ("older", "younger"),
    ("cheaper", "pricier"),
    ("bigger", "smaller"),
    ("busier", "quieter"),
    ("more expensive", "less expensive"),
)


def _named_only(node: Node, meant: str, others: Sequence[str]) -> bool:
    query = node.query or ""
    return meant in query and not any(other in query for other in others if other != meant)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(TOWNS), min_size=2, max_size=2, unique=True),
    st.sampled_from(SCALES),
    st.booleans(),
    st.booleans(),
)
def test_a_comparative_or_its_opposite_picks_one_of_the_pair_the_answer_compared(
    pair: list[str], scale: tuple[str, str], opposite: bool, in_pair_words: bool
) -> None:
    first, second = pair
    word, other = scale
    if in_pair_words:
        history = [
            Turn(
                f"{first} or {second}: which one is {word}?",
                f"{second}, clearly. It is the {word} of the two.",
            )
        ]
    else:
        history = [
            Turn(
                f"how do {first} and {second} compare?",
                f"Well, {second} is a bit {word} than {first}.",
            )
        ]
    said = other if opposite else word
    meant = first if opposite else second
    node = rules_final(history, f"ok, the {said} one: how do I get there by train?", TOWNS)
    assert node.topic == meant
    assert _named_only(node, meant, pair)


def test_comparatives_of_different_scales_pick_nothing_by_themselves() -> None:
    history = [Turn("Porto or Split, which is older?", "Split is older than Porto.")]
    node = rules_final(history, "the cheaper one: is it by the sea?", TOWNS)
    # "cheaper" is no reading of "older": the comparative does not decide it.
    assert node.query is None or "Split" not in node.query or "Porto" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    [
        "how do I get to the one you'd pick?",
        "is your top pick walkable?",
        "what is the one you'd choose best known for?",
        "which airline flies to the one you picked?",
    ],
)
def test_the_member_a_list_answer_names_again_is_the_one_it_picked(
    writer: str, question: str
) -> None:
    history = [
        Turn(
            "any towns you'd suggest for a short trip?",
            "Ghent, Porto or Tallinn would all do; if it were me, Porto every time.",
        )
    ]
    node = WRITERS[writer](history, question, TOWNS)
    assert node.topic == "Porto"
    assert _named_only(node, "Porto", ("Ghent", "Porto", "Tallinn"))


def test_asking_for_a_pick_names_no_member_yet() -> None:
    history = [Turn("any towns you'd suggest?", "Ghent, Porto or Tallinn would all do.")]
    node = rules_final(history, "what's the one you'd pick?", TOWNS)
    assert node.topic not in ("Ghent", "Porto", "Tallinn") or "Porto" not in (node.query or "")


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(TOWNS), min_size=3, max_size=3, unique=True), st.data())
def test_names_an_answer_offers_in_prose_are_counted_in_the_order_offered(
    towns: list[str], data: st.DataObject
) -> None:
    first, middle, last = towns
    answer = (
        f"Honestly {first} is hard to beat. There is also {middle}, and {last} if you like the sea."
    )
    history = [Turn("which towns are worth a weekend?", answer)]
    said, meant = data.draw(
        st.sampled_from(
            (
                ("the first one you mentioned", first),
                ("the second one you named", middle),
                ("the last one you mentioned", last),
            )
        )
    )
    node = rules_final(history, f"{said} - is it far from the airport?", TOWNS)
    assert node.topic == meant
    assert _named_only(node, meant, towns)


@pytest.mark.parametrize(
    ("question", "several"),
    [
        ("which towns are worth a weekend?", True),
        ("can you suggest a few good novels?", True),
        ("what are some old bridges in Europe?", True),
        ("who wrote Dune?", False),
        ("what is Porto famous for?", False),
    ],
)
def test_a_question_that_asks_for_several_things(question: str, several: bool) -> None:
    assert asks_for_several(question) is several


def test_a_member_described_by_what_the_answer_said_of_it() -> None:
    history = [
        Turn(
            "which towns are worth a weekend?",
            "Ghent has the best canals; Porto is where the wine comes from; Split is great "
            "for beaches.",
        )
    ]
    node = rules_final(history, "the one where the wine comes from - how old is it?", TOWNS)
    assert node.topic == "Porto"
    assert _named_only(node, "Porto", ("Ghent", "Porto", "Split"))


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    [
        "the one from before the Porto tangent - how old is it?",
        "before Porto, we were talking about something else. how old is that one?",
    ],
)
def test_the_topic_before_a_named_detour(writer: str, question: str) -> None:
    history = [
        Turn("how old is Ghent?", "Ghent is very old."),
        Turn("is Porto by the sea?", "Porto lies at the mouth of a river."),
        Turn("what is Tallinn known for?", "Tallinn is known for its old town."),
    ]
    node = WRITERS[writer](history, question, TOWNS)
    assert node.topic == "Ghent"
    assert _named_only(node, "Ghent", ("Ghent", "Porto", "Tallinn"))


def test_a_sentence_opening_verb_is_no_part_of_the_title_after_it() -> None:
    history = [Turn("any towns to see?", "Try Ghent, Porto or Split.")]
    node = rules_final(history, "how big is the first one?", TOWNS)
    assert node.topic == "Ghent"


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(TOWNS), min_size=2, max_size=3, unique=True), st.data())
def test_questions_one_message_asks_are_counted_in_the_order_asked(
    towns: list[str], data: st.DataObject
) -> None:
    asked = " also, ".join(f"is {town} near the sea?" for town in towns)
    answer = " ".join(f"{town} is an hour from the coast." for town in towns)
    history = [Turn(f"hey! {asked}", answer)]
    place = data.draw(st.integers(0, len(towns) - 1))
    ordinal = ("first", "second", "third")[place]
    node = rules_final(history, f"how old is the {ordinal} one I asked about?", TOWNS)
    assert node.topic == towns[place]
    assert _named_only(node, towns[place], towns)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    [
        "the one I asked a second question about - is it walkable?",
        "back to the one I followed up on: is it walkable?",
    ],
)
def test_the_subject_asked_about_twice(writer: str, question: str) -> None:
    history = [
        Turn("how old is Ghent?", "Ghent is very old."),
        Turn("how old is Porto?", "Porto is very old too."),
        Turn("and is it by the sea?", "Porto lies at the mouth of a river."),
        Turn("how old is Split?", "Split grew out of a Roman palace."),
    ]
    node = WRITERS[writer](history, question, TOWNS)
    assert node.topic == "Porto"


def test_no_subject_asked_about_twice_names_none_by_that_phrase() -> None:
    history = [
        Turn("how old is Ghent?", "Ghent is very old."),
        Turn("how old is Porto?", "Porto is very old too."),
    ]
    node = rules_final(history, "the one I asked a second question about - is it walkable?", TOWNS)
    assert node.topic != "Ghent"
