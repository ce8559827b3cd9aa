"""BM25 sharded over Ray: global statistics give the single index's scores bit for bit; a Ray
cluster of two nodes on 127.0.0.1, started here, serves the shards; killed actors restart and
queries meanwhile are retried, never answered from fewer shards."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("bm25s")

from cli_support import BM25
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.global_bm25 import build_shard, merge_statistics, shard_statistics
from memcore.search.backends.sharded import RetryPolicy, shard_bounds
from memcore.search.corpus import Corpus
from memcore.search.values import Passage, Query, QueryPart, Ranking

WORDS = tuple(f"w{n}" for n in range(40))


def _corpus(texts: list[list[int]]) -> Corpus:
    return Corpus(
        Passage(f"p{n:05d}", " ".join(WORDS[word] for word in words), f"Page {n // 3}")
        for n, words in enumerate(texts)
    )


def synthetic(passages: int, seed: int = 5) -> Corpus:
    """Passages of 5 to 60 words drawn Zipf-like from 40 words (many ties and shared terms)."""
    rng = np.random.default_rng(seed)
    weights = 1.0 / np.arange(1, len(WORDS) + 1)
    weights /= weights.sum()
    return _corpus(
        [list(rng.choice(len(WORDS), int(rng.integers(5, 61)), p=weights)) for _ in range(passages)]
    )


def queries(count: int, seed: int = 6) -> list[Query]:
    rng = np.random.default_rng(seed)
    return [
        Query(
            (
                QueryPart(" ".join(WORDS[i] for i in rng.choice(40, 2)), 2.0),
                QueryPart(" ".join(WORDS[i] for i in rng.choice(40, int(rng.integers(1, 5))))),
            )
        )
        for _ in range(count)
    ]


def test_shard_bounds_cover_the_collection_once() -> None:
    assert shard_bounds(10, 3) == ((0, 4), (4, 7), (7, 10))
    assert shard_bounds(2, 4) == ((0, 1), (1, 2), (2, 2), (2, 2))


@settings(deadline=None)
@given(
    texts=st.lists(st.lists(st.integers(0, 39), min_size=0, max_size=30), min_size=1, max_size=40),
    shards=st.integers(1, 5),
    seed=st.integers(0, 1000),
)
def test_global_statistics_give_the_single_index_scores_bit_for_bit(
    texts: list[list[int]], shards: int, seed: int
) -> None:
    corpus = _corpus(texts)
    single = Bm25sRetriever.build(corpus)
    parts = [Corpus(corpus.passages[start:end]) for start, end in shard_bounds(len(corpus), shards)]
    statistics = merge_statistics(shard_statistics(part) for part in parts)
    built = [build_shard(part, statistics) for part in parts]
    for query in queries(3, seed):
        expected = single.scores_of(query)
        got = np.concatenate([shard.scores_of(query) for shard in built])
        assert np.array_equal(got, expected)
        merged = Ranking.from_scores(
            ((hit.doc_id, hit.score) for shard in built for hit in shard.search(query, 10).hits),
            10,
        )
        assert merged == single.search(query, 10)


def test_the_retry_waits_grow_and_are_bounded() -> None:
    policy = RetryPolicy(attempts=6, first_wait_s=0.25, max_wait_s=1.0)
    assert [policy.wait_before(n) for n in range(1, 7)] == [0.0, 0.25, 0.5, 1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="attempts"):
        RetryPolicy(attempts=0)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(arguments: list[str], log: Path) -> subprocess.Popen[bytes]:
    """`ray start --block` in a session of its own, so that only its processes are ended."""
    command = [str(Path(sys.executable).parent / "ray"), "start", "--block", *arguments]
    command += ["--node-ip-address", "127.0.0.1", "--num-cpus", "1", "--disable-usage-stats"]
    with log.open("wb") as handle:
        return subprocess.Popen(
            command, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
        )


def _stop(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A head and a second node on 127.0.0.1, and this process connected to them."""
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    # Token authentication is on when a token file exists (~/.ray): the nodes and this driver
    # must agree, and a throwaway loopback cluster needs none.
    previous_mode = os.environ.get("RAY_AUTH_MODE")
    os.environ["RAY_AUTH_MODE"] = "disabled"
    port = _free_port()
    folder = Path(tempfile.mkdtemp(prefix="memcore-ray-"))
    head = _start(
        [
            "--head",
            "--port",
            str(port),
            "--include-dashboard",
            "false",
            "--temp-dir",
            str(folder / "ray"),
        ],
        folder / "head.log",
    )
    nodes = [head]
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                ray.init(address=f"127.0.0.1:{port}", log_to_driver=False)
                break
            except (ConnectionError, RuntimeError):
                if time.monotonic() > deadline or head.poll() is not None:
                    raise
                time.sleep(1)
        nodes.append(_start(["--address", f"127.0.0.1:{port}"], folder / "node.log"))
        while sum(node["Alive"] for node in ray.nodes()) < 2:
            if time.monotonic() > deadline or nodes[1].poll() is not None:
                pytest.fail("the second Ray node did not join")
            time.sleep(1)
        yield ray
    finally:
        ray.shutdown()
        for node in reversed(nodes):
            _stop(node)
        if previous_mode is None:
            os.environ.pop("RAY_AUTH_MODE", None)
        else:
            os.environ["RAY_AUTH_MODE"] = previous_mode


