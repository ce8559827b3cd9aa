"""A function word's contraction ("I'm", "doesn't") is no history term of the learned writer
(spec writer-learned.contractions); names with an apostrophe and plain words stay."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.search.tokenize import tokenize
from memcore.writers.contractions import contraction_terms, is_function_contraction
from memcore.writers.learned.api import history_terms

PRONOUN_CLITICS = ("I'm", "you're", "we've", "they'd", "she'll", "I've", "we're", "you'd")
NEGATED = ("don't", "doesn't", "can't", "won't", "isn't", "wasn't", "shouldn't", "haven't")
NAMED = ("O'Neill", "D'Arcy", "O'Hare", "Shi'a", "rock'n'roll")
CONTENT = ("museum", "ferry", "glacier", "vintage", "harbour", "pottery", "orchid")


@given(st.sampled_from(PRONOUN_CLITICS + NEGATED))
def test_a_pronoun_or_auxiliary_with_its_clitic_is_a_function_contraction(word: str) -> None:
    assert is_function_contraction(word)
    assert is_function_contraction(word.upper().replace("'", "\u2019"))


@given(st.sampled_from(NAMED + CONTENT))
def test_a_name_or_content_word_is_none(word: str) -> None:
    assert not is_function_contraction(word)


@given(
    st.lists(st.sampled_from(PRONOUN_CLITICS + NEGATED), min_size=1, max_size=4),
    st.lists(st.sampled_from(CONTENT + NAMED), min_size=1, max_size=3),
)
def test_no_candidate_comes_from_a_contraction_alone_and_content_stays(
    contracted: list[str], content: list[str]
) -> None:
    """Whatever contractions a user mixes into a question, every content word of it stays a
    candidate and no contraction's letters become one."""
    clauses = [f"{c} keen" for c in contracted] + [f"on the {w}" for w in content]
    question = ", ".join(clauses)
    found = set(history_terms([question], [""], "tell me more"))
    for word in contracted:
        assert not set(tokenize(word)) & found
    for word in content:
        assert set(tokenize(word)) <= found


def test_a_term_also_written_on_its_own_stays_a_candidate() -> None:
    """'IM' typed as a word (instant messaging) beside "I'm": the term is no contraction's
    alone."""
    assert "im" not in contraction_terms(["I'm told IM apps leak data"])
    assert "im" in contraction_terms(["I'm told chat apps leak data"])


def test_the_history_of_a_chatty_user_gives_its_subject_not_its_clitics() -> None:
    found = history_terms(
        ["Hi, I'm new to sourdough and I don't have a starter. What's the first step?"],
        ["You'll need flour and water; it doesn't take long."],
        "how long does that take?",
    )
    assert "sourdough" in found and "starter" in found
    assert not {"im", "dont", "youll", "doesnt"} & set(found)
