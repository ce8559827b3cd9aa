"""Per-turn latency of the full search pipeline with hybrid retrieval, and the ANN's recall.

    PYTHONPATH=src .venv/bin/python bench/bench_hybrid_latency.py --sizes 100000 450000

For each size: the synthetic titled corpus of bench_search.py, its bm25s index, and passage
embeddings that are **random unit vectors** of the model's shape (384 dims, float32) standing
in for precomputed ones (encoding 450k passages is what the embeddings cache is for); queries
are encoded for real by the fast encoder (`load_fast_encoder`). The final turn's full
`search_final_turn` over the fused retriever (bm25 + dense, z-scores) is timed over seeded
synthetic conversations, with exact dense search and, where `--ann` sizes say so, through the
hnswlib index. Recall@100 of the index against exact search is measured on random unit
queries over the same vectors. Not a test: figures depend on the (shared) machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from memcore.search.backends.ann import ApproximateIndex
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.dense import DenseRetriever, load_fast_encoder, normalise_rows
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import search_final_turn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import SEED, conversation, final_revision, titled_corpus

DIMENSION = 384


def recall_at_100(rows: np.ndarray, index: ApproximateIndex, queries: int = 50) -> float:
    rng = np.random.default_rng(SEED + 1)
    asked = normalise_rows(rng.normal(size=(queries, DIMENSION)))
    found = 0
    for vector in asked:
        exact = set(np.argpartition(-(rows @ vector), 100)[:100].tolist())
        found += len(exact & set(index.nearest(vector, 100).tolist()))
    return found / (100 * queries)


def final_turn_ms(retriever: FusedRetriever, corpus, conversations: int) -> list[float]:
    rng = np.random.default_rng(SEED)
    pages = len(corpus) // 5
    memory, target = conversation(rng, corpus, pages)
    search_final_turn(memory, final_revision(rng, corpus, target), retriever).unwrap()
    timings = []
    for _ in range(conversations):
        memory, target = conversation(rng, corpus, pages)
        final = final_revision(rng, corpus, target)
        started = time.perf_counter()
        search_final_turn(memory, final, retriever).unwrap()
        timings.append(1000 * (time.perf_counter() - started))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 450_000])
    parser.add_argument("--ann", type=int, nargs="*", default=[100_000])
    parser.add_argument("--conversations", type=int, default=30)
    arguments = parser.parse_args()
    encoder = load_fast_encoder(Path(tempfile.mkdtemp(prefix="memcore-bench-"))).unwrap()
    print(f"encoder {encoder.encoding_id}, load {os.getloadavg()[0]:.1f}", flush=True)
    for size in arguments.sizes:
        corpus = titled_corpus(size)
        lexical = Bm25sRetriever.build(corpus)
        rows = normalise_rows(
            np.random.default_rng(SEED).normal(size=(size, DIMENSION)).astype(np.float32)
        )
        dense = DenseRetriever._assemble(corpus, encoder, True, rows)
        variants = [("exact", dense)]
        if size in arguments.ann:
            started = time.perf_counter()
            index = ApproximateIndex.build(rows, threads=2).unwrap()
            build_s = time.perf_counter() - started
            print(
                f"{size}: hnsw build {build_s:.0f} s, recall@100 {recall_at_100(rows, index):.3f}"
            )
            variants.append(("hnsw", dense.with_approximate_index(index)))
        for name, searched in variants:
            parts = (FusedPart("bm25", lexical), FusedPart("dense", searched))
            fused = FusedRetriever.of(parts).unwrap()
            timings = sorted(final_turn_ms(fused, corpus, arguments.conversations))
            p50 = statistics.median(timings)
            print(
                f"{size}: hybrid final turn, {name} dense: p50 {p50:.0f} ms, "
                f"p90 {timings[int(0.9 * (len(timings) - 1))]:.0f} ms "
                f"(n={len(timings)}, load {os.getloadavg()[0]:.1f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
