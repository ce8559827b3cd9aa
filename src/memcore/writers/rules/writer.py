"""The rule writer: corrections, self-repairs, returns, positions and value revisions by rule.

Decisions are tried in a fixed order, and the first that applies writes the node:

1. value revision: a short turn naming a new number (the number rule) moves the topic;
2. correction: a correction cue; the turn is cut at self-repair markers and the last
   segment that names a referent wins;
3. ellipsis: "what about X?" asks the previous question again, about X;
4. names: a topic named in the question;
5. references: a position in an earlier list, a description, or a pronoun;
6. continuation: the current topic goes on.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.operations import Operation, OpKind, abandon
from memcore.search.corpus import Corpus
from memcore.search.number_rule import NumberRewrite, apply_number_rule
from memcore.search.titles import normalise_title
from memcore.search.tokenize import STOPWORDS, tokenize
from memcore.writers import cues
from memcore.writers.live import value_reply
from memcore.writers.node_json import node_json
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules.lists import find_positions, looks_like_person, pick
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.text import (
    FALLBACK_TOPIC,
    NAME_CHARS,
    any_match,
    content_words,
    facts_from_answer,
    fallback_topic,
    kind_from_answer,
    printable,
    with_name,
    words_of,
)
from memcore.writers.rules.view import View

Span = tuple[int, int]
# Words typed where a name is expected: where they start in their segment, and the words.
Phrase = tuple[int, str]
_ALL_SINGULAR = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS
_STRONG_CORRECTION = tuple(p for p in cues.CORRECTION if p not in cues.NAMED_REJECTION)
_MAX_EXTRA_TOPICS = 3
_MAX_TYPED_WORDS = 6
_MAX_SUBSTITUTE_WORDS = 3
_SHIFT_TERMS = 4
# How much of an earlier answer is read for a page a description names.
ANSWER_SCAN = 300


@attrs.frozen
class Decision:
    """What the turn does: its topic and operations, and how to write its query."""

    topic: str
    operations: tuple[Operation, ...]
    basis: str
    extra_topics: tuple[str, ...] = ()
    replace_names: tuple[str, ...] = ()
    spans: tuple[Span, ...] = ()
    pronouns: frozenset[str] = frozenset()
    depends_on: tuple[int, ...] = ()
    contradicts: tuple[str, ...] = ()
    kind: str = ""
    query: str | None = None


class ReferentKind(enum.Enum):
    """How a segment points at a name (the spec pages' referent kinds)."""

    POSITION = "position"  # a place in an earlier list: "the second one"
    FACT = "fact"  # something an earlier answer said of it: "the one born in Ohio"
    DESCRIPTION = "description"  # a kind noun: "the film", "the song"
    OTHER = "other"  # "the other one"
    SAME_NAME = "same-name"  # a page sharing the rejected page's name
    NAME = "name"  # the name itself, as the name finder reads it
    TYPED = "typed"  # a lower-case title or known name typed after "I meant"
    SUBSTITUTED = "substituted"  # a short phrase put in place of the old name


@attrs.frozen
class Referent:
    """A name a segment points at, the span of text that points at it, and how."""

    name: str
    span: Span
    how: ReferentKind


# --- helpers ---------------------------------------------------------------------------------


def _arrive(name: str, view: View, revised: bool = False) -> Operation:
    if name == view.current:
        return Operation(OpKind.REFINE, name)
    if name in view.state:
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.REVISE if revised else OpKind.ADD, name)


def _restore(name: str, view: View) -> Operation:
    """The operation that makes the intended topic current after a correction."""
    if name == view.current:
        return Operation(OpKind.REFINE, name)
    if view.was_mentioned(name):
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.REVISE, name)


def _pronouns_for(name: str, view: View) -> frozenset[str]:
    person = view.person(name)
    if person is True:
        return cues.PERSON_PRONOUNS
    if person is False:
        return cues.THING_PRONOUNS
    return _ALL_SINGULAR


def _depends(view: View, *names: str | None, previous: bool = True) -> tuple[int, ...]:
    turns: set[int] = set()
    if previous and view.previous is not None:
        turns.add(view.previous.turn)
    for name in names:
        if name is not None:
            turn = view.last_turn_of(name)
            if turn is not None:
                turns.add(turn)
    return tuple(sorted(turns))


