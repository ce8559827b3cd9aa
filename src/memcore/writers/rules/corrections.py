"""Correction referents: what a correction points at once the old name is rejected.

A name found in the segment, a page title or known name typed after "I meant" (in any case),
a phrase after a correction cue, or a short phrase that takes the old name's place (a new
topic); else the finders of `referents`. `segment_referent` tries them in the spec pages'
order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcore.search.tokenize import STOPWORDS
from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.decision import Phrase, Referent, ReferentKind
from memcore.writers.rules.features import carried_question, known_in
from memcore.writers.rules.referents import (
    MAX_TYPED_WORDS,
    description_referent,
    fact_referent,
    other_referent,
    position_referent,
    same_name_referent,
)
from memcore.writers.rules.view import View

# The longest phrase put in place of a name.
_MAX_SUBSTITUTE_WORDS = 3


def segment_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """What one segment of a correction points at (None: nothing)."""
    intended = intended_referent(segment, offset, view, rejected)
    if intended is not None:
        return intended
    mentions = view.mentions(segment)
    if rejected is not None and any(mention.name == rejected for mention in mentions):
        # "When I say America, I mean the continent": the same name, another page.
        same = same_name_referent(segment, offset, view, rejected)
        if same is not None:
            return same
    for mention in mentions:
        before = segment[: mention.start].rstrip().casefold()
        if mention.name == rejected or cues.NEGATED_BEFORE.search(before):
            continue
        return Referent(
            mention.name, (offset + mention.start, offset + mention.end), ReferentKind.NAME
        )
    corrected = corrected_referent(segment, offset, view, rejected)
    if corrected is not None:
        return corrected
    finders: tuple[Callable[[], Referent | None], ...] = (
        lambda: position_referent(segment, offset, view, rejected),
        lambda: other_referent(segment, offset, view, rejected),
        lambda: fact_referent(segment, offset, view, rejected),
        lambda: description_referent(segment, offset, view, rejected, True),
        lambda: same_name_referent(segment, offset, view, rejected),
        lambda: typed_name_referent(segment, offset, view, rejected),
    )
    for finder in finders:
        found = finder()
        # A position may point back at the rejected name: the user repaired their repair.
        if found is not None and (found.name != rejected or found.how is ReferentKind.POSITION):
            return found
    return None


def typed_name_referent(
    segment: str, offset: int, view: View, rejected: str | None, phrase: Phrase | None = None
) -> Referent | None:
    """ "oh I meant saturn": the longest run of words of `phrase` (by default, the words after
    an intended cue) that is a page title or a name the memory knows, case ignored (a single
    word included)."""
    if phrase is None:
        match = cues.INTENDED.search(segment)
        if match is None:
            return None
        phrase = (match.start("phrase"), match.group("phrase"))
    start, typed = phrase
    words = list(re.finditer(r"[\w'.\-]+", typed))[:MAX_TYPED_WORDS]
    titles = view.vocabulary.by_key if view.vocabulary is not None else {}
    for size in range(len(words), 0, -1):
        end = words[size - 1].end()
        run = " ".join(word.group(0) for word in words[:size]).rstrip(".").casefold()
        name = view.index.keys.get(run) or titles.get(run)
        if name is not None and name != rejected and run not in cues.NOT_NAMES:
            return Referent(name, (offset + start, offset + start + end), ReferentKind.TYPED)
    return None


def intended_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """What the words right after "I meant", "my question was about"... name: a name found
    there, a title or known name typed in lower case, or a short name-like phrase that takes
    the place of a name in the previous question ("oh I meant saturn")."""
    match = cues.INTENDED.search(segment)
    if match is None:
        return None
    low, high = match.start("phrase"), match.end("phrase")
    for mention in view.mentions(segment):
        if not low <= mention.start < high:
            continue
        if mention.name == rejected or cues.NEGATED_BEFORE.search(segment[: mention.start]):
            return None
        return Referent(
            mention.name, (offset + mention.start, offset + mention.end), ReferentKind.NAME
        )
    return phrase_referent(
        segment, offset, view, rejected, (match.start("phrase"), match.group("phrase"))
    )


def phrase_referent(
    segment: str, offset: int, view: View, rejected: str | None, phrase: Phrase
) -> Referent | None:
    """What the words of `phrase`, typed where a name is expected, name: a title or known
    name in any case, else a short name-like phrase standing in for a name."""
    return typed_name_referent(segment, offset, view, rejected, phrase) or substituted_referent(
        segment, offset, view, rejected, phrase
    )


def corrected_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """ "not that one, apollo 12", "no, the other one: apollo 12": the words right after a
    correction cue, or a whole segment after a self-repair marker ("no, ... wait, no, apollo
    12"), read as the words after "I meant" are."""
    phrases = [(m.start("phrase"), m.group("phrase")) for m in cues.CORRECTED_TO.finditer(segment)]
    if offset > 0:
        # A segment after a self-repair marker starts with what the user now means.
        lead = len(segment) - len(segment.lstrip(" \t\n,.;:!-"))
        phrases.append((lead, segment[lead:]))
    for phrase in phrases:
        found = phrase_referent(segment, offset, view, rejected, phrase)
        if found is not None:
            return found
    return None


_NOT_A_NAME_WORD = (
    cues.NOT_CONTENT
    | cues.FILLER
    | cues.REQUEST_VERBS
    | cues.NOT_NAMES
    | cues.REFERENT_NOUNS
    | frozenset(cues.KIND_NOUNS)
    | frozenset(cues.ORDINALS)
)


def substituted_referent(
    segment: str, offset: int, view: View, rejected: str | None, phrase: Phrase
) -> Referent | None:
    """A short name-like phrase typed in place of the old name (a new topic)."""
    begin, typed = phrase
    words = list(re.finditer(r"[\w'.\-]+", typed))
    while words and words[-1].group(0).casefold().rstrip(".") in cues.INTENDED_TRAILERS:
        words.pop()
    if not 1 <= len(words) <= _MAX_SUBSTITUTE_WORDS or "?" in segment:
        return None
    folded = [word.group(0).casefold().rstrip(".") for word in words]
    if not any(character.isalpha() for word in folded for character in word):
        # "I meant 3, not 2" is a value revision, left to the number rule.
        return None
    if any(
        word in _NOT_A_NAME_WORD or word in STOPWORDS or word.endswith("ly") or not word
        for word in folded
    ):
        return None
    text = typed[: words[-1].end()].strip()
    name_like = any(re.fullmatch(r"[a-z]\.", w.group(0), re.I) for w in words) or any(
        ch.isupper() or ch.isdigit() for ch in text
    )
    if not (name_like or known_in(carried_question(view), view)):
        return None
    start = offset + begin + (len(typed) - len(typed.lstrip()))
    name = text if not text.islower() else text[:1].upper() + text[1:]
    if name == rejected:
        return None
    return Referent(name, (start, start + len(text)), ReferentKind.SUBSTITUTED)


# ", not <name>" after the name meant ("when was he born? Neil, not Buzz Aldrin").
_COMMA_NOT = re.compile(r",\s*(?:and\s+|but\s+)?not\s+", re.IGNORECASE)


def meant_before_rejection(text: str, view: View, rejected: str) -> Referent | None:
    """The name typed right before ", not <rejected>", alone in its clause ("when was he
    born? Neil, not Buzz Aldrin" means Neil): read as the words after "I meant" are."""
    match = _COMMA_NOT.search(text)
    if match is None or rejected.casefold() not in text[match.end() :].casefold():
        return None
    before = text[: match.start()]
    start = max(before.rfind(mark) for mark in ".?!;:") + 1
    clause = before[start:]
    return phrase_referent(clause, start, view, rejected, (0, clause))


def implicit_other(view: View, rejected: str | None) -> str | None:
    """A correction that names nothing: the other of two listed names, else the topic before."""
    if rejected is None:
        return None
    listing = view.listing_with(rejected)
    if listing is not None and rejected in listing.names and len(listing.names) == 2:
        return next(name for name in listing.names if name != rejected)
    for name in view.primaries():
        if name != rejected:
            return name
    return None


_SENTENCE = re.compile(r"[^.!?\n]*[.!?\n]?")
_OPENING_WORDS = re.compile(r"\s*(\w+)\W*(\w*)")


def _asked_in_place_of(text: str, at: int, end: int) -> bool:
    """Whether the negation at `at` is a preposition of replacement ("instead of", "in place
    of", "rather than"; `cues.INSTEAD_OF`) inside a question that a question word opens ("what
    was built instead of Penn Station?"): the question asks about what took the name's place,
    and takes nothing back."""
    if cues.INSTEAD_OF.match(text, at) is None:
        return False
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= at < sentence.end():
            opener = _OPENING_WORDS.match(sentence.group())
            return (
                sentence.group().rstrip().endswith("?")
                and end <= sentence.end()
                and opener is not None
                and opener.group(1).casefold() in cues.QUESTION_WORDS
                # "what about X instead of Y?" offers X in Y's place.
                and opener.group(2).casefold() != "about"
            )
    return False


def negated_topic(text: str, view: View) -> str | None:
    """The last topic of the memory that the turn names after "not" ("..., not Apollo 11"),
    else the last one it refuses after the name ("Apollo 11 is out", "Apollo 11 isn't the one
    I need"), as the name roles read it: "the other one" then means the other of that one."""
    found = None
    mentions = view.mentions(text)
    for mention in mentions:
        negated = cues.NEGATED_BEFORE.search(text[: mention.start])
        if (
            negated is not None
            and mention.name in view.state
            and not _asked_in_place_of(text, negated.start(), mention.end)
        ):
            found = mention.name
    if found is not None:
        return found
    taken_back = [name for name in read_turn(text, mentions).taken_back if name in view.state]
    return taken_back[-1] if taken_back else None
