"""The words of a text and memcore's English stopwords: the first rules of the tokeniser
(`memcore.search.tokenize`), shared with the stemmed tokenisation (`memcore.search.stemmed`).
"""

from __future__ import annotations

import re
import unicodedata

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


def words(text: str) -> list[str]:
    """The words of `text` in order, normalised, case-folded and cleaned of apostrophes, before
    stopwords are removed (a word may be empty: "'s" alone cleans to nothing)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    found: list[str] = _WORD.findall(text.casefold())
    if "'" in text or "\u2019" in text:
        return [_clean(word) for word in found]
    return found
