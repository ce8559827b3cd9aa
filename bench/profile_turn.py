"""Where the hybrid final turn spends its time on the calling thread: the parts' prefetch
(BM25 sums, and waiting for the query encoding and dense search on other threads), what is
encoded and searched outside it, BM25 (search and score), and the rest (fusion, the memory's
rules).

    PYTHONPATH=src .venv/bin/python bench/profile_turn.py --size 50000 --ann --conversations 20

The corpus, embeddings and conversations of bench_turn_pass.py. First, unprofiled, the turns
are timed by CPU (all threads of the process: the figure that compares under load), the
parts' prefetch and the calling thread's work after it apart; then the one-pass final turn
(the default) is run under cProfile on fresh retrievers, one conversation after another,
after one warm-up turn. Each part's share is the cumulative profiled time of its entry points
over the turns' total; the profiler's own cost inflates the many small Python calls (BM25
scoring and fusion) more than the few large native ones (encoding, hnswlib), so read the
shares as indications. Not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from memcore.node import Memory, Node
from memcore.search.backends.dense import DenseRetriever, load_fast_encoder
from memcore.search.pipeline import DEFAULT, final_topic, search_final_turn
from memcore.search.retriever import Retriever, prefetch_searches
from memcore.search.stages import Phase, SearchContext, SearchState

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hybrid_latency import (
    cached_bm25,
    cached_index,
    forget_vectors,
    remembered_texts,
    unit_vectors,
)
from bench_search import SEED, conversation, final_revision, titled_corpus
from bench_turn_pass import make_hybrid

# The entry points of each part (file name ending, function name), none calling another's.
# cProfile sees the calling thread only: the fused retriever prefetches its parts side by
# side, the BM25 part's sums on the calling thread and the dense part (encoding, hnswlib) on
# another, so the prefetch is one part here, its wall time on the calling thread.
PARTS = {
    "the parts' prefetch, side by side (fused.prefetch)": (("search/fused.py", "prefetch"),),
    "query encoding outside the prefetch": (("backends/dense.py", "_encode_batch"),),
    "dense search outside the prefetch (hnswlib / exact products)": (
        ("backends/ann.py", "nearest_many"),
        ("backends/dense.py", "similarities"),
    ),
    "bm25s (search + score)": (
        ("backends/bm25s_backend.py", "search"),
        ("backends/bm25s_backend.py", "score"),
    ),
}


def timed_turn(memory: Memory, final: Node, retriever: Retriever) -> tuple[float, float, float]:
    """CPU ms of one final turn run as `search_final_turn` runs it (no history node of the
    final turn, a writer query given): the whole turn and the parts' prefetch (all threads),
    and the calling thread's after the prefetch (the stages, fusion and rules)."""
    context = SearchContext(memory, final, retriever, DEFAULT.uses_titles(retriever))
    writer_query = final.query if final.query else final.question
    state = DEFAULT.prepared(SearchState(context, final_topic(memory, final), writer_query))
    started = time.process_time()
    prefetch = after = 0.0
    fetched = False
    for position, stage in enumerate(DEFAULT.stages):
        if not fetched and stage.phase > Phase.REWRITE:
            before = time.process_time()
            prefetch_searches(retriever, DEFAULT.planned(state, position))
            prefetch = time.process_time() - before
            after = time.thread_time()
            fetched = True
        state = stage.run(state)
    after = time.thread_time() - after
    return 1000 * (time.process_time() - started), 1000 * prefetch, 1000 * after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=50_000)
    parser.add_argument("--ann", action="store_true", help="search through an hnswlib graph")
    parser.add_argument("--conversations", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2, help="unprofiled timed rounds")
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "memcore-bench-hybrid"
    )
    arguments = parser.parse_args()
    encoder = load_fast_encoder(arguments.cache).unwrap()
    corpus = titled_corpus(arguments.size)
    lexical = cached_bm25(corpus, arguments.cache / f"bm25s-{arguments.size}-{SEED}")
    exact = DenseRetriever.from_embeddings(
        corpus, encoder, True, unit_vectors("clustered", arguments.size, SEED)
    )
    graph = (
        cached_index(
            exact.embeddings, arguments.cache / f"hnsw-clustered-{arguments.size}-{SEED}.bin"
        )
        if arguments.ann
        else None
    )

    def dense() -> DenseRetriever:
        fresh = DenseRetriever.from_embeddings(corpus, encoder, True, exact.embeddings)
        return fresh if graph is None else fresh.with_approximate_index(graph)

    rng = np.random.default_rng(SEED)
    turns = []
    for _turn in range(arguments.conversations + 1):
        memory, target = conversation(rng, corpus, len(corpus) // 5)
        turns.append((memory, final_revision(rng, corpus, target)))
    for round_number in range(arguments.rounds):
        timed = []
        for memory, final in turns:
            hybrid = make_hybrid(lexical, dense())
            forget_vectors(encoder)
            timed.append(timed_turn(memory, final, hybrid))
        turn_ms, prefetch_ms, after_ms = (
            statistics.median(c) for c in zip(*timed[1:], strict=True)
        )
        print(
            f"round {round_number + 1}, unprofiled, CPU p50 per cold final turn: {turn_ms:.1f} ms "
            f"(the prefetch, all threads: {prefetch_ms:.1f} ms; after it, calling thread: "
            f"{after_ms:.1f} ms); load {os.getloadavg()[0]:.1f}",
            flush=True,
        )

    rng = np.random.default_rng(SEED)
    profile = cProfile.Profile()
    load_before = os.getloadavg()[0]
    encoded = 0
    for turn in range(arguments.conversations + 1):
        memory, target = conversation(rng, corpus, len(corpus) // 5)
        final = final_revision(rng, corpus, target)
        hybrid = make_hybrid(lexical, dense())
        forget_vectors(encoder)  # each turn encodes its texts, as from a cold start
        if turn == 0:
            search_final_turn(memory, final, hybrid)  # warm-up
            continue
        profile.enable()
        search_final_turn(memory, final, hybrid)
        profile.disable()
        encoded += len(remembered_texts(encoder))
    stats = pstats.Stats(profile)
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values())  # every function's own time
    print(
        f"{arguments.size:,} passages, {'hnswlib' if graph is not None else 'exact'} dense, "
        f"{arguments.conversations} turns, load {load_before:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    print(f"profiled time per turn: {1000 * total / arguments.conversations:.0f} ms")
    cumulative = {(file, name): entry[3] for (file, _line, name), entry in table.items()}
    print(f"texts encoded per turn: {encoded / arguments.conversations:.1f}")
    accounted = 0.0
    for part, entries in PARTS.items():
        spent = sum(
            seconds
            for (file, name), seconds in cumulative.items()
            for suffix, wanted in entries
            if file.endswith(suffix) and name == wanted
        )
        accounted += spent
        print(f"| {part} | {1000 * spent / arguments.conversations:.1f} ms | {spent / total:.0%} |")
    rest = total - accounted
    print(
        f"| the rest (fusion, the memory's rules, Python) | "
        f"{1000 * rest / arguments.conversations:.1f} ms | {rest / total:.0%} |"
    )


if __name__ == "__main__":
    main()
