"""A remark that closes the topic just discussed, before a place in a list
(spec/writer-cues-positions.md#writer-cues-positions.closed-before-place).

"Great, thanks for the Kindle info.\\nWhat about the third one?", "Thanks, that's useful on
Polaroid SX-70! Now the last one: ...", "ok Moonlight done ✔️ the second one next - how long
is it?": the remark (thanks, praise, or a name ticked off as done) closes what came before,
and the place says what is asked now. Read with the remark, the name it types looks like the
turn's subject. The final turn is handed on without it, where a place in a list follows;
nothing is taken back.
"""

from __future__ import annotations

import re

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest
from memcore.writers.remarks import closing_remarks
from memcore.writers.rules.lists import find_positions

# A name ticked off as done, up to the mark or dash that closes it ("ok Moonlight done ✔️").
_TICKED_OFF = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|right|so|great|cool)\W+)?(?P<name>[A-Z][^\n.!?]{0,60}?)\s+"
    r"(?:is\s+)?(?:done|covered|sorted|ticked\s+off|finished)\s*"
    r"(?:[\u2705\u2714\u2611\ufe0f]+\s*|[-\u2013\u2014:,.!]+\s*)",
)


def without_closing_remark(text: str) -> str:
    """`text` without its remarks that close what came before (`remarks.closing_remarks`, or
    a name ticked off as done at its start), where what is left names a place in a list;
    `text` itself otherwise."""
    rest = " ".join(text.split())
    for remark in closing_remarks(text):
        rest = rest.replace(remark, " ", 1)
    ticked = _TICKED_OFF.match(rest)
    if ticked is not None:
        rest = rest[ticked.end() :]
    rest = rest.strip()
    if rest == " ".join(text.split()) or not find_positions(rest):
        return text
    return rest


def with_closing_remark_left_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's closing remark left out before a place
    (`without_closing_remark`); `request` itself otherwise."""
    return with_final_question(request, without_closing_remark)
