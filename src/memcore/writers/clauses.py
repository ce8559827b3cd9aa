"""Cutting a turn into clauses: the one splitter the name-role reader (`name_roles`) and the
learned writer's stance reader (`learned.stance`) share, so that both read the same clause
around a name (spec/writer-cues-roles.md, spec/writer-learned.md#writer-learned.stance).

A clause ends at sentence or clause punctuation (a stance symbol, "👎", or any other emoji
among it), at a dash
between spaces, at "but", which joins two stances ("not Rome but Paris"), or at an "and"
before "neither" or "nor", which adds a stance of its own ("X doesn't interest me and
neither does Y": the first negation binds to X, not to the name after it). The stance
reader also ends a clause at a bracket, as an aside there carries a stance of its own
("(Lisbon is off my list now)"); the name-role reader keeps a bracket inside its clause,
where its own aside reading finds it.
"""

from __future__ import annotations

import re

from memcore.writers.stance_marks import SYMBOLS

# A stance symbol stands where punctuation would ("X 👎 who directed Y?"), so it ends a
# clause too (`stance_marks`); so does any other emoji ("put me off X 😬 who invented Y?"):
# a face or a picture closes what was said before it.
_EMOJI = "\U0001f300-\U0001faff\u2600-\u27bf"
_MARKS = ",;:.!?\u2026" + SYMBOLS + _EMOJI


def _clause_end(marks: str) -> re.Pattern[str]:
    return re.compile(
        rf"[{marks}]+|\s[-\u2013\u2014]+\s|\bbut\b|\band\b(?=\s+(?:neither|nor)\b)", re.IGNORECASE
    )


CLAUSE_END = _clause_end(_MARKS)
CLAUSE_END_AT_BRACKETS = _clause_end(_MARKS + "()")


def clause_spans(text: str, *, brackets: bool = False) -> list[tuple[int, int]]:
    """The clauses of `text` as (start, end) spans, in order, the marks between them left
    out; with `brackets`, a bracket ends a clause too."""
    pattern = CLAUSE_END_AT_BRACKETS if brackets else CLAUSE_END
    spans: list[tuple[int, int]] = []
    start = 0
    for match in pattern.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans
