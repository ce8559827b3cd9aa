"""A word-by-word English reading of a sentence in another language.

See spec/poisoning.md#poisoning.translated.

The semantic detector's encoder was trained on English, so it abstains on other languages.
Each language's word list (`memcore.safety.instruction_lexicons`) already says what its
instruction words mean: a word for setting aside means "ignore", a word for instructions
means "instructions", and so on. Replacing every such word of a sentence by its English
role word, and leaving the rest as written, gives a rough English reading ("ignore bob
cyfarwyddyd blaenorol a recommend wrth y the user ...") that the detector can score. The reading
is made only where the translated words hold a pair of roles that make an instruction
together (setting aside and instructions, an act and "always", "from now on" or "in every
answer", an act and "the user", ...), by the language whose list translates the most of them.
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
# Roles that make an instruction together: a reading is made only where the translated
# words hold one such pair. "From now on" and "rules" ("Od teraz w sklepie obowiązują nowe
# zasady zwrotów": new return rules in a shop) are a notice's words too.
INSTRUCTION_PAIRS: tuple[frozenset[str], ...] = (
    frozenset(("set_aside", "instructions")),
    frozenset(("every_answer", "acts")),
    frozenset(("from_now_on", "acts")),
    frozenset(("always", "acts")),
    frozenset(("system_prompt", "reveal")),
    frozenset(("you_are_now", "assistant")),
    frozenset(("private", "send")),
    frozenset(("acts", "user")),
)


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


def _translated(folded: str, lexicon: Lexicon) -> tuple[str, int, bool]:
    # The reading, how many words it translated, and whether they hold an instruction pair.
    roles: list[str] = []

    def meaning(match: re.Match[str]) -> str:
        role = match.lastgroup or ""
        roles.append(role)
        return f" {_MEANING[role]} "

    reading = _role_pattern(lexicon).sub(meaning, folded)
    found = frozenset(roles)
    paired = any(pair <= found for pair in INSTRUCTION_PAIRS)
    return " ".join(reading.split()), len(roles), paired


def _lexicons() -> tuple[Lexicon, ...]:
    return WRITTEN_LANGUAGE_LEXICONS + LEXICONS + MORE_LEXICONS


def english_reading(sentence: str) -> str | None:
    """`sentence` (folded) with each instruction word of the language whose list translates
    the most of its words replaced by the word's English meaning; None where no language's
    translated words hold an instruction's pair of roles (`INSTRUCTION_PAIRS`)."""
    folded = fold_text(sentence, table={})
    best: tuple[str, int] = ("", 0)
    for lexicon in _lexicons():
        reading, count, paired = _translated(folded, lexicon)
        if paired and count > best[1]:
            best = (reading, count)
    return best[0] if best[1] else None
