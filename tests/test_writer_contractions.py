"""A function word's contraction ("I'm", "doesn't") is no history term of the learned writer
(spec writer-learned.contractions); names with an apostrophe and plain words stay."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.tokenize import tokenize
from memcore.writers.contractions import contraction_terms, is_function_contraction
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final

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
def test_the_contractions_a_text_writes_are_its_contraction_terms_and_content_is_not(
    contracted: list[str], content: list[str]
) -> None:
    """Whatever contractions a user mixes into a question, the letters of each are a
    contraction term and no content word or name is."""
    clauses = [f"{c} keen" for c in contracted] + [f"on the {w}" for w in content]
    found = set(contraction_terms([", ".join(clauses)]))
    for word in contracted:
        assert set(tokenize(word)) <= found
    for word in content:
        assert not set(tokenize(word)) & found


def test_a_term_also_written_on_its_own_stays_a_candidate() -> None:
    """'IM' typed as a word (instant messaging) beside "I'm": the term is no contraction's
    alone."""
    assert "im" not in contraction_terms(["I'm told IM apps leak data"])
    assert "im" in contraction_terms(["I'm told chat apps leak data"])


KAYAK = [
    Turn(
        "Hi, I'm restoring an old wooden kayak and I'm unsure about varnish. Can you help?",
        "Marine varnish protects wood from water and sun.",
    ),
    Turn(
        "What about sanding first?", "As I'm sure you know, sand with fine grit before each coat."
    ),
    Turn(
        "Thanks! I'm also asking which brushes to use?",
        "Foam brushes leave fewer marks than bristle ones.",
    ),
]
INSOMNIA = [
    Turn(
        "Hello, I'm worried about my sleep and I think I might have insomnia. What is it?",
        "Insomnia is trouble falling or staying asleep.",
    ),
    Turn(
        "What are the causes and remedies?",
        "As I'm told, stress and caffeine are common causes; a routine helps.",
    ),
    Turn(
        "Thanks! I'm curious, are there drinks I should skip?",
        "Skip coffee, energy drinks and alcohol late in the day.",
    ),
]


@pytest.mark.parametrize(
    ("history", "question", "kept"),
    [
        (KAYAK, "Are there any sprays available?", "brushes"),
        (INSOMNIA, "Are there any pills available?", "drinks"),
    ],
)
def test_a_chatty_user_s_contractions_join_no_query(
    history: list[Turn], question: str, kept: str
) -> None:
    """However often the user says "I'm", the query of a later turn takes the history's
    content terms and not "im" (the term scorer alone selects it for these turns)."""
    node = write_final(history, question)
    assert node.query is not None
    terms = set(tokenize(node.query))
    assert kept in terms
    assert "im" not in terms
