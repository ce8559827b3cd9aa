"""Measure passage encoding: passages/s and top-10 agreement of each encoding path.

    PYTHONPATH=src .venv/bin/python bench/bench_encoding.py --passages 500 --repeats 3

Passages: the first N of the MTRAG `govt` pool (title and text) from ../shared/data.
Queries: the 201 human rewrites of the govt retrieval task, plus the first 12 words of every
tenth passage. Agreement of a path against a reference: for each query, the share of the
reference's top 10 (over the N passages) that the path also ranks in its top 10, queries and
passages both encoded by the path, averaged over queries.

Speed is reported twice: wall-clock passages/s (the machine may be shared: a lower bound),
and the passages/s two dedicated cores would give at the CPU time the process used
(2 x passages / CPU seconds), each the median of `--repeats` runs. Not a test.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from memcore.search.backends.dense import Encoder, Runtime, load_encoder
from memcore.search.corpus_io import load_corpus
from memcore.search.tokenize import passage_text

ROOT = Path(__file__).resolve().parents[1]
MTRAG = ROOT.parent / "shared" / "data" / "mtrag"
TASKS = MTRAG / "ibm" / "mtrag-human" / "retrieval_tasks" / "govt" / "govt_rewrite.jsonl"


def govt_passages(count: int) -> list[str]:
    domains = {}
    with (MTRAG / "corpus_pool.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            domains[record["_id"]] = record["domain"]
    pool = load_corpus(MTRAG / "corpus_pool.jsonl").unwrap().corpus
    chosen = [passage for passage in pool.passages if domains.get(passage.id) == "govt"]
    return [passage_text(passage, True) for passage in chosen[:count]]


def queries(passages: Sequence[str]) -> list[str]:
    lines = TASKS.read_text(encoding="utf-8").splitlines()
    rewrites = [json.loads(line)["text"].replace("|user|:", "").strip() for line in lines]
    prefixes = [" ".join(passages[index].split()[:12]) for index in range(0, len(passages), 10)]
    return rewrites + prefixes


def top_ten(passages: npt.NDArray[np.float32], asked: npt.NDArray[np.float32]) -> list[set[int]]:
    order = np.argsort(-(asked @ passages.T), axis=1, kind="stable")[:, :10]
    return [set(row.tolist()) for row in order]


def agreement(reference: list[set[int]], other: list[set[int]]) -> float:
    return float(np.mean([len(ref & got) / 10 for ref, got in zip(reference, other, strict=True)]))


def timed(
    encode: Callable[[], npt.NDArray[np.float32]], count: int, repeats: int
) -> tuple[float, float, list[float], npt.NDArray[np.float32]]:
    walls: list[float] = []
    cpus: list[float] = []
    rows = np.zeros(0, dtype=np.float32)
    for _ in range(repeats):
        cpu, wall = sum(os.times()[:2]), time.perf_counter()
        rows = encode()
        walls.append(count / (time.perf_counter() - wall))
        cpus.append(2 * count / (sum(os.times()[:2]) - cpu))
    return statistics.median(walls), statistics.median(cpus), walls, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--passages", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=32)
    arguments = parser.parse_args()
    cache = Path(tempfile.mkdtemp(prefix="memcore-bench-encoding-"))
    texts = govt_passages(arguments.passages)
    asked = queries(texts)
    paths: list[tuple[str, Encoder, int]] = [
        ("torch float 256", load_encoder().unwrap(), 1),
        ("torch float 128", load_encoder(fast=True).unwrap(), arguments.repeats),
        ("torch int8 128", load_encoder(fast=True, quantise=True).unwrap(), 1),
    ]
    # (quantise, fast, repeats): the slow 256-token ONNX paths are timed once.
    for quantise, fast, repeats in (
        (False, True, arguments.repeats),
        (True, True, arguments.repeats),
        (True, False, 1),
    ):
        loaded = load_encoder(None, fast, quantise, Runtime.ONNX, cache).unwrap()
        weights = "int8" if quantise else "float"
        paths.append((f"onnx {weights} {loaded.max_tokens}", loaded, repeats))
    print(f"{len(texts)} passages, {len(asked)} queries, cpu affinity {os.sched_getaffinity(0)}")
    results = {}
    for name, encoder, repeats in paths:
        wall, per_cpu, walls, rows = timed(
            functools.partial(encoder.encode, texts, arguments.batch_size), len(texts), repeats
        )
        results[name] = (wall, per_cpu, walls, top_ten(rows, encoder.encode(asked)))
        print(f"{name}: {wall:.1f} p/s wall, {per_cpu:.1f} p/s on 2 cores by CPU time", flush=True)
    float_of = {256: results["torch float 256"][3], 128: results["torch float 128"][3]}
    print()
    print(
        "| encoding | passages/s (wall, median) | passages/s (2 cores, by CPU time) "
        "| agreement vs torch float same cut | agreement vs torch float 256 |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, (wall, per_cpu, walls, top) in results.items():
        cut = int(name.rsplit(" ", 1)[1])
        runs = ", ".join(f"{value:.1f}" for value in walls)
        print(
            f"| {name} | {wall:.1f} ({runs}) | {per_cpu:.1f} | "
            f"{agreement(float_of[cut], top):.3f} | {agreement(float_of[256], top):.3f} |"
        )


if __name__ == "__main__":
    main()
