"""The topic the talk is on, turned down by an anaphor (spec/writer-cues-roles.md, "A refusal
by an anaphor").

"let's leave that one. who wrote the music for Y?", "I don't think that one's for me. ...",
"hmm, not feeling that one. ...", "skip it - what about Y?": the turn turns down what the talk
is on without naming it, by a demonstrative ("that one", "this one") or by a pronoun as the
object of a setting-aside word ("skip it", "drop that"), and then types the name it moves to.
With no name typed before it, the anaphor can only stand for the current topic. The final
turn is read with that topic's name where the anaphor stood, and the reading is kept only
where the name roles (`name_roles.read_turn`) then take that name back: every refusal they
read of a name (a negation, a setting-aside word, a refusing predicate, an unwelcome
appraisal, a request not to attend to it) reads the same of the anaphor, and an anaphor in a
question ("did that one win anything?") or in a welcome ("I like that one") is left as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View

# A singular demonstrative with "one" ("that one", "this one"); "not that one" is the
# correction cue of its own (the other of two; spec/writer-cues-corrections.md) and is left
# to it.
_DEMONSTRATIVE = re.compile(r"(?<!\bnot\s)\b(?:that|this)\s+one\b", re.IGNORECASE)


def _anaphors(text: str) -> Iterator[tuple[int, int]]:
    """Where `text` has an anaphor that may stand for the topic: a singular demonstrative
    with "one", or the object of a setting-aside word ("skip it", "let's drop that")."""
    spans = {match.span() for match in _DEMONSTRATIVE.finditer(text)}
    for found in cues.SETTING_ASIDE_PHRASE.finditer(text):
        anaphor = cues.SET_ASIDE_ANAPHOR.match(text, found.end())
        if anaphor is not None:
            start = anaphor.start() + len(anaphor.group()) - len(anaphor.group().lstrip())
            spans.add((start, anaphor.end()))
    yield from sorted(spans)


def with_anaphor_named(request: WriterRequest, vocabulary: TitleVocabulary | None) -> WriterRequest:
    """`request` with its final turn's refusing anaphor written as the current topic's name;
    `request` itself for any other turn, where a name is typed before the anaphor, where no
    other name follows it, or where the name roles do not take the topic back once named."""
    current = request.state.current
    if not request.turn.final or current is None:
        return request
    text = cues.normalise_turn(request.turn.question)
    view = View.of(request, vocabulary)
    mentions = view.mentions(text)
    for start, end in _anaphors(text):
        if any(mention.start < end for mention in mentions):
            return request
        if not any(mention.name.casefold() != current.name.casefold() for mention in mentions):
            return request
        named = text[:start] + current.name + text[end:]
        reading = read_turn(named, view.mentions(named))
        if current.name in reading.taken_back:
            return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
    return request
