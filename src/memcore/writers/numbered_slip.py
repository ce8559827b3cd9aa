"""A slip in one of several numbered questions, repaired by a note after them
(spec/writer-cues-self-repair.md#writer-cues-self-repair.numbered-slip).

"Q1: who directed Moonlight?\\nQ2: is Spirited Away overrated?\\n*Moonlight in Q2", "1. how
many were sold?\\n2. is Game Boy well known?\\n(2 should say Polaroid SX-70 too, sorry)":
the note points at one numbered question by its number and says which name that question
should have typed. The final turn is handed on with that question repaired ("is Moonlight
overrated? (not Spirited Away)"), its labels written "N." and without the note, so every
reader meets the name meant where the slip stood, and the slipped name as refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers.final_question import with_final_question_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary

# A numbered line: "Q2: ...", "2. ...", "2) ...", "#2 - ...".
_NUMBERED = re.compile(r"^[ \t]*(?:q|#)?(?P<number>\d)[ \t]*[.):\-\u2013][ \t]*\S", re.IGNORECASE)
# A number a note points at: "in Q2", "2 should say", "number 1 is about", "in 2 was".
_POINTED = re.compile(
    r"(?<![\w.])(?:q|#|number[ \t]+|question[ \t]+)?(?P<number>\d)(?![\w.)])", re.IGNORECASE
)

_NUMBERED_LABEL = re.compile(
    r"^[ \t]*(?:q|#)?(?P<number>\d)[ \t]*[.):\-\u2013][ \t]*", re.IGNORECASE
)
_LABEL_NAME = re.compile(r"(?:q|#|question\s*)?\d", re.IGNORECASE)


def repaired_numbered_line(text: str, mentions: Sequence[Mention]) -> str:
    """`text` with the numbered question a later note points at repaired: its one name
    replaced by the one other name the note types, the slipped name refused after it, the
    note left out; `text` itself where the turn has no such note, or the note or the question
    it points at is not plain (several names, several numbers)."""
    # A label or pointer read as a name ("Q2") is no name of the question or the note.
    mentions = [m for m in mentions if _LABEL_NAME.fullmatch(m.name) is None]
    lines = text.split("\n")
    numbered = {}
    for at, line in enumerate(lines):
        found = _NUMBERED.match(line)
        if found is not None:
            numbered[int(found.group("number"))] = at
    if len(numbered) < 2:
        return text
    last = max(numbered.values())
    offsets = [sum(len(line) + 1 for line in lines[:at]) for at in range(len(lines))]
    for at in range(last + 1, len(lines)):
        note = lines[at]
        # A number inside a name ("Artemis 1") points at nothing.
        for mention in mentions:
            if offsets[at] <= mention.start < offsets[at] + len(note):
                begin, stop = mention.start - offsets[at], mention.end - offsets[at]
                note = note[:begin] + " " * (stop - begin) + note[stop:]
        pointers = [m for m in _POINTED.finditer(note) if int(m.group("number")) in numbered]
        pointed = {int(m.group("number")) for m in pointers}
        if len(pointed) != 1:
            continue
        target = numbered[pointed.pop()]
        start, end = offsets[target], offsets[target] + len(lines[target])
        slipped = {m.name for m in mentions if start <= m.start < end}
        said = {m.name for m in mentions if offsets[at] <= m.start < offsets[at] + len(note)}
        meant = said - slipped
        if len(slipped) != 1 or len(meant) != 1:
            continue
        old, new = slipped.pop(), meant.pop()
        repaired = lines[target].replace(old, new) + f" (not {old})"
        kept = [repaired if i == target else line for i, line in enumerate(lines) if i != at]
        # Labels written as "N." ("Q2:" would be read as a name of its own).
        return "\n".join(_NUMBERED_LABEL.sub(r"\g<number>. ", line) for line in kept)
    return text


def with_numbered_slip_repaired(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with a final turn's numbered question repaired by its note
    (`repaired_numbered_line`); `request` itself otherwise."""
    return with_final_question_named(request, vocabulary, repaired_numbered_line)
