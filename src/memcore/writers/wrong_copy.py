"""A turn that types its question twice and says which copy was wrong
(spec/writer-cues-self-repair.md, "A copy of the question marked wrong").

"how long did Artemis 1 last?\\nhow long did Apollo 11 last?\\n(the second one - the first had
the wrong name)", "what's X like in winter? what's Y like in winter? Ignore the first of those
two, wrong name.": the user asks the same question about two names and a remark of the same
turn points at one copy by its place and disowns it. The other copy is what is asked; the
name of the disowned copy is a slip, so it is rejected and leaves the query with the remark.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.writers.asked_parts import asked_parts

# A copy pointed at by its place among two: "the first", "the top one", "the latter".
_PLACE = re.compile(
    r"\b(?:the\s+)?(?P<place>first|second|top|bottom|upper|lower|former|latter|earlier|later"
    r"|1st|2nd)\b",
    re.IGNORECASE,
)
_FIRST = frozenset({"first", "top", "upper", "former", "earlier", "1st"})
# Words that disown what they are said of: "ignore the first", "the first had the wrong name",
# "the top one was a typo".
_DISOWNING = re.compile(
    r"\b(?:wrong|ignore|disregard|scratch|skip|drop|delete|mistake|typo|misspelt|misspelled"
    r"|mistyped|by\s+accident|accidental|not\s+meant|didn'?t\s+mean)\b",
    re.IGNORECASE,
)
# Where a clause of the remark ends: a comma, a semicolon, a dash set off by spaces, a stop.
_CLAUSE_BREAK = re.compile(r"[,;:.!()]|\s[-\u2013\u2014]+\s")


@attrs.frozen
class WrongCopy:
    """The copy of the question that is meant (`kept`, with its name `meant`) and the name of
    the one the turn disowns (`disowned`)."""

    kept: str
    meant: str
    disowned: str


def _clause_at(text: str, at: int) -> str:
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)]
    end = _CLAUSE_BREAK.search(text, at)
    return text[(starts[-1] if starts else 0) : (end.start() if end else len(text))]


def _disowned_place(remark: str) -> int | None:
    """0 or 1: the copy the remark disowns, read from the place words whose clause has a
    disowning word; the other place where the remark disowns without binding it ("the second
    one - the first had the wrong name" disowns the first). None where it says no one."""
    places = [
        (0 if m.group("place").casefold() in _FIRST else 1, _clause_at(remark, m.start()))
        for m in _PLACE.finditer(remark)
    ]
    disowned = {place for place, clause in places if _DISOWNING.search(clause)}
    if len(disowned) == 1:
        return next(iter(disowned))
    kept = {place for place, _ in places}
    if not disowned and len(kept) == 1 and _DISOWNING.search(remark):
        return 1 - next(iter(kept))
    return None


def wrong_copy(question: str, names: Sequence[str]) -> WrongCopy | None:
    """The copies of `question` (its asking parts, each typing one name of `names`, two
    different names, with the same words besides) and the remark after them that disowns
    one by its place; None for any other turn."""
    parts = [part for part in re.split(r"\n+", question) if part.strip()]
    if len(parts) < 2:
        parts = list(asked_parts(question))
    asked = [part for part in parts if part.rstrip().endswith("?")]
    remarks = [part for part in parts if part not in asked]
    if len(asked) != 2 or not remarks or parts.index(remarks[0]) < parts.index(asked[-1]):
        return None
    named = [[name for name in names if _has(part, name)] for part in asked]
    if any(len(found) != 1 for found in named) or named[0] == named[1]:
        return None
    if _without(asked[0], named[0][0]) != _without(asked[1], named[1][0]):
        return None
    place = _disowned_place(" ".join(remarks))
    if place is None:
        return None
    return WrongCopy(asked[1 - place].strip(), named[1 - place][0], named[place][0])


def _has(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def _without(text: str, name: str) -> str:
    gone = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.IGNORECASE)
    return " ".join(gone.casefold().split())
