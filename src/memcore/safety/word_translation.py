"""A word-by-word English reading of a sentence in another language (spec/poisoning.md#poisoning.translated).

The semantic detector's encoder was trained on English, so it abstains on other languages.
Each language's word list (`memcore.safety.instruction_lexicons`) already says what its
instruction words mean: a word for setting aside means "ignore", a word for instructions
means "instructions", and so on. Replacing every such word of a sentence by its English
role word, and leaving the rest as written, gives a rough English reading ("ignore bob
cyfarwyddyd blaenorol a say wrth y the user ...") that the detector can score. The reading
is made only where at least two of the sentence's words were translated, by the one
language whose list translates the most of them.
"""

from __future__ import annotations

import functools
import re

from memcore.safety.instruction_lexicons import LEXICONS, WRITTEN_LANGUAGE_LEXICONS, Lexicon, _any
from memcore.safety.instruction_lexicons_more import MORE_LEXICONS
from memcore.textfold import fold_text

# Each role's English words (what its words mean), in the order of the fields.
ROLE_MEANINGS: tuple[tuple[str, str], ...] = (
    ("you_are_now", "you are now"),
    ("system_prompt", "system prompt"),
    ("every_answer", "in every answer"),
    ("from_now_on", "from now on"),
    ("set_aside", "ignore"),
    ("instructions", "instructions"),
    ("always", "always"),
    ("acts", "recommend"),
    ("assistant", "the assistant"),
    ("reveal", "reveal"),
    ("user", "the user"),
    ("private", "private data"),
    ("send", "send"),
    ("you", "you"),
)
MIN_TRANSLATED_WORDS = 2
# Roles too common to count towards the two: "you", "always" and "the user" stand in recipes
# and notices too.
_WEAK_ROLES = frozenset(("you", "always", "user"))


@functools.cache
def _role_pattern(lexicon: Lexicon) -> re.Pattern[str]:
    # One alternation, a named group per role: phrases of longer roles first ("you are now"
    # before "you").
    groups = []
    for role, _meaning in ROLE_MEANINGS:
        words: tuple[str, ...] = getattr(lexicon, role)
        if words:
            groups.append(f"(?P<{role}>{_any(words, lexicon.spaced)})")
    return re.compile("|".join(groups), re.IGNORECASE)


_MEANING = dict(ROLE_MEANINGS)


def _translated(folded: str, lexicon: Lexicon) -> tuple[str, int]:
    count = 0

    def meaning(match: re.Match[str]) -> str:
        nonlocal count
        role = match.lastgroup or ""
        count += role not in _WEAK_ROLES
        return f" {_MEANING[role]} "

    reading = _role_pattern(lexicon).sub(meaning, folded)
    return " ".join(reading.split()), count


def _lexicons() -> tuple[Lexicon, ...]:
    return WRITTEN_LANGUAGE_LEXICONS + LEXICONS + MORE_LEXICONS


def english_reading(sentence: str) -> str | None:
    """`sentence` (folded) with each instruction word of the language whose list translates
    the most of its words replaced by the word's English meaning; None where no language's
    list translates at least two of them (not counting "you", "always" and "the user")."""
    folded = fold_text(sentence, table={})
    best: tuple[str, int] = ("", 0)
    for lexicon in _lexicons():
        reading, count = _translated(folded, lexicon)
        if count > best[1]:
            best = (reading, count)
    return best[0] if best[1] >= MIN_TRANSLATED_WORDS else None
