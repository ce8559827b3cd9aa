"""The subject of the answer the assistant hedged: "the one you weren't sure about", "the one
you hedged on", "you sounded a bit unsure about one of them"
(spec/writer-cues-positions.md#writer-cues-positions.hedged).

Such a pointer names no place and no name: it describes an answer by its doubt. The answer it
points at is the one recent answer that says the assistant is unsure ("I'm not 100% sure on
this one", "don't quote me on that", "I might be wrong"); its turn's topic is the referent.
Where no answer, or more than one, hedges, the pointer settles nothing. Pure.
"""

from __future__ import annotations

import re

from memcore.writers.rules.view import View

_DOUBT = (
    r"(?:hedg(?:ed|ing|e)|unsure|uncertain|doubtful|iffy|vague"
    r"|(?:(?:weren'?t|wasn'?t|were\s+not|was\s+not|not|less\s+than)\s+(?:\w+\s+){0,2}?"
    r"(?:sure|certain|confident)))"
)
# "the one you hedged on", "the one where you said you weren't sure", "you sounded a bit
# unsure about one of them", "that answer you weren't certain of".
_POINTER = re.compile(
    r"\b(?:the|that)\s+(?:one|answer|name)\s+(?:(?:where|that|which|when)\s+)?(?:you|u)\b"
    rf"[^.?!\n]{{0,40}}?\b{_DOUBT}"
    rf"|\b(?:you|u)\s+(?:\w+\s+){{0,4}}?{_DOUBT}\b[^.?!\n]{{0,20}}?\b(?:one|answer)\b",
    re.IGNORECASE,
)
# An answer that says the assistant is unsure of it.
_HEDGE = re.compile(
    r"\bnot\s+(?:\w+\s+){0,2}?(?:sure|certain|confident)\b|\bnot\s+100\s*%|\bunsure\b"
    r"|\buncertain\b|\bdon'?t\s+quote\s+me\b|\b(?:might|may|could)\s+be\s+wrong\b"
    r"|\bgrain\s+of\s+salt\b|\bpinch\s+of\s+salt\b|\bworth\s+double[-\s]checking\b",
    re.IGNORECASE,
)


def find_hedge_pointer(text: str) -> tuple[int, int] | None:
    """The span of the first words of `text` that point at an answer by its doubt, or None."""
    found = _POINTER.search(text)
    return None if found is None else found.span()


def hedged_subject(view: View) -> str | None:
    """The topic of the one recent turn whose answer hedges; None where none, or several, do,
    or where that topic was dropped."""
    hedged = [node for node in view.recent if _HEDGE.search(node.answer)]
    if len(hedged) != 1 or hedged[0].topic is None:
        return None
    topic = hedged[0].topic
    return None if view.is_dropped(topic) else topic
