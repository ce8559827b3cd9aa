"""Turns that reply to the assistant: the answer before them ended by asking the user.

An assistant that ends its answer with a question ("Where are you traveling to?", "Do you
want to study in the Netherlands or further away?") waits for the user's reply. A turn that
asks nothing after such an answer gives that reply ("Rome. I am going for a week.", "I'd like
to stay here.", "Yes please!"): it does not take back the turn before, as the same words would
after an answer that only informs, and what it means is read with the question it answers.
"""

from __future__ import annotations

import re

from memcore.writers import cues

# Where a sentence ends: its closing mark, then space.
_SENTENCE_END = re.compile(r"(?<=[.!?\u2026])\s+")
# Where a clause of a turn starts: the text's start, or after a mark and space.
_CLAUSES = re.compile(r"[,;:.!\u2026]\s+")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Closing quotes and brackets that may follow a sentence's mark.
_CLOSERS = "\"')]\u201d\u2019"


def asked_back(answer: str) -> str | None:
    """The question `answer` ends with, its last sentence where that ends with "?" (None
    where the answer ends otherwise)."""
    sentences = [s for s in _SENTENCE_END.split(answer.strip()) if s.strip()]
    if not sentences or not sentences[-1].rstrip(_CLOSERS).endswith("?"):
        return None
    return sentences[-1]


def asks_back(answer: str) -> bool:
    """Whether `answer`'s last sentence is a question to the user (it ends with "?")."""
    return asked_back(answer) is not None


def replies_only(turn: str) -> bool:
    """Whether `turn` asks nothing of its own: no question mark, and no clause that opens
    with an asking word ("what", "tell", "is", ...; `cues.ASKING_WORDS`) once its opening
    yes, no or thanks is read past ("Yes, it was 98." asks nothing; "Sure, tell me more."
    asks)."""
    if "?" in turn:
        return False
    for clause in _CLAUSES.split(turn):
        words = [w.casefold() for w in _WORD.findall(clause)]
        if words and words[0] in cues.ASKING_WORDS:
            return False
    return True
