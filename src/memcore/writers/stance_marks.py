"""Symbols and gesture words that carry a stance toward a name
(spec/writer-cues-roles.md#writer-cues-roles.stance-mark).

In chat a user may turn a name down with a symbol where a sentence would say so ("X 👎 who
directed Y?", "❌ X. how long is Y?") or with a word for a gesture ("thumbs down on X", "meh
to X"). A symbol stands where punctuation would: it closes the clause of the name before it
(`memcore.writers.clauses`), and binds to the nearest name, the one right before it first
(the chat order, "X 👎"), else the one right after it ("👎 X"). A symbol of welcome ("X 👍")
binds the same way and turns nothing down. The readers are pure: text and offsets in, a
truth value out.
"""

from __future__ import annotations

import re

# Symbols of refusal and of welcome; the modifiers that may follow an emoji (skin tone,
# variation selector, joiner, gender sign) belong to it.
DISMISSING_SYMBOLS = (
    "\U0001f44e\u274c\u2717\u2718\U0001f6ab\u26d4\U0001f645\U0001f971\U0001f634\U0001f644"
)
WELCOMING_SYMBOLS = "\U0001f44d\u2705\u2713\u2714\U0001f44c\u2764\U0001f60d\u2b50\U0001f525"
SYMBOLS = DISMISSING_SYMBOLS + WELCOMING_SYMBOLS
SYMBOL_MODIFIERS = "\ufe0f\u200d\u2640\u2642\U0001f3fb-\U0001f3ff"
# What may stand between a name and the symbol bound to it: spaces and a label's colon or
# dash ("X: 👎", "X - 👎"), within one line: a line break ends the binding, so a symbol that
# opens a line ("✅ X\n❌ Y") binds to the name of its own line.
_GAP = r"[^\S\n]*(?:[:\-\u2013\u2014][^\S\n]*)*"
_AFTER_NAME = re.compile(rf"{_GAP}([{SYMBOLS}])")
_BEFORE_NAME = re.compile(rf"([{SYMBOLS}])[{SYMBOL_MODIFIERS}]*{_GAP}\Z")


def symbol_after(text: str, end: int) -> str | None:
    """The stance symbol right after a name ending at `end` (None: there is none)."""
    found = _AFTER_NAME.match(text, end)
    return found.group(1) if found is not None else None


def dismissed_by_symbol(text: str, start: int, end: int, previous_end: int | None) -> bool:
    """Whether a symbol of refusal binds to the name typed at `start`..`end`: one right after
    it, or, where none is, one right before it that no earlier name (ending at
    `previous_end`) has right after it ("X 👎 Y" refuses X alone)."""
    after = symbol_after(text, end)
    if after is not None:
        return after in DISMISSING_SYMBOLS
    before = _BEFORE_NAME.search(text, 0, start)
    if before is None or before.group(1) not in DISMISSING_SYMBOLS:
        return False
    if previous_end is None:
        return True
    earlier = _AFTER_NAME.match(text, previous_end)
    return earlier is None or earlier.start(1) != before.start(1)
