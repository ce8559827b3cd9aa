"""Per-turn latency of the full search pipeline with hybrid retrieval, and the ANN's recall.

    PYTHONPATH=src .venv/bin/python bench/bench_hybrid_latency.py --sizes 100000 450000 \
        --ann 450000

For each size: the synthetic titled corpus of bench_search.py, its bm25s index, and passage
embeddings standing in for precomputed ones (encoding 450k passages is what the embeddings
cache is for), of the model's shape (384 dims, float32): by default **clustered** unit vectors
(a Gaussian mixture around `CENTRES` random centres, normalised; neighbours have cosine about
.6, as real sentence embeddings of one topic do), or `--vectors uniform` random unit vectors
(no neighbourhood structure: the worst case for a graph index). Queries are encoded for real
by the fast encoder (`load_fast_encoder`). Exact dense search where `--exact` sizes say so,
through the hnswlib index where `--ann` sizes say so; the hnswlib and bm25s indexes are built
once and kept in `--cache`. Recall@100 of the index against exact search is measured on
queries drawn like the rows.

For each seeded conversation, on retrievers built before the clock starts (fused: bm25 and
dense with the tuned weights), four variants (`VARIANTS`):

- the final turn's `search_final_turn`, cold (nothing remembered, the encoder's remembered
  vectors forgotten);
- plain hybrid search of the query texts that turn plans, each at its depth, cold;
- the final turn after the conversation's earlier turns were searched on the same retrievers
  (as in chat and in a run);
- plain hybrid search of its texts after the same earlier turns.

Wall-clock and CPU time (`time.process_time`, all threads) p50 / p90 per variant, the p50 of
the per-turn ratios of turn to plain search, the texts the final turn encoded after the earlier
turns, and the load average are printed. Not a test: figures depend on the (shared) machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import numpy as np

from memcore.node import Memory, Node
from memcore.search.backends.ann import ApproximateIndex
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.dense import (
    DenseRetriever,
    Encoder,
    load_fast_encoder,
    normalise_rows,
)
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import DEFAULT, search_final_turn
from memcore.search.retrieval import TUNED_DENSE_WEIGHT, TUNED_LEXICAL_WEIGHT
from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.stages import SearchContext, SearchState

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


def planned_searches(
    memory: Memory, final: Node, retriever: Retriever
) -> tuple[PlannedSearch, ...]:
    """The searches the final turn's pipeline plans (each query text at its depth)."""
    context = SearchContext(memory, final, retriever, True)
    return DEFAULT.planned(SearchState(context, final.topic, final.query or ""))


def earlier_turns(memory: Memory) -> tuple[tuple[Memory, Node], ...]:
    """Each history turn from the second as the final turn it was when asked (the question
    as its query, no answer yet), with the nodes before it: what chat and a run search
    before the conversation's last turn."""
    nodes = memory.nodes
    return tuple(
        (
            Memory(nodes[:turn]),
            attrs.evolve(nodes[turn - 1], answer="", query=nodes[turn - 1].question),
        )
        for turn in range(2, len(nodes) + 1)
    )


def remembered_texts(encoder: Encoder) -> frozenset[str]:
    """The texts whose vectors `encoder` remembers (none before `Encoder.encode_one`, so that
    this bench also measures the code before it)."""
    memo = getattr(encoder, "remembered", None)
    return frozenset() if memo is None else frozenset(memo.texts)


def forget_vectors(encoder: Encoder) -> None:
    memo = getattr(encoder, "remembered", None)
    if memo is not None:
        memo.clear()


@attrs.frozen
class Fresh:
    """Retrievers with nothing remembered (the bm25s arrays, embeddings and graph shared),
    over an encoder whose remembered vectors are forgotten first."""

    lexical: Bm25sRetriever
    dense: DenseRetriever

    def fused(self) -> FusedRetriever:
        """A fused retriever (tuned weights) over fresh copies of the parts; built before any
        clock starts (checking a 450k fusion's ids takes longer than a turn)."""
        forget_vectors(self.dense.encoder)
        parts = (
            FusedPart("bm25", attrs.evolve(self.lexical), TUNED_LEXICAL_WEIGHT),
            FusedPart("dense", attrs.evolve(self.dense), TUNED_DENSE_WEIGHT),
        )
        return FusedRetriever(parts)


