"""The separate questions one turn asks ("how long is Rashomon? and also, what is Lisbon
famous for?" asks two): its sentences, and within a sentence the clauses a conjunction
joins where the clause after it opens with an asking word ("..., and who directed it?").

Two names asked about in separate questions of one turn are not tied by it: the user put
them side by side, not in one request. Pure.
"""

from __future__ import annotations

import re

from memcore.writers import cues

_ASKING = "|".join(sorted(cues.ASKING_WORDS, key=len, reverse=True))
# A sentence's end, or a conjunction ("and", "and also", "also", "plus") before a clause that
# opens with an asking word, a comma on either side allowed.
_BETWEEN_QUESTIONS = re.compile(
    rf"(?<=[?!.;])\s+|\s*,?\s*\b(?:and\s+also|and|also|plus)\b\s*,?\s*(?=(?:{_ASKING})\b)",
    re.IGNORECASE,
)


def asked_parts(question: str) -> tuple[str, ...]:
    """The separate questions of `question`, in order, each as typed; the whole question
    where it asks one."""
    parts = [part.strip() for part in _BETWEEN_QUESTIONS.split(question)]
    return tuple(part for part in parts if part) or (question,)
