"""A new value for the question just asked: "sorry, 2017 not 2016", "make it 1998", "what
about in 2005?" (spec/writer-cues-value-revision.md).

The number rule (`memcore.search.number_rule`) moves a topic whose name holds the number
("Apollo 11" to "Apollo 13"). Here the number stands in the question asked about the topic
("who won the Tour de France in 2016?"), not in its name: the topic stays, and the query is
that question with the new value in place of the old one, so the old value is never searched.

A turn revises a value only when it says nothing else: once its numbers, correction chatter,
politeness and the few words that carry a new value ("make it", "what about", "same for",
"in") are taken out, no word and no name is left. "And for the Giro d'Italia in 2005?" names
another thing and is an ellipsis, not a value revision.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence

import attrs

from memcore.search.number_rule import NumberKind, NumberMention, find_numbers
from memcore.search.tokenize import STOPWORDS
from memcore.writers import cues
from memcore.writers.replies import asked_back, replies_only
from memcore.writers.request_frame import frames_request
from memcore.writers.rules.decision import Decision, arrive, depends, pronouns_for
from memcore.writers.rules.features import carried_question, without_steering
from memcore.writers.rules.query import trusted_name
from memcore.writers.rules.text import QUERY_CHARS, cut, with_name
from memcore.writers.rules.view import View

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_NAME_FOLLOWS = re.compile(r"\s+[A-Z]")
# Roman numerals are left out: in a turn "i", "v" or "x" are too often words.
_VALUE_KINDS = (NumberKind.NUMBER, NumberKind.DECADE)
_SAYS_NOTHING_ELSE: frozenset[str] = (
    cues.VALUE_WORDS
    | cues.ACKNOWLEDGING
    | cues.POLITENESS
    | cues.FILLER
    | cues.REPAIR_WORDS
    | cues.NEGATING_WORDS
    | cues.INTENT_WORDS
    | cues.MEANING_WORDS
    | cues.FIRST_PERSON
    | cues.HEDGES
    | cues.EVENT_WORDS
    | cues.OCCURRENCE_NOUNS
    | STOPWORDS
)


@attrs.frozen
class ValueRevision:
    """The question asked again (`query`) with `new` in place of `old` (the values' texts)."""

    old: str
    new: str
    query: str


def _values(text: str) -> tuple[NumberMention, ...]:
    return tuple(m for m in find_numbers(text) if m.kind in _VALUE_KINDS)


# A year written with its century left out ("'03", "’03"): the century is the one that
# puts it nearest the year asked about before.
_SHORT_YEAR = re.compile(r"(?<![\w'\u2019])['\u2019](\d{2})\b")
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COUNT_WORDS |= {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "the": 1}
# A value said by its distance from the year asked about: a count of years or decades and a
# direction ("the year after", "two years earlier", "a decade before"), or a neighbour ("the
# following year", "the previous year", "the next year").
_RELATIVE = re.compile(
    r"\b(?P<count>a|an|one|two|three|four|five|six|seven|eight|nine|ten|the|\d{1,2})\s+"
    r"(?P<unit>years?|decades?)\s+(?P<way>after|later|on|before|earlier|prior|back|previously)\b"
    r"|\bthe\s+(?P<neighbour>following|next|previous|preceding|prior)\s+(?P<unit2>year|decade)\b",
    re.IGNORECASE,
)
_FORWARD = frozenset({"after", "later", "on", "following", "next"})


def said_values(text: str, asked: str = "") -> tuple[NumberMention, ...]:
    """The values `text` says, in text order: its numbers and decades, a year written without
    its century ("'03", the century nearest the one year `asked` types, else 1900s for years
    above 30 and 2000s for the rest), and a year said by its distance from the one year
    `asked` types ("the year after", "a decade earlier"), each as the full year."""
    anchors = [m.value for m in _values(asked) if _is_year(m) and m.kind is NumberKind.NUMBER]
    anchor = anchors[0] if len(set(anchors)) == 1 else None
    found = list(_values(text))
    for match in _SHORT_YEAR.finditer(text):
        tail = int(match.group(1))
        if anchor is not None:
            year = min((c + tail for c in (1900, 2000)), key=lambda y: abs(y - anchor))
        else:
            year = (1900 if tail > 30 else 2000) + tail
        found.append(NumberMention(NumberKind.NUMBER, year, str(year), match.start(), match.end()))
    if anchor is not None:
        for match in _RELATIVE.finditer(text):
            found.append(_relative(match, anchor))
    return tuple(sorted(found, key=lambda m: m.start))


def _relative(match: re.Match[str], anchor: int) -> NumberMention:
    """The full year a relative value (`_RELATIVE`) names, from the `anchor` year."""
    unit = (match.group("unit") or match.group("unit2")).casefold()
    if match.group("neighbour"):
        count, way = 1, match.group("neighbour").casefold()
    else:
        said = match.group("count").casefold()
        count, way = int(_COUNT_WORDS.get(said, 0) or said), match.group("way").casefold()
    step = count * (10 if unit.startswith("decade") else 1)
    year = anchor + step if way in _FORWARD else anchor - step
    return NumberMention(NumberKind.NUMBER, year, str(year), match.start(), match.end())


def _same(first: NumberMention, second: NumberMention) -> bool:
    if first.kind is not second.kind:
        return False
    if first.kind is NumberKind.DECADE:
        # "60s" and "1960s" name the same decade.
        return first.value % 100 == second.value % 100
    return first.value == second.value


_DEICTIC_TIME = re.compile(
    r"\b(?:this|that|next|one\s+more)\s+time(?:\s+(?:round|around))?\b", re.IGNORECASE
)


def _says_only_values(text: str, values: tuple[NumberMention, ...]) -> bool:
    plain = text
    for value in sorted(values, key=lambda m: m.start, reverse=True):
        plain = plain[: value.start] + " " + plain[value.end :]
    # "wrong year on my part": a function phrase of owning up or politeness says nothing.
    plain = cues.FILLER_PHRASES.sub(" ", plain)
    # "for 2010 this time", "2009 next time round": a demonstrative time says when the
    # request holds, not what is asked.
    plain = _DEICTIC_TIME.sub(" ", plain)
    words = {w.casefold() for w in _WORD.findall(plain)}
    # "would you mind checking 2001 for me?", "if there's anything for 1992": the frame of a
    # request to the assistant says how it is put, not what is asked.
    return not {w for w in words - _SAYS_NOTHING_ELSE if not _says_nothing(w)}


def _says_nothing(word: str) -> bool:
    """Whether `word` is a request's frame word, or a contraction of a word that says nothing
    ("that's", "there's", "I'd")."""
    base = re.sub(r"'(?:s|d|ll|re|m|ve)$", "", word)
    return frames_request(word) or base in _SAYS_NOTHING_ELSE


# Words that point back at the question just asked ("the same for 2020", "do you know that
# one?", "what happened that year?"): a turn that says them with one new value asks that
# question again for the value, however much else it says around it.
_ASKED_AGAIN = re.compile(
    r"\b(?:the\s+same|same\s+(?:question|thing)|that\s+(?:one|year))\b"
    # "tell me again", "ask it once more for 2003": these repeat the question just asked.
    r"|\bagain\b|\bonce\s+more\b|\bone\s+more\s+time\b",
    re.IGNORECASE,
)


def _asks_again(text: str) -> bool:
    """Whether `text` points back at the question just asked (`_ASKED_AGAIN`)."""
    return _ASKED_AGAIN.search(text) is not None


# A turn's sentences: a sentence ends at a closing mark followed by a space, or a line break.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def _says_only_values_with_remarks(text: str, values: tuple[NumberMention, ...]) -> bool:
    """Whether one sentence of `text` holds every value and says nothing but them, and every
    other sentence asks nothing ("what about 2003? that's the year my daughter was born"): a
    remark beside a value revision tells about the user, not what is asked."""
    start = 0
    sentences: list[tuple[int, int]] = []
    for match in _SENTENCE_END.finditer(text):
        sentences.append((start, match.start()))
        start = match.end()
    sentences.append((start, len(text)))
    holding = [
        (low, high)
        for low, high in sentences
        if any(low <= m.start and m.end <= high for m in values)
    ]
    if len(holding) != 1 or len(sentences) < 2:
        return False
    low, high = holding[0]
    if not all(low <= m.start and m.end <= high for m in values):
        return False
    inside = tuple(attrs.evolve(m, start=m.start - low, end=m.end - low) for m in values)
    others = [text[a:b] for a, b in sentences if (a, b) != (low, high)]
    return _says_only_values(text[low:high], inside) and not any("?" in o for o in others)


# A verb of wanting, needing or asking, in any of its forms, and the lack a value leaves
# ("my notes are missing 2005"): what the clause says of the value is that it is wanted.
_WANTING = (
    r"(?:wants?|wanted|wanting|needs?|needed|needing|asks?|asked|asking|wonders?|wondered"
    r"|wondering|(?:would|'d)\s+(?:also\s+)?(?:like|love)|requires?|required|missing|lacking"
    r"|curious|interested)"
)
# Who wants the value, as the subject of a verb of wanting: a noun phrase the user owns ("my
# dad", "my quiz partner", "my table") or an indefinite person ("someone in my study group"),
# and the words that may stand between it and the verb ("is", "still", "also").
_WANTER = re.compile(
    r"\b(?:(?:my|our)(?:\s+(?:[^\W\d_]+|\d{1,2}(?!\d))){1,3}?"
    r"|(?:some|any)(?:one|body)(?:\s+(?:in|from|at|of)\s+(?:my|our|the)(?:\s+[^\W\d_]+){1,3}?)?)"
    r"(?=(?:\s+(?:is|are|was|were|has|have|had|also|still|just|really|been))*\s+"
    + _WANTING
    + r"\b)",
    re.IGNORECASE,
)
_WANTING_WORDS = re.compile(
    rf"\b{_WANTING}\b(?:\s+to\s+(?:know|see|hear|have|learn|find\s+out))?", re.IGNORECASE
)
# What stands for the question just asked as the object of the want ("the answer", "the
# corresponding information", "the same details"), and the place the value is wanted for
# ("missing from my notes", "for my table").
_ASKED_STAND_IN = re.compile(
    r"\b(?:the|that)\s+(?:(?:same|corresponding|equivalent|matching|analogous)\s+)?"
    r"(?:answer|answers|information|info|details|result|results|data|figures?)\b"
    r"|\b(?:from|in|on|for|to)\s+(?:my|our)(?:\s+[^\W\d_]+){1,2}?(?=\s*(?:[,.;:!?]|$))",
    re.IGNORECASE,
)
# Words that order several values asked one at a time ("2005 first", "then 2007", "after
# that", "one at a time"), and the thanks that may open such a request ("That is very
# helpful.", "Many thanks.").
_ORDERING = re.compile(
    r"\b(?:first|firstly|then|next|after\s+that|afterwards|later|still|one\s+at\s+a\s+time"
    r"|let's\s+(?:do|start\s+with|begin\s+with)|start\s+with|begin\s+with)\b",
    re.IGNORECASE,
)
_THANKING = re.compile(
    r"\b(?:(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:very\s+|really\s+|so\s+)?"
    r"(?:helpful|useful|great|interesting)|many\s+thanks|(?:i'm|i\s+am)\s+grateful)\b",
    re.IGNORECASE,
)


# A clause of reason after a value ("now 2003, because my grandpa swears he remembers it",
# "2001 please, since my aunt was there"): it says why the value is wanted, not what is asked;
# it runs to the end of its sentence.
_REASON_CLAUSE = re.compile(
    r"[,;]?\s*\b(?:because|since(?!\s+when\b)|cause|'cause|cos|cuz)\b[^.!?\n]*", re.IGNORECASE
)


def _blanked(text: str, pattern: re.Pattern[str], kept: Sequence[tuple[int, int]] = ()) -> str:
    """`text` with `pattern`'s matches written over by spaces, except those that overlap a
    `kept` span."""

    def blank(match: re.Match[str]) -> str:
        if any(match.start() < end and start < match.end() for start, end in kept):
            return match.group(0)
        return " " * len(match.group(0))

    return pattern.sub(blank, text)


def _without_wanting(text: str) -> str:
    """`text` with the frame of a value wanted blanked to spaces of the same length (offsets
    kept): who wants it and the verb of wanting ("my dad wants to know about 2015 as well",
    "my quiz partner needs 1991 too", "2007 is still missing from my notes"), what stands for
    the question just asked ("the answer for the year 2002"), the words ordering several values
    ("2007 first"), and the thanks before it. `text` itself where no verb of wanting is said
    and no value is ordered: without one, the same words may say something of the value
    ("my son was born in 2015 too")."""
    if _WANTING_WORDS.search(text) is None and _ORDERING.search(text) is None:
        return text
    # "two years later", "the next year": a value said by its distance keeps its words.
    kept = [match.span() for match in _RELATIVE.finditer(text)]
    for pattern in (_WANTER, _WANTING_WORDS, _ASKED_STAND_IN, _ORDERING, _THANKING):
        text = _blanked(text, pattern, kept)
    return text


# A clause after a value that says what the user will do next or how they stand ("2011, and
# then I'll stop bugging you", "2003 - after that I'm done", "1999, I promise it's the last"):
# it tells about the user, not what is asked; it runs to the end of its sentence.
_PLAN_CLAUSE = re.compile(
    r"[,;]?\s*(?:[-\u2013\u2014]\s*)?\b(?:and\s+|but\s+)?(?:then\s+|after\s+that\s+)?"
    r"(?:i'll|i\s+will|i'm\s+(?:going\s+to|done|finished)|i\s+am\s+(?:going\s+to|done|finished)"
    r"|i\s+promise|i\s+swear)\b[^.!?\n]*",
    re.IGNORECASE,
)


# A clause after a value where the user remarks on their own habit or slip ("1990 - I always
# mix up my years", "2003, I keep doing that", "1995, my bad"): it tells about the user too.
_HABIT_CLAUSE = re.compile(
    r"[,;]?\s*(?:[-\u2013\u2014]\s*)?\b(?:i\s+(?:always|often|keep|constantly|tend\s+to|get|got)"
    r"|i'm\s+(?:always|so|terrible|hopeless|useless|bad)|i\s+am\s+(?:always|so|terrible|hopeless)"
    r"|my\s+(?:bad|mistake|fault))\b[^.!?\n]*",
    re.IGNORECASE,
)


def _without_plan(text: str) -> str:
    """`text` with a clause about what the user will do next, or a remark on their own habit,
    that follows a value blanked (offsets kept, `_PLAN_CLAUSE`, `_HABIT_CLAUSE`): "2011, and
    then I'll stop bugging you" asks for 2011, and so does "2011 - I always mix them up". A
    turn whose clause comes before any value is left as it is."""
    for pattern in (_PLAN_CLAUSE, _HABIT_CLAUSE):
        match = pattern.search(text)
        if match is not None and _values(text[: match.start()]):
            text = _blanked(text, pattern)
    return text


def _without_reason(text: str) -> str:
    """`text` with a clause of reason that follows a value blanked (offsets kept): "now 2003,
    because my grandpa remembers it" asks for 2003. A turn that opens with the reason, or
    whose reason comes before any value, is left as it is."""
    match = _REASON_CLAUSE.search(text)
    if match is None or not _values(text[: match.start()]):
        return text
    return _blanked(text, _REASON_CLAUSE)


# A concession the speaker makes about their own asking before the request ("I know I keep
# asking, but what about 1995?", "I realise it's a lot, but 2003 too?"): a first-person
# clause closed by "but" that holds no value, no name and no question.
_CONCEDED = re.compile(r"^(?P<clause>[^.!?\n]*?),?\s+but\b", re.IGNORECASE)
_CAPITALISED = re.compile(r"\b(?!I\b|I')[A-Z]")


def _without_concession(text: str) -> str:
    """`text` with a concession about the speaker's own asking blanked to spaces of the same
    length (offsets kept): what follows its "but" is the request; the clause before it says
    how the speaker feels about asking, not what is asked (`_CONCEDED`)."""
    match = _CONCEDED.match(text)
    if match is None:
        return text
    clause = match.group("clause")
    words = _WORD.findall(clause)
    if not words or words[0].casefold() not in cues.FIRST_PERSON:
        return text
    if _values(clause) or _CAPITALISED.search(clause) or "?" in clause:
        return text
    return " " * match.end() + text[match.end() :]


# An appraisal that opens the turn as an interjection, taking the answer in ("great, and in
# 2001?", "cool - 2003 next?"): it says how the answer was taken, not what is asked.
_OPENING_APPRAISAL = re.compile(
    r"^\s*(?:great|cool|nice|perfect|awesome|brilliant|lovely|excellent|wonderful|super)\b"
    r"[\s,.;:!\-\u2013\u2014]*",
    re.IGNORECASE,
)


def _first_wanted(text: str, new: Sequence[NumberMention]) -> NumberMention | None:
    """Of several new values, the one asked first where the turn orders them ("2007 and 2005
    are still missing. 2007 first, please", "I need 1995 and 1994 - 1995 first", "2003 next,
    then 2005"): a value marked "first", else the first said; None where nothing orders them
    (the turn compares the values, or asks for them together)."""
    for value in new:
        if re.match(r"[\s,]*(?:first|firstly)\b", text[value.end :], re.IGNORECASE):
            return value
        if re.search(r"\b(?:start|begin)\s+with\s+$", text[: value.start], re.IGNORECASE):
            return value
    if _ORDERING.search(text) is not None:
        return min(new, key=lambda m: m.start)
    return None


def _standing_in(
    new: Sequence[NumberMention], before: Sequence[NumberMention]
) -> list[NumberMention]:
    """Of several different new values, those that can stand in for a value of the question
    asked: of its kind and length ("my team has 10 minutes left - same again for 1995?" after
    a question about 1993 asks about 1995; the 10 counts the user's minutes, no value of the
    question). All of `new` where they are one value, where the question has none, or where
    none or several different ones fit."""
    if len({m.value for m in new}) < 2 or not before:
        return list(new)
    fitting = [
        m for m in new if any(b.kind is m.kind and len(b.text) == len(m.text) for b in before)
    ]
    return fitting if len({m.value for m in fitting}) == 1 else list(new)


# Where a turn divides into parts: a sentence's end, a colon, a semicolon, a comma or a dash.
_COUNTED_PART_END = re.compile(r"[.!?:;,\n]+|\s[-\u2013\u2014]+\s")


def _without_counted_parts(
    text: str, said: Sequence[NumberMention], standing: Sequence[NumberMention]
) -> str:
    """`text` with each part that holds a count which is no value of the question (a value
    `said` that does not stand in for one, `_standing_in`), asks nothing and holds no standing
    value blanked to spaces of the same length ("round 4: same for 1988", "I have 10 minutes
    before the quiz, so quickly: 1988?"): the part tells about the user's situation. `text`
    itself where every value said stands in."""
    counts = [m for m in said if m not in standing]
    if not counts or not standing:
        return text
    bounds = [0, *(found.end() for found in _COUNTED_PART_END.finditer(text)), len(text)]
    for low, high in itertools.pairwise(bounds):
        part = text[low:high]
        holds = [m for m in said if low <= m.start and m.end <= high]
        if holds and all(m in counts for m in holds) and "?" not in part:
            text = text[:low] + " " * (high - low) + text[high:]
    return text


# A value the user says they already know or have ("I actually knew 2002 already", "2014 I
# have already", "I've got 1998"): not the value asked for, so the one it stands beside is.
_KNOWN_VALUE = re.compile(
    r"\b(?:I|I've|I\s+have)\s+(?:(?:actually|already|do|did|just|really|even)\s+)*"
    r"(?:knew|know|have|had|got|found|looked\s+up)\s+(?:about\s+|the\s+one\s+for\s+)?"
    r"(?P<before>(?:1[0-9]|20)\d\d)(?:\s+already)?\b"
    r"|\b(?P<after>(?:1[0-9]|20)\d\d)\s+I(?:'ve|\s+have)?\s+(?:(?:already|do|did)\s+)*"
    r"(?:know|knew|have|had|got|found)\b(?:\s+already)?",
    re.IGNORECASE,
)


def _known_values(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """`text` with each clause that says a value is already known blanked (offsets kept), and
    the spans of those values."""
    spans = tuple(
        match.span("before") if match.group("before") else match.span("after")
        for match in _KNOWN_VALUE.finditer(text)
    )
    return _blanked(text, _KNOWN_VALUE), spans


def revise_value(text: str, asked: str, topic: str = "") -> ValueRevision | None:
    """`asked` (the question the turn takes up) with the turn's new value in place of the old,
    where the turn `text` says nothing but a new value (see the module docstring); None
    where it says more, names no new value or several, or where the old value is part of
    `topic`'s name (the number rule's case) or cannot be told. Where `asked` holds no value of
    the kind and the turn adds a year or a decade, the year is added to it."""
    # "and the 2007 Boston Marathon?": the name of the topic taken up again says no more
    # than the value beside it does.
    unknown, known = _known_values(text)
    plain = _without_wanting(
        _without_plan(_without_reason(_without_concession(_without_name(unknown, topic))))
    )
    plain = _OPENING_APPRAISAL.sub(lambda found: " " * len(found.group()), plain)
    said = said_values(plain, asked)
    if not said:
        return None
    before = _values(asked)
    # "only 5 minutes left! what about 1999?", "round 4: same for 1988": a count beside the
    # value, in a remark or clause of its own, is no value of the question (`_standing_in`).
    standing = tuple(_standing_in(said, before))
    only = (
        _says_only_values(plain, said)
        or _says_only_values_with_remarks(plain, standing)
        or _says_only_values(_without_counted_parts(plain, said, standing), standing)
    )
    if not only and not _asks_again(text):
        return None
    negated = [
        m for m in said if cues.NEGATED_BEFORE.search(text[: m.start]) or (m.start, m.end) in known
    ]
    # "and 2008? no wait, 2007": a value the user retracts later in the turn is no new value;
    # in a turn that retracts, so is one whose sentence closes before another value is said
    # ("1997? no, 1995... no wait, 1997. ok, 1995, final").
    repairs = cues.RETRACTION.search(text) is not None
    retracted = [
        m
        for m in said
        if any(
            _retracted_between(text, m, later) or (repairs and _closed_between(text, m, later))
            for later in said
        )
    ]
    if not only and any(m not in negated and any(_same(m, b) for b in before) for m in said):
        # "was it held in the same place in 1997 and 1995?": a longer turn that types the old
        # value again, not negated, compares the two values rather than revising one.
        return None
    new = [
        m
        for m in said
        if m not in negated and m not in retracted and not any(_same(m, b) for b in before)
    ]
    if not new:
        return None
    new = _standing_in(new, before)
    chosen = new[0] if len({m.value for m in new}) == 1 else _first_wanted(text, new)
    if chosen is None:
        return None
    value = chosen
    olds = [b for b in before if any(_same(b, m) for m in negated)] or [
        b for b in before if b.kind is value.kind and len(b.text) == len(value.text)
    ]
    if not olds and not negated and _is_year(value) and only:
        return ValueRevision("", value.text, _with_value(asked, text, value))
    if not olds or len({b.value for b in olds}) != 1:
        return None
    old = olds[0]
    if any(_same(old, m) for m in find_numbers(topic, in_topic=True)):
        return None
    query = asked
    for mention in sorted(olds, key=lambda m: m.start, reverse=True):
        query = query[: mention.start] + value.text + query[mention.end :]
    return ValueRevision(old.text, value.text, query)


def _without_name(text: str, topic: str) -> str:
    """`text` with each whole mention of `topic` blanked to spaces of the same length, so the
    offsets of the values in it stay those of `text`."""
    if not topic.strip():
        return text
    mention = re.compile(rf"(?<!\w){re.escape(topic)}(?!\w)", re.IGNORECASE)
    return mention.sub(lambda match: " " * len(match.group(0)), text)


def with_turn_value(asked: str, text: str) -> str:
    """`asked` (a question a turn carries over) with the turn's one new value in place of
    the one value of its kind and length there ("who came second? In 2013, I mean." after
    "who won the Tour de France in 2016?"): a turn that types a value asks about it, so the
    old one is not searched. `asked` itself where either has no such single value."""
    before = _values(asked)
    new = [m for m in _values(text) if not any(_same(m, b) for b in before)]
    if len({m.value for m in new}) != 1 or len(_values(text)) != len(new):
        return asked
    value = new[0]
    olds = [b for b in before if b.kind is value.kind and len(b.text) == len(value.text)]
    if len(olds) != 1:
        return asked
    return asked[: olds[0].start] + value.text + asked[olds[0].end :]


def _retracted_between(text: str, first: NumberMention, later: NumberMention) -> bool:
    """Whether a retraction ("no", "wait", "...") stands between `first` and a `later` value."""
    if later.start <= first.end:
        return False
    return cues.RETRACTION.search(text, first.end, later.start) is not None


_SENTENCE_CLOSE = re.compile(r"[.!?\u2026]")


def _closed_between(text: str, first: NumberMention, later: NumberMention) -> bool:
    """Whether a sentence closes between `first` and a `later` value of its kind and length
    ("1997. ok, 1995"; not "1992. not 100% sure", where 100 is no year)."""
    if later.kind is not first.kind or len(later.text) != len(first.text):
        return False
    return (
        later.start > first.end and _SENTENCE_CLOSE.search(text, first.end, later.start) is not None
    )


def _is_year(value: NumberMention) -> bool:
    return value.kind is NumberKind.DECADE or (
        value.kind is NumberKind.NUMBER and len(value.text) == 4
    )


def _with_value(asked: str, text: str, value: NumberMention) -> str:
    """`asked` with the year the turn adds ("what about in 2005?" after "who won it?"), with
    the preposition the turn put before it, before the question's closing mark."""
    before = re.search(r"\b(in|for|of|during|since|by)\s+(?:the\s+)?$", text[: value.start], re.I)
    added = f"{before.group(0)}{value.text}" if before else value.text
    body = asked.rstrip()
    closing = len(body) - len(body.rstrip("?.! "))
    return f"{body[: len(body) - closing]} {added}{body[len(body) - closing :]}".strip()


def other_values(text: str, terms: Iterable[str]) -> frozenset[str]:
    """The `terms` that are other values of a kind `text` types (another year where the turn
    types a year): a turn that names a value asks about it, so an earlier turn's value of the
    same kind would search the old one."""
    typed = {(m.kind, len(m.text), m.value) for m in _values(text)}
    found = set()
    for term in terms:
        for value in _values(term):
            key = (value.kind, len(value.text), value.value)
            if value.text == term and key not in typed and key[:2] in {t[:2] for t in typed}:
                found.add(term)
    return frozenset(found)


def retracted_years(text: str) -> tuple[tuple[str, bool], ...]:
    """The years `text` takes back where it also types a year it keeps, each with whether it
    was negated ("not 1993, 1995", "2007 rather than 2006") rather than retracted later in
    the turn ("1991, no, 1992", "in 1995... sorry, 1993"). A turn that negates its only year
    keeps it (none is returned)."""
    years = [m for m in _values(text) if _is_year(m)]
    negated = [m for m in years if cues.NEGATED_BEFORE.search(text[: m.start])]
    # A year is retracted by a later one the turn keeps: "2003, I mean, not 2005" keeps 2003.
    later = [
        m
        for m in years
        if any(_retracted_between(text, m, after) for after in years if after not in negated)
    ]
    kept = {m.value for m in years if m not in negated and m not in later}
    if not kept:
        return ()
    taken: dict[str, bool] = {}
    for m in (*negated, *later):
        if m.value not in kept:
            # A year negated anywhere in the turn goes with its negation wherever it stands.
            taken[m.text] = taken.get(m.text, False) or m in negated
    return tuple(taken.items())


def kept_year(text: str) -> str | None:
    """The one year `text` keeps beside those it takes back, else None."""
    taken = {year for year, _ in retracted_years(text)}
    kept = {m.text for m in _values(text) if _is_year(m) and m.text not in taken}
    return next(iter(kept)) if taken and len(kept) == 1 else None


def _repaired_span(year: str, kept: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?<!\w){re.escape(year)}(?P<between>\D{{1,40}}?)(?<!\w){re.escape(kept)}(?!\w)"
    )


def _repair_collapsed(kept: str) -> Callable[[re.Match[str]], str]:
    def collapsed(match: re.Match[str]) -> str:
        between = cues.RETRACTION.sub(" ", match.group("between"))
        words = re.findall(r"[a-z']+", between.casefold())
        repair_only = cues.RETRACTION.search(match.group("between")) is not None and all(
            word in cues.FILLER for word in words
        )
        return kept if repair_only else match.group()

    return collapsed


def without_retracted_years(query: str, text: str) -> str:
    """`query` without the years the turn `text` takes back (`retracted_years`): a negated
    one goes with its negation ("not", "rather than"); one retracted later in the turn is
    replaced by the year kept ("who won it in 2011? no, 2013" asks about 2013). The search
    would otherwise find the old year's page."""
    taken = retracted_years(text)
    if not taken:
        return query
    kept = kept_year(text)
    for year, negated in taken:
        at_year = r"(?<!\w)" + re.escape(year) + r"(?!\w)"
        if kept is not None and not negated:
            # "in 1996 - argh, 1995" is one repaired value: the slip, the repair and the
            # year kept read as the year kept, once.
            query = _repaired_span(year, kept).sub(_repair_collapsed(kept), query)
        if negated or kept is None:
            pattern = r"(?:\b(?:not|rather\s+than|instead\s+of)\s+)?" + at_year
            query = re.sub(pattern, " ", query, flags=re.IGNORECASE)
        else:
            query = re.sub(at_year, kept, query)
    return re.sub(r"\s+([,;:?!.])", r"\1", " ".join(query.split()))


def only_year_typed(text: str) -> str | None:
    """The one year `text` types where it types no other and takes none back ("and the World
    Series - 1996 this time - who won?" types 1996); None otherwise."""
    years = {m.text for m in _values(text) if _is_year(m) and m.kind is NumberKind.NUMBER}
    if len(years) != 1 or retracted_years(text):
        return None
    return next(iter(years))


def without_replaced_years(query: str, year: str, kept: str = "") -> str:
    """`query` with `year`, typed alone in the turn, in place of the years it carried from
    earlier turns: dropped where `query` types `year` too, else its one old year replaced (none
    changed where it carries several). The old value would lead the search to the old year's
    page. Years inside `kept` (the topic's name: "1998 FIFA World Cup") stay."""
    stays = {year, *re.findall(r"(?<!\d)\d{4}(?!\d)", kept)}
    carried = set(re.findall(r"(?<![\w-])\d{4}(?![\w-])", query)) - stays
    if not re.search(rf"(?<!\w){year}(?!\w)", query):
        # The writer kept the old question whole: its one old year takes the new value.
        if len(carried) != 1:
            return query
        return re.sub(rf"(?<![\w-]){carried.pop()}(?![\w-])", year, query)
    dropped = re.sub(
        r"\b(?:in|for|of|during)\s+(\d{4})\b(?!\s*[-\u2013]\s*\d)|(?<![\w-])(\d{4})(?![\w-])",
        lambda found: found.group(0) if (found.group(1) or found.group(2)) in stays else " ",
        query,
    )
    return re.sub(r"\s+([,;:?!.])", r"\1", " ".join(dropped.split()))


def _inside_a_name(asked: str, old: str, view: View) -> bool:
    """Whether the old value is part of a name typed in the question ("Grey's Anatomy (season
    2)", or a capitalised title right after it: "2008 Summary of Legislation"): a new number
    there names another page, the number rule's case, not a new value for the same question."""
    if not old:
        return False
    spans = [(m.start, m.end) for m in view.mentions(asked)]
    for value in _values(asked):
        if value.text != old:
            continue
        # A year written before a capitalised title starts that title.
        if any(s <= value.start < e for s, e in spans) or _NAME_FOLLOWS.match(asked, value.end):
            return True
    return False


# "your" in the assistant's question: it asks the user about something of their own.
_YOUR = re.compile(r"\byour\b", re.IGNORECASE)


def answers_asked_value(text: str, view: View) -> bool:
    """Whether the turn `text` replies to the assistant's question about something of the
    user's own ("Do you remember your TOEFL score?" then "Yes, it was 98."): the last answer
    ends by asking the user about their own ("your ...") without a value of its own, and the
    turn asks nothing of its own (`replies.replies_only`). The value the turn gives is then
    the user's answer to that question, not a new value for a question the user asked."""
    previous = view.previous
    if previous is None:
        return False
    asked = asked_back(previous.answer)
    return (
        asked is not None
        and _YOUR.search(asked) is not None
        and not _values(asked)
        and replies_only(text)
    )


def revised_value(text: str, view: View) -> Decision | None:
    """The decision of a turn that gives a new value for the question just asked: the topic
    stays, the query is that question with the new value (`revise_value`). None for a turn
    whose value answers what the assistant asked about the user (`answers_asked_value`)."""
    if answers_asked_value(text, view):
        return None
    topic = view.current or (view.previous.topic if view.previous is not None else None)
    carried = _question_revised(view)
    named = _named_earlier(text, view)
    if named is not None:
        topic, carried = named
    if topic is None or not carried:
        return None
    # "my 4 friends want to know about 1999 too": a word of who wants the value names no
    # subject, whatever page it may be the title of.
    wanted = _without_wanting(text)
    if any(m.name != topic and not m.name.isdigit() for m in view.mentions(wanted)):
        return None
    revision = revise_value(text, carried, topic)
    if revision is None or _inside_a_name(carried, revision.old, view):
        return None
    pronouns = pronouns_for(topic, view)
    query = with_name(revision.query, topic, pronouns, append=False)
    if topic.casefold() not in query.casefold() and trusted_name(topic, view):
        # "who won the top prize in 2001?": the event asked about is in no word of it.
        query = f"{query} {topic}"
    return _staying_on(topic, cut(query, QUERY_CHARS), pronouns, view)


# The places where a turn may divide a new value from the question asked about it: a
# sentence's end, a colon, a semicolon, a comma or a dash ("2003 now. who came second that
# time?", "for 2003: who came second?", "who came second then - 2003, I mean").
_PART_END = re.compile(r"(?<=[.!?:;,])\s+|\s+[-\u2013\u2014]+\s+|\n+")
# A time that points back at the occasion the question just asked about ("that time",
# "then", "that year", "on that occasion"): the occasion the new value names.
_OCCASION_BACK = re.compile(
    r"\b(?:(?:at|in|on|for)\s+)?(?:that|the\s+same)\s+(?:time|year|occasion|edition|season)\b"
    r"|\b(?:back\s+)?then\b",
    re.IGNORECASE,
)


def _parts(text: str) -> list[tuple[int, int]]:
    """The spans of `text` between the places where it may divide (`_PART_END`)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _PART_END.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


@attrs.frozen
class ValueAndQuestion:
    """A turn divided into the part that gives a new value and the question asked about it."""

    value_part: str
    question: str


def value_and_question(text: str, asked: str = "") -> ValueAndQuestion | None:
    """`text` divided where one side says nothing but values (`_says_only_values`) and the
    other asks a question that types no value ("2003 now. who came second that time?", "who
    came second then? 2003, I mean"; a question before the value points back at the
    occasion); values as `said_values` reads them against the question `asked` before. None
    where no division does both."""
    parts = _parts(text)
    for cut_at in range(1, len(parts)):
        first = text[parts[0][0] : parts[cut_at - 1][1]]
        second = text[parts[cut_at][0] : parts[-1][1]]
        for value_part, question in ((first, second), (second, first)):
            said = said_values(value_part, asked)
            if not said or said_values(question, asked) or not _asks(question):
                continue
            if question is first and _OCCASION_BACK.search(question) is None:
                # "who came second? In 1991, I mean." corrects the question asked before
                # (`with_turn_value`); a question first takes a later value only where it
                # points back at the occasion ("who came second then? 1991, I mean").
                continue
            if _says_only_values(value_part, said):
                return ValueAndQuestion(value_part, question)
    return None


def _asks(text: str) -> bool:
    """Whether `text` asks a question: it closes with a question mark or opens with a
    question word."""
    words = [w.casefold() for w in _WORD.findall(text)]
    return text.rstrip().endswith("?") or (bool(words) and words[0] in cues.QUESTION_WORDS)


def with_occasion(question: str, value: str) -> str:
    """`question` asked about the occasion `value` names: the time that points back at the
    occasion asked about before ("that time", "then") becomes "in <value>"; where it says no
    such time, "in <value>" closes the question."""
    pointed = _OCCASION_BACK.search(question)
    if pointed is not None:
        said = f"{question[: pointed.start()]}in {value}{question[pointed.end() :]}"
        return " ".join(said.split())
    return _with_value(question, f"in {value}", _values(f"in {value}")[0])


def revised_with_question(text: str, view: View) -> Decision | None:
    """The decision of a turn that gives a new value for the question just asked and asks a
    new question about the same occasion ("2003 now. who came second that time?" after "who
    won the Nobel Prize in Literature in 2002?"): the topic stays, and the query is the new
    question asked about the new value with the topic's name, so neither the old value nor
    the old question is searched."""
    topic = view.current or (view.previous.topic if view.previous is not None else None)
    carried = _question_revised(view)
    divided = value_and_question(text, carried)
    if topic is None or not carried or divided is None:
        return None
    if any(m.name != topic and not m.name.isdigit() for m in view.mentions(text)):
        return None
    revision = revise_value(divided.value_part, carried, topic)
    if revision is None or not revision.old or _inside_a_name(carried, revision.old, view):
        return None
    pronouns = pronouns_for(topic, view)
    asked = with_occasion(cues.normalise_turn(divided.question).strip(), revision.new)
    query = with_name(asked, topic, pronouns, append=False)
    if topic.casefold() not in query.casefold():
        query = f"{query} {topic}"
    return _staying_on(topic, cut(query, QUERY_CHARS), pronouns, view)


def _named_earlier(text: str, view: View) -> tuple[str, str] | None:
    """The one earlier topic `text` names, other than the current one, with the latest recent
    question about it that holds a value ("and the 1993 Ballon d'Or?" two turns after "where
    was the Ballon d'Or held in 1996?"): a new value beside a topic's name revises the value
    asked about that topic. None where the turn names no such topic, or more than one."""
    names = {m.name for m in view.mentions(text) if not m.name.isdigit()}
    if len(names) != 1:
        return None
    name = names.pop()
    if name == view.current:
        return None
    asked = (
        without_steering(node.question)
        for node in reversed(view.recent)
        if node.topic == name and _values(node.question)
    )
    question = next(asked, None)
    return None if question is None else (name, question)


def _question_revised(view: View) -> str:
    """The question a new value revises: the question carried over (`carried_question`),
    unless it holds no value and asks only yes or no about the answer ("thanks. was that a
    surprise?"); then the latest recent question that holds a value, whose value is the one
    the turn replaces."""
    carried = carried_question(view)
    if _values(carried) or {w.casefold() for w in _WORD.findall(carried)} & cues.QUESTION_WORDS:
        return carried
    valued = (
        without_steering(node.question) for node in reversed(view.recent) if _values(node.question)
    )
    return next(valued, carried)


def answer_asked_again(text: str, view: View) -> Decision | None:
    """The decision of a turn that takes the answer of the question just asked to another
    value of it ("who won the Booker Prize in 1993?" answered "Toni Morrison won…", then "did
    Toni Morrison win it in 1990 as well?"): the names it types are all the answer's, none the
    question's, and its one new year stands for the question's one year. The question's topic
    stays; the query is the question with the new year, followed by the answer's name, so
    the event asked about is searched and the old year is not."""
    topic = view.current or (view.previous.topic if view.previous is not None else None)
    # "ha, I knew it" between the question and the turn asks nothing and holds no value: the
    # question revised is the latest one that holds a value (`_question_revised`).
    carried = _question_revised(view)
    if topic is None or not carried:
        return None
    named = [m.name for m in view.mentions(text) if not m.name.isdigit()]
    answered = {m.name for m in view.recent_answer_names()}
    asked = carried.casefold()
    if not named or any(n not in answered or n.casefold() in asked for n in named):
        return None
    olds = [v for v in _values(carried) if _is_year(v)]
    news = [v for v in _values(text) if _is_year(v) and not any(_same(v, o) for o in olds)]
    if len(olds) != 1 or len({v.value for v in news}) != 1:
        return None
    old, new = olds[0], news[0]
    if _inside_a_name(carried, old.text, view) or old.text in topic:
        return None
    asked_again = carried[: old.start] + new.text + carried[old.end :]
    query = cut(" ".join([asked_again, *dict.fromkeys(named)]), QUERY_CHARS)
    return Decision(
        topic=topic,
        operations=(arrive(topic, view),),
        basis=query,
        pronouns=pronouns_for(topic, view),
        depends_on=depends(view),
        kind=view.kind(topic),
        query=query,
    )


# "that year", "the same year": the turn asks about the year the conversation settled on.
_THAT_YEAR = re.compile(r"\b(?:that|the\s+same|this)\s+year\b", re.IGNORECASE)


def year_meant(question: str, earlier: Sequence[str]) -> str | None:
    """The year a turn that says "that year" means: the one year the turn itself types
    before it ("back to 1992: who came second that year?"); in a turn that types none, the
    year kept by the latest earlier question that types one ("wait, not 2009, I meant 2006"
    keeps 2006); None where the turn says no "that year", or no single year was kept."""
    that_year = _THAT_YEAR.search(question)
    if that_year is None:
        return None
    typed = [m for m in _values(question) if _is_year(m)]
    if typed:
        before = {m.text for m in typed if m.end <= that_year.start()}
        return before.pop() if len(before) == 1 and len(typed) == 1 else None
    for text in reversed(earlier):
        years = [m for m in _values(text) if _is_year(m)]
        if not years:
            continue
        taken = {year for year, _ in retracted_years(text)}
        kept = list(dict.fromkeys(m.text for m in years if m.text not in taken))
        return kept[0] if len(kept) == 1 else None
    return None


def with_year_meant(query: str, year: str) -> str:
    """`query` with `year` as its only year: other years, left from earlier turns, go."""
    kept = [
        word
        for word in query.split()
        if not (re.fullmatch(r"\d{4}[,.;:?!]?", word) and word.rstrip(",.;:?!") != year)
    ]
    text = " ".join(kept)
    return text if re.search(rf"(?<!\w){year}(?!\w)", text) else f"{text} {year}"


def _staying_on(topic: str, query: str, pronouns: frozenset[str], view: View) -> Decision:
    """The decision of a turn that revises a value and stays on `topic`, searched as `query`."""
    return Decision(
        topic=topic,
        operations=(arrive(topic, view),),
        basis=query,
        pronouns=pronouns,
        depends_on=depends(view),
        kind=view.kind(topic),
        query=query,
    )
