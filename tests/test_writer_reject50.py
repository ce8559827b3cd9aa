"""Rejections read from a list posted again with struck items, from bare numbers of a numbered
list, from a verb of removing and from an excess, and a reaction to the answer's news that
rejects nothing (spec/writer-cues-self-repair.md#writer-cues-self-repair.struck-list,
spec/writer-cues-positions.md#writer-cues-positions.bare-numbers,
spec/writer-cues-roles.md#writer-cues-roles.removed-or-excessive,
spec/writer-learned.md#writer-learned.news-reaction)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.cues import normalise_turn
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from writer_pair import WRITERS

PLACES = ("Porto", "Tallinn", "Bruges", "Ljubljana", "Valletta")


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


# --- a list posted again with struck items ---------------------------------------------------

SEPARATORS = (", ", " / ", "\n- ")


@given(
    st.permutations(PLACES).map(lambda p: p[:4]),
    st.sets(st.integers(0, 3), min_size=1, max_size=3),
    st.sampled_from(SEPARATORS),
    st.sampled_from(("", "updated list: ", "my list now: ")),
)
def test_struck_items_of_a_reposted_list_are_refused_and_the_kept_ones_leave(
    names: Sequence[str], struck: set[int], separator: str, label: str
) -> None:
    asked = next(name for index, name in enumerate(names) if index not in struck)
    items = [f"~~{name}~~" if index in struck else name for index, name in enumerate(names)]
    opening = ("\n- " if label else "- ") if separator.startswith("\n") else ""
    text = f"{label}{opening}{separator.join(items)}\nwhat is {asked} known for?"
    read = normalise_turn(text)
    for index, name in enumerate(names):
        if index in struck:
            assert f"not {name}" in read
        elif name != asked:
            assert name not in read
    assert read.endswith(f"what is {asked} known for?")
    assert "~~" not in read


def test_a_struck_word_inside_a_sentence_stays_a_repair() -> None:
    read = normalise_turn("I liked ~~Porto~~ the city a lot, it was great. is Bruges nice?")
    assert "Porto, no wait," in read


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_remaining_item_of_a_reposted_list_is_the_topic(writer: str) -> None:
    history = [Turn("where should I go for a long weekend?", "Try Porto, Tallinn and Bruges.")]
    node = WRITERS[writer](
        history, "~~Porto~~ / Tallinn / ~~Bruges~~\n\nhow old is the remaining one?", PLACES
    )
    assert node.topic == "Tallinn"
    assert _abandoned(node) == {"Porto", "Bruges"}
    assert node.query is not None and "Porto" not in node.query and "Bruges" not in node.query


# --- bare numbers of a numbered list ---------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@settings(max_examples=12, deadline=None)
@given(st.permutations(PLACES).map(lambda p: p[:3]), st.integers(1, 3), st.integers(1, 3))
def test_a_bare_number_names_its_item(
    writer: str, names: Sequence[str], out: int, asked: int
) -> None:
    if out == asked:
        return
    listed = " ".join(f"{place}. {name}" for place, name in enumerate(names, start=1))
    history = [Turn(f"my picks so far: {listed}", "Each of them makes a fine trip.")]
    node = WRITERS[writer](history, f"{out} is out. how old is number {asked}?", PLACES)
    assert node.topic == names[asked - 1]
    assert names[out - 1] in _abandoned(node)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_number_that_counts_something_names_no_item(writer: str) -> None:
    history = [Turn("my picks so far: 1. Porto 2. Tallinn 3. Bruges", "All fine trips.")]
    node = WRITERS[writer](history, "what can I see in Bruges in 2 days?", PLACES)
    assert node.topic == "Bruges"
    assert not _abandoned(node)


# --- removing, an excess, and a reaction to the news ------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "refusal",
    [
        "how old is Tallinn?\nP.S. delete Porto from the plan.",
        "please remove Porto from my options. how old is Tallinn?",
        "Porto seems way too busy in August, so how old is Tallinn?",
        "because Porto is too pricey for us, how old is Tallinn?",
    ],
)
def test_a_removed_or_excessive_name_is_refused(writer: str, refusal: str) -> None:
    history = [Turn("how old is Porto?", "Porto is one of the oldest cities in Europe.")]
    node = WRITERS[writer](history, refusal, PLACES)
    assert node.topic == "Tallinn"
    assert _abandoned(node) == {"Porto"}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "asked", ["how do I remove Porto from my route?", "is Porto too hilly for cycling?"]
)
def test_a_question_about_removing_or_an_excess_refuses_nothing(writer: str, asked: str) -> None:
    history = [Turn("how old is Porto?", "Porto is one of the oldest cities in Europe.")]
    node = WRITERS[writer](history, asked, PLACES)
    assert node.topic == "Porto"
    assert not _abandoned(node)


REACTIONS = (
    "huh, I never knew that.",
    "oh wow, I did not expect that!",
    "I wouldn't have guessed that.",
    "oh, hadn't heard of that.",
)


@given(st.sampled_from(REACTIONS), st.sampled_from(PLACES[1:]))
@settings(max_examples=8, deadline=None)
def test_a_reaction_to_the_news_rejects_nothing(reaction: str, other: str) -> None:
    history = [Turn("how old is Porto?", "Porto is one of the oldest cities in Europe.")]
    node = learned_final(history, f"{reaction}\n\nhow old is {other}?", PLACES)
    assert node.topic == other
    assert not _abandoned(node)
    assert node.query == f"how old is {other}?"


def test_a_reaction_is_read_only_with_nothing_after_its_object() -> None:
    assert cues.NEWS_REACTION.search("I didn't expect that.") is not None
    assert cues.NEWS_REACTION.search("I didn't expect Porto to be so old.") is None
    assert cues.NEWS_REACTION.search("I didn't mean that.") is None


# --- the one left out, and an "it" that is the reply to come --------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "clause",
    [
        "Porto is the one I'll leave out",
        "Porto's the one we have to skip",
        "Porto is the one I'm cutting",
    ],
)
def test_the_one_the_speaker_sets_aside_is_refused(writer: str, clause: str) -> None:
    history = [Turn("Porto, Tallinn or Bruges: which is older?", "Porto is the oldest of them.")]
    node = WRITERS[writer](history, f"only two fit, and {clause}. how old is Bruges?", PLACES)
    assert node.topic == "Bruges"
    assert "Porto" in _abandoned(node)


def test_the_one_the_speaker_cannot_skip_is_not_refused() -> None:
    assert cues.REFUSED_PREDICATE.search("Porto is the one I can't skip") is None


@given(
    st.sampled_from(("keep", "make")),
    st.sampled_from(("short", "brief", "simple", "quick", "really short", "under 80")),
)
def test_an_instruction_about_the_reply_has_a_dummy_it(verb: str, form: str) -> None:
    text = f"how old is Tallinn? {verb} it {form}"
    assert cues.DUMMY_IT.search(text) is not None
    assert cues.DUMMY_IT.search(f"how do I {verb} it waterproof?") is None


@given(st.permutations(PLACES).map(lambda p: p[:3]), st.sampled_from(("drop", "skip", "forget")))
def test_points_numbered_in_one_line_are_closed(names: Sequence[str], verb: str) -> None:
    text = f"(1) {verb} {names[0]} (2) {verb} {names[1]} (3) how old is {names[2]}?"
    read = normalise_turn(text)
    assert f"{names[0]}; (2)" in read and f"{names[1]}; (3)" in read
    asked = "(1) how old is Porto? (2) is it far?"
    assert normalise_turn(asked) == asked


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("verdict", [": out", " - dropped", ": crossed off", ", scrapped"])
def test_a_verdict_of_removal_as_a_label_refuses_the_name(writer: str, verdict: str) -> None:
    history = [
        Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
        Turn("how old is Tallinn?", "Tallinn's old town is medieval."),
    ]
    node = WRITERS[writer](history, f"Porto{verdict}.\nwhat is Tallinn famous for?", PLACES)
    assert node.topic == "Tallinn"
    assert "Porto" in _abandoned(node)
