"""A pronoun the same turn names (spec/writer-cues-returns.md).

"what is it famous for? talking about Helsinki again" asks its question with a pronoun and
then says, in a part of its own that asks nothing else, which earlier topic the pronoun
stands for. The name so given binds the pronoun whatever words frame it ("(I mean X)",
"that's X I mean", "X again"): the pronoun's question is asked about that name, and the
part that named it says nothing more to search. A part that says something of its own about
the name ("Helsinki is colder, I think") is no such part: the pronoun then stays the
writer's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.search.tokenize import STOPWORDS
from memcore.writers import cues
from memcore.writers.rules.names import Mention

# The turn's parts: its sentences and lines, a dash between spaces, and brackets.
_PART_END = re.compile(r"(?<=[?!.])\s+|\n+|\s+[-\u2013\u2014]+\s+|[()]")
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s$")
_PRONOUNS = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS
# Words that frame a name without saying anything of it ("talking about", "I mean", "again").
_FRAMING: frozenset[str] = (
    STOPWORDS
    | cues.FILLER
    | cues.INTENT_WORDS
    | cues.MEANING_WORDS
    | cues.FIRST_PERSON
    | cues.POLITENESS
    | cues.REPAIR_WORDS
)


@attrs.frozen
class NamedPronoun:
    """The name the turn gives its pronoun and the part of the turn that asks (`asked`)."""

    name: str
    asked: str


def _parts(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _PART_END.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _words(text: str) -> list[str]:
    return [_POSSESSIVE.sub("", w.casefold()) for w in _WORD.findall(text)]


def _inside(mention: Mention, span: tuple[int, int]) -> bool:
    return span[0] <= mention.start and mention.end <= span[1]


def _asks(text: str) -> bool:
    words = _words(text)
    return text.rstrip().endswith("?") or bool(words and words[0] in cues.ASKING_WORDS)


def _names_only(text: str, mention: Mention, span: tuple[int, int]) -> bool:
    """Whether the part `span` says nothing but the name: every other word frames it."""
    rest = text[span[0] : mention.start] + " " + text[mention.end : span[1]]
    words = _words(rest)
    return not _asks(rest) and all(w in _FRAMING or w == "that" for w in words)


def _presents(text: str) -> bool:
    """Whether the turn presents a subject with a dummy "it" ("It's about X"), the
    `cues.DUMMY_IT` that stands for nothing before it."""
    return any(
        text[match.end() :].lstrip().startswith(("'s", "is"))
        for match in cues.DUMMY_IT.finditer(text)
    )


def _points(part: str) -> bool:
    """Whether a part asks or points with a pronoun: no mere remark."""
    return _asks(part) or bool(set(_words(part)) & _PRONOUNS)


def named_pronoun(
    question: str, mentions: Sequence[Mention], earlier: frozenset[str]
) -> NamedPronoun | None:
    """The earlier topic (`earlier`) the turn names for its pronoun, or None: one part of the
    turn asks with a pronoun and types no name, and every other part types one and the same
    earlier topic and nothing else of its own."""
    text = cues.normalise_turn(question)
    if len(text) != len(question):
        return None
    parts = _parts(text)
    asking = [
        span
        for span in parts
        if _asks(text[span[0] : span[1]])
        and set(_words(text[span[0] : span[1]])) & _PRONOUNS
        and not any(_inside(m, span) for m in mentions)
    ]
    if len(asking) != 1 or len(parts) < 2:
        return None
    others = [span for span in parts if span != asking[0]]
    presented = _presents(text)
    named: list[Mention] = []
    for span in others:
        inside = [m for m in mentions if _inside(m, span)]
        if not inside and all(w in _FRAMING for w in _words(text[span[0] : span[1]])):
            continue  # "thanks.", "ok": a part that frames nothing
        if not inside and presented and not _points(text[span[0] : span[1]]):
            continue  # "Another question.": before a presented subject, a part of no name
        if len(inside) != 1 or not _names_only(text, inside[0], span):
            return None
        named.append(inside[0])
    if len({m.name for m in named}) != 1 or len(named) == 0:
        return None
    # A new subject binds the pronoun only where the turn presents it ("It's about X. when was
    # it founded?"): a page title or known name, not any capitalised word.
    if named[0].name not in earlier and not (named[0].known and presented):
        return None
    low, high = asking[0]
    return NamedPronoun(named[0].name, text[low:high].strip())
