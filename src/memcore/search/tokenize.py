"""The one tokeniser every lexical backend uses, so their scores can be compared.

Rules, in order: Unicode NFKC normalisation (non-ASCII text only), case folding, words as runs
of letters and digits (an apostrophe inside a word is kept as part of it), a trailing
possessive "'s" dropped and remaining apostrophes removed ("don't" -> "dont"), then English
stopwords removed. There is no stemming by default: exact matching keeps results easy to
explain, and every saved result was measured without it. `Stemming.ENGLISH` (a retrieval
choice, `--stem english`) adds PyStemmer's English (Snowball) stemmer through bm25s's tokeniser
after these same rules (`memcore.search.stemmed`, the `bm25` extra).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from memcore.search.values import Passage, Query
from memcore.search.words import STOPWORDS, words

__all__ = [
    "STEMMINGS",
    "STOPWORDS",
    "TOKENIZER_VERSION",
    "Stemming",
    "index_terms",
    "passage_text",
    "passage_tokens",
    "term_counts",
    "tokenize",
    "weighted_terms",
    "words",
]

# Saved indexes record this; bump it whenever a rule here or in `memcore.search.words` changes
# what a term is.
TOKENIZER_VERSION = "1"


class Stemming(enum.Enum):
    """Whether index terms are reduced to their stems, and by which language's stemmer."""

    # Words as `tokenize` gives them: the default, and every result measured before stemming.
    NONE = "none"
    # PyStemmer's English (Snowball) stemmer, through bm25s's tokeniser (the `bm25` extra).
    ENGLISH = "english"


STEMMINGS = tuple(stemming.value for stemming in Stemming)


def tokenize(text: str) -> tuple[str, ...]:
    """The index terms of `text`, in order, stopwords removed (duplicates kept)."""
    # A list comprehension, then tuple: the fastest form for the 45M words of a large corpus.
    return tuple([word for word in words(text) if word and word not in STOPWORDS])


def index_terms(text: str, stemming: Stemming = Stemming.NONE) -> tuple[str, ...]:
    """The index terms of `text` under `stemming`: `tokenize`'s terms, each reduced to its stem
    when `stemming` names a stemmer (ImportError without the `bm25` extra)."""
    if stemming is Stemming.NONE:
        return tokenize(text)
    from memcore.search.stemmed import stemmed_terms

    return stemmed_terms(text)


def passage_text(passage: Passage, include_title: bool = True) -> str:
    """The text a lexical backend indexes for `passage`: its title, then its text.

    Titles are indexed by default, as BEIR's BM25 baselines do; pass `include_title=False`
    to index the text alone.
    """
    if include_title and passage.title:
        return f"{passage.title}\n{passage.text}"
    return passage.text


def passage_tokens(
    passage: Passage, include_title: bool = True, stemming: Stemming = Stemming.NONE
) -> tuple[str, ...]:
    """The index terms of `passage` (title included unless `include_title` is False)."""
    return index_terms(passage_text(passage, include_title), stemming)


def weighted_terms(query: Query, stemming: Stemming = Stemming.NONE) -> dict[str, float]:
    """Each query term with its weight: every occurrence in a part counts that part's weight.

    A part of weight 2 ("topic tokens weighted twice") contributes each of its tokens twice,
    exactly as if its text had been written out two times. Terms keep first-appearance order;
    under a `stemming`, words that share a stem are one term and their weights add up.
    """
    weights: dict[str, float] = {}
    for part in query.parts:
        for term in index_terms(part.text, stemming):
            weights[term] = weights.get(term, 0.0) + part.weight
    return weights


def term_counts(tokens: Iterable[str]) -> dict[str, int]:
    """How many times each term occurs, in first-appearance order."""
    counts: dict[str, int] = {}
    for term in tokens:
        counts[term] = counts.get(term, 0) + 1
    return counts
