"""A turn that lists names of its own and then picks one by its place
(spec/writer-cues-positions.md, "Enumerations in prose, in batches and in the turn itself").

"next I'm torn between Melbourne and Lisbon. let's do the second: what is that one famous
for?", "Apollo 11, Soyuz 11 or Artemis 1 - I'll start with the last of those. who flew on that
one?": the user gives the options and chooses among them by place in one message. The place
counts the list the turn itself typed, not one an earlier answer gave; the member chosen is
what the turn asks about, and the other options are only options, so the words that list and
choose leave the turn: it is read as the question that follows, with the member named where
it points back ("what is Lisbon famous for?"), or as the member alone where nothing follows.
"""

from __future__ import annotations

import re

from memcore.writers import cues
from memcore.writers.rules.lists import (
    MIDDLE,
    Listing,
    Position,
    enumerations,
    find_positions,
    looks_like_person,
    pick,
)
from memcore.writers.rules.names import Mention

# The clause that chooses ends at a sentence mark, a colon or a dash set off by spaces.
_CLAUSE_END = re.compile(r"[.!?:;\u2026]+(?=\s|$)|\s[-\u2013\u2014]+\s")
# Where the question after the choice points back at the member chosen.
_POINTER = re.compile(
    r"\b(?:that|this|the\s+chosen)\s+one\b|\b(?:it|he|she|him|they|them)\b"
    r"|\b(?P<owner>its|his|their)\b"
    # "there" for the place chosen, not the "there" of "is there ...", "there are ...".
    r"|(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)\b(?P<place>there)\b(?!\s+(?:is|are|was|were|any)\b)",
    re.IGNORECASE,
)
# "her" owns a noun ("her first job") or stands for the person ("who influenced her").
_HER = re.compile(
    r"\bher\b(?P<noun>(?=\s+(?!(?:the|a|an|to|in|on|at|for|with|about|most)\b)\w))?",
    re.IGNORECASE,
)


_ANSWER_SAID = re.compile(r"\byour?\b", re.IGNORECASE)


def _span(position: Position) -> tuple[int, int]:
    return position.start, position.end


def _counted(position: Position) -> bool:
    """Whether `position` counts a place by itself, in no earlier answer ("the second", "the
    last of those"): not beside a named member, not said of the assistant's order or batch."""
    return (
        not position.anchor
        and not position.ranked
        and not position.batch
        and (position.index == MIDDLE or -10 <= position.index <= 10)
    )


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence that holds `at` begins."""
    starts = [mark.end() for mark in re.finditer(r"[.!?\u2026]+\s+", text[:at])]
    return starts[-1] if starts else 0


def _pointed(question: str, member: str) -> str | None:
    """`question` with its first word that points back at the member ("that one", "it",
    "its", "her") written as the member; None where no word points back."""
    found = [m for m in (_POINTER.search(question), _HER.search(question)) if m is not None]
    if not found:
        return None
    first = min(found, key=lambda match: match.start())
    owner = first.re is _HER and first.group("noun") is not None
    owner = owner or (first.re is _POINTER and first.group("owner") is not None)
    named = f"{member}'s" if owner else member
    if first.re is _POINTER and first.group("place") is not None:
        named = f"in {member}"
    return question[: first.start()] + named + question[first.end() :]


def own_list_choice(question: str, mentions: tuple[Mention, ...]) -> str | None:
    """The turn read as the question it asks about the member it chooses from its own list
    by place, or None where it lists no names, chooses none by place after the list, or
    types a name outside the list. `mentions` are the names in the normalised `question`."""
    text = cues.normalise_turn(question)
    for run in enumerations(text, mentions):
        listed = {mention.name for mention in run}
        if any(mention.name not in listed for mention in mentions):
            return None
        after = [p for p in find_positions(text) if p.start >= run[-1].end]
        # "the second one you mentioned" counts an answer's list, not the turn's.
        if len(after) != 1 or not _counted(after[0]) or _ANSWER_SAID.search(text, *_span(after[0])):
            continue
        names = tuple(dict.fromkeys(mention.name for mention in run))
        people = {mention.name: looks_like_person(mention) for mention in run}
        listing = Listing(names, 0, tuple(people[name] for name in names), asked=True)
        member = pick(listing, after[0])
        if member is None:
            continue
        close = _CLAUSE_END.search(text, after[0].end)
        rest = text[close.end() :].strip() if close is not None else ""
        before = text[: _sentence_start(text, run[0].start)]
        asked = _pointed(rest, member) if rest else None
        chosen = asked if asked is not None else f"{member} {rest}".strip()
        return " ".join(f"{before} {chosen}".split())
    return None
