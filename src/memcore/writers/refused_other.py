"""A turn that asks about the current topic and, beside the question, turns down another name
(spec/writer-cues-roles.md#writer-cues-roles.refused-other).

"when was Lisbon founded?" answered, then "what language do people speak there? And just so
you know, Montreal is a no for me.": the question's pronoun (or its missing subject) stands for
the topic the talk is on, and the no is about a name beside it, another member of the list the
assistant gave. Every name the turn types is refused, none of them is the current topic, and a
sentence of the turn asks without naming anything: then the refused names are set aside, the
current topic stays, and the query is the asking sentences with their pronoun read as that
topic.
"""

from __future__ import annotations

import re

import attrs

from memcore.writers.name_roles import Reading, Role

# Sentences: a closing mark followed by a space, or a line break.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


@attrs.frozen
class RefusedOther:
    """The names the turn turns down, and the sentences that ask about the current topic."""

    refused: tuple[str, ...]
    asked: str


def refused_beside_question(
    question: str, reading: Reading, current: str | None
) -> RefusedOther | None:
    """The refusal of names other than `current` beside a question that names nothing
    (`RefusedOther`), read from the turn's name roles (`reading`); None where the turn types no
    name, keeps one, refuses the current topic or asks nothing of its own."""
    if current is None or not reading.names:
        return None
    if any(name.role is not Role.NEGATED for name in reading.names):
        return None
    refused = tuple(dict.fromkeys(name.name for name in reading.names))
    if current.casefold() in {name.casefold() for name in refused}:
        return None
    asking = [
        sentence.strip()
        for sentence in _SENTENCE_END.split(question)
        if sentence.strip().endswith("?")
        and not any(name.casefold() in sentence.casefold() for name in refused)
    ]
    if not asking:
        return None
    return RefusedOther(refused, " ".join(asking))


def known_refusals(reading: Reading, topic: str | None) -> tuple[str, ...]:
    """The names the turn refuses or takes back (`reading.taken_back`) while it asks about
    `topic`, the name its words mean (`reading.intended`): "\\"Chinatown\\"? nah. did Rashomon win
    any Oscars?" refuses Chinatown. Empty where the reading means another name than `topic`
    (the two readers disagree: neither is trusted) or where a refused name is also typed
    without refusing it."""
    if topic is None or reading.intended is None:
        return ()
    if reading.intended.casefold() != topic.casefold():
        return ()
    refusing = (Role.NEGATED, Role.RETRACTED)
    plain = {name.name.casefold() for name in reading.names if name.role not in refusing}
    return tuple(
        name
        for name in dict.fromkeys(reading.taken_back)
        if name and name.casefold() != topic.casefold() and name.casefold() not in plain
    )
