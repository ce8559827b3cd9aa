"""BM25 scoring of a query over the whole collection (what `Bm25sRetriever` does) against
sparse accumulation over the union of the query terms' postings, on the final turns' BM25
queries.

    PYTHONPATH=src .venv/bin/python bench/bench_bm25_sums.py --size 450000 --conversations 20

The synthetic titled corpus and bm25s index of bench_hybrid_latency.py (kept in `--cache`).
The BM25 queries are those the cold final turns of seeded conversations hand the bm25s part
(its `prefetch`), collected on a hybrid retriever with exact dense search over clustered
stand-in embeddings (the dense part only shapes which queries are planned). For each distinct
query and its planned depth, thread CPU (best of `--repeats`) of:

- **dense**: `column_sums` (a collection-sized float64 vector by one `np.bincount`), then
  `top_positive` at the depth: today's path;
- **sparse, sorted union**: the postings laid end to end, `np.unique(rows,
  return_inverse=True)`, one `np.bincount` over the union's slots, then the top k of the
  union's sums;
- **sparse, marked union**: the union found by marking a collection-sized boolean vector,
  the slots by a collection-sized position map, then the same sums and top k.

Every variant's sums are checked to be the dense vector's bytes on the union (and the dense
vector zero elsewhere), and its top k the same ranking: the additions are the same, in the
same order (`np.bincount` adds its weights in input order). Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from memcore.search.backends import bm25s_backend
from memcore.search.backends.bm25s_backend import Bm25sRetriever, column_sums
from memcore.search.backends.dense import DenseRetriever, load_fast_encoder
from memcore.search.backends.topk import reaching_kth_largest, top_positive
from memcore.search.pipeline import search_final_turn
from memcore.search.values import Query, Ranking

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hybrid_latency import cached_bm25, unit_vectors
from bench_search import SEED, conversation, final_revision, titled_corpus
from bench_turn_pass import make_hybrid

Sums = tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]


def planned_queries(
    lexical: Bm25sRetriever, size: int, conversations: int, cache: Path
) -> dict[Query, int]:
    """The BM25 queries the cold final turns prefetch, each with its deepest planned depth."""
    corpus = lexical.corpus
    encoder = load_fast_encoder(cache).unwrap()
    embeddings = unit_vectors("clustered", size, SEED)
    asked: dict[Query, int] = {}
    original = bm25s_backend.Bm25sRetriever.prefetch

    def recording(self: Bm25sRetriever, searches: Any) -> None:
        for planned in searches:
            asked[planned.query] = max(planned.depth, asked.get(planned.query, 0))
        original(self, searches)

    bm25s_backend.Bm25sRetriever.prefetch = recording  # type: ignore[method-assign]
    try:
        rng = np.random.default_rng(SEED)
        for _turn in range(conversations):
            memory, target = conversation(rng, corpus, len(corpus) // 5)
            final = final_revision(rng, corpus, target)
            dense = DenseRetriever.from_embeddings(corpus, encoder, True, embeddings)
            search_final_turn(memory, final, make_hybrid(lexical, dense))
    finally:
        bm25s_backend.Bm25sRetriever.prefetch = original  # type: ignore[method-assign]
    return asked


def postings(
    lexical: Bm25sRetriever, term_weights: list[tuple[int, float]]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
    """The query terms' postings end to end: passage rows and weighted entries, in term
    order (what `column_sums` hands `np.bincount`)."""
    indptr, indices, data = lexical._indptr, lexical._indices, lexical._data
    spans = [(int(indptr[term]), int(indptr[term + 1]), weight) for term, weight in term_weights]
    rows = np.empty(sum(end - start for start, end, _ in spans), dtype=np.intp)
    weighted = np.empty(rows.size, dtype=np.float64)
    at = 0
    for start, end, weight in spans:
        rows[at : at + end - start] = indices[start:end]
        np.multiply(data[start:end], weight, out=weighted[at : at + end - start], dtype=np.float64)
        at += end - start
    return rows, weighted


def sorted_union(lexical: Bm25sRetriever, term_weights: list[tuple[int, float]]) -> Sums:
    rows, weighted = postings(lexical, term_weights)
    union, slots = np.unique(rows, return_inverse=True)
    return union, np.bincount(slots, weights=weighted, minlength=union.size).astype(np.float64)


def marked_union(lexical: Bm25sRetriever, term_weights: list[tuple[int, float]]) -> Sums:
    rows, weighted = postings(lexical, term_weights)
    count = len(lexical.corpus)
    marked = np.zeros(count, dtype=bool)
    marked[rows] = True
    union = np.flatnonzero(marked)
    slot_of = np.empty(count, dtype=np.intp)
    slot_of[union] = np.arange(union.size)
    sums = np.bincount(slot_of[rows], weights=weighted, minlength=union.size)
    return union, sums.astype(np.float64)


def union_top(lexical: Bm25sRetriever, union: npt.NDArray[np.intp], sums: Any, k: int) -> Ranking:
    """`top_positive` read off the union's sums (positions mapped back through `union`)."""
    chosen = np.flatnonzero(sums > 0.0)
    if k < sums.size:
        bound, reaching = reaching_kth_largest(sums, k)
        if bound > 0.0:
            chosen = reaching
    passages = lexical.corpus.passages
    ids = (passages[index].id for index in union[chosen].tolist())
    return Ranking.from_scores(zip(ids, sums[chosen].tolist(), strict=True), k)