def _blank(text: str, spans: Iterable[Span]) -> str:
    chars = list(text)
    for start, end in spans:
        for index in range(max(0, start), min(len(chars), end)):
            chars[index] = " "
    return "".join(chars)


def _cue_spans(text: str) -> list[Span]:
    spans: list[Span] = []
    for pattern in (*cues.CORRECTION, cues.SELF_REPAIR_SPLIT):
        spans.extend(match.span() for match in pattern.finditer(text))
    return spans


def _steering_spans(text: str) -> list[Span]:
    spans = [match.span() for pattern in cues.STEERING for match in pattern.finditer(text)]
    if spans:
        opener = cues.OPENER.match(text)
        if opener is not None and opener.end() > 0:
            spans.append(opener.span())
    return spans


def _mentions(text: str, view: View) -> tuple[Mention, ...]:
    return view.mentions(text)


def _correction_only(text: str, view: View) -> bool:
    normal = cues.normalise_turn(text)
    spans = _cue_spans(normal)
    spans.extend((m.start, m.end) for m in _mentions(normal, view))
    spans.extend((p.start, p.end) for p in find_positions(normal))
    return not content_words(normal, spans)


def _carried_question(view: View) -> str:
    """The last question in view that asked something of its own: a correction-only turn
    and an elliptic one ("what about X?") ask the question before them again."""
    for node in reversed(view.recent):
        elliptic = any(
            pattern.match(cues.normalise_turn(node.question)) for pattern in cues.ELLIPSIS
        )
        if not elliptic and not _correction_only(node.question, view):
            return _without_steering(node.question)
    return _without_steering(view.previous.question) if view.previous is not None else ""


def _without_steering(question: str) -> str:
    """A question to ask again: without steering words, or an opener such as "ok,"."""
    text = cues.normalise_turn(question)
    text = " ".join(_blank(text, _steering_spans(text)).split())
    return cues.OPENER.sub("", text, count=1) or text


def _pronoun_position(text: str, pronoun: str) -> int:
    match = re.search(r"\b" + re.escape(pronoun) + r"\b", text, re.IGNORECASE)
    return match.start() if match is not None else len(text)


def _first_pronoun(text: str) -> str | None:
    for word in words_of(text):
        if word in cues.PERSON_PRONOUNS or word in cues.THING_PRONOUNS:
            return word
        if word in cues.PLURAL_PRONOUNS:
            return word
    return None


# --- referents -------------------------------------------------------------------------------


def _position_referent(
    segment: str, offset: int, view: View, anchor: str | None
) -> Referent | None:
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


def _fact_referent(segment: str, offset: int, view: View, exclude: str | None) -> Referent | None:
    match = cues.FACT_DESCRIPTION.search(segment)
    if match is None:
        return None
    clause = match.group("clause")
    wanted = set(tokenize(clause))
    if not wanted:
        return None
    # A name in the description ("grew up in Montclair") says more than a common word.
    named = {term for mention in _mentions(clause, view) for term in tokenize(mention.name)}
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


def _kind_of_noun(noun: str) -> str:
    return cues.KIND_NOUNS.get(noun.casefold(), "")


def _description_referent(
    segment: str, offset: int, view: View, exclude: str | None, prefer_earlier: bool
) -> Referent | None:
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        kind = _kind_of_noun(noun)
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
        page = _page_described(noun, view, exclude)
        if page is not None:
            return Referent(page, span, ReferentKind.DESCRIPTION)
        for name in view.primaries():
            if name == exclude or (prefer_earlier and name == current):
                continue
            if noun in view.fact_words(name):
                return Referent(name, span, ReferentKind.DESCRIPTION)
    return None


def _page_described(noun: str, view: View, exclude: str | None) -> str | None:
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


def _other_referent(segment: str, offset: int, view: View, rejected: str | None) -> Referent | None:
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


def _same_name_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """For "no, I meant the actor": the same name, another page, written "<name> (actor)"."""
    if rejected is None:
        return None
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        if not _kind_of_noun(noun) or noun in cues.KINDLESS_NOUNS:
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


