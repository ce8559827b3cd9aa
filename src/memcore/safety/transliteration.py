"""Letters of another script that spell English, read back as English words
(spec/poisoning.md#poisoning.transliteration).

An instruction can be spelled one English letter at a time in any alphabet (Glagolitic,
Coptic, Tifinagh, Gothic, Shavian, ...): a model reads it, while no word of it matches a cue.
Rather than one decoder per alphabet, the guard reads every such word through a general
romanisation (the `anyascii` tables, the `safety` extra) and then takes, among the spellings
the romanisation leaves open (v or w, i or y, k, c or q, ks or x, ...), the most frequent
English word (the word counts `memcore.safety.word_boundaries` reads with).

The reading is made only where it spells English: at least `_FEWEST_WORDS` words hold letters
of another script, and at least `_ENGLISH_SHARE` of them come out as one of the
`_ENGLISH_RANK` most frequent English words. A sentence in a language written in that script
(Russian, Greek, Tajik) comes out as romanised words that are mostly not English, and gets no
reading. Ideographs and syllabaries
(Chinese, Japanese, Korean, Yi) are never read: they do not spell English letters.

Without `anyascii` or the word counts there is no such reading and the script-specific
readings (runes, Ogham, braille) work alone. Pure and total: readings or none, never an
exception.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Mapping

from memcore.safety.word_boundaries import word_costs

_WORD = re.compile(r"[^\W\d_]+")
_FEWEST_WORDS = 3
_ENGLISH_SHARE = 0.6
# The most frequent words that count as English here: romanised Greek or Russian holds a few
# rarer "words" of the counts (apo, sto, oti) that are no English.
_ENGLISH_RANK = 10_000
# Scripts whose signs are syllables or ideographs, not letters that can spell English.
_NOT_LETTERS = ("CJK", "HANGUL", "HIRAGANA", "KATAKANA", "YI ", "TANGUT", "KHITAN", "NUSHU")
# Romanised letters (longest first) and the English letters each may stand for when a
# person spells English with another alphabet: an alphabet without w writes its v or o, one
# without y its i, j or u, one without c or q its k, one without x its k and s. (Ogham's
# f for w is read by `memcore.safety.ogham_letters`: read here, "safe" would become "save".)
_SPELLINGS: Mapping[str, tuple[str, ...]] = {
    "ks": ("ks", "x"),
    "ku": ("ku", "qu", "cu"),
    "kh": ("kh", "h", "x"),
    "ts": ("ts", "c", "z"),
    "ch": ("ch", "c", "k"),
    "k": ("k", "c", "q"),
    "c": ("c", "k", "s"),
    "v": ("v", "w"),
    "w": ("w", "v"),
    "i": ("i", "y"),
    "j": ("j", "y", "i"),
    "y": ("y", "i"),
    "u": ("u", "y", "w"),
    "o": ("o", "w"),
}
_PIECE = re.compile("|".join(sorted(_SPELLINGS, key=len, reverse=True)) + "|.")
# A longer word has too many spellings to try them all: it is read as romanised.
_MOST_SPELLINGS = 4096


def _romaniser() -> Callable[[str], str] | None:
    try:
        from anyascii import anyascii
    except ModuleNotFoundError:
        return None
    return anyascii


@functools.cache
def _english_words() -> frozenset[str]:
    costs = word_costs()
    return frozenset(list(costs)[:_ENGLISH_RANK]) if costs else frozenset()


def _other_script(char: str) -> bool:
    if not char.isalpha() or char.isascii():
        return False
    name = unicodedata.name(char, "")
    return not name.startswith("LATIN") and not name.startswith(_NOT_LETTERS)


@functools.lru_cache(maxsize=4096)
def _likeliest_spelling(romanised: str) -> str:
    costs = word_costs() or {}
    options = [_SPELLINGS.get(piece, (piece,)) for piece in _PIECE.findall(romanised)]
    spellings = itertools.islice(itertools.product(*options), _MOST_SPELLINGS)
    best, best_cost = romanised, costs.get(romanised, float("inf"))
    for letters in spellings:
        word = "".join(letters)
        cost = costs.get(word, float("inf"))
        if cost < best_cost:
            best, best_cost = word, cost
    return best


def transliterated_readings(text: str) -> tuple[str, ...]:
    """`text` with each word written in another alphabet read as the English word it
    spells; none unless several such words stand in it and most of them spell English."""
    if text.isascii():
        return ()
    romanise = _romaniser()
    english = _english_words()
    if romanise is None or not english:
        return ()
    foreign = [
        match for match in _WORD.finditer(text) if any(_other_script(c) for c in match.group())
    ]
    if len(foreign) < _FEWEST_WORDS:
        return ()
    spelled = [_likeliest_spelling(romanise(match.group()).casefold()) for match in foreign]
    if sum(1 for word in spelled if word in english) < _ENGLISH_SHARE * len(spelled):
        return ()
    pieces: list[str] = []
    start = 0
    for match, word in zip(foreign, spelled, strict=True):
        pieces.extend((text[start : match.start()], word))
        start = match.end()
    pieces.append(text[start:])
    return ("".join(pieces),)
