"""The one tokeniser every lexical backend uses, so their scores can be compared.

Rules, in order: Unicode NFKC normalisation (non-ASCII text only), case folding, words as runs
of letters and digits (an apostrophe inside a word is kept as part of it), a trailing
possessive "'s" dropped and remaining apostrophes removed ("don't" -> "dont"), then English
stopwords removed. There is no stemming: a stemmer cheap enough to run over 450k passages in
pure Python is either crude or long, and exact matching keeps results easy to explain.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from memcore.search.values import Passage, Query

# Saved indexes record this; bump it whenever a rule below changes what a term is.
TOKENIZER_VERSION = "1"

# Letters and digits (not underscore), optionally joined by an apostrophe: "o'neill", "don't".
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")

# Written for memcore: articles, pronouns, auxiliaries, prepositions, conjunctions and
# question words. Question words are included because conversational queries are full of
# them while passages rarely contain them, so they would add noise, not evidence. "i" is kept
# as a term: it is the Roman numeral of "World War I", which the number rule must tell apart.
_STOPWORD_TEXT = """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how if in into is
    it its itself just me more most my myself no nor not of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom whose why will with would you your yours yourself
    yourselves
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())


def _clean(word: str) -> str:
    if "'" not in word and "\u2019" not in word:
        return word
    word = word.replace("\u2019", "'")
    if word.endswith("'s"):
        word = word[:-2]
    return word.replace("'", "")


def tokenize(text: str) -> tuple[str, ...]:
    """The index terms of `text`, in order, stopwords removed (duplicates kept)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    words = _WORD.findall(text.casefold())
    if "'" in text or "\u2019" in text:
        words = [_clean(word) for word in words]
    # A list comprehension, then tuple: the fastest form for the 45M words of a large corpus.
    return tuple([word for word in words if word and word not in STOPWORDS])


def passage_text(passage: Passage, include_title: bool = True) -> str:
    """The text a lexical backend indexes for `passage`: its title, then its text.

    Titles are indexed by default, as BEIR's BM25 baselines do; pass `include_title=False`
    to index the text alone.
    """
    if include_title and passage.title:
        return f"{passage.title}\n{passage.text}"
    return passage.text


def passage_tokens(passage: Passage, include_title: bool = True) -> tuple[str, ...]:
    """The index terms of `passage` (title included unless `include_title` is False)."""
    return tokenize(passage_text(passage, include_title))


def weighted_terms(query: Query) -> dict[str, float]:
    """Each query term with its weight: every occurrence in a part counts that part's weight.

    A part of weight 2 ("topic tokens weighted twice") contributes each of its tokens twice,
    exactly as if its text had been written out two times. Terms keep first-appearance order.
    """
    weights: dict[str, float] = {}
    for part in query.parts:
        for term in tokenize(part.text):
            weights[term] = weights.get(term, 0.0) + part.weight
    return weights


def term_counts(tokens: Iterable[str]) -> dict[str, int]:
    """How many times each term occurs, in first-appearance order."""
    counts: dict[str, int] = {}
    for term in tokens:
        counts[term] = counts.get(term, 0) + 1
    return counts
