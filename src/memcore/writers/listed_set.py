"""A turn that points at the whole list the last answer gave ("Which of them suits me?").

An assistant often answers with a list of names ("Top universities: Delft University of
Technology, University of Amsterdam, Leiden University") and the user then asks about the
list as a set: "Which of them best suits me?", "Are any of these hotels quiet?", "Which one is
closest to me?". The pointing words search nothing; the names of the list say what is asked
(the human rewrites of CAsT and iKAT write them out). A place in the list ("the second one",
"the last two") picks members instead, and is the position rules' job; a turn that turns the
list down ("none of them", "I don't like those hotels") or sets part of it apart ("the other
ones") is no question about the whole list, so neither takes the names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memcore.writers import cues
from memcore.writers.rules.lists import listings_of
from memcore.writers.rules.names import KnownNames

# Words that point at several things at once: "of them / these / those" ("which of them",
# "any of these"), a plural noun after "these" or "those" (with a count between: "these two
# universities"), "which one(s)" (a choice among the things just listed) and "them".
_POINTS_AT_SET = re.compile(
    r"\bof\s+(?:them|these|those)\b"
    r"|\b(?:these|those)\s+(?:(?:two|three|four|five|six|\d+)\s+)?(?!(?:day|time|year)s\b)[a-z]+s\b"
    r"|\bwhich\s+ones?\b"
    r"|\bthem\b",
    re.IGNORECASE,
)
# Words that set part of the list apart, or pick by count or place: not the whole list.
_PART_WORDS = frozenset(
    {"other", "others", "another", "either", "neither", "none", "rest", "remaining", "except"}
)
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# At most this many names of a list join a query.
SET_NAMES = 8


# A capitalised word: a name where it does not open a sentence.
_CAPITALISED = re.compile(r"(?<![\w'\u2019])[A-Z][\w'\u2019-]*")
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?:;]\s+|[\"(]\s*)$")
_FIRST_PERSON = frozenset({"I", "I'm", "I'd", "I'll", "I've"})


def names_own(turn: str) -> bool:
    """Whether `turn` types a name of its own: a capitalised word that opens no sentence
    ("scratch both of those. who invented Game Boy?"). Such a turn asks about what it names,
    not about a list it points at."""
    return any(
        found.group(0) not in _FIRST_PERSON and not _SENTENCE_OPENING.search(turn[: found.start()])
        for found in _CAPITALISED.finditer(turn)
    )


def points_at_set(turn: str) -> bool:
    """Whether `turn` points at several things at once as a whole (`_POINTS_AT_SET`), with no
    word that sets part of them apart or turns them down (a negating word, "other", "none")
    and no place or ordinal that picks members ("the first", "the last two")."""
    if _POINTS_AT_SET.search(turn) is None:
        return False
    words = {word.casefold() for word in _WORD.findall(turn)}
    return not words & (_PART_WORDS | cues.NEGATING_WORDS | set(cues.ORDINALS))


def listed_set(turn: str, answer: str, known: Iterable[str] = ()) -> tuple[str, ...]:
    """The names of the one list `answer` gives, where `turn` points at them as a set
    (`points_at_set`) and types no name of its own (`names_own`): at most `SET_NAMES`, in
    the answer's order.
    None where the answer lists nothing or several lists (which one is meant is unclear)."""
    if not answer or not points_at_set(turn) or names_own(turn):
        return ()
    listings = [
        listing
        for listing in listings_of(0, (answer,), KnownNames.of(known), None)
        if not listing.asked
    ]
    if len(listings) != 1:
        return ()
    folded = turn.casefold()
    names = listings[0].names
    if any(name.casefold() in folded for name in names):
        return ()
    return names[:SET_NAMES]