CORPUS = synthetic(1500)
SINGLE = Bm25sRetriever.build(CORPUS)
BUILDS = 12
QUICK = RetryPolicy(attempts=40, first_wait_s=0.1, max_wait_s=0.5, call_timeout_s=60)


@pytest.mark.ray
def test_sharded_top_100_and_scores_equal_the_single_index(cluster: Any) -> None:
    from memcore.search.backends.sharded import ShardedRetriever

    # Shards are placed round robin over the nodes with a soft affinity (so that a restart may
    # move), and Ray sometimes falls back to one node; a build that spreads them must come soon.
    for _ in range(BUILDS):
        sharded = ShardedRetriever.build(CORPUS, 3, policy=QUICK)
        nodes = set(cluster.get([sharded.actor(n).node.remote() for n in range(3)]))
        if len(nodes) == 2:
            break
        for n in range(3):
            cluster.kill(sharded.actor(n), no_restart=True)
    assert len(nodes) == 2  # the shards are spread over both nodes
    for query in queries(25):
        assert sharded.search(query, 100) == SINGLE.search(query, 100)
    ids = ["p00000", "p00700", "p01499", "p00001", "p00700"]
    query = queries(1)[0]
    assert sharded.score(query, ids) == SINGLE.score(query, ids)
    with pytest.raises(KeyError, match="nope"):
        sharded.score(query, ["nope"])


@pytest.mark.ray
def test_a_killed_actor_restarts_and_no_answer_misses_its_shard(cluster: Any) -> None:
    from memcore.search.backends.sharded import ShardedRetriever

    sharded = ShardedRetriever.build(CORPUS, 3, policy=QUICK, max_restarts=5)
    stream = queries(20, seed=9)
    for number, query in enumerate(stream):
        if number in (5, 12):
            # Killed mid-stream; the next query is asked while Ray restarts it.
            cluster.kill(sharded.actor(number % 3), no_restart=False)
        assert sharded.search(query, 100) == SINGLE.search(query, 100)
        assert sharded.score(query, ["p00600", "p01200"]) == SINGLE.score(
            query, ["p00600", "p01200"]
        )


def _wait_until_dead(ray: Any, actor: Any, query: Query, limit_s: float = 60.0) -> None:
    """`ray.kill` returns before the actor is gone: wait (bounded) until a call to it fails."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        try:
            ray.get(actor.search.remote(query, 1), timeout=10)
        except Exception:  # any failure of the call means the actor is gone
            return
        time.sleep(0.1)
    raise AssertionError(f"the killed actor still answered after {limit_s} s")


@pytest.mark.ray
def test_a_shard_that_stays_down_is_a_typed_error(cluster: Any) -> None:
    from memcore.search.backends.sharded import ShardDownError, ShardedRetriever, ShardUnavailable

    policy = RetryPolicy(attempts=3, first_wait_s=0.05, max_wait_s=0.1, call_timeout_s=30)
    sharded = ShardedRetriever.build(CORPUS, 2, policy=policy, max_restarts=0)
    query = queries(1)[0]
    assert sharded.search(query, 10) == SINGLE.search(query, 10)
    cluster.kill(sharded.actor(1), no_restart=True)
    _wait_until_dead(cluster, sharded.actor(1), query)
    error = sharded.try_search(query, 10).failure()
    assert isinstance(error, ShardUnavailable)
    assert (error.shard, error.attempts) == (1, 3)
    with pytest.raises(ShardDownError, match="shard 1 unavailable after 3 attempts"):
        sharded.search(query, 10)
    # Ids owned by the shard still up are answered; those of the lost one are not.
    assert sharded.score(query, ["p00000"]) == SINGLE.score(query, ["p00000"])
    assert isinstance(sharded.try_score(query, ["p01499"]).failure(), ShardUnavailable)


@pytest.mark.ray
def test_memcore_run_with_sharded_backend_on_the_cluster_ranks_as_bm25s(
    cluster: Any, tmp_path: Path
) -> None:
    from memcore.cli import main
    from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions

    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    lines = (
        json.dumps({"_id": p.id, "title": p.title, "text": p.text}) for p in CORPUS.passages[:300]
    )
    corpus.write_text("\n".join(lines) + "\n")
    earlier = (Turn("tell me about w3 and w17", "They are words."),)
    finals = ["what about w5?", "and w20 w21", "no, I meant w17"]
    write_questions(
        questions,
        [
            Question(
                f"q{n}", f"c{n}", Dialogue(earlier, final), Judgement("natural", ("p00001",), ())
            )
            for n, final in enumerate(finals)
        ],
    )
    address = cluster.get_runtime_context().gcs_address
    runs = {}
    for backend, extra in (("sharded:3", ["--ray", address]), ("bm25s", ["--no-cache"])):
        output = tmp_path / f"{backend.replace(':', '-')}.trec"
        arguments = [
            "run",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--quiet",
        ]
        assert main([*arguments, "--output", str(output), "--backend", backend, *extra]) == 0
        runs[backend] = [line.split()[:5] for line in output.read_text().splitlines()]
    assert runs["sharded:3"] == runs["bm25s"] and runs["bm25s"]
