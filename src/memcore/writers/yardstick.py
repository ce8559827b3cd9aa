"""A name the turn uses as a yardstick for another one (spec/writer-cues-positions.md, "A name
given as a yardstick").

"Like I did for Kindle: when did the second one first go on sale?", "And the middle one? Same
thing I asked about Pete Conrad.", "Same as Moonlight, but for the third one on your list.":
the name stands for the question already asked about it, and the turn asks that question (or
its own) about something else, here a place in a list. The name is not the topic, is not
turned down, and leaves the query. The final turn is handed on without the yardstick phrase;
where the rest asks nothing of its own, the question asked about the yardstick name follows,
with the name read as "that one".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest

# The phrases that make the name after them a yardstick: "like I did for X", "as I asked about
# X", "same question as I asked about X", "same thing I asked about X", "same as X", "same as
# for X". The name follows at the end of the match.
_YARDSTICK = re.compile(
    r"(?:\b(?:just\s+)?(?:like|as)\s+(?:i|we)\s+(?:did|asked|had)\s+(?:it\s+)?(?:for|about|with)"
    r"|\b(?:the\s+)?same\s+(?:question|thing|one)\s+(?:as\s+)?(?:(?:i|we)\s+(?:asked|did|had)\s+)?"
    r"(?:about|for|with|on)"
    r"|\b(?:the\s+)?same\s+as\s+(?:(?:i|we)\s+(?:asked|did)\s+)?(?:for\s+|with\s+|about\s+)?)"
    r"\s*(?:the\s+)?$",
    re.IGNORECASE,
)
# What a yardstick phrase leaves behind once the name is out: a joining "but", a colon or a
# dash, and the words "same question"/"same thing" with nothing after them.
_LEFTOVER = re.compile(r"^[\s,:;.\-\u2013\u2014]*(?:but\s+)?", re.IGNORECASE)
_ASKS_OWN = re.compile(r"\b(?:who|what|when|where|why|how|which|is|was|did|does|are)\b.*\?")
_PRONOUN = re.compile(r"\b(?:it|he|she|him|her|they|them|there)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?:its|his|her|their)\b", re.IGNORECASE)


def _yardstick_span(text: str, names: Sequence[str]) -> tuple[int, int, str] | None:
    for name in names:
        for found in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE):
            phrase = _YARDSTICK.search(text, 0, found.start())
            if phrase is not None:
                return phrase.start(), found.end(), name
    return None


def _asked_about(nodes: Sequence[Node], name: str) -> str | None:
    """The latest question the user asked about `name` (its topic, or typed in it)."""
    folded = name.casefold()
    for node in reversed(nodes):
        if node.topic is not None and node.topic.casefold() == folded:
            return node.question
        if folded in node.question.casefold():
            return node.question
    return None


def _about_that_one(question: str, name: str) -> str:
    """`question` with `name`, or else its first pronoun, read as "that one"."""
    typed = re.compile(r"(?<!\w)" + re.escape(name) + r"(?:'s)?(?!\w)", re.IGNORECASE)
    if typed.search(question):
        return typed.sub("that one", question, count=1)
    if _POSSESSIVE.search(question):
        return _POSSESSIVE.sub("that one's", question, count=1)
    return _PRONOUN.sub("that one", question, count=1)


def without_yardstick(text: str, names: Sequence[str], nodes: Sequence[Node]) -> str | None:
    """`text` without the phrase that gives one of `names` as a yardstick, followed by the
    question asked about that name where the rest asks none; None where there is no such
    phrase, or nothing of the turn is left beside it."""
    span = _yardstick_span(text, names)
    if span is None:
        return None
    start, end, name = span
    rest = (text[:start] + _LEFTOVER.sub(" ", text[end:], count=1)).strip(" ,:;-\u2013\u2014")
    if not any(character.isalnum() for character in rest):
        return None
    if _ASKS_OWN.search(rest) is not None:
        return rest
    asked = _asked_about(nodes, name)
    if asked is None:
        return rest
    return f"{rest.rstrip(' .?!')} - {_about_that_one(asked, name)}"


def with_yardstick_set_aside(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's yardstick phrase taken out (`without_yardstick`), for
    the topics the memory holds; `request` itself for any other turn."""
    if not request.turn.final:
        return request
    names = [view.name for view in request.state.topics]
    text = cues.normalise_turn(request.turn.question)
    rewritten = without_yardstick(text, names, request.memory.nodes)
    if rewritten is None:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=rewritten))
