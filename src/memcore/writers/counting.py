"""A number that counts what the user asks for (spec/writer-cues-positions.md, "A number that
counts is no place").

"give me 2 facts about X", "three quick reasons why X": the number says how much of an
answer is wanted, not what to search for. Left in a query, a bare digit matches pages whose
names hold it ("Skylab 2" for "2 facts"), so the query keeps the counted noun and drops the
count.
"""

from __future__ import annotations

import re

from memcore.writers import cues
from memcore.writers.rules.lists import counts_things

# A count (digits or a number word) and the two words after it.
_COUNT = re.compile(
    r"(?<![\w.,-])(?P<count>\d{1,2}|" + "|".join(cues.NUMBER_WORDS) + r")"
    r"(?=\s+(?P<next>[a-z]+)(?:\s+(?P<then>[a-z]+))?)",
    re.IGNORECASE,
)


def _in_a_name(query: str, at: int) -> bool:
    """Whether the count at `at` follows a capitalised word inside a sentence, so it is part
    of a name ("Apollo 13 facts", "Chanel No 5")."""
    words = query[:at].split()
    return bool(words) and words[-1][:1].isupper() and words[-1][-1:] not in ".!?:"


# Words right before a count that make what it counts the thing asked for: a request verb
# or its object ("give me 2 facts", "list 3 reasons", "name two"), "top" ("the top 3
# things"), or the start of a clause ("3 reasons why ..."). A number elsewhere may measure
# what the question asks about ("is it 2 hours long?"), and stays.
_ASKING_BEFORE = cues.REQUEST_VERBS | frozenset({"me", "us", "top", "name", "share", "suggest"})


def _asked_for(query: str, at: int) -> bool:
    """Whether the count at `at` counts the thing the turn asks for (`_ASKING_BEFORE`)."""
    before = query[:at].rstrip()
    if not before or before[-1] in ".!?:;,-(":
        return True
    return before.split()[-1].casefold() in _ASKING_BEFORE


# Words after a singular noun that say what it is about ("1 sentence on X", "one fact
# about X").
_ABOUT = frozenset({"on", "about", "of", "for"})


def _counts(count: str, following: list[str]) -> bool:
    """Whether a count before `following` (the next word or two) counts a noun: a plural
    one (`lists.counts_things`), right after it or after one word; or, for a count written
    "1", a singular noun followed by what it is about ("1 sentence on X"; "one more about X"
    is a word of the request, not a count of things)."""
    if counts_things(following[0]) or (len(following) == 2 and counts_things(following[1])):
        return True
    singular = following[0]
    return (
        count == "1"
        and len(following) == 2
        and following[1] in _ABOUT
        and counts_things(singular + "s")
    )


def without_counts(query: str) -> str:
    """`query` without each number that counts the plural noun after it (or after one word
    between: "3 quick facts") where the turn asks for those things; all else as typed."""
    kept = query
    for match in reversed(list(_COUNT.finditer(query))):
        if _in_a_name(query, match.start()) or not _asked_for(query, match.start()):
            continue
        following = [word.casefold() for word in (match.group("next"), match.group("then")) if word]
        if _counts(match.group("count").casefold(), following):
            end = match.end()
            while end < len(kept) and kept[end] == " ":
                end += 1
            kept = kept[: match.start()] + kept[end:]
    return kept
