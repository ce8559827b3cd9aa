"""What encoding a turn's query texts in one batch would change (issue 29, item 4).

    MEMCORE_CACHE=... PYTHONPATH=src .venv/bin/python bench/bench_batch_encoding.py \\
        --corpus govt.jsonl --questions dev/govt.jsonl

The questions' final texts are taken nine at a time (a turn's count in the synthetic bench),
encoded by the fast encoder once text by text and once as one batch; against the corpus's
cached embeddings (from `open_dense`), the share of each text's exact top 10 kept by the batch
vector, the largest difference between the two vectors, and the encoding times (wall, and CPU time
of all threads, the figure that compares under load) are printed.
Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

import numpy as np

from memcore.search.backends.dense_cache import open_dense
from memcore.search.corpus_io import load_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--turn", type=int, default=9)
    arguments = parser.parse_args()
    loaded = load_corpus(arguments.corpus).unwrap()
    dense, _cached = open_dense(loaded.corpus, loaded.content_hash).unwrap()
    with arguments.questions.open(encoding="utf-8") as handle:
        texts = [json.loads(line)["final"] for line in handle if line.strip()]
    encoder, embeddings = dense.encoder, dense.embeddings
    kept, differences, single_ms, batch_ms = [], [], [], []
    single_cpu, batch_cpu = [], []
    for start in range(0, len(texts) - arguments.turn + 1, arguments.turn):
        turn = texts[start : start + arguments.turn]
        began, cpu = time.perf_counter(), time.process_time()
        alone = np.stack([encoder.encode([text])[0] for text in turn])
        single_ms.append(1000 * (time.perf_counter() - began))
        single_cpu.append(1000 * (time.process_time() - cpu))
        began, cpu = time.perf_counter(), time.process_time()
        together = encoder.encode(turn, batch_size=len(turn))
        batch_ms.append(1000 * (time.perf_counter() - began))
        batch_cpu.append(1000 * (time.process_time() - cpu))
        differences.append(float(np.abs(alone - together).max()))
        for one, other in zip(alone, together, strict=True):
            first = set(np.argsort(-(embeddings @ one), kind="stable")[:10].tolist())
            second = set(np.argsort(-(embeddings @ other), kind="stable")[:10].tolist())
            kept.append(len(first & second) / 10)
    print(
        f"{encoder.encoding_id}; {len(kept)} texts in turns of {arguments.turn}; "
        f"top-10 agreement {statistics.mean(kept):.3f} (texts with all 10 kept: "
        f"{sum(k == 1.0 for k in kept)}); largest vector difference {max(differences):.2e}; "
        f"encoding per turn p50 text by text {statistics.median(single_ms):.0f} ms, one batch "
        f"{statistics.median(batch_ms):.0f} ms (CPU time, all threads: "
        f"{statistics.median(single_cpu):.0f} and {statistics.median(batch_cpu):.0f} ms); "
        f"load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
