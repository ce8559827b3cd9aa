"""Sessions under load: a cross-user canary over threads and processes, and a killed writer."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memcore.sessions import SqliteSessionStore

# One worker: a user writes turns to several sessions, carrying a canary naming the user, and
# reads them back after every write; it also tries to read a neighbour's session. It reports
# how many reads it made, how many foreign canaries it saw and how many refusals it got.
WORKER = textwrap.dedent(
    """
    import json, sys
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey, SqliteSessionStore

    def canary(tenant, user):
        return f"canary:{tenant}/{user}"

    def work(path, tenant, user, neighbour, sessions, turns):
        store = SqliteSessionStore.open(path).unwrap()
        me = Principal(tenant, user)
        mine = canary(tenant, user)
        reads = foreign = refused = 0
        for turn in range(1, turns + 1):
            for name in range(sessions):
                key = SessionKey(tenant, user, f"s{name}")
                node = Node(turn, f"{mine} q{turn}", facts=(f"{mine} fact {turn}",))
                store.append_turn(me, key, node).unwrap()
                for own in store.sessions(me).unwrap():
                    memory = store.load(me, own).unwrap()
                    reads += 1
                    for stored in memory.nodes:
                        for text in (stored.question, *stored.facts):
                            if not text.startswith(mine + " "):
                                foreign += 1
                other = SessionKey(neighbour[0], neighbour[1], "s0")
                attempt = store.load(me, other)
                if attempt.failure().code == "isolation":
                    refused += 1
        return {"reads": reads, "foreign": foreign, "refused": refused,
                "attempts": turns * sessions}

    if __name__ == "__main__":
        path, users = sys.argv[1], json.loads(sys.argv[2])
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(len(users)) as pool:
            results = list(pool.map(lambda u: work(path, u[0], u[1], u[2], 2, 4), users))
        print(json.dumps(results))
    """
)


def _users(tenants: int, per_tenant: int) -> list[tuple[str, str, tuple[str, str]]]:
    users = [(f"t{t}", f"u{u:02d}") for t in range(tenants) for u in range(per_tenant)]
    # each user's neighbour is the next user; the same user names recur in every tenant
    return [(t, u, users[(i + 1) % len(users)]) for i, (t, u) in enumerate(users)]


def _load_worker(tmp_path: Path) -> Path:
    script = tmp_path / "canary_worker.py"
    script.write_text(WORKER)
    return script


def test_canary_many_users_threads_and_processes_zero_cross_user_reads(tmp_path: Path) -> None:
    """24 users in 2 tenants (the same user names in both), 4 processes of 6 threads each."""
    path = tmp_path / "canary.db"
    SqliteSessionStore.open(path).unwrap()
    script = _load_worker(tmp_path)
    users = _users(tenants=2, per_tenant=12)
    processes = [
        subprocess.Popen(
            [sys.executable, str(script), str(path), json.dumps(users[i::4])],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(4)
    ]
    results = []
    for process in processes:
        out, _ = process.communicate(timeout=300)
        assert process.returncode == 0
        results.extend(json.loads(out))
    assert len(results) == 24
    # each user: 4 turns x 2 sessions writes, each followed by reading 1 or 2 sessions
    assert sum(result["reads"] for result in results) == 24 * (1 + 7 * 2)
    assert [result["foreign"] for result in results] == [0] * 24
    assert all(result["refused"] == result["attempts"] == 8 for result in results)
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*), SUM(turns) FROM sessions").fetchone() == (
            48,
            192,
        )
        assert connection.execute("SELECT COUNT(*) FROM session_turns").fetchone() == (192,)


# A writer that appends turns with large facts forever, printing each committed turn.
WRITER = textwrap.dedent(
    """
    import sys
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey, SqliteSessionStore

    def facts(turn):
        return tuple(f"turn {turn} fact {i} " + "x" * 2000 for i in range(10))

    store = SqliteSessionStore.open(sys.argv[1]).unwrap()
    me = Principal("acme", "writer")
    key = SessionKey("acme", "writer", "long")
    turn = 0
    while True:
        turn += 1
        store.append_turn(me, key, Node(turn, f"q{turn}", facts=facts(turn))).unwrap()
        print(f"committed {turn}", flush=True)
    """
)


@pytest.mark.parametrize("commits_before_kill", [3, 11, 24])
def test_killed_writer_loses_no_committed_turn_and_leaves_no_half_turn(
    tmp_path: Path, commits_before_kill: int
) -> None:
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey

    path = tmp_path / "killed.db"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    process = subprocess.Popen(
        [sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    committed = 0
    while committed < commits_before_kill:
        line = process.stdout.readline()
        assert line.startswith("committed "), line
        committed = int(line.split()[1])
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL

    store = SqliteSessionStore.open(path).unwrap()
    memory = store.load(Principal("acme", "writer"), SessionKey("acme", "writer", "long")).unwrap()
    turns = [node.turn for node in memory.nodes]
    assert turns == list(range(1, len(turns) + 1))
    assert len(turns) >= committed
    for node in memory.nodes:
        expected = tuple(f"turn {node.turn} fact {i} " + "x" * 2000 for i in range(10))
        assert node == Node(node.turn, f"q{node.turn}", facts=expected)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT turns FROM sessions").fetchone() == (len(turns),)
        assert connection.execute("SELECT COUNT(*) FROM session_turns").fetchone() == (len(turns),)
