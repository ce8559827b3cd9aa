"""A capitalised name goes on into the lower-case words that open a page title
(spec/writer-cues-names.md#writer-cues-names.title-opening)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.rules.names import find_mentions
from memcore.writers.rules.vocabulary import TitleVocabulary

_HEADS = st.sampled_from(("Sickle", "Carpal", "Bipolar", "Tennis", "Coral"))
_TAILS = st.sampled_from(("cell", "tunnel", "reef", "elbow", "mood"))
_ENDS = st.sampled_from(("disease", "syndrome", "disorder", "bleaching"))


@given(_HEADS, _TAILS, _ENDS)
def test_a_name_typed_short_keeps_the_words_that_open_its_title(
    head: str, tail: str, end: str
) -> None:
    vocabulary = TitleVocabulary.of([f"{head} {tail} {end}", "Bone marrow"])
    names = [m.name for m in find_mentions(f"how is {head} {tail} treated?", (), vocabulary)]
    assert names == [f"{head} {tail}"]


@given(_HEADS, _TAILS, _ENDS)
def test_a_capitalised_title_stays_as_typed(head: str, tail: str, end: str) -> None:
    vocabulary = TitleVocabulary.of([head, f"{head} {tail} {end}"])
    names = [m.name for m in find_mentions(f"how is {head} {tail} treated?", (), vocabulary)]
    assert names == [head]


@given(_HEADS, _TAILS, _ENDS)
def test_words_that_open_no_title_are_left_out(head: str, tail: str, end: str) -> None:
    vocabulary = TitleVocabulary.of([f"{head} {end}"])
    names = [m.name for m in find_mentions(f"how is {head} {tail} treated?", (), vocabulary)]
    assert names == [head]
