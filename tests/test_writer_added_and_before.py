"""The name the assistant added, a place before a name said with a clause of the speakers, a
list typed on one line with item numbers, a sentence's capital before a known name, a name
that is the subject of its own conjunct and a name put off with "then"
(spec/writer-cues-positions.md#writer-cues-positions.assistant-added, #...before-clause,
#...numbered-line, #...added-batch; spec/writer-cues-names.md#writer-cues-names.sentence-
capital; spec/writer-cues-roles.md#writer-cues-roles.own-conjunct, #...deferred). The wordings
are this file's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_write_final
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import find_mentions
from memcore.writers.rules.spans import item_labels

Writer = Callable[..., Node]
_WRITERS: tuple[Writer, ...] = (write_final, learned_write_final)
_TOWNS = ("Zagreb", "Ljubljana", "Sarajevo", "Skopje", "Tirana")


def _write(writer: Writer, history: Sequence[Turn], question: str) -> Node:
    return writer(history=history, question=question, titles=_TOWNS)


def _rejected(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


_OFFERS = (
    ("Zagreb or Skopje - which is nicer in May?", "Both are fine, though Tirana is worth a look."),
    (
        "I'm torn between Zagreb and Skopje for a short trip.",
        "Either is good. You might also try Tirana.",
    ),
)
_ADDED_PHRASES = (
    "the one you added",
    "the one you threw in",
    "the one you suggested yourself",
    "your extra one",
    "the extra one you mentioned",
)


@settings(max_examples=10, deadline=None)
@given(
    offer=st.sampled_from(_OFFERS),
    phrase=st.sampled_from(_ADDED_PHRASES),
    writer=st.sampled_from(_WRITERS),
)
def test_the_name_the_assistant_added_is_the_one_no_user_turn_typed(
    offer: tuple[str, str], phrase: str, writer: Writer
) -> None:
    node = _write(writer, [Turn(*offer)], f"how old is {phrase}?")
    assert node.topic == "Tirana"
    assert "Zagreb" not in (node.query or "") and "Skopje" not in (node.query or "")


@pytest.mark.parametrize("writer", _WRITERS)
def test_the_one_you_recommended_is_the_added_one_where_the_answer_picks_none(
    writer: Writer,
) -> None:
    node = _write(writer, [Turn(*_OFFERS[0])], "ok, the one you recommended - how big is it?")
    assert node.topic == "Tirana"


_TALK = (
    Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old."),
    Turn("who wrote Dracula?", "Dracula was written by Bram Stoker."),
    Turn("how old is Skopje?", "Skopje is very old too."),
)


@settings(max_examples=10, deadline=None)
@given(
    clause=st.sampled_from(
        [
            "we got onto",
            "I asked about",
            "we switched to",
            "you told me about",
            "we moved on to",
        ]
    ),
    writer=st.sampled_from(_WRITERS),
)
def test_a_clause_of_the_speakers_after_before_counts_from_its_name(
    clause: str, writer: Writer
) -> None:
    node = _write(writer, _TALK, f"the one just before {clause} Dracula - how big is it?")
    assert node.topic == "Zagreb"
    assert "Skopje" not in (node.query or "")


@pytest.mark.parametrize("writer", _WRITERS)
@pytest.mark.parametrize("verb", ["came up", "was mentioned"])
def test_the_last_one_before_a_name_came_up(writer: Writer, verb: str) -> None:
    node = _write(writer, _TALK, f"the last one before Dracula {verb}: how big is that one?")
    assert node.topic == "Zagreb"
    assert node.query == "how big is Zagreb?"


@settings(max_examples=20, deadline=None)
@given(
    names=st.permutations(["Zagreb", "Ljubljana", "Apollo 11", "Tirana", "Bram Stoker"]),
    count=st.integers(min_value=2, max_value=5),
    close=st.sampled_from([".", ")"]),
)
def test_a_list_numbered_on_one_line_gives_each_item_as_a_name(
    names: list[str], count: int, close: str
) -> None:
    items = names[:count]
    text = "my ranking: " + " ".join(f"{n}{close} {name}" for n, name in enumerate(items, 1))
    assert [mention.name for mention in find_mentions(text)] == items


@pytest.mark.parametrize(
    "text", ["I liked Apollo 11. Then Tirana.", "it was 2. Then we left", "in 1999. Zagreb grew"]
)
def test_a_lone_number_with_a_full_stop_labels_nothing(text: str) -> None:
    assert item_labels(text) == frozenset()


@pytest.mark.parametrize("writer", _WRITERS)
@pytest.mark.parametrize(
    ("place", "expected"),
    [("my number two", "Ljubljana"), ("my top pick", "Zagreb"), ("the one I put last", "Tirana")],
)
def test_a_place_in_the_users_numbered_ranking(writer: Writer, place: str, expected: str) -> None:
    history = [
        Turn("who wrote Dracula?", "Dracula was written by Bram Stoker."),
        Turn("my ranking: 1. Zagreb 2. Ljubljana 3. Tirana", "Good choices."),
    ]
    node = _write(writer, history, f"what is {place} known for?")
    assert node.topic == expected


@settings(max_examples=12, deadline=None)
@given(verb=st.sampled_from(["Scrap", "Ditch", "Lose", "Axe", "Bin"]))
def test_a_sentences_first_capital_is_no_part_of_a_known_name(verb: str) -> None:
    mentions = find_mentions(f"{verb} Zagreb Old Town, I'd rather see Skopje.", ["Zagreb Old Town"])
    assert [mention.name for mention in mentions] == ["Zagreb Old Town", "Skopje"]


def test_a_capitalised_run_inside_a_sentence_stays_whole() -> None:
    mentions = find_mentions("I read about Greater Zagreb today", ["Zagreb"])
    assert [mention.name for mention in mentions] == ["Greater Zagreb"]


_ASKED = (Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old."),)


@settings(max_examples=10, deadline=None)
@given(
    refusal=st.sampled_from(["is out", "is off the list", "was a dead end", "is no good"]),
    joiner=st.sampled_from([" and", ", and", " but", ", while"]),
    writer=st.sampled_from(_WRITERS),
)
def test_a_name_refused_in_a_conjunct_of_its_own_is_rejected(
    refusal: str, joiner: str, writer: Writer
) -> None:
    node = _write(writer, _ASKED, f"Zagreb {refusal}{joiner} Skopje is in. how old is Skopje?")
    assert node.topic == "Skopje"
    assert _rejected(node) == {"Zagreb"}
    assert "Zagreb" not in (node.query or "")


@pytest.mark.parametrize("writer", _WRITERS)
def test_a_conjunct_that_only_describes_rejects_nothing(writer: Writer) -> None:
    node = _write(writer, _ASKED, "Zagreb is old and Skopje is older. how old is Skopje?")
    assert _rejected(node) == set()


@settings(max_examples=10, deadline=None)
@given(
    later=st.sampled_from(
        ["Then we can go on with", "then we'll get back to", "Then let's return to", "then back to"]
    ),
    writer=st.sampled_from(_WRITERS),
)
def test_a_name_put_off_with_then_is_not_rejected(later: str, writer: Writer) -> None:
    history = [*_ASKED, Turn("how old is Skopje?", "Skopje is very old too.")]
    node = _write(writer, history, f"one more on Zagreb first: who founded it? {later} Skopje.")
    assert node.topic == "Zagreb"
    assert _rejected(node) == set()
    assert "Skopje" not in (node.query or "")


@settings(max_examples=12, deadline=None)
@given(
    close=st.sampled_from([")", "."]),
    joiner=st.sampled_from([" ", "\n"]),
    pointer=st.sampled_from(["point {n} again", "back to question {n}", "for number {n}"]),
    n=st.sampled_from([1, 2]),
    writer=st.sampled_from(_WRITERS),
)
def test_a_point_of_the_users_numbered_questions_names_what_it_asked_about(
    close: str, joiner: str, pointer: str, n: int, writer: Writer
) -> None:
    asked = joiner.join([f"1{close} how old is Zagreb?", f"2{close} how old is Skopje?"])
    history = [
        Turn("who wrote Dracula?", "Dracula was written by Bram Stoker."),
        Turn(asked, "Zagreb is older than it looks. Skopje is older than it looks."),
    ]
    node = _write(writer, history, f"{pointer.format(n=n)}, how big is that one?")
    meant, other = ("Zagreb", "Skopje") if n == 1 else ("Skopje", "Zagreb")
    assert node.topic == meant
    assert other not in (node.query or "")


def test_an_item_that_goes_on_after_its_label_opens_a_sentence() -> None:
    names = [mention.name for mention in find_mentions("1. Apply for a visa 2. See Zagreb")]
    assert "Apply" not in names
