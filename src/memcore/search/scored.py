"""Candidates whose scores are kept as named parts, so every ranking can explain itself.

A passage's score is the left-to-right sum of its parts. A rule that adds a constant appends
one part, so the new score is exactly the old score plus that constant. Candidates are kept
in rank order: score descending, ties broken by passage id ascending (rule search-standardise.ties).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Mapping

import attrs

RANK_RULE = "search-standardise.ties"


class PartKind(enum.Enum):
    """What a score part comes from."""

    BASE = "base"
    NUMBER_RULE = "number rule"
    TITLE_PRIOR = "title prior"
    FACTS_VOTE = "facts vote"
    EXCLUSION = "exclusion"


@attrs.frozen
class ScorePart:
    """One contribution to a passage's score.

    `rule` is the spec rule id; `source` names the query (for base parts) or the page the
    rule acted on; `cause` says which turn or operation made the rule fire.
    """

    kind: PartKind
    amount: float
    rule: str
    source: str
    cause: str

    def __str__(self) -> str:
        return f"{self.amount:+.4f} {self.kind.value} [{self.rule}] {self.source}: {self.cause}"


def _parts(values: Iterable[ScorePart]) -> tuple[ScorePart, ...]:
    return tuple(values)


@attrs.frozen
class ScoredPassage:
    """A candidate passage with its score parts; `reached_by` names the rule that added it
    beyond the retrieved candidates (empty for a retrieved passage)."""

    doc_id: str
    title: str
    parts: tuple[ScorePart, ...] = attrs.field(converter=_parts)
    reached_by: str = ""
    # The sum is kept, since rankings read it many times; it follows from `parts`.
    _score: float = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        total = 0.0
        for part in self.parts:
            total += part.amount
        object.__setattr__(self, "_score", total)

    @property
    def score(self) -> float:
        """The sum of the parts, added left to right."""
        return self._score

    def has(self, kind: PartKind) -> bool:
        """Whether some part of this passage is of `kind`."""
        return any(part.kind is kind for part in self.parts)

    def plus(self, part: ScorePart) -> ScoredPassage:
        """This passage with `part` appended."""
        return attrs.evolve(self, parts=(*self.parts, part))


def rank_key(passage: ScoredPassage) -> tuple[float, str]:
    """The sort key of rule search-standardise.ties: score descending, then passage id ascending."""
    return (-passage.score, passage.doc_id)


def rank_order(scores: Mapping[str, float]) -> tuple[str, ...]:
    """Passage ids ranked by the tie rule: score descending, then passage id ascending."""
    return tuple(sorted(scores, key=lambda doc_id: (-scores[doc_id], doc_id)))


def _ranked(values: Iterable[ScoredPassage]) -> tuple[ScoredPassage, ...]:
    ordered = tuple(sorted(values, key=rank_key))
    seen: set[str] = set()
    for passage in ordered:
        if passage.doc_id in seen:
            raise ValueError(f"passage {passage.doc_id!r} appears twice among the candidates")
        if not math.isfinite(passage.score):
            raise ValueError(f"passage {passage.doc_id!r} has a score that is not finite")
        seen.add(passage.doc_id)
    return ordered


@attrs.frozen
class Candidates:
    """Scored passages in rank order (search-standardise.ties); each passage at most once."""

    passages: tuple[ScoredPassage, ...] = attrs.field(default=(), converter=_ranked)

    def __len__(self) -> int:
        return len(self.passages)

    def ids(self) -> tuple[str, ...]:
        """Passage ids in rank order."""
        return tuple(passage.doc_id for passage in self.passages)

    def scores(self) -> dict[str, float]:
        """Passage id to score."""
        return {passage.doc_id: passage.score for passage in self.passages}

    def get(self, doc_id: str) -> ScoredPassage | None:
        """The candidate `doc_id`, if present."""
        for passage in self.passages:
            if passage.doc_id == doc_id:
                return passage
        return None

    def adding(self, part_for: Callable[[int, ScoredPassage], ScorePart | None]) -> Candidates:
        """Re-ranked candidates where each passage (given with its 0-based rank) gains the part
        `part_for` returns, or nothing for None. The set of passages never changes."""
        changed = []
        for position, passage in enumerate(self.passages):
            part = part_for(position, passage)
            changed.append(passage if part is None else passage.plus(part))
        return Candidates(changed)

    def extended(self, extra: Iterable[ScoredPassage]) -> Candidates:
        """These candidates plus `extra` passages not already present."""
        present = {passage.doc_id for passage in self.passages}
        new = [passage for passage in extra if passage.doc_id not in present]
        return Candidates((*self.passages, *new))