def _segment_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """What one segment of a correction points at (None: nothing)."""
    intended = _intended_referent(segment, offset, view, rejected)
    if intended is not None:
        return intended
    mentions = _mentions(segment, view)
    if rejected is not None and any(mention.name == rejected for mention in mentions):
        # "When I say America, I mean the continent": the same name, another page.
        same = _same_name_referent(segment, offset, view, rejected)
        if same is not None:
            return same
    for mention in mentions:
        before = segment[: mention.start].rstrip().casefold()
        if mention.name == rejected or cues.NEGATED_BEFORE.search(before):
            continue
        return Referent(
            mention.name, (offset + mention.start, offset + mention.end), ReferentKind.NAME
        )
    corrected = _corrected_referent(segment, offset, view, rejected)
    if corrected is not None:
        return corrected
    finders: tuple[Callable[[], Referent | None], ...] = (
        lambda: _position_referent(segment, offset, view, rejected),
        lambda: _other_referent(segment, offset, view, rejected),
        lambda: _fact_referent(segment, offset, view, rejected),
        lambda: _description_referent(segment, offset, view, rejected, True),
        lambda: _same_name_referent(segment, offset, view, rejected),
        lambda: _typed_name_referent(segment, offset, view, rejected),
    )
    for finder in finders:
        found = finder()
        # A position may point back at the rejected name: the user repaired their repair.
        if found is not None and (found.name != rejected or found.how is ReferentKind.POSITION):
            return found
    return None


