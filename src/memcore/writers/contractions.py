"""Contractions of function words: "I'm", "you're", "we've", "don't" carry no content.

The index tokeniser drops an apostrophe and keeps the letters ("I'm" becomes the term "im",
"don't" becomes "dont"), so a pronoun or auxiliary joined to its clitic reaches the index as a
word no stopword list holds. Such a word names nothing a conversation is about: a history
term made of one is debris in a query ("what else could be causing it? ibs im"), however often
the user says it. A contraction is a function word's when the part before the apostrophe is a
stopword or "i" (a pronoun, an auxiliary, a question word) and the part after it is a clitic
(m, re, ve, d, ll, s), or when it ends in "n't" after an auxiliary ("don't", "can't",
"won't"). A name with an apostrophe ("O'Neill", "D'Arcy") is none: its first part is no
function word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memcore.search.tokenize import tokenize
from memcore.search.words import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_CLITICS = frozenset(["m", "re", "ve", "d", "ll", "s"])
# Auxiliaries before "n't" whose stems the stopword list lacks ("ca" of "can't", "wo" of
# "won't", "sha" of "shan't", "ai" of "ain't"), beside those it holds.
_NEGATED_STEMS = frozenset(["ca", "wo", "sha", "ai", "need", "must", "might", "dare"])
_FUNCTION_HEADS = STOPWORDS | {"i", "let", "there", "here", "that", "who", "what"}


def is_function_contraction(word: str) -> bool:
    """Whether `word` is a function word contracted with its clitic ("I'm", "they'd",
    "doesn't"), not a name or content word with an apostrophe ("O'Neill", "rock'n'roll")."""
    folded = word.casefold().replace("\u2019", "'")
    if folded.count("'") != 1:
        return False
    head, tail = folded.split("'")
    if tail == "t" and head.endswith("n"):
        stem = head[:-1]
        return stem in STOPWORDS or stem in _NEGATED_STEMS
    return tail in _CLITICS and head in _FUNCTION_HEADS


def contraction_terms(texts: Iterable[str]) -> tuple[str, ...]:
    """The index terms that `texts` write only as contractions of function words, sorted: "im"
    where the texts say "I'm" and never "IM" (instant messaging) or "Im" on its own."""
    contracted: set[str] = set()
    plain: set[str] = set()
    for text in texts:
        for word in _WORD.findall(text):
            terms = tokenize(word)
            (contracted if is_function_contraction(word) else plain).update(terms)
    return tuple(sorted(contracted - plain))
