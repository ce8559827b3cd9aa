"""A turn that declines the latest list as a whole (memcore.writers.list_refusal)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.list_refusal import refused_names, refusing_sentence, without_refusal

_LIST = ("Porto", "Braga", "Guimaraes")
_WORDS = st.lists(
    st.sampled_from(["none", "of", "these", "not", "those", "any", "them", "which", "is", "Faro"]),
    min_size=1,
    max_size=8,
)


def test_a_negation_over_the_list_declines_every_item() -> None:
    assert refused_names("none of these appeal. is Faro sunny?", [_LIST]) == _LIST
    assert refused_names("I'd rather not see any of them. is Faro sunny?", [_LIST]) == _LIST


def test_a_question_about_the_list_declines_nothing() -> None:
    assert refused_names("which of those isn't crowded?", [_LIST]) == ()
    assert refused_names("are none of these near the sea?", [_LIST]) == ()


def test_the_declining_sentence_leaves_the_query() -> None:
    assert without_refusal("none of these appeal. is Faro sunny?") == "is Faro sunny?"


@given(_WORDS)
def test_a_sentence_that_asks_never_declines(words: list[str]) -> None:
    assert refusing_sentence(" ".join(words) + "?") is None


@given(_WORDS, _WORDS)
def test_without_refusal_keeps_words_and_never_empties(first: list[str], second: list[str]) -> None:
    query = " ".join(first) + ". " + " ".join(second) + "?"
    cut = without_refusal(query)
    assert cut.strip()
    assert set(cut.split()) <= set(query.split())


@given(_WORDS)
def test_no_list_no_refusal(words: list[str]) -> None:
    assert refused_names(" ".join(words) + ".", []) == ()
