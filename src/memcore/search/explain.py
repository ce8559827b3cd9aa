"""Explained rankings: every ranked passage with its score as named, traced parts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import attrs

from memcore.search.fused import PartScore
from memcore.search.scored import Candidates, PartKind, ScorePart
from memcore.search.stages import FusedQuery, TraceEntry
from memcore.search.values import Query, QueryPart


class PartExplainer(Protocol):
    """A retriever made of parts that says what each part gave a passage (`FusedRetriever`)."""

    def explain(self, query: Query, doc_id: str) -> tuple[PartScore, ...]:
        """Each part's raw score, z-score and weight for `doc_id` under `query`."""
        ...


@attrs.frozen
class ExplainedHit:
    """A ranked passage: 1-based rank, score, and the parts that sum to it (left to right)."""

    rank: int
    doc_id: str
    title: str
    score: float
    parts: tuple[ScorePart, ...]
    reached_by: str = ""

    def total(self, kind: PartKind) -> float:
        """The sum of this passage's parts of `kind` (0 if it has none)."""
        total = 0.0
        for part in self.parts:
            if part.kind is kind:
                total += part.amount
        return total

    def explanation(self) -> str:
        """A readable account of why this passage stands where it does."""
        page = f" ({self.title})" if self.title else ""
        via = f", added by {self.reached_by}" if self.reached_by else ""
        lines = [f"#{self.rank} {self.doc_id}{page}: {self.score:.4f}{via}"]
        lines.extend(f"  {part}" for part in self.parts)
        return "\n".join(lines)


@attrs.frozen
class QueryUsed:
    """A query the search sent: its label, its text as weighted parts, and its scale."""

    label: str
    parts: tuple[tuple[str, float], ...]
    mean: float
    spread: float

    @classmethod
    def of(cls, fused: FusedQuery) -> QueryUsed:
        parts = tuple((part.text, part.weight) for part in fused.query.parts)
        return cls(fused.label, parts, fused.scale.mean, fused.scale.spread)

    @property
    def query(self) -> Query:
        """The query as it was sent."""
        return Query(tuple(QueryPart(text, weight) for text, weight in self.parts))


@attrs.frozen
class RetrieverParts:
    """What each retriever of a fusion gave one passage for one query the search sent: the
    query's base score for the passage is the z-score of the sum of these contributions."""

    label: str
    parts: tuple[PartScore, ...]

    def __str__(self) -> str:
        summed = sum(part.contribution for part in self.parts)
        shown = " + ".join(str(part) for part in self.parts)
        return f"{self.label} query by retriever: {shown} = {summed:+.4f}"


def _hits(values: Iterable[ExplainedHit]) -> tuple[ExplainedHit, ...]:
    return tuple(values)


@attrs.frozen
class ExplainedRanking:
    """The final ranking (ties: score descending, then passage id ascending), with the
    final topic and query after the number rule, the queries sent, and each stage's trace."""

    hits: tuple[ExplainedHit, ...] = attrs.field(converter=_hits)
    topic: str | None
    writer_query: str
    queries: tuple[QueryUsed, ...]
    trace: tuple[TraceEntry, ...]

    @classmethod
    def of(
        cls,
        candidates: Candidates,
        topic: str | None,
        writer_query: str,
        queries: Iterable[FusedQuery],
        trace: tuple[TraceEntry, ...],
    ) -> ExplainedRanking:
        """The explained ranking of `candidates` (already in rank order)."""
        hits = (
            ExplainedHit(rank, p.doc_id, p.title, p.score, p.parts, p.reached_by)
            for rank, p in enumerate(candidates.passages, start=1)
        )
        used = tuple(QueryUsed.of(fused) for fused in queries)
        return cls(hits, topic, writer_query, used, trace)

    def __len__(self) -> int:
        return len(self.hits)

    def ids(self, k: int | None = None) -> tuple[str, ...]:
        """Passage ids in rank order (the top `k`, or all)."""
        return tuple(hit.doc_id for hit in self.hits[:k])

    def scores(self) -> dict[str, float]:
        """Passage id to final score, in rank order."""
        return {hit.doc_id: hit.score for hit in self.hits}

    def breakdown(self) -> dict[str, dict[str, float]]:
        """Passage id to its score parts summed by name, in rank order: each query's base
        score under the query's name ("writer query", "template query"; "writer query (number
        rule)" after the number rule), then "title prior", "facts vote", "exclusion"."""
        table: dict[str, dict[str, float]] = {}
        for hit in self.hits:
            named: dict[str, float] = {}
            for part in hit.parts:
                if part.kind is PartKind.BASE:
                    name = part.source
                elif part.kind is PartKind.NUMBER_RULE:
                    name = f"{part.source} (number rule)"
                else:
                    name = part.kind.value
                named[name] = named.get(name, 0.0) + part.amount
            table[hit.doc_id] = named
        return table

    def fired(self) -> tuple[str, ...]:
        """The rule id of each trace entry, in pipeline order."""
        return tuple(entry.rule for entry in self.trace)

    def hit(self, doc_id: str) -> ExplainedHit | None:
        """The ranked passage `doc_id`, if it is among the candidates."""
        return next((hit for hit in self.hits if hit.doc_id == doc_id), None)

    def explain(self, doc_id: str) -> str:
        """Why `doc_id` stands where it does, part by part."""
        hit = self.hit(doc_id)
        if hit is None:
            return f"{doc_id}: not among the candidates"
        return hit.explanation()

    def retriever_parts(self, doc_id: str, explainer: PartExplainer) -> tuple[RetrieverParts, ...]:
        """For each query the search sent, what each part of the fused retriever `explainer`
        (the retriever the search ran on) gave `doc_id`."""
        return tuple(
            RetrieverParts(used.label, explainer.explain(used.query, doc_id))
            for used in self.queries
        )

    def report(self, k: int = 10, explainer: PartExplainer | None = None) -> str:
        """The trace, then the top `k` passages with their parts (and, for a fused retriever
        given as `explainer`, what each of its retrievers gave each passage)."""
        lines = [f"topic: {self.topic!r}; writer query: {self.writer_query!r}"]
        lines.extend(f"- {entry}" for entry in self.trace)
        for hit in self.hits[:k]:
            lines.append(hit.explanation())
            if explainer is not None:
                parts = self.retriever_parts(hit.doc_id, explainer)
                lines.extend(f"    {part}" for part in parts)
        return "\n".join(lines)
