"""An opening that only says the user is curious, before the question
(spec/writer-cues-returns.md#writer-cues-returns.curious-opening).

"I'm curious now - how many people live there?", "just wondering: when was it founded?", "out
of curiosity, who directed it?", "quick question - where is it?": the opening names nothing
and asks nothing; its words ("curious", "wondering") are no terms of a new subject, and read
as such they make the question look like a shift away from the topic its pronoun leans on.
The final turn is handed on without it, where a question follows.
"""

from __future__ import annotations

import re

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest

_CURIOUS_OPENING = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|hmm+|well|also|and|btw|oh|ha(?:ha)*)\W+)*"
    r"(?:(?:i['\u2019]?m|i\s+am|i\s+was|just|now|really)\s+)*"
    r"(?:(?:so|really|kind\s+of|a\s+bit|a\s+little|just|genuinely)\s+)?"
    r"(?:curious|wondering|intrigued|out\s+of\s+(?:pure\s+)?curiosity"
    r"|(?:a\s+)?(?:quick|random|silly|small)\s+(?:question|thought|one))"
    r"(?:\s+(?:now|too|though|again))?\s*(?:[-\u2013\u2014:,]+|\.{3}|\u2026)\s*",
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"\?|^\W*(?:who|what|when|where|why|how|which|is|was|are|did|does|do)\b", re.IGNORECASE
)


def without_curious_opening(text: str) -> str:
    """`text` without an opening that only says the user is curious (`_CURIOUS_OPENING`),
    where a question follows it; `text` itself otherwise."""
    found = _CURIOUS_OPENING.match(text)
    if found is None:
        return text
    rest = text[found.end() :]
    return rest if _ASKS.search(rest) is not None else text


def with_curious_opening_left_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's curious opening left out (`without_curious_opening`);
    `request` itself for a history turn or a final turn without one."""
    return with_final_question(request, without_curious_opening)
