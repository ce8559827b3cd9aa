"""A place the assistant's last answer points to, taken up by the user
(spec/writer-cues-positions.md#writer-cues-positions.answer-nudge).

"... By the way, the third one on that list is a good next step." then "Sounds good 👍\\nwhat
language do people speak in that one?", "go on then - when was the one you just suggested
founded?": the answer singles out a member of a list by its place, and the user's "that one"
or "the one you suggested" stands for that member, not for the topic the answer was about.
The place in the answer is counted as a place in the user's turn would be; the final turn is
handed on with the member's name in place of the words that point at it, where it types no
name of its own.
"""

from __future__ import annotations

import re

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.lists import find_positions, listing_for, pick
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View

_POINTING = re.compile(
    r"\b(?:that\s+one|(?:the\s+)?one\s+you(?:'ve|\s+have)?\s+(?:just\s+)?"
    r"(?:suggested|recommended|pointed\s+me\s+to|mentioned|meant|nudged\s+me\s+towards?)"
    r"|your\s+suggestion)\b",
    re.IGNORECASE,
)


def nudged_member(answer: str, view: View) -> str | None:
    """The member of a list that a place in `answer` names ("the third one on that list is a
    good next step"), the last such place; None where the answer names no place or the place
    counts in no list the view holds."""
    found = None
    for position in find_positions(answer):
        listing = listing_for(view.listings, position, view.current)
        if listing is None:
            continue
        name = pick(listing, position)
        if name is not None:
            found = name
    return found


def with_nudge_taken_up(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with the words of its final turn that point at the member the last answer
    singled out by its place replaced by that member's name; `request` itself where the last
    answer names no place, the turn types a name or nothing in it points."""
    nodes = request.memory.nodes
    if not request.turn.final or not nodes:
        return request
    text = cues.normalise_turn(request.turn.question)
    view = View.of(request, vocabulary)
    if any(m.known for m in view.mentions(text)) or _POINTING.search(text) is None:
        return request
    member = nudged_member(nodes[-1].answer, view)
    if member is None or member == view.current:
        return request
    read = _POINTING.sub(member, text)
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=read))
