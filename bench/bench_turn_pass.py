"""The hybrid final turn with and without the one-pass prefetch, next to plain searches of the
same query texts (issue 29, items 4 and 5).

    PYTHONPATH=src .venv/bin/python bench/bench_turn_pass.py --sizes 100000 450000 --ann 450000

Corpus, embeddings and conversations are those of bench_hybrid_latency.py (synthetic titled
passages, clustered unit vectors standing in for cached embeddings, queries encoded for real
by the fast encoder). For each seeded conversation, interleaved, on fresh retrievers (so no
cache carries over between the variants):

- **turn, one pass**: `search_final_turn` over the fused retriever (bm25 0.4 + dense 0.6), the
  turn's planned searches prefetched (the default);
- **turn, text by text**: the same through a wrapper without `prefetch` (the code before);
- **hybrid search of the texts**: each query text the turn plans, searched at its depth by
  the fused retriever alone (no memory rules);
- **bm25s of the texts** and **dense of the texts**: the same texts, each part alone.

Wall-clock p50/p90 per turn, the ratio of the one-pass turn to plain hybrid search of the same
texts (the memory's overhead), and the load average are printed. Not a test.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import attrs
import numpy as np

from memcore.node import Memory, Node
from memcore.search.backends.dense import DenseRetriever, Encoder, load_fast_encoder
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import DEFAULT, search_final_turn
from memcore.search.retriever import Retriever
from memcore.search.stages import SearchContext, SearchState
from memcore.search.values import Query, Ranking

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hybrid_latency import cached_bm25, cached_index, forget_vectors, unit_vectors
from bench_search import SEED, conversation, final_revision, titled_corpus


@attrs.frozen
class TextByText:
    """The retriever without `prefetch`: every search answered on its own."""

    inner: Retriever

    @property
    def supports_weights(self) -> bool:
        return self.inner.supports_weights

    @property
    def corpus(self) -> Corpus:
        return self.inner.corpus

    def search(self, query: Query, k: int) -> Ranking:
        return self.inner.search(query, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        return self.inner.score(query, doc_ids)


def p50_p90(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


def timed(run: Callable[[], object], encoder: Encoder | None = None) -> float:
    """Milliseconds of `run`, with `encoder`'s remembered vectors forgotten first (so each
    variant encodes its texts, as the code before `Encoder.encode_one` did)."""
    if encoder is not None:
        forget_vectors(encoder)
    started = time.perf_counter()
    run()
    return 1000 * (time.perf_counter() - started)


def make_hybrid(lexical: Retriever, dense: DenseRetriever) -> FusedRetriever:
    parts = (FusedPart("bm25", lexical, 0.4), FusedPart("dense", dense, 0.6))
    return FusedRetriever.of(parts).unwrap()


def measure_turn(
    memory: Memory, final: Node, lexical: Retriever, dense: Callable[[], DenseRetriever]
) -> dict[str, float]:
    """Milliseconds of each variant for one final turn, each on fresh retrievers (no cache
    carried over), built before its clock starts."""
    context = SearchContext(memory, final, make_hybrid(lexical, dense()), True)
    planned = DEFAULT.planned(SearchState(context, final.topic, final.query or ""))
    one_pass = make_hybrid(lexical, dense())
    text_by_text = TextByText(make_hybrid(lexical, dense()))
    fused_alone, dense_alone = make_hybrid(lexical, dense()), dense()
    encoder = dense_alone.encoder
    return {
        "turn, one pass": timed(lambda: search_final_turn(memory, final, one_pass), encoder),
        "turn, text by text": timed(
            lambda: search_final_turn(memory, final, text_by_text), encoder
        ),
        "hybrid search of the texts": timed(
            lambda: [fused_alone.search(p.query, p.depth) for p in planned], encoder
        ),
        "bm25s of the texts": timed(lambda: [lexical.search(p.query, p.depth) for p in planned]),
        "dense of the texts": timed(
            lambda: [dense_alone.search(Query.of(p.query.text), p.depth) for p in planned],
            encoder,
        ),
    }


def report(title: str, times: dict[str, list[float]]) -> None:
    print(f"\n{title}\n| variant | p50 ms | p90 ms |\n|---|---:|---:|")
    for name, values in times.items():
        p50, p90 = p50_p90(values)
        print(f"| {name} | {p50:.0f} | {p90:.0f} |")
    pairs = zip(times["turn, one pass"], times["hybrid search of the texts"], strict=True)
    ratio = statistics.median(a / b for a, b in pairs)
    print(f"turn (one pass) / hybrid search of the same texts: p50 of the ratios {ratio:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 450_000])
    parser.add_argument("--ann", type=int, nargs="*", default=[450_000])
    parser.add_argument("--exact", type=int, nargs="*", default=[100_000])
    parser.add_argument("--conversations", type=int, default=30)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "memcore-bench-hybrid"
    )
    arguments = parser.parse_args()
    encoder = load_fast_encoder(arguments.cache).unwrap()
    print(f"encoder {encoder.encoding_id}, cpus {os.cpu_count()}", flush=True)
    for size in arguments.sizes:
        corpus = titled_corpus(size)
        lexical = cached_bm25(corpus, arguments.cache / f"bm25s-{size}-{SEED}")
        exact = DenseRetriever.from_embeddings(
            corpus, encoder, True, unit_vectors("clustered", size, SEED)
        )
        makers: dict[str, Callable[[], DenseRetriever]] = {}
        if size in arguments.exact:
            makers["exact"] = functools.partial(
                DenseRetriever.from_embeddings, corpus, encoder, True, exact.embeddings
            )
        if size in arguments.ann:
            file = arguments.cache / f"hnsw-clustered-{size}-{SEED}.bin"
            makers["hnsw"] = functools.partial(
                exact.with_approximate_index, cached_index(exact.embeddings, file)
            )
        for kind, dense in makers.items():
            rng = np.random.default_rng(SEED)
            times: dict[str, list[float]] = {}
            load_before = os.getloadavg()[0]
            for turn in range(arguments.conversations + 1):
                memory, target = conversation(rng, corpus, len(corpus) // 5)
                measured = measure_turn(memory, final_revision(rng, corpus, target), lexical, dense)
                if turn == 0:
                    continue  # warm-up
                for name, value in measured.items():
                    times.setdefault(name, []).append(value)
            report(
                f"{size:,} passages, {kind} dense, n={arguments.conversations}, "
                f"load {load_before:.1f} -> {os.getloadavg()[0]:.1f}",
                times,
            )


if __name__ == "__main__":
    main()
