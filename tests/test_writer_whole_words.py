"""The topic features read a name as typed only where it stands as whole words."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.learned.api import holds_whole_name
from memcore.writers.learned.topics import holds_whole

WORDS = st.text(alphabet="abcdefgh", min_size=1, max_size=5)


@given(st.lists(WORDS, max_size=8), WORDS)
def test_among_words_a_name_is_typed_exactly_when_it_is_one_of_them(
    words: list[str], key: str
) -> None:
    assert holds_whole(" ".join(words), key) == (key in words)


@given(st.lists(WORDS, max_size=4), WORDS, WORDS, st.lists(WORDS, max_size=4))
def test_a_name_glued_to_letters_is_not_typed_but_a_later_whole_one_is(
    before: list[str], glue: str, key: str, after: list[str]
) -> None:
    glued = " ".join([*before, glue + key, *after])
    assert holds_whole(glued, key) == (key in before or key in after)
    assert holds_whole(f"{glued}, {key}?", key)


@given(st.text(max_size=30), st.text(min_size=1, max_size=6))
def test_a_whole_name_is_a_substring(text: str, key: str) -> None:
    if holds_whole(text, key):
        assert key in text


def test_the_public_reading_ignores_case_and_keeps_inner_punctuation() -> None:
    assert not holds_whole_name("what is it famous for?", "F")
    assert holds_whole_name("Grade: F. Why?", "f")
    assert holds_whole_name("Was AC/DC's first album any good?", "ac/dc")
    assert not holds_whole_name("the start of it", "Art")
