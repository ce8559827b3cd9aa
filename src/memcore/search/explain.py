"""Explained rankings: every ranked passage with its score as named, traced parts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

import attrs

from memcore.search.fused import PartScore
from memcore.search.retriever import Retriever
from memcore.search.scored import Candidates, PartKind, ScorePart
from memcore.search.stages import FusedQuery, TraceEntry
from memcore.search.values import Query, QueryPart


@runtime_checkable
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
    """A query the search sent: its label, its text as weighted parts, its scale over the
    search's candidates and the weight its z-scores count with."""

    label: str
    parts: tuple[tuple[str, float], ...]
    mean: float
    spread: float
    weight: float = 1.0

    @classmethod
    def of(cls, fused: FusedQuery) -> QueryUsed:
        parts = tuple((part.text, part.weight) for part in fused.query.parts)
        return cls(fused.label, parts, fused.scale.mean, fused.scale.spread, fused.weight)

    @property
    def query(self) -> Query:
        """The query as it was sent."""
        return Query(tuple(QueryPart(text, weight) for text, weight in self.parts))


def _number(value: float) -> str:
    # Raw scores and scales to six decimals, so that a reader can redo each standardisation
    # from the printed figures to the printed precision of its result (trailing zeros cut).
    shown = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if shown in ("-0", "") else shown


def _part_step(part: PartScore) -> str:
    scale = part.scale
    if scale.spread == 0.0:
        return f"0 ({part.name}'s scores do not spread over its candidates for the query)"
    z = f"(raw {_number(part.raw)} - mean {_number(scale.mean)}) / spread {_number(scale.spread)}"
    return f"{part.weight:g} x z {part.z:+.4f}; z = {z} ({part.name}'s scale for the query)"


@attrs.frozen
class RetrieverParts:
    """How one query the search sent gave one passage its base part: the retriever's score
    for the passage (for a fused retriever, the sum of what each of its retrievers gave,
    `parts`), standardised on the query's scale over the search's candidates (`mean`,
    `spread`) and counted `weight` times (search-standardise.fusion, search-template.weight).

    A fused retriever z-scores each of its parts over its own candidates for the query; the
    search then z-scores the fused score again over its candidates (the union over the
    queries it sent), so the base part is not the fused sum itself. `lines` shows every step,
    each as `value = expression` over figures printed beside it."""

    label: str
    raw: float
    mean: float
    spread: float
    weight: float = 1.0
    parts: tuple[PartScore, ...] = ()

    @property
    def z(self) -> float:
        """The retriever's score standardised on the query's scale (0 without spread)."""
        if self.spread == 0.0:
            return 0.0
        return (self.raw - self.mean) / self.spread

    @property
    def amount(self) -> float:
        """The base part this query gives the passage: `weight` times `z`."""
        return self.weight * self.z

    def lines(self) -> tuple[str, ...]:
        """The base part, then (for a fused retriever) the fused sum and each part's share."""
        score = "fused score" if self.parts else "score"
        if self.spread == 0.0:
            step = "0 (the query's scores do not spread over the search's candidates)"
        else:
            step = (
                f"({score} {_number(self.raw)} - mean {_number(self.mean)})"
                f" / spread {_number(self.spread)}"
            )
            if self.weight != 1.0:
                step = f"{self.weight:g} x {step}"
        lines = [f"{self.label} query: {self.amount:+.4f} = {step}"]
        if self.parts:
            shares = " + ".join(f"{part.name} {part.contribution:+.4f}" for part in self.parts)
            lines.append(f"  fused score {_number(self.raw)} = {shares}")
            lines.extend(
                f"  {part.name} {part.contribution:+.4f} = {_part_step(part)}"
                for part in self.parts
            )
        return tuple(lines)

    def __str__(self) -> str:
        return "\n".join(self.lines())


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

    def retriever_parts(self, doc_id: str, retriever: Retriever) -> tuple[RetrieverParts, ...]:
        """For each query the search sent, how `retriever` (the one the search ran on) gave
        `doc_id` its base part: its score, the query's scale and weight, and for a fused
        retriever what each of its retrievers gave (queries whose part the passage lacks, as
        after the RRF hedge, are left out)."""
        hit = self.hit(doc_id)
        sources = {part.source for part in hit.parts} if hit is not None else set()
        explained = []
        # A query whose z-scores are not among the passage's parts (a rule such as the RRF
        # hedge replaced them) has nothing to reconcile.
        for used in (used for used in self.queries if f"{used.label} query" in sources):
            raw = float(retriever.score(used.query, [doc_id])[doc_id])
            parts: tuple[PartScore, ...] = ()
            if isinstance(retriever, PartExplainer):
                parts = retriever.explain(used.query, doc_id)
            explained.append(
                RetrieverParts(used.label, raw, used.mean, used.spread, used.weight, parts)
            )
        return tuple(explained)

    def report(self, k: int = 10, retriever: Retriever | None = None) -> str:
        """The trace, then the top `k` passages with their parts (and, given the `retriever`
        the search ran on, how each query's base part follows from its scores)."""
        lines = [f"topic: {self.topic!r}; writer query: {self.writer_query!r}"]
        lines.extend(f"- {entry}" for entry in self.trace)
        for hit in self.hits[:k]:
            lines.append(hit.explanation())
            if retriever is not None:
                for explained in self.retriever_parts(hit.doc_id, retriever):
                    lines.extend(f"    {line}" for line in explained.lines())
        return "\n".join(lines)
