"""Text the user struck through in the final turn, handed on as the readers read it
(spec/writer-cues-value-revision.md#writer-cues-value-revision.struck-through).

"where was the World Series held in ~~1993~~ 1992?": `cues.normalise_turn` already reads a
struck span as taken back ("1993, no wait, 1992"), but the query is written from the turn as
typed, where the struck value still stands as a value the user typed. The final turn that
strikes something is handed on as the readers read it, so the query drops what was struck
as it drops any value or name taken back. A struck span the turn negates ("not ~~2004~~")
reads as the negation alone ("not 2004").
"""

from __future__ import annotations

import re

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest

_STRIKE_MARK = "~~"
# A struck span the turn negates already ("in 2005 (not ~~2004~~ lol)") says "not X" twice
# over: it reads as the negation alone.
_NEGATED_STRIKE = re.compile(r"\b(?P<negation>not|no)\s+~~(?P<struck>[^~\n]+?)~~", re.IGNORECASE)


def with_struck_text_read(request: WriterRequest) -> WriterRequest:
    """`request` with a final turn that strikes something through (`~~...~~`) handed on as
    `cues.normalise_turn` reads it; `request` itself otherwise."""
    question = request.turn.question
    if not request.turn.final or question.count(_STRIKE_MARK) < 2:
        return request
    read = cues.normalise_turn(_NEGATED_STRIKE.sub(r"\g<negation> \g<struck>", question))
    if read == question:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=read))
