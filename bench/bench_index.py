"""Build time, disk and memory of `memcore index` folders, and serving from them (issue 29,
item 5).

    PYTHONPATH=src .venv/bin/python bench/bench_index.py --passages 2000000 --shards 1 2 4

The synthetic corpus of bench_backends.py (100-word passages, five to a titled page) is
written once as a JSONL file in `--work`. For each shard count, in a fresh child process (so
each peak is its own): `build_index_folder` (BM25 with global statistics; with `--vectors`,
stand-in embeddings of the model's shape, 384 float32 values a passage, so the dense part's
disk and memory are counted without hours of encoding), its wall time, its peak resident
memory (`ru_maxrss`), the folder's size on disk per shard; then the folder is opened
(`open_index_folder`, every shard memory-mapped and checksummed), with the resident memory
after opening and after 100 top-100 queries, and the query p50/p90. The driver process still
loads the corpus whole to serve it (the corpus kept on disk is not built yet), so its own
memory is reported apart. With `--ray`, the folders already built are served instead from
one local Ray actor per shard (`serve_on_ray`): the driver's catalogue (ids, titles, offsets),
each actor's resident memory after opening and after the queries, and the query p50/p90
through Ray. Not a test: figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

DIMENSION = 384


def resident_mib() -> float:
    """This process's resident memory now (Linux /proc), in MiB."""
    with open("/proc/self/statm", encoding="ascii") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def write_corpus(passages: int, file: Path) -> None:
    from bench_backends import synthetic_corpus

    if file.exists():
        return
    corpus = synthetic_corpus(passages)
    with file.open("w", encoding="utf-8") as handle:
        for passage in corpus.passages:
            row = {"_id": passage.id, "title": passage.title, "text": passage.text}
            handle.write(json.dumps(row) + "\n")


