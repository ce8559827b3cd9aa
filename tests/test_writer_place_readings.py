"""General readings of a place (spec/writer-cues-positions.md): the start of the talk said in
words of beginning, with wordings of this file's own."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.earlier import find_earlier
from writer_pair import WRITERS

PEAKS = ("Ben Nevis", "Snowdon", "Helvellyn", "Scafell Pike", "Slieve Donard")


def _asked(peaks: Sequence[str]) -> list[Turn]:
    return [Turn(f"how tall is {peak}?", f"{peak} is a tall peak.") for peak in peaks]


# Ways to name the talk's first topic by what began, each with its question after it.
TALK_START = (
    "back to where this conversation started: who first climbed that one?",
    "the topic our chat began with - who first climbed it?",
    "what I originally asked about, who first climbed it?",
    "the thing I initially wanted to know about: who first climbed that one?",
    "whatever I asked about at the very start - who first climbed it?",
    "the subject of my opening question: who first climbed it?",
    "the name in my earliest message - who first climbed it?",
    "so, the one from my original message: who first climbed that one?",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("question", TALK_START)
def test_words_of_beginning_name_the_first_topic(writer: str, question: str) -> None:
    peaks = ["Helvellyn", "Snowdon", "Ben Nevis"]
    node = WRITERS[writer](_asked(peaks), question, PEAKS)
    assert node.topic == "Helvellyn"
    assert node.query is not None and "Helvellyn" in node.query
    assert "Ben Nevis" not in node.query


@given(
    st.lists(st.sampled_from(PEAKS), min_size=2, max_size=4, unique=True),
    st.sampled_from(TALK_START),
)
def test_the_start_is_the_first_topic_whatever_followed(peaks: list[str], question: str) -> None:
    # However many topics followed, and in whatever order, the start is the first one.
    assert rules_final(_asked(peaks), question, PEAKS).topic == peaks[0]


@pytest.mark.parametrize(
    "text",
    [
        "what I first asked about Snowdon was its height. who first climbed it?",
        "what I originally wanted to know about Helvellyn is still open: how tall is it?",
    ],
)
def test_a_name_after_the_inquiry_is_typed_not_placed(text: str) -> None:
    assert find_earlier(text) == ()


ORDINAL_WORDS = ("first", "second", "third", "fourth")
# A place said with a free relative or a possessive; {n} is the ordinal.
PLACED = (
    "whichever one you named {n} - how tall is it?",
    "whatever you listed {n}: how tall is that one?",
    "what about your {n} suggestion? how tall is it?",
    "let's take your {n} pick. how tall is it?",
)


def _suggested(peaks: Sequence[str]) -> list[Turn]:
    listed = ", ".join(peaks[:-1]) + " or " + peaks[-1]
    return [Turn("which peaks suit a beginner?", f"You could try {listed}.")]


@given(
    st.permutations(PEAKS[:4]),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(PLACED),
)
def test_a_place_follows_its_member_through_any_order(
    peaks: list[str], at: int, question: str
) -> None:
    # Listing the same peaks in any order, the ordinal that moves with a member picks it.
    node = rules_final(_suggested(peaks), question.format(n=ORDINAL_WORDS[at]), PEAKS)
    assert node.topic == peaks[at]


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("whichever came just before Snowdon in your answer - how tall is it?", "Helvellyn"),
        ("the one that comes after Snowdon in your reply: how tall is it?", "Ben Nevis"),
        ("I'll go with my second option then. how tall is it?", "Snowdon"),
    ],
)
def test_a_member_is_placed_beside_a_named_one_or_in_the_users_list(
    writer: str, question: str, meant: str
) -> None:
    history = [
        Turn("torn between Scafell Pike, Snowdon and Helvellyn", "All three are fine climbs."),
        Turn("which peaks suit a beginner?", "You could try Helvellyn, Snowdon, Ben Nevis."),
    ]
    own = "my second" in question
    node = WRITERS[writer](history if not own else history[:1], question, PEAKS)
    assert node.topic == meant


# Ways to name the member a choice passed over, each with its question after it.
NOT_CHOSEN = (
    "and the one I didn't pick - how tall is that one?",
    "the option I haven't gone with: how tall is it?",
    "ok, the one I did not choose. how tall is it?",
    "what about the one I didn't go for? how tall is it?",
)


@given(
    st.lists(st.sampled_from(PEAKS), min_size=2, max_size=2, unique=True),
    st.integers(min_value=0, max_value=1),
    st.sampled_from(NOT_CHOSEN),
)
def test_the_member_not_chosen_is_the_other_of_the_pair(
    pair: list[str], chosen: int, question: str
) -> None:
    history = [
        Turn(f"it's {pair[0]} or {pair[1]} for our hike", "Both are lovely. Which one first?"),
        Turn(f"{pair[chosen]} please - how tall is it?", f"{pair[chosen]} is a tall peak."),
    ]
    assert rules_final(history, question, PEAKS).topic == pair[1 - chosen]


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_one_we_did_not_cover_is_the_member_left(writer: str) -> None:
    history = [
        Turn("which peaks suit a beginner?", "You could try Helvellyn, Snowdon or Ben Nevis."),
        Turn("Snowdon, how tall is it?", "Snowdon is the tallest peak in Wales."),
        Turn("what about Helvellyn?", "Helvellyn is a tall peak in the Lake District."),
    ]
    node = WRITERS[writer](history, "and the one we didn't cover: how tall is it?", PEAKS)
    assert node.topic == "Ben Nevis"


TRAILS = ("East Fork Trail", "West Fork Trail", "Skyline Loop", "Ridge Walk")
# Ways to name a member by the word that differs, {w} the word as typed.
DIFFERING = (
    "The {w} one. how long is it?",
    "what about the {w} trail? how long is it?",
    "{w}, I think - how long is it?",
    "ok, {w} then. how long is it?",
)


@given(
    st.permutations(TRAILS[:3]),
    st.sampled_from(DIFFERING),
    st.sampled_from([("East", "East Fork Trail"), ("West", "West Fork Trail")]),
)
def test_the_differing_word_names_its_member_in_any_order(
    trails: list[str], question: str, word_and_member: tuple[str, str]
) -> None:
    word, member = word_and_member
    listed = ", ".join(trails[:-1]) + " or " + trails[-1]
    history = [Turn("which trails are good near the lake?", f"You could walk {listed}.")]
    node = rules_final(history, question.format(w=word), TRAILS)
    assert node.topic == member


@given(st.permutations(TRAILS))
def test_a_shared_word_names_no_member(trails: list[str]) -> None:
    from memcore.writers.rules.view import distinguishing_words

    found = distinguishing_words(trails)
    # "Fork" and "Trail" are shared by two members; each other capitalised word names one.
    assert "fork" not in found and "trail" not in found
    assert found["east"] == "East Fork Trail" and found["ridge"] == "Ridge Walk"


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("your fifth suggestion - who first climbed that one?", "Slieve Donard"),
        ("the fourth peak you suggested: who first climbed that one?", "Scafell Pike"),
        ("whichever you named fifth, who first climbed it?", "Slieve Donard"),
        ("your second suggestion: who first climbed that one?", "Snowdon"),
    ],
)
def test_a_place_past_one_batch_counts_the_whole_enumeration(
    writer: str, question: str, meant: str
) -> None:
    history = [
        Turn("which peaks suit a beginner?", "You could try Helvellyn, Snowdon or Ben Nevis."),
        Turn("any more?", "A couple more: Scafell Pike and Slieve Donard."),
    ]
    assert WRITERS[writer](history, question, PEAKS).topic == meant