def _typed_name_referent(
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


def _intended_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """What the words right after "I meant", "my question was about"... name: a name found
    there, a title or known name typed in lower case, or a short name-like phrase that takes
    the place of a name in the previous question ("oh I meant saturn")."""
    match = cues.INTENDED.search(segment)
    if match is None:
        return None
    low, high = match.start("phrase"), match.end("phrase")
    for mention in _mentions(segment, view):
        if not low <= mention.start < high:
            continue
        if mention.name == rejected or cues.NEGATED_BEFORE.search(segment[: mention.start]):
            return None
        return Referent(
            mention.name, (offset + mention.start, offset + mention.end), ReferentKind.NAME
        )
    return _phrase_referent(
        segment, offset, view, rejected, (match.start("phrase"), match.group("phrase"))
    )


def _phrase_referent(
    segment: str, offset: int, view: View, rejected: str | None, phrase: Phrase
) -> Referent | None:
    """What the words of `phrase`, typed where a name is expected, name: a title or known
    name in any case, else a short name-like phrase standing in for a name."""
    return _typed_name_referent(segment, offset, view, rejected, phrase) or _substituted_referent(
        segment, offset, view, rejected, phrase
    )


def _corrected_referent(
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
        found = _phrase_referent(segment, offset, view, rejected, phrase)
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


def _substituted_referent(
    segment: str, offset: int, view: View, rejected: str | None, phrase: Phrase
) -> Referent | None:
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
    if not (name_like or _known_in(_carried_question(view), view)):
        return None
    start = offset + begin + (len(typed) - len(typed.lstrip()))
    name = text if not text.islower() else text[:1].upper() + text[1:]
    if name == rejected:
        return None
    return Referent(name, (start, start + len(text)), ReferentKind.SUBSTITUTED)


def _known_in(text: str, view: View) -> tuple[str, ...]:
    """The names the memory knows that `text` writes in any case, a possessive allowed."""
    found = []
    words = re.findall(r"[\w\-.]+", text.casefold().replace("'s ", " "))
    for size in range(4, 0, -1):
        for index in range(len(words) - size + 1):
            phrase = " ".join(words[index : index + size])
            name = view.index.keys.get(phrase)
            if name is not None and phrase not in cues.NOT_NAMES and name not in found:
                found.append(name)
    return tuple(found)


def _segments(text: str) -> list[tuple[str, int]]:
    pieces = []
    last = 0
    for match in cues.SELF_REPAIR_SPLIT.finditer(text):
        pieces.append((text[last : match.start()], last))
        last = match.end()
    pieces.append((text[last:], last))
    return [(piece, start) for piece, start in pieces if piece.strip()]


# --- decisions -------------------------------------------------------------------------------


def _value_revision(text: str, view: View) -> Decision | None:
    current = view.current
    previous = view.previous.topic if view.previous is not None else None
    if current is None and previous is None:
        return None
    if not any_match(cues.VALUE_REVISION, text) and len(text.split()) > 3:
        return None
    olds = {name for name in (current, previous) if name is not None}
    for mention in _mentions(text, view):
        if not any(_number_sibling(mention.name, old) or mention.name == old for old in olds):
            # "and Gemini 8?" names another thing; it is not a new number for the topic.
            return None
    carried = _carried_question(view)
    old = current or previous
    basis = with_name(carried, old, _pronouns_for(old, view)) if carried and old else None
    outcome = apply_number_rule(text, basis, current, previous)
    if not isinstance(outcome, NumberRewrite):
        return None
    new = outcome.new_topic
    correcting = any_match(cues.CORRECTION, text)
    operations = (abandon(outcome.old_topic),) if correcting else ()
    return Decision(
        topic=new,
        operations=(*operations, _arrive(new, view, revised=True)),
        basis=outcome.query,
        depends_on=_depends(view, outcome.old_topic),
        contradicts=(outcome.old_topic,) if correcting else (),
        kind=view.kind(outcome.old_topic),
        query=outcome.query,
    )


def _negated_topic(text: str, view: View) -> str | None:
    """The last topic of the memory that the turn names after "not" ("..., not Apollo 11")."""
    found = None
    for mention in _mentions(text, view):
        if cues.NEGATED_BEFORE.search(text[: mention.start]) and mention.name in view.state:
            found = mention.name
    return found


def _kept_topic(text: str, view: View) -> Decision | None:
    """ "Apollo 11, not Gemini 8" when Apollo 11 is current: the answer was given for the name
    after "not", which the memory never took as a topic; the current topic stays, and the
    previous question is asked again about it."""
    current = view.current
    mentions = _mentions(text, view)
    negated = [m.name for m in mentions if cues.NEGATED_BEFORE.search(text[: m.start])]
    meant = [m.name for m in mentions if not cues.NEGATED_BEFORE.search(text[: m.start])]
    if current is None or not negated or current in negated or meant[-1:] != [current]:
        return None
    if any(name in view.state for name in negated):
        return None
    return Decision(
        topic=current,
        operations=(Operation(OpKind.REFINE, current),),
        basis=_carried_question(view),
        replace_names=tuple(dict.fromkeys(negated)),
        pronouns=_pronouns_for(current, view),
        depends_on=_depends(view),
    )


def _correction(text: str, view: View) -> Decision | None:
    named = _negated_topic(text, view)
    if not any_match(_STRONG_CORRECTION, text) and not (
        named is not None and any_match(cues.NAMED_REJECTION, text)
    ):
        return None
    rejected = view.current or (view.previous.topic if view.previous is not None else None)
    if named is not None:
        # "..., not the United States": a named rejection, if the memory has that topic.
        rejected = named
    referent = None
    for segment, offset in _segments(text):
        found = _segment_referent(segment, offset, view, rejected)
        if found is not None:
            referent = found
    kept = _kept_topic(text, view) if referent is None else None
    if kept is not None:
        return kept
    blanked = _blank(text, _cue_spans(text))
    spans = [referent.span] if referent is not None else []
    spans.extend((m.start, m.end) for m in _mentions(text, view))
    spans.extend((p.start, p.end) for p in find_positions(text))
    own_content = content_words(blanked, spans)
    clarifying = own_content and _only_clarifying(text)
    if (referent is None or clarifying) and own_content:
        # The user corrects the question, not the topic: ask the previous question again
        # with the new words.
        carried = _carried_question(view)
        wanted = _blank(blanked, [m.span() for m in cues.REJECTED_PHRASE.finditer(text)])
        basis = f"{carried} {' '.join(wanted.split())}".strip()
        if named is not None:
            # "I meant all games, not specific to the Mars game": the named topic is
            # rejected; the question goes on about what the words say, as a new topic.
            topic = fallback_topic(wanted)
            return Decision(
                topic=topic,
                operations=(abandon(named), _arrive(topic, view, revised=True)),
                basis=basis,
                depends_on=_depends(view),
                contradicts=(named,),
            )
        topic = rejected or fallback_topic(text)
        return Decision(
            topic=topic,
            operations=(_arrive(topic, view),),
            basis=basis,
            pronouns=_pronouns_for(topic, view),
            depends_on=_depends(view),
        )
    intended = referent.name if referent is not None else _implicit_other(view, rejected)
    operations: list[Operation] = []
    if rejected is not None and rejected != intended:
        operations.append(abandon(rejected))
    topic = intended or rejected or fallback_topic(text)
    if intended is not None:
        operations.append(_restore(intended, view))
    if not operations:
        operations.append(_arrive(topic, view))
    if own_content:
        # What follows "not" is what the user does not want: it stays out of the query.
        unwanted = [m.span() for m in cues.REJECTED_PHRASE.finditer(text)]
        basis, spans_in_basis = _blank(blanked, unwanted), tuple(spans[:1])
    else:
        basis, spans_in_basis = _carried_question(view), ()
    kind = ""
    if referent is not None and referent.how is ReferentKind.SAME_NAME and rejected is not None:
        kind = _kind_of_noun(referent.name.rsplit("(", 1)[-1].rstrip(")"))
    replaced = (rejected,) if rejected is not None and rejected != topic else ()
    if referent is not None and referent.how is ReferentKind.SUBSTITUTED:
        # "oh I meant saturn" after "can I see jupiter's rings?": saturn takes jupiter's place.
        replaced = (*replaced, *(n for n in _known_in(basis, view) if n != topic))
    return Decision(
        topic=topic,
        operations=tuple(operations),
        basis=basis,
        replace_names=replaced,
        spans=spans_in_basis,
        pronouns=_pronouns_for(topic, view),
        depends_on=_depends(view, intended),
        contradicts=(rejected,) if rejected is not None and rejected != topic else (),
        kind=kind,
    )


def _only_clarifying(text: str) -> bool:
    """Whether the turn's only correction cue is "I mean" (present tense).

    In real conversations "I mean ..." followed by words of its own restates the question
    ("I mean historically", "I mean better off as a result of ..."), while "I meant ..." and
    "no, ..." reject what was understood.
    """
    matched = [pattern for pattern in cues.CORRECTION if pattern.search(text)]
    return all(pattern.pattern in cues.CLARIFYING_CORRECTION for pattern in matched)


def _implicit_other(view: View, rejected: str | None) -> str | None:
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


def _ellipsis(text: str, view: View) -> Decision | None:
    for pattern in cues.ELLIPSIS:
        match = pattern.match(text)
        if match is None:
            continue
        rest, offset = match.group("rest"), match.start("rest")
        referent = None
        mentions = _mentions(rest, view)
        if mentions:
            first = mentions[0]
            referent = Referent(
                first.name, (offset + first.start, offset + first.end), ReferentKind.NAME
            )
        else:
            referent = _position_referent(rest, offset, view, view.current)
        if referent is None:
            return None
        name = referent.name
        current = view.current
        sibling = current is not None and _number_sibling(name, current)
        carried = _carried_question(view)
        olds = tuple(n for n in (current, view.previous.topic if view.previous else None) if n)
        return Decision(
            topic=name,
            operations=(_arrive(name, view, revised=sibling),),
            basis=carried or text,
            replace_names=tuple(dict.fromkeys(olds)),
            pronouns=_pronouns_for(current, view) if current else _ALL_SINGULAR,
            depends_on=_depends(view, name),
            kind=view.kind(current) if sibling and current else "",
        )
    return None


def _number_sibling(first: str, second: str) -> bool:
    strip = re.compile(r"\s*(?:\d+|[IVX]+)\s*$")
    return first != second and strip.sub("", first) == strip.sub("", second) != first


def _pronoun_compatible(name: str, pronoun: str, view: View, text: str) -> bool:
    person = view.person(name)
    if pronoun in cues.PERSON_PRONOUNS:
        return person is not False
    if pronoun in cues.THING_PRONOUNS:
        if person is True:
            return False
        return not (any_match(cues.WORK_CUES, text) and view.kind(name) == "person")
    return True


def _named(text: str, view: View, answer: str) -> Decision | None:
    steering = _steering_spans(text)
    mentions = [
        m for m in _mentions(text, view) if not any(s <= m.start < e for s, e in steering)
    ] or list(_mentions(text, view))
    described = cues.FACT_DESCRIPTION.search(text)
    if described is not None:
        # "the guy who grew up in Montclair": the name describes the topic, it is not it.
        mentions = [m for m in mentions if not described.start() <= m.start < described.end()]
    if not mentions:
        return None
    names = tuple(dict.fromkeys(m.name for m in mentions))
    current = view.current
    pronoun = _first_pronoun(text)
    pronoun_first = pronoun is not None and _pronoun_position(text, pronoun) < mentions[0].start
    if (
        current is not None
        and current not in names
        and pronoun is not None
        and pronoun not in cues.PLURAL_PRONOUNS
        and _pronoun_compatible(current, pronoun, view, text)
        and (pronoun_first or not any(name in view.state for name in names))
    ):
        # "did he fly before Apollo 11?": the pronoun is the subject; the name is incidental.
        primary = current
    else:
        in_memory = [name for name in names if name in view.state]
        primary = in_memory[0] if in_memory else names[0]
    extras = tuple(name for name in names if name != primary)[:_MAX_EXTRA_TOPICS]
    operation = _arrive(primary, view)
    spans = tuple((m.start, m.end) for m in mentions if m.name == primary)
    return Decision(
        topic=primary,
        operations=(operation,),
        basis=_blank(text, steering) if steering else text,
        extra_topics=extras,
        spans=spans,
        pronouns=_pronouns_for(primary, view) if primary == current else frozenset(),
        depends_on=_depends(view, primary, previous=operation.kind is not OpKind.ADD),
        kind=kind_from_answer(primary, answer),
    )


def _resolve_pronoun(pronoun: str, text: str, view: View, answer: str) -> str | None:
    current = view.current
    if current is not None and _pronoun_compatible(current, pronoun, view, text):
        return current
    if answer:
        for mention in _mentions(answer, view):
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
            and _pronoun_compatible(name, pronoun, view, text)
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


def _answered_for(resolved: str, pronoun: str, text: str, view: View, answer: str) -> str:
    """The topic a history turn's answer was given for, when it is not the one resolved.

    "where did he grow up?" answered "Buzz Aldrin grew up in Montclair" is about Aldrin, even
    if "he" could have meant the current topic: the answer's subject, when it fits the pronoun
    and the answer never names the resolved topic, is the turn's topic.
    """
    if not answer:
        return resolved
    mentions = _mentions(answer, view)
    if not mentions or mentions[0].start > 0 or mentions[0].name == resolved:
        return resolved
    subject = mentions[0].name
    if any(mention.name == resolved for mention in mentions):
        return resolved
    if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mentions[0]):
        return subject
    if pronoun in cues.THING_PRONOUNS and not looks_like_person(mentions[0]):
        return subject if _pronoun_compatible(subject, pronoun, view, text) else resolved
    return resolved


def _referenced(text: str, view: View, answer: str) -> Decision | None:
    current = view.current
    returning = any_match(cues.RETURN, text)
    referent = (
        _position_referent(text, 0, view, current)
        or _fact_referent(text, 0, view, None)
        or _description_referent(text, 0, view, None, prefer_earlier=returning)
    )
    pronouns: frozenset[str] = frozenset()
    kind = ""
    if referent is not None:
        name = referent.name
        spans: tuple[Span, ...] = (referent.span,)
        pronouns = _pronouns_for(name, view)
    else:
        pronoun = _first_pronoun(text)
        if pronoun is None:
            return None
        resolved = _resolve_pronoun(pronoun, text, view, answer)
        if resolved is None:
            return None
        if resolved == current and returning:
            # "ok, back to the earlier one: when did it start?": not the current topic.
            returned = _returned(text, view, answer, returning)
            if returned is not None:
                return returned
        resolved = _answered_for(resolved, pronoun, text, view, answer)
        name, spans = resolved, ()
        if pronoun in cues.PERSON_PRONOUNS:
            pronouns, kind = cues.PERSON_PRONOUNS, "person"
        elif pronoun in cues.THING_PRONOUNS:
            pronouns = cues.THING_PRONOUNS
        else:
            pronouns = cues.PLURAL_PRONOUNS
    steering = _steering_spans(text)
    inside = [span for span in spans if any(s <= span[0] < e for s, e in steering)]
    if inside:
        spans = tuple(span for span in spans if span not in inside)
    operation = _arrive(name, view)
    return Decision(
        topic=name,
        operations=(operation,),
        basis=_blank(text, steering) if steering else text,
        spans=spans,
        pronouns=pronouns,
        depends_on=_depends(view, name),
        kind=kind or kind_from_answer(name, answer),
    )


def _echoed_topic(text: str, view: View, returning: bool) -> str | None:
    """The earlier topic a turn goes back to by echoing what the memory holds about it.

    Each of the turn's content terms counts 1/n for each of the n open topics whose name,
    facts or questions hold it. An earlier topic is taken when it scores higher than the
    current one, by a term of its own at least; with a return cue ("back to the earlier one")
    any echo will do, and failing one, the topic discussed before the current one.
    """
    current = view.current
    terms = set(tokenize(_without_steering(text))) - cues.NOT_CONTENT
    topics = view.open_topics()
    if current is None or not terms or not any(name != current for name in topics):
        return None
    # The current topic may have been introduced before the topics looked at.
    profiles = {name: view.profile(name) for name in (*topics, current)}
    counts = {term: sum(term in words for words in profiles.values()) for term in terms}

    def score(name: str) -> float:
        return sum(1 / counts[term] for term in terms if term in profiles[name])

    earlier = [name for name in topics if name != current]
    best = max(earlier, key=score)
    if score(best) > score(current) and (returning or (score(best) >= 1 and score(current) == 0)):
        return best
    if returning and score(current) == 0:
        return earlier[0]
    return None


def _returned(text: str, view: View, answer: str, returning: bool) -> Decision | None:
    name = _echoed_topic(text, view, returning)
    if name is None:
        return None
    steering = _steering_spans(text)
    return Decision(
        topic=name,
        operations=(_arrive(name, view),),
        basis=_blank(text, steering) if steering else text,
        pronouns=_pronouns_for(name, view),
        depends_on=_depends(view, name),
        kind=kind_from_answer(name, answer),
    )


def _shifts(text: str, view: View) -> bool:
    """Whether a turn that names nothing leaves the current topic: a question of its own
    (at least `_SHIFT_TERMS` content terms) that shares none with what the memory holds
    about the current topic."""
    current = view.current
    if current is None:
        return False
    terms = set(tokenize(_without_steering(text))) - cues.NOT_CONTENT
    return len(terms) >= _SHIFT_TERMS and not terms & view.profile(current)


def _continuation(text: str, view: View, answer: str) -> Decision:
    current = view.current
    returned = _returned(text, view, answer, any_match(cues.RETURN, text))
    if returned is not None:
        return returned
    steering = _steering_spans(text)
    basis = _blank(text, steering) if steering else text
    if current is not None and not _shifts(text, view):
        return Decision(
            topic=current,
            operations=(Operation(OpKind.REFINE, current),),
            basis=basis,
            pronouns=_pronouns_for(current, view),
            depends_on=_depends(view),
            kind=kind_from_answer(current, answer),
        )
    mentions = _mentions(answer, view) if answer else ()
    name = mentions[0].name if mentions else fallback_topic(basis)
    return Decision(
        topic=name,
        operations=(_arrive(name, view),),
        basis=basis,
        depends_on=_depends(view, name, previous=False),
        kind=kind_from_answer(name, answer),
    )


# The cascade, in order: the first step that decides the turn wins; a continuation of the
# current topic always decides.
_CASCADE: tuple[Callable[[str, View, str], Decision | None], ...] = (
    lambda text, view, _answer: _value_revision(text, view),
    lambda text, view, _answer: _correction(text, view),
    lambda text, view, _answer: _ellipsis(text, view),
    _named,
    _referenced,
)


def decide(text: str, view: View, answer: str) -> Decision:
    """The first decision that applies to the turn `text` (see the module docstring)."""
    for step in _CASCADE:
        decision = step(text, view, answer)
        if decision is not None:
            return decision
    return _continuation(text, view, answer)


def _trusted_name(name: str, view: View) -> bool:
    """Whether a topic's name may be added to a query that does not name it.

    Never words of a question standing in for a name (a lower-case topic). Where the corpus
    has page titles, any name (topic repair grounds the history's topics in those pages);
    without titles, only a name the user typed in a recent question, not one read only from
    an answer, where incidental capitalised words are common.
    """
    if name == name.casefold():
        return False
    if view.vocabulary is not None:
        return True
    folded = name.casefold()
    return any(folded in node.question.casefold() for node in view.recent)


def _clean(name: str) -> str:
    """A name as the core parser keeps it (whitespace collapsed), without control characters."""
    return printable(name)[:NAME_CHARS].strip()


def write_node(request: WriterRequest, vocabulary: TitleVocabulary | None = None) -> Node:
    """The rule writer's node for `request.turn`, built from the structured memory.

    The node always fits the output cap: if its JSON would be too long, its facts and then
    its query are shortened.
    """
    node = _write_node(request, vocabulary)
    limit = request.caps.output_chars
    while len(node_json(node)) > limit:
        if node.facts:
            node = attrs.evolve(node, facts=node.facts[:-1])
        elif len(node.topics) > 1:
            node = attrs.evolve(node, topics=node.topics[:1])
        elif node.query is not None and len(node.query) > len(node.topic or ""):
            shorter = node.query[: len(node.query) // 2].strip()
            node = attrs.evolve(node, query=shorter or node.topic)
        else:
            break
    return node


def _write_node(request: WriterRequest, vocabulary: TitleVocabulary | None) -> Node:
    turn = request.turn
    text = cues.normalise_turn(turn.question)
    answer = "" if turn.final else turn.answer
    view = View.of(request, vocabulary)
    decision = decide(text, view, answer)
    topics = tuple(dict.fromkeys(_clean(name) for name in (decision.topic, *decision.extra_topics)))
    topics = tuple(name for name in topics if name) or (FALLBACK_TOPIC,)
    operations = tuple(
        Operation(operation.kind, _clean(operation.topic) or topics[0])
        for operation in decision.operations
    )
    query = None
    if turn.final:
        query = decision.query or with_name(
            decision.basis,
            decision.topic,
            decision.pronouns if decision.topic != decision.topic.casefold() else frozenset(),
            decision.replace_names,
            decision.spans,
            append=_trusted_name(decision.topic, view),
        )
    contradicts = tuple(
        dict.fromkeys(
            _clean(name) for name in decision.contradicts if _clean(name) not in topics[:1]
        )
    )
    contradicts = tuple(name for name in contradicts if name)
    return Node(
        turn=turn.turn,
        question=turn.question,
        answer=answer,
        depends_on=tuple(t for t in decision.depends_on if t < turn.turn),
        contradicts=contradicts,
        operations=operations,
        topics=topics,
        kind=printable(decision.kind or kind_from_answer(decision.topic, answer)),
        facts=tuple(fact for fact in (printable(f) for f in facts_from_answer(answer)) if fact),
        query=(printable(query or "") or topics[0]) if turn.final else None,
    )


@attrs.frozen
class RuleWriter:
    """The deterministic default writer; `vocabulary` holds page titles it may recognise."""

    vocabulary: TitleVocabulary | None = None

    @classmethod
    def for_corpus(cls, corpus: Corpus) -> RuleWriter:
        """A rule writer that knows `corpus`'s page titles (none when it has no titles)."""
        return cls(TitleVocabulary.of(corpus.titles()) if corpus.has_titles else None)

    @property
    def name(self) -> str:
        """Always "rules"."""
        return "rules"

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for the turn, as a value and as the JSON text that parses to it; in a
        live call also the awaiting node completed with its answer (`memcore.writers.live`)."""
        return Success(value_reply(request, lambda one: write_node(one, self.vocabulary)))
