"""Values shared by every retriever and ranking transform."""

from __future__ import annotations

from collections.abc import Iterable

import attrs


@attrs.frozen
class Passage:
    """A passage of the collection; `title` is its page title ("" where the corpus has none)."""

    id: str
    text: str
    title: str = ""


@attrs.frozen
class QueryPart:
    """A span of query text whose tokens count `weight` times."""

    text: str
    weight: float = 1.0


def _parts(values: Iterable[QueryPart]) -> tuple[QueryPart, ...]:
    return tuple(values)


@attrs.frozen
class Query:
    """A query as weighted text parts (the template query weighs the topic's tokens twice)."""

    parts: tuple[QueryPart, ...] = attrs.field(converter=_parts)

    @classmethod
    def of(cls, text: str) -> Query:
        """A plain query: one part of weight 1."""
        return cls((QueryPart(text, 1.0),))

    @property
    def text(self) -> str:
        """The query's text, parts joined by spaces (weights dropped)."""
        return " ".join(part.text for part in self.parts if part.text)

    @property
    def weighted(self) -> bool:
        """Whether any part weighs other than 1."""
        return any(part.weight != 1.0 for part in self.parts)


@attrs.frozen
class Hit:
    """A passage id with a score."""

    doc_id: str
    score: float


def _hits(values: Iterable[Hit]) -> tuple[Hit, ...]:
    return tuple(values)


@attrs.frozen
class Ranking:
    """Hits in rank order: score descending, ties broken by passage id ascending."""

    hits: tuple[Hit, ...] = attrs.field(default=(), converter=_hits)

    @classmethod
    def from_scores(cls, scores: Iterable[tuple[str, float]], k: int | None = None) -> Ranking:
        """Rank `(doc_id, score)` pairs by the documented tie rule and keep the top `k`."""
        ordered = sorted(scores, key=lambda pair: (-pair[1], pair[0]))
        if k is not None:
            ordered = ordered[:k]
        return cls(Hit(doc_id, float(score)) for doc_id, score in ordered)

    def ids(self) -> tuple[str, ...]:
        """Passage ids in rank order."""
        return tuple(hit.doc_id for hit in self.hits)

    def __len__(self) -> int:
        return len(self.hits)
