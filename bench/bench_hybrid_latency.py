"""Per-turn latency of the full search pipeline with hybrid retrieval, and the ANN's recall.

    PYTHONPATH=src .venv/bin/python bench/bench_hybrid_latency.py --sizes 100000 450000 \
        --ann 450000

For each size: the synthetic titled corpus of bench_search.py, its bm25s index, and passage
embeddings standing in for precomputed ones (encoding 450k passages is what the embeddings
cache is for), of the model's shape (384 dims, float32): by default **clustered** unit vectors
(a Gaussian mixture around `CENTRES` random centres, normalised; neighbours have cosine about
.6, as real sentence embeddings of one topic do), or `--vectors uniform` random unit vectors
(no neighbourhood structure: the worst case for a graph index). Queries are encoded for real
by the fast encoder (`load_fast_encoder`). The final turn's full `search_final_turn` over the
fused retriever (bm25 + dense, z-scores) is timed over seeded synthetic conversations, with
exact dense search where `--exact` sizes say so and through the hnswlib index where `--ann`
sizes say so; the hnswlib and bm25s indexes are built once and kept in `--cache`. Recall@100
of the index against exact search is measured on queries drawn like the rows. Wall-clock
and CPU time (`time.process_time`, all threads) per turn and the load average are printed.
Not a test: figures depend on the (shared) machine.
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
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import search_final_turn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import SEED, conversation, final_revision, titled_corpus

DIMENSION = 384
CENTRES = 2_000
# Per-dimension spread around a centre: a row's offset has length about .75 against the
# centre's 1, so two rows of one centre have cosine about .64.
SPREAD = 0.75 / np.sqrt(DIMENSION)


def unit_vectors(kind: str, count: int, seed: int) -> np.ndarray:
    """`count` unit rows: uniform on the sphere, or clustered around seeded centres."""
    rng = np.random.default_rng(seed)
    if kind == "uniform":
        return normalise_rows(rng.normal(size=(count, DIMENSION)).astype(np.float32))
    centres = normalise_rows(
        np.random.default_rng(SEED).normal(size=(CENTRES, DIMENSION)).astype(np.float32)
    )
    rows = centres[rng.integers(0, CENTRES, size=count)]
    rows += (SPREAD * rng.standard_normal(size=(count, DIMENSION))).astype(np.float32)
    return normalise_rows(rows)


def cached_index(rows: np.ndarray, file: Path) -> ApproximateIndex:
    """The hnswlib index of `rows`, opened from `file` or built (two threads) and saved."""
    if file.exists():
        return ApproximateIndex.load(file, DIMENSION).unwrap()
    started = time.perf_counter()
    index = ApproximateIndex.build(rows, threads=2).unwrap()
    print(f"hnsw build {time.perf_counter() - started:.0f} s -> {file}", flush=True)
    index.save(file).unwrap()
    return index


def cached_bm25(corpus: Corpus, folder: Path) -> Bm25sRetriever:
    """The bm25s index of `corpus`, opened from `folder` or built and saved there."""
    opened = Bm25sRetriever.load(folder, corpus).value_or(None)
    if opened is not None:
        return opened
    lexical = Bm25sRetriever.build(corpus)
    lexical.save(folder).unwrap()
    return lexical


def recall_at_100(rows: np.ndarray, index: ApproximateIndex, kind: str, queries: int = 50) -> float:
    asked = unit_vectors(kind, queries, SEED + 1)
    found = 0
    for vector in asked:
        exact = set(np.argpartition(-(rows @ vector), 100)[:100].tolist())
        found += len(exact & set(index.nearest(vector, 100).tolist()))
    return found / (100 * queries)


def final_turn_ms(
    retriever: FusedRetriever, corpus: Corpus, conversations: int
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each seeded conversation's final turn."""
    rng = np.random.default_rng(SEED)
    pages = len(corpus) // 5
    memory, target = conversation(rng, corpus, pages)
    search_final_turn(memory, final_revision(rng, corpus, target), retriever).unwrap()
    wall, cpu = [], []
    for _ in range(conversations):
        memory, target = conversation(rng, corpus, pages)
        final = final_revision(rng, corpus, target)
        started, used = time.perf_counter(), time.process_time()
        search_final_turn(memory, final, retriever).unwrap()
        wall.append(1000 * (time.perf_counter() - started))
        cpu.append(1000 * (time.process_time() - used))
    return wall, cpu


def p50_p90(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"p50 {statistics.median(ordered):.0f} / p90 {p90:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 450_000])
    parser.add_argument("--ann", type=int, nargs="*", default=[450_000])
    parser.add_argument("--exact", type=int, nargs="*", default=[100_000, 450_000])
    parser.add_argument("--vectors", choices=("clustered", "uniform"), default="clustered")
    parser.add_argument("--conversations", type=int, default=30)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "memcore-bench-hybrid"
    )
    arguments = parser.parse_args()
    encoder = load_fast_encoder(arguments.cache).unwrap()
    print(f"encoder {encoder.encoding_id}, load {os.getloadavg()[0]:.1f}", flush=True)
    for size in arguments.sizes:
        corpus = titled_corpus(size)
        lexical = cached_bm25(corpus, arguments.cache / f"bm25s-{size}-{SEED}")
        rows = unit_vectors(arguments.vectors, size, SEED)
        dense = DenseRetriever.from_embeddings(corpus, encoder, True, rows)
        variants = [("exact", dense)] if size in arguments.exact else []
        if size in arguments.ann:
            file = arguments.cache / f"hnsw-{arguments.vectors}-{size}-{SEED}.bin"
            index = cached_index(rows, file)
            recall = recall_at_100(rows, index, arguments.vectors)
            print(f"{size}: {arguments.vectors} vectors, hnsw recall@100 {recall:.3f}", flush=True)
            variants.append(("hnsw", dense.with_approximate_index(index)))
        for name, searched in variants:
            parts = (FusedPart("bm25", lexical), FusedPart("dense", searched))
            fused = FusedRetriever.of(parts).unwrap()
            load_before = os.getloadavg()[0]
            wall, cpu = final_turn_ms(fused, corpus, arguments.conversations)
            print(
                f"{size}: hybrid final turn, {name} dense: wall {p50_p90(wall)}, "
                f"cpu {p50_p90(cpu)} (n={len(wall)}, load {load_before:.1f} -> "
                f"{os.getloadavg()[0]:.1f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
