"""The trace DAG: an append-only, immutable sequence of traces with edges to earlier ones.

Acyclic by construction: trace k may depend only on traces 1..k-1, and ids are assigned in
order, so appending can never close a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from returns.result import Failure, Result, Success

from memcore.search.tokenize import tokenize
from memcore.trace.errors import TraceError
from memcore.trace.values import Trace

# CMT-RAG's lookup keeps at most one earlier trace, and only at a similarity of 0.05 or more.
DEFAULT_LOOKUP_LIMIT = 1
DEFAULT_LOOKUP_MIN = 0.05


def _traces(values: Iterable[Trace]) -> tuple[Trace, ...]:
    return tuple(values)


def keyword_terms(keywords: Iterable[str]) -> frozenset[str]:
    """The index terms of a keyword list (memcore's tokeniser: case folded, stopwords out)."""
    return frozenset(term for keyword in keywords for term in tokenize(keyword))


def keyword_similarity(first: Iterable[str], second: Iterable[str]) -> float:
    """Jaccard overlap of two keyword lists' terms (0 when both are empty)."""
    left, right = keyword_terms(first), keyword_terms(second)
    union = left | right
    return len(left & right) / len(union) if union else 0.0


@attrs.frozen
class TraceDag:
    """Traces in id order (ids 1..K)."""

    traces: tuple[Trace, ...] = attrs.field(default=(), converter=_traces)

    def __len__(self) -> int:
        return len(self.traces)

    @property
    def next_id(self) -> int:
        """The id the next trace gets."""
        return len(self.traces) + 1

    @property
    def last(self) -> Trace | None:
        """The most recent trace, if any."""
        return self.traces[-1] if self.traces else None

    def get(self, trace_id: int) -> Trace | None:
        """Trace `trace_id`, if the DAG holds it."""
        return self.traces[trace_id - 1] if 1 <= trace_id <= len(self.traces) else None

    def append(self, trace: Trace) -> Result[TraceDag, TraceError]:
        """A new DAG with `trace` added; refused unless its id is the next one and every
        dependency names an earlier trace."""
        if trace.id != self.next_id:
            return Failure(
                TraceError("bad_id", "trace.id", f"expected id {self.next_id}, got {trace.id}")
            )
        for position, dependency in enumerate(trace.depends_on):
            if not 1 <= dependency < trace.id:
                return Failure(
                    TraceError(
                        "unknown_dependency",
                        f"trace.depends_on[{position}]",
                        f"trace {trace.id} may depend only on traces 1 to {trace.id - 1}, "
                        f"not {dependency}",
                    )
                )
        return Success(TraceDag((*self.traces, trace)))

    def ancestors(self, trace_ids: Iterable[int]) -> tuple[int, ...]:
        """`trace_ids` and every trace they depend on, transitively, in id order."""
        seen: set[int] = set()
        pending = [trace_id for trace_id in trace_ids if self.get(trace_id) is not None]
        while pending:
            trace_id = pending.pop()
            if trace_id in seen:
                continue
            seen.add(trace_id)
            trace = self.get(trace_id)
            if trace is not None:
                pending.extend(trace.depends_on)
        return tuple(sorted(seen))

    def lookup(
        self,
        keywords: Iterable[str],
        limit: int = DEFAULT_LOOKUP_LIMIT,
        minimum: float = DEFAULT_LOOKUP_MIN,
    ) -> tuple[Trace, ...]:
        """The earlier traces whose keywords best overlap `keywords`: at most `limit`, each at
        similarity `minimum` or more, best first (ties: the more recent trace first)."""
        wanted = tuple(keywords)
        scored = [
            (keyword_similarity(wanted, trace.keywords), trace.id, trace) for trace in self.traces
        ]
        kept = [item for item in scored if item[0] >= minimum and item[0] > 0.0]
        kept.sort(key=lambda item: (-item[0], -item[1]))
        return tuple(trace for _, _, trace in kept[:limit])


def append_trace(dag: TraceDag, trace: Trace) -> Result[TraceDag, TraceError]:
    """`dag.append(trace)` as a function: the DAG with `trace` added, or why not."""
    return dag.append(trace)


def lookup_traces(
    dag: TraceDag,
    keywords: Iterable[str],
    limit: int = DEFAULT_LOOKUP_LIMIT,
    minimum: float = DEFAULT_LOOKUP_MIN,
) -> tuple[Trace, ...]:
    """`dag.lookup(...)` as a function: the best earlier keyword matches."""
    return dag.lookup(keywords, limit, minimum)