def dense_path(
    lexical: Bm25sRetriever, weights: list[tuple[int, float]], depth: int
) -> Callable[[], Ranking]:
    def work() -> Ranking:
        count = len(lexical.corpus)
        vector = column_sums(lexical._data, lexical._indices, lexical._indptr, weights, count)
        return top_positive(lexical.corpus.passages, vector, depth)

    return work


def sparse_path(
    lexical: Bm25sRetriever,
    weights: list[tuple[int, float]],
    depth: int,
    accumulate: Callable[[Bm25sRetriever, list[tuple[int, float]]], Sums],
) -> Callable[[], Ranking]:
    def work() -> Ranking:
        union, sums = accumulate(lexical, weights)
        return union_top(lexical, union, sums, depth)

    return work


def best_cpu_ms(work: Callable[[], Ranking], repeats: int) -> float:
    """The least thread CPU time of `repeats` runs of `work`, in ms."""
    best = float("inf")
    for _ in range(repeats):
        started = time.thread_time()
        work()
        best = min(best, time.thread_time() - started)
    return 1000 * best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=450_000)
    parser.add_argument("--conversations", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "memcore-bench-hybrid"
    )
    arguments = parser.parse_args()
    corpus = titled_corpus(arguments.size)
    lexical = cached_bm25(corpus, arguments.cache / f"bm25s-{arguments.size}-{SEED}")
    asked = planned_queries(lexical, arguments.size, arguments.conversations, arguments.cache)
    count = len(corpus)
    figures: dict[str, list[float]] = {
        "dense": [],
        "sparse, sorted union": [],
        "sparse, marked union": [],
    }
    sizes: list[int] = []
    unions: list[int] = []
    for query, depth in asked.items():
        weights = lexical._term_weights(query)
        vector = column_sums(lexical._data, lexical._indices, lexical._indptr, weights, count)
        ranking = top_positive(corpus.passages, vector, depth)
        figures["dense"].append(best_cpu_ms(dense_path(lexical, weights, depth), arguments.repeats))
        for name, accumulate in (
            ("sparse, sorted union", sorted_union),
            ("sparse, marked union", marked_union),
        ):
            union, sums = accumulate(lexical, weights)
            outside = np.ones(count, dtype=bool)
            outside[union] = False
            same = sums.tobytes() == vector[union].tobytes() and not vector[outside].any()
            if not same or union_top(lexical, union, sums, depth) != ranking:
                raise SystemExit(f"{name} differs from the dense path for {query.text!r}")
            work = sparse_path(lexical, weights, depth, accumulate)
            figures[name].append(best_cpu_ms(work, arguments.repeats))
        indptr = lexical._indptr
        sizes.append(sum(int(indptr[term + 1] - indptr[term]) for term, _ in weights))
        unions.append(int(sorted_union(lexical, weights)[0].size))
    print(
        f"{count:,} passages, {len(asked)} distinct BM25 queries of {arguments.conversations} "
        f"cold final turns; postings per query p50 {statistics.median(sizes):,.0f} "
        f"(max {max(sizes):,}), union p50 {statistics.median(unions):,.0f}; "
        "every sparse result equal to the dense path's bytes and ranking"
    )
    print("| path (sums + top k) | CPU ms per query p50 | mean | per turn |")
    print("|---|---:|---:|---:|")
    for name, spent in figures.items():
        print(
            f"| {name} | {statistics.median(spent):.2f} | {statistics.mean(spent):.2f} | "
            f"{sum(spent) / arguments.conversations:.1f} |"
        )


if __name__ == "__main__":
    main()
