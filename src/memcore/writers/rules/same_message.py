"""The name the user asked about beside another in one message: "the one I asked about in the
same message as the X question", "the one I sneaked in next to X"
(spec/writer-cues-positions.md#writer-cues-positions.same-message).

Such a pointer names the other name of a message, not the referent. The referent is the one
other name that the user's own earlier message typing X asked about (a topic or a name the
memory knows). Where no message types X beside exactly one other such name, the pointer
settles nothing. Pure.
"""

from __future__ import annotations

import re

from memcore.writers.rules.view import View

# "the one I asked about in the same message as", "the one I sneaked in next to", "the one I
# squeezed in alongside": the user's own message, and the name it typed beside the referent.
_POINTER = re.compile(
    r"\b(?:the|that)\s+(?:one|name|thing|question)\s+(?:that\s+)?i\s+(?:[\w']+\s+){0,3}?"
    r"(?:in\s+the\s+same\s+(?:message|question|text|breath|go)\s+as"
    r"|next\s+to|alongside|along\s+with|together\s+with|beside|right\s+after|with)\s+"
    r"(?:the\s+|my\s+)?",
    re.IGNORECASE,
)


def points_beside(text: str) -> bool:
    """Whether `text` has words that point at a name by another in the same message."""
    return _POINTER.search(text) is not None


def same_message_pick(text: str, view: View) -> tuple[str, tuple[int, int], str] | None:
    """The name the pointer of `text` picks, the span that points (the pointer and the name
    it is counted from) and that name; None where `text` has no such pointer or it settles
    nothing."""
    for match in _POINTER.finditer(text):
        after = [m for m in view.mentions(text) if m.start >= match.end()]
        if not after or after[0].start > match.end() + 1:
            continue
        beside = after[0].name
        picks = {
            other
            for node in view.recent
            if _types(view, node.question, beside)
            for other in _asked_names(view, node.question)
            if other != beside
        }
        if len(picks) == 1:
            return picks.pop(), (match.start(), after[0].end), beside
    return None


def _types(view: View, message: str, name: str) -> bool:
    return any(mention.name == name for mention in view.mentions(message))


def _asked_names(view: View, message: str) -> set[str]:
    """The names a message types that the memory knows as topics or from answers."""
    return {
        mention.name
        for mention in view.mentions(message)
        if mention.name in view.state or view.was_mentioned(mention.name)
    }
