"""A name's stance by meaning: whether a clause of the final turn dismisses the name it types
(spec/writer-learned.md#writer-learned.stance).

Cue lists miss new ways of setting a name aside ("I'm taking X off my list", "X turned out to
be a dead end for me"). This reader asks what a clause does with its one name instead: the
turn is cut into clauses, each clause that types exactly one of the names the writer knows
has that name written over by `MASK`, and a logistic model (`stance`, trained by
`bench/train_stance.py` on the spent behaviour sets) over the masked clause's MiniLM vector
gives the probability that the clause dismisses the name. The mask makes the decision the
clause's words' alone: any name in the same words reads the same.

The reader is pure: texts and names in, masked clauses out; vectors in, the dismissed names
out. Encoding happens at the writer's boundary (`minilm.TopicSimilarity.dismissed`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise

import attrs

from memcore.writers.clauses import clause_spans
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.similarity import Vector

STANCE = "stance"
# A constant, then one feature per coordinate of the packaged MiniLM's vector.
STANCE_FEATURES = ("bias", *(f"minilm_{index}" for index in range(384)))
MASK = "X"

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


@attrs.frozen
class NamedClause:
    """A clause of a turn that types one known name: the name, and the clause's words with
    the name written over by `MASK`."""

    name: str
    masked: str


def occurrences(text: str, names: Sequence[str]) -> list[tuple[int, int, str]]:
    """Where each name is typed (whole words, any case); a longer name wins over a shorter
    one inside it ("Apollo 11" over "Apollo")."""
    found: list[tuple[int, int, str]] = []
    folded = text.casefold()
    for name in sorted(set(names), key=lambda n: (-len(n), n)):
        wanted = name.strip().casefold()
        if not wanted:
            continue
        for match in re.finditer(rf"(?<!\w){re.escape(wanted)}(?!\w)", folded):
            low, high = match.span()
            if all(high <= start or low >= end for start, end, _ in found):
                found.append((low, high, name))
    return sorted(found)


def named_clauses(text: str, names: Sequence[str]) -> tuple[NamedClause, ...]:
    """The statements of `text` that type exactly one of `names` and some other word, each
    with that name masked; a statement whose names are one coordinated run ("take X and Y
    off") gives each of them, the run masked as one. A clause that is the name alone carries
    no stance of its own; a
    clause that asks (ends in "?") is about its name, as a negation there takes nothing back
    (`name_roles`), and is left out."""
    typed = occurrences(text, names)
    found: list[NamedClause] = []
    for low, high in clause_spans(text, brackets=True):
        if text[high : high + 1] == "?" or _part_of_question(text, low, high):
            continue
        inside = [o for o in typed if low <= o[0] and o[1] <= high]
        distinct = {name.casefold() for _, _, name in inside}
        if len(distinct) > 1 and _coordinated(text, inside):
            # "take X and Y off": names joined as one noun phrase take one stance together.
            masked = " ".join(
                f"{text[low : inside[0][0]]}{MASK}{text[inside[-1][1] : high]}".split()
            )
            if len(_WORD.findall(masked)) > 1:
                joined = dict.fromkeys(name for _, _, name in inside)
                found.extend(NamedClause(name, masked) for name in joined)
            continue
        if len(distinct) != 1:
            continue
        pieces: list[str] = []
        at = low
        for start, end, _ in inside:
            pieces.extend([text[at:start], MASK])
            at = end
        pieces.append(text[at:high])
        masked = " ".join("".join(pieces).split())
        if len(_WORD.findall(masked)) > 1:
            found.append(NamedClause(inside[0][2], masked))
        else:
            remarked = _bracket_remark(text, high, typed)
            if remarked is not None:
                found.append(NamedClause(inside[0][2], f"{masked} ({remarked})"))
    return tuple(found)


# What may stand between the names of one coordinated noun phrase ("X and Y", "X or Y"). A
# comma cuts the clause already (`clause_spans`), so "X, Y and Z" is not read as one run.
_COORDINATION = re.compile(r"\s*(?:&|/|(?:and|or|nor|plus)(?=\s))\s*", re.IGNORECASE)


def _coordinated(text: str, typed: Sequence[tuple[int, int, str]]) -> bool:
    """Whether the names `typed` (in order) are one coordinated run: nothing but "and",
    "or", "nor", "plus", "&" or "/" between each and the next."""
    return all(
        _COORDINATION.fullmatch(text, before[1], after[0]) is not None
        for before, after in pairwise(typed)
    )


# A bracket right after a clause ("X (ruled out)"), its words up to the closing mark.
_BRACKET_AFTER = re.compile(r"\s*\(([^()\n]{1,60})\)")


def _bracket_remark(text: str, at: int, typed: Sequence[tuple[int, int, str]]) -> str | None:
    """The words of a bracket that follows a clause of one name alone ("Nairobi (ruled out)",
    "Apollo 12 (out)"): a remark the user wrote on that name, read with it; None where no
    bracket follows, or where it types a name of its own (an aside about another name)."""
    found = _BRACKET_AFTER.match(text, at)
    if found is None:
        return None
    low, high = found.span(1)
    if any(low <= start and end <= high for start, end, _ in typed):
        return None
    words = " ".join(found.group(1).split())
    return words if _WORD.search(words) else None


# Where a sentence ends; its last mark says whether it asks.
_SENTENCE_END = re.compile(r"[.!?\n]")
# Words a clause may open with before its own first word ("so what was X up against").
_OPENERS = frozenset(["so", "and", "but", "ok", "okay", "then", "well", "hmm", "also", "oh"])
_ASKING_OPENERS = frozenset(
    [
        "what",
        "how",
        "why",
        "when",
        "where",
        "who",
        "whom",
        "whose",
        "which",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "will",
        "should",
        "has",
        "have",
        "had",
    ]
)
# Words that open a supposition the question rests on ("imagine there was no X - what would
# be different?", "suppose X had never happened, ...?", "if X had failed, ...?"): the premise
# is part of what is asked and states no stance of the speaker's.
_SUPPOSING = frozenset(["imagine", "suppose", "supposing", "pretend", "assume", "if"])
# A pronoun that takes up a noun phrase put before the question ("X's low point - what was
# it?").
_RESUMPTIVE = frozenset(["it", "its", "that", "this", "they", "them", "their", "he", "she"])
_AFTER_FRONTED = re.compile(r"\s*(?::|[-\u2013\u2014]+\s)")


def _first_word(text: str, low: int, high: int) -> str | None:
    words = [word.casefold() for word in _WORD.findall(text, low, high)]
    while words and words[0] in _OPENERS:
        words.pop(0)
    return words[0] if words else None


def _part_of_question(text: str, low: int, high: int) -> bool:
    """Whether the clause `low`..`high` is part of a question that ends past it, in the same
    sentence: an interrogative clause cut off from its question mark by a dash ("what was X
    up against - any big rivals?"), or a noun phrase put before a question that takes it up
    by a pronoun ("X's low point - what was it?"), or a supposition the question rests on
    ("imagine there was no X - what would be different?"). Each asks about its name and
    carries no stance (spec/writer-learned.md#writer-learned.stance)."""
    close = _SENTENCE_END.search(text, high)
    if close is None or close.group() != "?":
        return False
    if _first_word(text, low, high) in _ASKING_OPENERS | _SUPPOSING:
        return True
    mark = _AFTER_FRONTED.match(text, high)
    if mark is None:
        return False
    asked = [word.casefold() for word in _WORD.findall(text, mark.end(), close.start())]
    return bool(asked) and asked[0] in _ASKING_OPENERS and bool(set(asked) & _RESUMPTIVE)


def texts_to_encode(clauses: Sequence[NamedClause]) -> tuple[str, ...]:
    """The masked texts whose vectors `dismissed` reads, each once."""
    return tuple(dict.fromkeys(clause.masked for clause in clauses))


def stance_row(vector: Vector) -> list[float]:
    """The model's features for a masked clause's vector (`STANCE_FEATURES`)."""
    return [1.0, *(float(value) for value in vector)]


def dismissal_probabilities(
    model: LogisticModel, clauses: Sequence[NamedClause], vectors: Mapping[str, Vector]
) -> tuple[float, ...]:
    """The model's probability that each clause dismisses its name, from the vectors of
    `texts_to_encode(clauses)`."""
    rows = [stance_row(vectors[clause.masked]) for clause in clauses]
    return tuple(float(p) for p in model.probabilities(rows))


def dismissed(
    model: LogisticModel, clauses: Sequence[NamedClause], vectors: Mapping[str, Vector]
) -> tuple[str, ...]:
    """The names a clause dismisses (its probability reaches the model's threshold), each
    once, in the turn's order; none where the vectors are not the width the model reads (an
    encoder other than the packaged MiniLM)."""
    if any(len(vectors[clause.masked]) != len(model.features) - 1 for clause in clauses):
        return ()
    scores = dismissal_probabilities(model, clauses, vectors)
    return tuple(
        dict.fromkeys(
            clause.name
            for clause, score in zip(clauses, scores, strict=True)
            if score >= model.threshold
        )
    )