@attrs.frozen
class Timed:
    wall_ms: float
    cpu_ms: float


def timed(run: Callable[[], object]) -> Timed:
    started, used = time.perf_counter(), time.process_time()
    run()
    return Timed(1000 * (time.perf_counter() - started), 1000 * (time.process_time() - used))


VARIANTS = (
    "final turn, cold",
    "plain hybrid of its texts, cold",
    "final turn after the earlier turns",
    "plain hybrid of its texts after the earlier turns",
)


def one_conversation(
    memory: Memory, final: Node, fresh: Fresh
) -> tuple[dict[str, Timed], int, int]:
    """Each variant's time for one conversation's final turn, the number of query texts it
    plans, and how many of them were encoded in the final turn after the earlier turns ran
    (the rest were remembered from those turns)."""
    planned = planned_searches(memory, final, fresh.fused())

    def plain(retriever: FusedRetriever) -> Callable[[], object]:
        return lambda: [retriever.search(search.query, search.depth) for search in planned]

    def after_earlier_turns() -> FusedRetriever:
        retriever = fresh.fused()
        for history, asked in earlier_turns(memory):
            search_final_turn(history, asked, retriever).unwrap()
        return retriever

    cold = fresh.fused()
    times = {VARIANTS[0]: timed(lambda: search_final_turn(memory, final, cold).unwrap())}
    times[VARIANTS[1]] = timed(plain(fresh.fused()))
    warm = after_earlier_turns()
    remembered = remembered_texts(fresh.dense.encoder)
    times[VARIANTS[2]] = timed(lambda: search_final_turn(memory, final, warm).unwrap())
    encoded = len(remembered_texts(fresh.dense.encoder) - remembered)
    times[VARIANTS[3]] = timed(plain(after_earlier_turns()))
    texts = len({search.query.text for search in planned})
    return times, texts, encoded


def p50_p90(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{statistics.median(ordered):.0f} / {p90:.0f}"


def measure(fresh: Fresh, corpus: Corpus, conversations: int, label: str) -> None:
    """Print each variant's wall and CPU p50 / p90 over seeded conversations (one warm-up
    conversation first), the turn-to-plain ratios and the texts encoded per final turn."""
    rng = np.random.default_rng(SEED)
    pages = len(corpus) // 5
    load_before = os.getloadavg()[0]
    times: dict[str, list[Timed]] = {name: [] for name in VARIANTS}
    texts, encoded = [], []
    for number in range(conversations + 1):
        memory, target = conversation(rng, corpus, pages)
        measured, planned, new = one_conversation(
            memory, final_revision(rng, corpus, target), fresh
        )
        if number == 0:
            continue
        for name, value in measured.items():
            times[name].append(value)
        texts.append(planned)
        encoded.append(new)
    print(
        f"\n{label}, n={conversations}, load {load_before:.1f} -> {os.getloadavg()[0]:.1f}\n"
        "| variant | wall p50 / p90 ms | CPU p50 / p90 ms |\n|---|---:|---:|"
    )
    for name, values in times.items():
        walls, cpus = [v.wall_ms for v in values], [v.cpu_ms for v in values]
        print(f"| {name} | {p50_p90(walls)} | {p50_p90(cpus)} |")
    for turn, plain in (
        (VARIANTS[0], VARIANTS[1]),
        (VARIANTS[2], VARIANTS[1]),
        (VARIANTS[2], VARIANTS[3]),
    ):
        for kind in ("wall_ms", "cpu_ms"):
            ratio = statistics.median(
                getattr(a, kind) / getattr(b, kind)
                for a, b in zip(times[turn], times[plain], strict=True)
            )
            print(f"{turn} / {plain}, {kind[:-3]}: p50 of the ratios {ratio:.2f}x")
    print(
        f"query texts per final turn: {statistics.mean(texts):.1f}; encoded in the final turn "
        f"after the earlier turns: {statistics.mean(encoded):.1f} (min {min(encoded)}, "
        f"max {max(encoded)})",
        flush=True,
    )


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
            label = f"{size:,} passages, {name} dense"
            measure(Fresh(lexical, searched), corpus, arguments.conversations, label)


if __name__ == "__main__":
    main()
