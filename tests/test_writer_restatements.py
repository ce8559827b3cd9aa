"""Restatements in the turn, slips of the small words, and names a rejection leaves standing
(spec/writer-cues-roles.md, spec/writer-cues-positions.md)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import find_mentions

NAMES = ("Rome", "Paris", "Kyoto", "Lisbon", "Tbilisi", "Nairobi")
QUESTIONS = ("what is {} famous for?", "when was {} founded?", "how many people live in {}?")
RESTATEMENTS = ("{q} I meant to type {s}", "{q} *{s}", "{q}\n{s}*", "{q}... {s}*")
SHAPE_WORDS = cues._SHAPE_WORDS.split()


def _read(question: str, known: tuple[str, ...] = NAMES) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, known))
    return reading.intended, reading.taken_back


@given(
    st.sampled_from(QUESTIONS),
    st.sampled_from(RESTATEMENTS),
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True),
)
def test_a_restated_name_takes_back_the_name_typed_before_it(
    question: str, restatement: str, names: list[str]
) -> None:
    slip, meant = names
    text = restatement.format(q=question.format(slip), s=meant)
    assert _read(text) == (meant, (slip,))


@given(st.sampled_from(QUESTIONS), st.sampled_from(NAMES))
def test_a_star_without_an_earlier_name_takes_nothing_back(question: str, name: str) -> None:
    assert _read(question.format(f"*{name}")) == (name, ())


def test_a_known_name_asked_a_sentence_apart_is_meant_beside_an_unknown_word() -> None:
    text = "actually I don't care about Paris after all. did Rome win any Oscars?"
    assert _read(text, ("Rome", "Paris")) == ("Rome", ("Paris",))


def test_names_in_the_sentence_that_takes_one_back_settle_nothing() -> None:
    # Parts of one long title: the known name beside the negated one is no meant name.
    text = (
        "Not Report phishing | Internal Revenue Service. Let's talk about spam | Consumer Advice."
    )
    assert _read(text, ("Internal Revenue Service",))[0] is None


@given(st.sampled_from(SHAPE_WORDS))
def test_the_shape_words_stay_as_typed(word: str) -> None:
    assert cues.normalise_turn(f"and {word} then") == f"and {word} then"


@given(st.sampled_from(SHAPE_WORDS), st.data())
def test_two_swapped_letters_of_a_shape_word_read_as_the_word(
    word: str, data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(word) - 2))
    slip = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    # A place whose article chat dropped is read with it ("so first one" is "so the first
    # one"), which is beside the point here.
    meant = cues.normalise_turn(f"so {slip} one")
    if meant == f"so the {word} one":
        meant = f"so {word} one"
    # Where the slip is itself a shape word, or fits two of them, it is left as typed.
    assert meant in (f"so {word} one", f"so {slip} one")
    if slip not in SHAPE_WORDS and len(word) >= 3:
        others = [
            other
            for other in SHAPE_WORDS
            if other != word
            and any(
                other[:i] + other[i + 1] + other[i] + other[i + 2 :] == slip
                for i in range(len(other) - 1)
            )
        ]
        if not others:
            assert meant == f"so {word} one"


def test_words_of_their_own_are_not_slips() -> None:
    for text in ("weight gain", "red meat", "make a fist", "back and forth", "Apollo 11"):
        assert cues.normalise_turn(text) == text
