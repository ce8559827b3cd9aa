"""The part of a question the answer left out (spec/writer-standalone.md
#writer-standalone.question-parts).

A user may ask two things in one turn ("how long is X? and also, what is Y famous for?") and
get an answer about one of them. A later turn that points at the other ("and the other half
of my question?", "you only answered the first part", "I also asked about Y") means the part
left out: its name is the topic, and the query is that part as the user asked it, with no
word of the part already answered (or the turn's own new question about that name, where it
asks one).

The reading is pure: questions, answers and a way to find the names a text types in, the
part left out (or None) out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import attrs

from memcore.writers import cues

# How many earlier turns back a pointer to an unanswered part may reach.
TURNS_BACK = 3

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


@attrs.frozen
class SkippedPart:
    """The part of an earlier question no answer took up: the one name it asks about, the
    part as typed (its joining words left out), and the names of the parts answered."""

    name: str
    asked: str
    answered: tuple[str, ...]


def parts_of(question: str) -> tuple[str, ...]:
    """The parts of a question: its sentences, and the pieces joined by "also" ("..., and
    also how long did Y last?"), each without its joining words."""
    text = cues.normalise_turn(question)
    pieces = (piece.strip(" ,;") for piece in cues.QUESTION_PART_JOIN.split(text))
    return tuple(piece for piece in pieces if piece)


def _types(text: str, name: str) -> bool:
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in name.split()) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def skipped_part(
    question: str, answers: Sequence[str], names_in: Callable[[str], Sequence[str]]
) -> SkippedPart | None:
    """The one part of `question` that asks about a name none of `answers` (the answer to it
    and those after) types, where at least one other part asks about a name the answer does
    type; None where the parts are not one name each or not exactly one is left out."""
    asked: list[tuple[str, str]] = []
    for part in parts_of(question):
        named = list(dict.fromkeys(names_in(part)))
        if len(named) != 1:
            continue
        asked.append((named[0], part))
    if len({name.casefold() for name, _ in asked}) != len(asked) or len(asked) < 2:
        return None
    covered = [any(_types(answer, name) for answer in answers) for name, _ in asked]
    left = [pair for pair, seen in zip(asked, covered, strict=True) if not seen]
    if len(left) != 1 or not any(covered):
        return None
    answered = tuple(name for (name, _), seen in zip(asked, covered, strict=True) if seen)
    return SkippedPart(left[0][0], left[0][1], answered)


def points_at_unanswered_part(turn: str) -> bool:
    """Whether the turn points at a part of the user's earlier question that was left out."""
    return cues.UNANSWERED_PART.search(cues.normalise_turn(turn)) is not None


def latest_skipped_part(
    questions: Sequence[str],
    answers: Sequence[str],
    names_in: Callable[[str], Sequence[str]],
) -> SkippedPart | None:
    """The part left out of the latest of the last `TURNS_BACK` earlier questions that has
    one (`questions[i]` answered by `answers[i]`); every answer since counts, as a later one
    may have taken the part up."""
    earliest = max(0, len(questions) - TURNS_BACK)
    for index in range(len(questions) - 1, earliest - 1, -1):
        found = skipped_part(questions[index], answers[index:], names_in)
        if found is not None:
            return found
    return None


def asked_now(turn: str, part: SkippedPart) -> str | None:
    """The turn's own question about the part's name where it asks something the part did
    not ("you skipped X - how many people live there?"), its pointer clauses left out; None
    where it asks nothing new (the part as asked is the query then)."""
    text = cues.normalise_turn(turn)
    sentences = [s.strip() for s in re.split(r"(?<=[?.!])\s+|:\s+|\s[-\u2013\u2014]+\s", text)]
    own = [s for s in sentences if s and cues.UNANSWERED_PART.search(s) is None]
    asked_words = _words(part.asked) | _words(part.name)
    for sentence in own:
        words = [w.casefold() for w in _WORD.findall(sentence)]
        if len(words) <= 2 or words[0] not in cues.ASKING_WORDS:
            continue
        if words[:2] in (["what", "about"], ["how", "about"]):
            continue
        new = set(words) - asked_words - cues.PERSON_PRONOUNS - cues.THING_PRONOUNS
        if new:
            return sentence
    return None


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}
