"""Candidate referents: the names a span of the turn may point at.

Each finder reads one kind of reference (`ReferentKind`): a position in an earlier list, a
stored fact, a kind noun, "the other one", a same-name page, a name typed after "I meant" (a
page title from the corpus or a name the memory knows, in any case), or a short phrase that
takes the old name's place (a new topic). Pronouns resolve against the current topic, the
answer and the memory. `segment_referent` tries them in the spec pages' order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcore.search.titles import normalise_title
from memcore.search.tokenize import STOPWORDS, tokenize
from memcore.writers import cues
from memcore.writers.rules.decision import Phrase, Referent, ReferentKind
from memcore.writers.rules.features import (
    carried_question,
    kind_of_noun,
    known_in,
    pronoun_compatible,
)
from memcore.writers.rules.lists import find_positions, looks_like_person, pick
from memcore.writers.rules.view import View

# How much of an earlier answer is read for a page a description names.
ANSWER_SCAN = 300
# The longest run of typed words looked up as a name, and the longest phrase put in place of one.
_MAX_TYPED_WORDS = 6
_MAX_SUBSTITUTE_WORDS = 3


def position_referent(segment: str, offset: int, view: View, anchor: str | None) -> Referent | None:
    """The name at the last position the segment names in a list (`anchor`'s first)."""
    found = None
    for position in find_positions(segment):
        listing = view.listing_with(anchor)
        if listing is None:
            continue
        name = pick(listing, position)
        if name is not None:
            found = Referent(
                name, (offset + position.start, offset + position.end), ReferentKind.POSITION
            )
    return found


def fact_referent(segment: str, offset: int, view: View, exclude: str | None) -> Referent | None:
    """The candidate whose stored facts share most with a description by fact."""
    match = cues.FACT_DESCRIPTION.search(segment)
    if match is None:
        return None
    clause = match.group("clause")
    wanted = set(tokenize(clause))
    if not wanted:
        return None
    # A name in the description ("grew up in Montclair") says more than a common word.
    named = {term for mention in view.mentions(clause) for term in tokenize(mention.name)}
    best: tuple[int, str] | None = None
    for name in view.candidates():
        if name == exclude:
            continue
        shared = wanted & set(tokenize(" ".join(view.fact_words(name))))
        score = len(shared) + 2 * len(shared & named)
        if score and (best is None or score > best[0]):
            best = (score, name)
    if best is None:
        return None
    return Referent(best[1], (offset + match.start(), offset + match.end()), ReferentKind.FACT)


def description_referent(
    segment: str, offset: int, view: View, exclude: str | None, prefer_earlier: bool
) -> Referent | None:
    """The topic a kind noun describes ("the mission", "the song")."""
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        kind = kind_of_noun(noun)
        if not kind or noun in cues.KINDLESS_NOUNS:
            continue
        span = (offset + match.start(), offset + match.end())
        current = view.current

        def fits(name: str, noun: str = noun, kind: str = kind) -> bool:
            # "the mission" fits a mission; "the continent" fits only a topic whose facts
            # say "continent", not any place.
            return view.kind(name) == kind and (
                noun.rstrip("s") == kind or kind == "person" or noun in view.fact_words(name)
            )

        if current is not None and current != exclude and not prefer_earlier and fits(current):
            return Referent(current, span, ReferentKind.DESCRIPTION)
        for name in view.primaries():
            if name == exclude or (prefer_earlier and name == current):
                continue
            if fits(name):
                return Referent(name, span, ReferentKind.DESCRIPTION)
        page = page_described(noun, view, exclude)
        if page is not None:
            return Referent(page, span, ReferentKind.DESCRIPTION)
        for name in view.primaries():
            if name == exclude or (prefer_earlier and name == current):
                continue
            if noun in view.fact_words(name):
                return Referent(name, span, ReferentKind.DESCRIPTION)
    return None


def page_described(noun: str, view: View, exclude: str | None) -> str | None:
    """ "the song" after "what is grenade by bruno mars about?": a page whose bracketed
    qualifier holds the noun ("Grenade (song)") and whose name a recent turn wrote, in any
    case. The newest turn that names one decides."""
    if view.vocabulary is None:
        return None
    for node in reversed(view.recent):
        text = f"{node.question} {node.answer[:ANSWER_SCAN]}".casefold()
        words = re.findall(r"[\w'\-.]+", text)
        for size in range(_MAX_TYPED_WORDS, 0, -1):
            for index in range(len(words) - size + 1):
                phrase = " ".join(words[index : index + size])
                if phrase in cues.NOT_NAMES or phrase in STOPWORDS:
                    continue
                for title in view.vocabulary.pages_named(phrase):
                    qualifier = title[len(normalise_title(title)) :].casefold()
                    if title != exclude and re.search(r"\b" + re.escape(noun) + r"\b", qualifier):
                        return title
    return None


def other_referent(segment: str, offset: int, view: View, rejected: str | None) -> Referent | None:
    """ "the other one": the other of two listed names, else the topic before."""
    match = cues.THE_OTHER.search(segment)
    if match is None or rejected is None:
        return None
    listing = view.listing_with(rejected)
    span = (offset + match.start(), offset + match.end())
    if listing is not None and rejected in listing.names and len(listing.names) == 2:
        other = [name for name in listing.names if name != rejected]
        return Referent(other[0], span, ReferentKind.OTHER)
    for name in view.primaries():
        if name != rejected:
            return Referent(name, span, ReferentKind.OTHER)
    return None


def same_name_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """For "no, I meant the actor": the same name, another page, written "<name> (actor)"."""
    if rejected is None:
        return None
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        if not kind_of_noun(noun) or noun in cues.KINDLESS_NOUNS:
            continue
        base = normalise_title(rejected)
        name = f"{base} ({noun})"
        if view.vocabulary is not None:
            # A page of that name whose qualifier holds the description: "(astronaut)".
            for title in view.vocabulary.pages_named(base):
                qualifier = title[len(normalise_title(title)) :].casefold()
                if re.search(r"\b" + re.escape(noun) + r"\b", qualifier):
                    name = title
                    break
        if name != rejected:
            return Referent(
                name, (offset + match.start(), offset + match.end()), ReferentKind.SAME_NAME
            )
    return None


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
    words = list(re.finditer(r"[\w'.\-]+", typed))[:_MAX_TYPED_WORDS]
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


def negated_topic(text: str, view: View) -> str | None:
    """The last topic of the memory that the turn names after "not" ("..., not Apollo 11")."""
    found = None
    for mention in view.mentions(text):
        if cues.NEGATED_BEFORE.search(text[: mention.start]) and mention.name in view.state:
            found = mention.name
    return found


def resolve_pronoun(pronoun: str, text: str, view: View, answer: str) -> str | None:
    """The name a pronoun stands for: the current topic, the answer's, or an earlier one."""
    current = view.current
    if current is not None and pronoun_compatible(current, pronoun, view, text):
        return current
    if answer:
        for mention in view.mentions(answer):
            if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mention):
                return mention.name
            if (
                pronoun in cues.THING_PRONOUNS
                and not looks_like_person(mention)
                and mention.name != current
            ):
                return mention.name
    for name in view.primaries():
        if (
            name != current
            and pronoun_compatible(name, pronoun, view, text)
            and view.person(name) is not None
        ):
            return name
    for mention in view.recent_answer_names():
        if mention.name == current:
            continue
        if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mention):
            return mention.name
        if pronoun in cues.THING_PRONOUNS and not looks_like_person(mention):
            return mention.name
    return current


def answered_for(resolved: str, pronoun: str, text: str, view: View, answer: str) -> str:
    """The topic a history turn's answer was given for, when it is not the one resolved.

    "where did he grow up?" answered "Buzz Aldrin grew up in Montclair" is about Aldrin, even
    if "he" could have meant the current topic: the answer's subject, when it fits the pronoun
    and the answer never names the resolved topic, is the turn's topic.
    """
    if not answer:
        return resolved
    mentions = view.mentions(answer)
    if not mentions or mentions[0].start > 0 or mentions[0].name == resolved:
        return resolved
    subject = mentions[0].name
    if any(mention.name == resolved for mention in mentions):
        return resolved
    if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mentions[0]):
        return subject
    if pronoun in cues.THING_PRONOUNS and not looks_like_person(mentions[0]):
        return subject if pronoun_compatible(subject, pronoun, view, text) else resolved
    return resolved
