"""How long `memcore chat` takes to show its first answer (issue 28 item 6, issue 29 item 5).

    PYTHONPATH=src .venv/bin/python bench/bench_chat_start.py --corpus DIR/corpus/govt.jsonl \\
        [--index FOLDER] [--repeats 5]

Each repeat starts `memcore chat` in a fresh process with one question on its standard input
and reads its output as it comes: the figure is the wall time from starting the process to
the line that opens the first answer's passages (`Top N passages:`), so it counts the
interpreter's start, imports, opening the corpus and its indexes (from the cache or the
`--index` folder), loading the encoder and the writer, and the first turn. The cache must be
warm (run once before: the first run is reported apart). On a shared machine the wall time
mostly measures the queue for the cores; the CPU time the process used (user and system, to
its end just after the answer) is printed too. Not a test: figures depend on the machine and
its load, printed with them.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

QUESTION = "what are the requirements for a passport renewal?\n"


def first_answer_s(corpus: Path, index: Path | None) -> tuple[float, float]:
    """Seconds to the first answer, and the CPU seconds the chat process used in all (it ends
    right after the answer: its standard input is closed)."""
    command = [sys.executable, "-c", "import sys, memcore.cli as c; sys.exit(c.main(sys.argv[1:]))"]
    command += ["chat", "--corpus", str(corpus)]
    command += [] if index is None else ["--index", str(index)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as chat:
        assert chat.stdin is not None and chat.stdout is not None
        chat.stdin.write(QUESTION)
        chat.stdin.close()
        answered = None
        for line in chat.stdout:
            if answered is None and line.startswith("Top ") and "passages" in line:
                answered = time.perf_counter() - started
        chat.wait()
    if answered is None:
        raise RuntimeError("chat printed no answer")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return answered, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--index", type=Path, default=None)
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    print(f"cpus {os.cpu_count()}, load at start {os.getloadavg()[0]:.1f}", flush=True)
    warm_up, _ = first_answer_s(arguments.corpus, arguments.index)
    print(f"first run (warms the cache): {warm_up:.1f} s", flush=True)
    times, cpus = [], []
    for _ in range(arguments.repeats):
        answered, cpu = first_answer_s(arguments.corpus, arguments.index)
        times.append(answered)
        cpus.append(cpu)
        print(f"  {answered:.2f} s, {cpu:.2f} CPU s (load {os.getloadavg()[0]:.1f})", flush=True)
    print(
        f"first answer, warm: p50 {statistics.median(times):.2f} s, "
        f"min {min(times):.2f}, max {max(times):.2f} ({len(times)} runs); "
        f"CPU time of the whole process p50 {statistics.median(cpus):.2f} s; "
        f"load at end {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
