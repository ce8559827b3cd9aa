"""What the `learned-context` writer's term reading costs a turn (issue 26 item 4).

    PYTHONPATH=src .venv/bin/python bench/bench_context_terms.py --data ../shared/data \\
        [--repeats 2]

Drives `learned-minilm` and `learned-context` over the CAsT and iKAT tuning parts as `memcore
eval-terms --part dev` does (each turn's final node written after the earlier turns) and
prints, per writer and repeat, the wall time per scored turn and, for `learned-context`, how
many texts its token cache sent to the encoder per turn. Each repeat builds a fresh writer, so
the first turns also load the encoder. Not a test: figures depend on the machine and its load,
printed with them.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from memcore.eval.datasets.cast import read_sources
from memcore.eval.datasets.rewrites import split_conversations
from memcore.eval.runs.term_run import resolve_conversations
from memcore.writers.driver import Driver
from memcore.writers.factory import writer_from_spec
from memcore.writers.learned import LearnedWriter

SOURCES = ("cast2019", "cast2020", "cast2022", "ikat2023")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--repeats", type=int, default=2)
    arguments = parser.parse_args()
    tuning, _ = split_conversations(read_sources(arguments.data, SOURCES).unwrap(), 13)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for _ in range(arguments.repeats):
        for name in ("learned-minilm", "learned-context"):
            writer = writer_from_spec(name).unwrap()
            start = time.perf_counter()
            turns = len(resolve_conversations(tuning, Driver(writer)).turns)
            seconds = time.perf_counter() - start
            context = writer.context_terms if isinstance(writer, LearnedWriter) else None
            reads = context.cache.reads if context is not None else 0
            print(
                f"{name}: {turns} turns, {1000 * seconds / turns:.1f} ms a turn, "
                f"{reads / turns:.2f} texts read a turn"
            )


if __name__ == "__main__":
    main()
