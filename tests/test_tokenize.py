"""The shared tokeniser: what counts as a term, and how query weights add up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.search.tokenize import (
    STOPWORDS,
    passage_text,
    passage_tokens,
    term_counts,
    tokenize,
    weighted_terms,
)
from memcore.search.values import Passage, Query, QueryPart


def test_lowercases_and_splits_on_punctuation() -> None:
    assert tokenize("Hello, World! Foo-bar baz_qux 3.5") == (
        "hello",
        "world",
        "foo",
        "bar",
        "baz",
        "qux",
        "3",
        "5",
    )


def test_removes_stopwords_including_question_words() -> None:
    assert tokenize("What is the population of Paris?") == ("population", "paris")


def test_keeps_numbers_decades_and_roman_numerals_as_terms() -> None:
    assert tokenize("Rocky II came out in the 1970s, 1976") == (
        "rocky",
        "ii",
        "came",
        "1970s",
        "1976",
    )


def test_apostrophes_possessive_dropped_contraction_joined() -> None:
    assert tokenize("Nobel's prize, O'Neill don’t") == ("nobel", "prize", "oneill", "dont")


def test_unicode_letters_are_word_characters_and_case_folds() -> None:
    assert tokenize("Müller STRAßE — Café Zürich") == ("müller", "strasse", "café", "zürich")


def test_nfkc_normalises_compatibility_forms() -> None:
    # The "ﬁ" ligature and full-width letters become their plain forms.
    assert tokenize("ﬁsh ＡＢＣ") == ("fish", "abc")


def test_roman_numeral_one_is_a_term() -> None:
    assert tokenize("World War I") == ("world", "war", "i")


def test_no_stemming() -> None:
    assert tokenize("running runs ran") == ("running", "runs", "ran")


def test_empty_and_stopword_only_text() -> None:
    assert tokenize("") == ()
    assert tokenize("the of and, who?") == ()


def test_passage_text_puts_title_first_unless_switched_off() -> None:
    passage = Passage("p1", "Body words.", "Some Title")
    assert passage_text(passage) == "Some Title\nBody words."
    assert passage_tokens(passage) == ("title", "body", "words")
    assert passage_tokens(passage, include_title=False) == ("body", "words")
    assert passage_tokens(Passage("p2", "Plain body")) == ("plain", "body")


def test_weighted_terms_counts_each_occurrence_times_its_part_weight() -> None:
    query = Query((QueryPart("Avatar film", 2.0), QueryPart("who directed the film avatar")))
    # avatar: 2 (topic) + 1 (question); film: 2 + 1; directed: 1; "who"/"the" are stopwords.
    assert weighted_terms(query) == {"avatar": 3.0, "film": 3.0, "directed": 1.0}


def test_weighted_terms_repeats_within_a_part() -> None:
    assert weighted_terms(Query.of("rain rain go away")) == {"rain": 2.0, "go": 1.0, "away": 1.0}


def test_term_counts_in_first_appearance_order() -> None:
    counts = term_counts(("b", "a", "b"))
    assert counts == {"b": 2, "a": 1}
    assert list(counts) == ["b", "a"]


def test_stopword_list_is_lowercase_single_words() -> None:
    assert all(word == word.casefold() and word.isalpha() for word in STOPWORDS)
    assert {"the", "what", "who"} <= STOPWORDS
    assert "paris" not in STOPWORDS


words = st.text(alphabet="abcdefgh XYZ,.'", max_size=40)


@given(words, st.floats(min_value=0.5, max_value=4.0))
def test_a_part_of_weight_w_counts_w_times_a_plain_part(text: str, weight: float) -> None:
    plain = weighted_terms(Query.of(text))
    weighted = weighted_terms(Query((QueryPart(text, weight),)))
    assert weighted.keys() == plain.keys()
    for term, count in plain.items():
        assert abs(weighted[term] - weight * count) < 1e-9


@given(words)
def test_weight_two_equals_text_written_twice(text: str) -> None:
    assert weighted_terms(Query((QueryPart(text, 2.0),))) == weighted_terms(
        Query.of(f"{text} {text}")
    )


@given(words)
def test_tokens_are_lowercase_non_stopwords_without_separators(text: str) -> None:
    for term in tokenize(text):
        assert term == term.casefold()
        assert term not in STOPWORDS
        assert not any(char in term for char in " ,.'")
