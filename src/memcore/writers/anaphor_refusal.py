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
    with "one" (not the question the listener is to answer: "you'd know this one";
    `cues.QUESTION_AS_ONE`), or the object of a setting-aside word ("skip it", "let's drop
    that")."""
    spans = {
        match.span()
        for match in _DEMONSTRATIVE.finditer(text)
        if cues.QUESTION_AS_ONE.search(text, 0, match.start()) is None
    }
    for found in cues.SETTING_ASIDE_PHRASE.finditer(text):
        anaphor = cues.SET_ASIDE_ANAPHOR.match(text, found.end())
        if anaphor is not None:
            start = anaphor.start() + len(anaphor.group()) - len(anaphor.group().lstrip())
            spans.add((start, anaphor.end()))
    yield from sorted(spans)


def with_anaphor_named(request: WriterRequest, vocabulary: TitleVocabulary | None) -> WriterRequest:
    """`request` with its final turn's refusing anaphor written as the current topic's name
    (or, for a plural anaphor, as the two topics the talk was last on:
    `with_plural_anaphor_named`); `request` itself for any other turn, where a name is typed
    before the anaphor, where no other name follows it, or where the name roles do not take
    the topic back once named."""
    named = _singular_named(request, vocabulary)
    return named if named is not None else with_plural_anaphor_named(request, vocabulary)


def _singular_named(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest | None:
    current = request.state.current
    if not request.turn.final or current is None:
        return None
    text = cues.normalise_turn(request.turn.question)
    view = View.of(request, vocabulary)
    mentions = view.mentions(text)
    for start, end in _anaphors(text):
        if any(mention.start < end for mention in mentions):
            return None
        if not any(mention.name.casefold() != current.name.casefold() for mention in mentions):
            return None
        named = text[:start] + current.name + text[end:]
        reading = read_turn(named, view.mentions(named))
        if current.name in reading.taken_back:
            return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
    return None


# A plural anaphor for the two names the talk was last on ("scratch both of those", "they're
# both a no", "neither of them is what I'm after", "those two aren't for me"), and how each
# form is written with the two names in its place: "neither"/"none" as "neither X nor Y", so
# the negation stays; "either" as "X or Y", inside the negation that governs it; the rest
# as "X and Y", a plural subject with "are" for the contracted "'re".
_PLURAL_ANAPHOR = re.compile(
    r"\b(?P<neither>(?:neither|none)\s+of\s+(?:those|these|them|the\s+two)(?:\s+two)?"
    r"|neither\s+one)\b"
    r"|\b(?P<either>either\s+of\s+(?:those|these|them|the\s+two)(?:\s+two)?|either\s+one)\b"
    r"|\b(?P<they>they)(?P<are>'re|\s+are|\s+were)?(?=\s+both\b)"
    r"|\b(?P<both>both\s+of\s+(?:those|these|them|the\s+two)(?:\s+two)?|(?:those|these)\s+two"
    r"(?:\s+ones)?|the\s+two\s+of\s+them|them\s+both)\b",
    re.IGNORECASE,
)


def _plural_named(match: re.Match[str], first: str, second: str) -> str:
    """The plural anaphor `match` written with the two names in its place."""
    if match.group("neither") is not None:
        return f"neither {first} nor {second}"
    if match.group("either") is not None:
        return f"{first} or {second}"
    if match.group("they") is not None:
        verb = (match.group("are") or "").strip().replace("'re", "are")
        return f"{first} and {second} {verb}".rstrip()
    return f"{first} and {second}"


def _last_two_topics(request: WriterRequest) -> tuple[str, str] | None:
    """The two topics the talk was last on, the earlier first: the topics of the last nodes,
    newest first, each once; None where the memory holds fewer than two or the newest is not
    the current topic."""
    current = request.state.current
    seen: list[str] = []
    for node in reversed(request.memory.nodes):
        topic = node.topic
        if topic is not None and topic not in seen:
            seen.append(topic)
        if len(seen) == 2:
            break
    if len(seen) < 2 or current is None or seen[0] != current.name:
        return None
    return seen[1], seen[0]


def with_plural_anaphor_named(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's plural anaphor that turns down the two topics the talk
    was last on written as their names; `request` itself where a name is typed before the
    anaphor, where no third name follows it, or where the name roles do not take both names
    back once written in."""
    if not request.turn.final:
        return request
    two = _last_two_topics(request)
    if two is None:
        return request
    text = cues.normalise_turn(request.turn.question)
    view = View.of(request, vocabulary)
    mentions = view.mentions(text)
    folded = {name.casefold() for name in two}
    for match in _PLURAL_ANAPHOR.finditer(text):
        if any(mention.start < match.end() for mention in mentions):
            return request
        if not any(mention.name.casefold() not in folded for mention in mentions):
            return request
        named = text[: match.start()] + _plural_named(match, *two) + text[match.end() :]
        reading = read_turn(named, view.mentions(named))
        if all(name in reading.taken_back for name in two):
            return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
    return request