class StandInEncoder:
    """Unit vectors seeded by the text: the model's output shape at no encoding cost."""

    encoding_id = "stand-in@384"
    dimension = DIMENSION

    def encode(
        self, texts: Sequence[str], batch_size: int = 32, show_progress: bool = False
    ) -> Any:
        rng = np.random.default_rng(len(texts))
        rows = rng.standard_normal((len(texts), DIMENSION)).astype(np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    def encode_batches(
        self, texts: Sequence[str], batches: Sequence[Sequence[int]], show_progress: bool = False
    ) -> Any:
        return self.encode(texts)

    def encode_one(self, text: str) -> Any:
        return self.encode([text])[0]

    def encode_each(self, texts: Sequence[str]) -> tuple[Any, ...]:
        return tuple(self.encode_one(text) for text in texts)


def folder_mib(folder: Path) -> float:
    return sum(file.stat().st_size for file in folder.rglob("*") if file.is_file()) / 2**20


def one_build(corpus_file: Path, folder: Path, shards: int, vectors: bool) -> dict[str, Any]:
    """Build one folder; runs in its own process."""
    from memcore.search.backends.index_folder import build_index_folder

    encoder: Any = StandInEncoder() if vectors else None
    cpu_started, started = time.process_time(), time.perf_counter()
    manifest = build_index_folder(corpus_file, folder, shards, encoder).unwrap()
    return {
        "shards": shards,
        "passages": manifest.passage_count,
        "build_s": round(time.perf_counter() - started, 1),
        # CPU seconds of the build process (all its threads): what a busy machine's wall
        # time hides.
        "build_cpu_s": round(time.process_time() - cpu_started, 1),
        "build_peak_mib": round(peak_mib()),
        "disk_mib_per_shard": [round(folder_mib(folder / e.name)) for e in manifest.shards],
        "load": os.getloadavg()[0],
    }


def one_serve(corpus_file: Path, folder: Path, vectors: bool) -> dict[str, Any]:
    """Serve one folder; runs in its own process, after the build's."""
    from memcore.search.backends.index_folder import open_index_folder
    from memcore.search.corpus_io import load_corpus
    from memcore.search.values import Query

    encoder: Any = StandInEncoder() if vectors else None
    before_corpus = resident_mib()
    loaded = load_corpus(corpus_file).unwrap()
    corpus_mib = resident_mib() - before_corpus
    before_open = resident_mib()
    started = time.perf_counter()
    served = open_index_folder(folder, loaded.corpus, loaded.content_hash, encoder).unwrap()
    open_s = time.perf_counter() - started
    opened_mib = resident_mib() - before_open
    rng = np.random.default_rng(7)
    texts = [
        passage.text for passage in loaded.corpus.passages[:: max(1, len(loaded.corpus) // 110)]
    ]
    times = []
    for number, text in enumerate(texts[:110]):
        words = text.split()
        start = int(rng.integers(0, max(1, len(words) - 6)))
        query = Query.of(" ".join(words[start : start + 6]))
        began = time.perf_counter()
        served.lexical.search(query, 100)
        if number >= 10:
            times.append(1000 * (time.perf_counter() - began))
    ordered = sorted(times)
    return {
        "corpus_in_driver_mib": round(corpus_mib),
        "open_s": round(open_s, 2),
        "resident_after_open_mib": round(opened_mib),
        "resident_after_queries_mib": round(resident_mib() - before_open),
        "bm25_top100_p50_ms": round(statistics.median(ordered), 2),
        "bm25_top100_p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
        "load": os.getloadavg()[0],
    }


def ray_serve(corpus_file: Path, folder: Path, vectors: bool) -> dict[str, Any]:
    """Serve one folder from Ray actors, one per shard (a local Ray); runs in its own process.
    The driver reads the corpus as a catalogue; each actor's resident memory is read from
    inside it, after opening and after the queries."""
    import ray

    from memcore.search.backends.ray_index import serve_on_ray
    from memcore.search.corpus_catalogue import read_catalogue
    from memcore.search.corpus_stream import stream_passages
    from memcore.search.values import Query

    before_catalogue = resident_mib()
    started = time.perf_counter()
    catalogue = read_catalogue(corpus_file).unwrap()
    catalogue_s = time.perf_counter() - started
    catalogue_mib = resident_mib() - before_catalogue
    ray.init(include_dashboard=False, log_to_driver=False)
    before_open = resident_mib()
    started = time.perf_counter()
    loader: Any = StandInEncoder if vectors else None
    served = serve_on_ray(folder, catalogue.corpus, catalogue.content_hash, loader).unwrap()
    open_s = time.perf_counter() - started
    opened_mib = resident_mib() - before_open
    actors = [served.shards.actor(shard) for shard in range(served.shards.count)]
    after_open = ray.get([actor.resident_mib.remote() for actor in actors])
    rng = np.random.default_rng(7)
    step = max(1, len(catalogue.corpus) // 110)
    texts = [p.text for n, p in enumerate(stream_passages(corpus_file)) if n % step == 0][:110]
    times = []
    for number, text in enumerate(texts):
        words = text.split()
        start = int(rng.integers(0, max(1, len(words) - 6)))
        query = Query.of(" ".join(words[start : start + 6]))
        began = time.perf_counter()
        served.lexical.search(query, 100)
        if number >= 10:
            times.append(1000 * (time.perf_counter() - began))
    after_queries = ray.get([actor.resident_mib.remote() for actor in actors])
    ordered = sorted(times)
    ray.shutdown()
    return {
        "actors": len(actors),
        "catalogue_s": round(catalogue_s, 1),
        "catalogue_in_driver_mib": round(catalogue_mib),
        "driver_after_open_mib": round(opened_mib),
        "open_s": round(open_s, 2),
        "actor_resident_after_open_mib": [round(value) for value in after_open],
        "actor_resident_after_queries_mib": [round(value) for value in after_queries],
        "bm25_top100_p50_ms": round(statistics.median(ordered), 2),
        "bm25_top100_p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
        "load": os.getloadavg()[0],
    }


def encode_rate(corpus_file: Path, sample: int) -> dict[str, Any]:
    """The fast encoder's rate on the corpus's first `sample` passages (what embedding the
    whole corpus would take at that rate): wall time and, as the machine is shared, the rate
    two dedicated cores would give at the CPU time used."""
    import itertools

    from memcore.cache import cache_root
    from memcore.search.backends.dense import load_fast_encoder, passage_texts
    from memcore.search.corpus import Corpus
    from memcore.search.corpus_stream import stream_passages

    encoder = load_fast_encoder(cache_root()).unwrap()
    texts = passage_texts(Corpus(itertools.islice(stream_passages(corpus_file), sample)))
    encoder.encode(texts[:32])  # the session's first run is slower
    cpu_started, started = time.process_time(), time.perf_counter()
    encoder.encode(texts)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return {
        "encoder": encoder.encoding_id,
        "passages": len(texts),
        "passages_per_s_wall": round(len(texts) / wall, 1),
        "passages_per_s_two_cores_by_cpu": round(2 * len(texts) / cpu, 1),
        "load": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--passages", type=int, default=2_000_000)
    parser.add_argument("--shards", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--vectors", action="store_true", help="stand-in embeddings too")
    parser.add_argument("--work", type=Path, default=Path("/tmp/memcore-bench-index"))
    parser.add_argument(
        "--ray", action="store_true", help="serve the folders already built from Ray actors"
    )
    parser.add_argument(
        "--encode-sample", type=int, default=0, help="only time the fast encoder on N passages"
    )
    parser.add_argument("--child", nargs=3, default=None, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    corpus_file = arguments.work / f"corpus-{arguments.passages}.jsonl"
    if arguments.child is not None:
        mode, shards, folder = arguments.child[0], int(arguments.child[1]), Path(arguments.child[2])
        if mode == "build":
            print(json.dumps(one_build(corpus_file, folder, shards, arguments.vectors)))
        elif mode == "ray":
            print(json.dumps(ray_serve(corpus_file, folder, arguments.vectors)))
        else:
            print(json.dumps(one_serve(corpus_file, folder, arguments.vectors)))
        return
    arguments.work.mkdir(parents=True, exist_ok=True)
    write_corpus(arguments.passages, corpus_file)
    if arguments.encode_sample:
        print(json.dumps(encode_rate(corpus_file, arguments.encode_sample)))
        return
    print(f"cpus {os.cpu_count()}, load at start {os.getloadavg()[0]:.1f}", flush=True)
    for shards in arguments.shards:
        folder = arguments.work / f"index-{arguments.passages}-{shards}"
        for mode in ("ray",) if arguments.ray else ("build", "serve"):
            command = [sys.executable, __file__, "--passages", str(arguments.passages)]
            command += ["--work", str(arguments.work), "--child", mode, str(shards), str(folder)]
            command += ["--vectors"] if arguments.vectors else []
            result = subprocess.run(command, capture_output=True, text=True, check=True)
            print(result.stdout.strip().splitlines()[-1], flush=True)


if __name__ == "__main__":
    main()
