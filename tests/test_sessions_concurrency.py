"""Sessions under load, on every store: a cross-user canary over threads and processes, and a
killed writer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memcore.sessions import close_store, open_store
from session_stores import StoreTarget

# One worker: a user writes turns to several sessions, carrying a canary naming the user, and
# reads them back after every write; it also tries to read a neighbour's session. It reports
# how many reads it made, how many foreign canaries it saw and how many refusals it got.
WORKER = textwrap.dedent(
    """
    import json, sys
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey, open_store

    def canary(tenant, user):
        return f"canary:{tenant}/{user}"

    def work(store, tenant, user, neighbour, sessions, turns):
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
        target, users = sys.argv[1], json.loads(sys.argv[2])
        # One store per process, shared by its threads (a PostgreSQL store pools connections).
        store = open_store(target).unwrap()
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(len(users)) as pool:
            results = list(pool.map(lambda u: work(store, u[0], u[1], u[2], 2, 4), users))
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


def test_canary_many_users_threads_and_processes_zero_cross_user_reads(
    tmp_path: Path, store_target: StoreTarget
) -> None:
    """24 users in 2 tenants (the same user names in both), 4 processes of 6 threads each."""
    close_store(open_store(store_target.target).unwrap())
    script = _load_worker(tmp_path)
    users = _users(tenants=2, per_tenant=12)
    processes = [
        subprocess.Popen(
            [sys.executable, str(script), store_target.target, json.dumps(users[i::4])],
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
    assert store_target.rows("SELECT COUNT(*), SUM(turns) FROM sessions") == [(48, 192)]
    assert store_target.rows("SELECT COUNT(*) FROM session_turns") == [(192,)]


# A writer that appends turns with large facts forever, printing each committed turn.
WRITER = textwrap.dedent(
    """
    import sys
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey, open_store

    def facts(turn):
        return tuple(f"turn {turn} fact {i} " + "x" * 2000 for i in range(10))

    store = open_store(sys.argv[1]).unwrap()
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
    tmp_path: Path, store_target: StoreTarget, commits_before_kill: int
) -> None:
    from memcore.node import Node
    from memcore.sessions import Principal, SessionKey

    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    process = subprocess.Popen(
        [sys.executable, str(script), store_target.target], stdout=subprocess.PIPE, text=True
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

    store = open_store(store_target.target).unwrap()
    memory = store.load(Principal("acme", "writer"), SessionKey("acme", "writer", "long")).unwrap()
    close_store(store)
    turns = [node.turn for node in memory.nodes]
    assert turns == list(range(1, len(turns) + 1))
    assert len(turns) >= committed
    for node in memory.nodes:
        expected = tuple(f"turn {node.turn} fact {i} " + "x" * 2000 for i in range(10))
        assert node == Node(node.turn, f"q{node.turn}", facts=expected)
    if store_target.kind == "sqlite":
        assert store_target.rows("PRAGMA integrity_check") == [("ok",)]
    assert store_target.rows("SELECT turns FROM sessions") == [(len(turns),)]
    assert store_target.rows("SELECT COUNT(*) FROM session_turns") == [(len(turns),)]
