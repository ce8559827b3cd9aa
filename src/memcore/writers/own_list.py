"""A turn that gives its own list and then asks about one of its items (spec/writer-standalone.md,
"A list the user gives").

"I have three more on my list: Lisbon, Montreal, Valparaiso. what language do people speak in
Lisbon?": the user lists what they mean to look at, then a later sentence of the same turn
types one item again and asks about it. That item is the turn's topic; the other items are
plans for later turns, neither asked about nor rejected, so the sentence that lists them stays
out of the query.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.writers import cues
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.lists import enumerations
from memcore.writers.rules.names import Mention

# A sentence ends at a sentence mark before a space, at a line break, or at the text's end.
_SENTENCE_END = re.compile(r"[.!?\u2026]+(?=\s|$)|\n")


@attrs.frozen
class ListPick:
    """The item a turn picks from the list it gives, and the turn without the listing
    sentence."""

    name: str
    asked: str


def _sentence_of(text: str, low: int, high: int) -> tuple[int, int]:
    """The sentence that holds `text[low:high]`: from after the last sentence end before `low`
    to the first sentence end at or after `high` (its mark included)."""
    start = 0
    for end in _SENTENCE_END.finditer(text):
        if end.start() >= high:
            return start, end.end()
        if end.end() <= low:
            start = end.end()
    return start, len(text)


def own_list_pick(question: str, mentions: Sequence[Mention]) -> ListPick | None:
    """The pick of a turn that lists names of its own in one sentence and types exactly one of
    them again, and no other name, in a later sentence, and takes no name back; None for other
    turns. `mentions` are the names found in the normalised `question`, in order."""
    text = cues.normalise_turn(question)
    reading = read_turn(question, mentions)
    standing = (Role.PLAIN, Role.INTENDED)
    if reading.corrects or any(n.role not in standing for n in reading.names):
        return None
    for run in enumerations(text, mentions):
        listed = {mention.name for mention in run}
        low, high = _sentence_of(text, run[0].start, run[-1].end)
        later = [m for m in mentions if m.start >= high]
        named = {m.name for m in later if m.known or m.name in listed}
        if len(named) != 1 or not named <= listed:
            continue
        asked = " ".join((text[:low] + " " + text[high:]).split())
        if asked:
            return ListPick(named.pop(), asked)
    return None
