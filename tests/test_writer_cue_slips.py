"""A slip of any word the cues read is read as the word
(spec/writer-cues-names.md#writer-cues-names.cue-vocabulary). The wordings are this file's own."""

from __future__ import annotations

import pydoc_data.topics
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_LONG_READ_WORDS = sorted(word for word in cues.READ_WORDS if len(word) >= 6)


def _swapped(word: str, at: int) -> str:
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


def test_the_vocabulary_holds_the_words_cue_patterns_spell_out() -> None:
    assert {"table", "number", "mentioned", "second", "instead"} <= cues.READ_WORDS
    # a stem cut before an alternation is no word of the vocabulary
    assert not any(word.endswith("(") for word in cues.READ_WORDS)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Zagreb is off the tabel now", "Zagreb is off the table now"),
        ("go with nubmer three", "go with number three"),
        ("numbr 3 please", "number 3 please"),
        ("the one you mentoined first", "the one you mentioned first"),
        ("Ljubljana insted of Zagreb", "Ljubljana instead of Zagreb"),
    ],
)
def test_a_slip_of_a_cue_word_reads_as_the_word(typed: str, meant: str) -> None:
    assert cues.normalise_turn(typed) == meant


def test_no_word_of_plain_english_prose_is_read_as_a_slip() -> None:
    prose = " ".join(pydoc_data.topics.topics.values())
    words = sorted({word for word in re.findall(r"\b[a-z]{5,}\b", prose)})
    changed = [word for word in words if cues.normalise_turn(word) != word]
    assert changed == []


@pytest.mark.parametrize("word", sorted(cues._REAL_WORDS))
def test_a_real_word_one_slip_from_a_cue_word_stays_itself(word: str) -> None:
    assert cues.normalise_turn(f"well, {word} then") == f"well, {word} then"


@given(st.sampled_from(_LONG_READ_WORDS), st.data())
def test_one_swap_in_a_long_cue_word_is_undone_or_left(word: str, data: st.DataObject) -> None:
    """A swap after the first letter is read as the word, unless it fits another cue word too
    or spells a word of its own; it is never read as some third word."""
    at = data.draw(st.integers(min_value=1, max_value=len(word) - 2))
    typed = _swapped(word, at)
    read = cues.normalise_turn(f"so {typed} now")
    assert read in {f"so {word} now", f"so {typed} now"}


@given(st.sampled_from(sorted(cues.READ_WORDS)))
def test_a_cue_word_typed_right_is_never_changed(word: str) -> None:
    assert cues.normalise_turn(f"so {word} now") == f"so {word} now"


_LAKES = (
    Turn("which lakes are worth a visit?", "You could see Lake Bled, Lake Ohrid and Lake Como."),
)
_TITLES = ("Lake Bled", "Lake Ohrid", "Lake Como")


@pytest.mark.parametrize(
    "question",
    [
        "numbr 2: how deep is that one?",
        "how deep is nubmer 2?",
        "the secnd one - how deep is it?",
        "how deep is the one in the scond place?",
    ],
)
def test_a_misspelt_place_picks_the_same_member(question: str) -> None:
    node = write_final(list(_LAKES), question, titles=_TITLES)
    assert node.topic == "Lake Ohrid"
