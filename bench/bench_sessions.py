"""Cost of the SQLite session store as a session grows.

One session receives `count` turns through `append_turn`, each a node of realistic size (a
question, a 300-character answer, an operation, a topic and two facts); every append is
timed. Then the whole session is loaded back, best of `--repeat` loads. Each size uses a
fresh database file in a temporary folder, with the store's own settings (WAL,
`synchronous=FULL`: every append is a committed, fsynced transaction).

    .venv/bin/python bench/bench_sessions.py [--sizes 100 1000 10000] [--repeat 3]

Reported per size: the median and 90th percentile append time over all appends, the median
over the first and the last tenth of them (flat when append is constant time), and the full
load time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from memcore.node import Node
from memcore.operations import add
from memcore.sessions import Principal, SessionKey, SqliteSessionStore

USER = Principal("bench", "user")
SESSION = SessionKey("bench", "user", "long")
ANSWER = ("The mission carried a relay that linked the two ground stations. " * 5).strip()


def turn_node(turn: int) -> Node:
    topic = f"Orion {turn // 8}"
    return Node(
        turn,
        f"what did the crew of {topic} do on day {turn}?",
        ANSWER,
        operations=(add(topic),),
        topics=(topic,),
        facts=(f"{topic} launched in {1950 + turn % 70}", f"day {turn} was spent on repairs"),
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(count: int, repeat: int) -> tuple[list[float], float]:
    """Seconds per append, and the best full-load time."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteSessionStore.open(Path(folder) / "sessions.db").unwrap()
        costs: list[float] = []
        for turn in range(1, count + 1):
            node = turn_node(turn)
            started = time.perf_counter()
            store.append_turn(USER, SESSION, node).unwrap()
            costs.append(time.perf_counter() - started)
        loads = []
        for _ in range(repeat):
            started = time.perf_counter()
            memory = store.load(USER, SESSION).unwrap()
            loads.append(time.perf_counter() - started)
            assert len(memory) == count
    return costs, min(loads)


def main() -> None:
    parser = argparse.ArgumentParser(description="session store append and load cost")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print(
        "| turns | append median | append p90 | median, first 10% | median, last 10% | full load |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for count in arguments.sizes:
        costs, load = measure(count, arguments.repeat)
        tenth = max(1, count // 10)
        # Medians: the machine is shared, and a mean picks up every neighbour's burst.
        print(
            f"| {count:,} | {statistics.median(costs) * 1e3:.2f} ms "
            f"| {percentile(costs, 0.9) * 1e3:.2f} ms "
            f"| {statistics.median(costs[:tenth]) * 1e3:.2f} ms "
            f"| {statistics.median(costs[-tenth:]) * 1e3:.2f} ms | {load * 1e3:.1f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
