"""An index folder served from Ray actors (one per shard) ranks as the folder served in one
process, from a driver that holds no passage text; the actors map the saved shard files
rather than build anything, and reopen them after a restart (a local Ray: marked `ray`)."""

from __future__ import annotations

import hashlib
import io
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("bm25s")
pytest.importorskip("ray")

import ray

import hash_encoder_support
from cli_support import BM25
from hash_encoder_support import hash_encoder
from memcore.cli import main
from memcore.node import Memory
from memcore.search.backends.index_folder import build_index_folder, open_index_folder
from memcore.search.backends.ray_index import RayServedIndex, serve_on_ray
from memcore.search.backends.sharded import RetryPolicy, ShardUnavailable
from memcore.search.corpus_catalogue import read_catalogue
from memcore.search.corpus_io import load_corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import search_final_turn
from memcore.search.values import Query
from search_support import FIXTURE, TURN_1, TURN_2, TURN_3, TURN_4

pytestmark = pytest.mark.ray

QUERIES = ("apollo 11 moon landing", "who commanded apollo 12", "buzz aldrin montclair")
QUICK = RetryPolicy(attempts=30, first_wait_s=0.1, max_wait_s=0.5, call_timeout_s=60)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    if ray.is_initialized():
        ray.shutdown()
    # The stand-in encoder's module is not importable in Ray's workers: sent by value.
    ray.cloudpickle.register_pickle_by_value(hash_encoder_support)  # type: ignore[no-untyped-call]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
        ray.cloudpickle.unregister_pickle_by_value(hash_encoder_support)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("index") / "apollo"
    build_index_folder(FIXTURE, folder, shards=3, encoder=hash_encoder()).unwrap()
    return folder


def served_on_ray(folder: Path, policy: RetryPolicy = QUICK) -> RayServedIndex:
    catalogue = read_catalogue(FIXTURE).unwrap()
    return serve_on_ray(
        folder, catalogue.corpus, catalogue.content_hash, hash_encoder, policy=policy
    ).unwrap()


def fused(lexical: Any, dense: Any) -> FusedRetriever:
    return FusedRetriever.of(
        (FusedPart("bm25", lexical, 0.4), FusedPart("dense", dense, 0.6))
    ).unwrap()


def file_digests(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_served_on_ray_ranks_as_served_in_one_process(local_ray: Any, built: Path) -> None:
    loaded = load_corpus(FIXTURE).unwrap()
    local = open_index_folder(built, loaded.corpus, loaded.content_hash, hash_encoder()).unwrap()
    remote = served_on_ray(built)
    assert local.dense is not None and remote.dense is not None
    assert remote.shards.count == 3
    ids = [passage.id for passage in loaded.corpus.passages]
    for text in QUERIES:
        query = Query.of(text)
        assert remote.lexical.search(query, 100) == local.lexical.search(query, 100)
        assert remote.lexical.search(query, 3) == local.lexical.search(query, 3)
        assert remote.lexical.score(query, ids) == local.lexical.score(query, ids)
        assert remote.dense.search(query, 100) == local.dense.search(query, 100)
        assert remote.dense.score(query, ids) == local.dense.score(query, ids)
    history = Memory((TURN_1, TURN_2, TURN_3))
    on_ray = search_final_turn(history, TURN_4, fused(remote.lexical, remote.dense)).unwrap()
    in_process = search_final_turn(history, TURN_4, fused(local.lexical, local.dense)).unwrap()
    assert on_ray == in_process
    # The driver holds ids and titles; a passage's text is read from the file when asked.
    driver = remote.lexical.corpus
    assert not driver.holds_text
    assert all(passage.text == "" for passage in driver.passages)
    assert [p.title for p in driver.passages] == [p.title for p in loaded.corpus.passages]
    shown = on_ray.hits[0].doc_id
    assert driver.passage(shown) == loaded.corpus.passage(shown)


def process_of(served: RayServedIndex, shard: int) -> int:
    """The pid of `shard`'s actor, asked under the retry policy (it may be restarting)."""
    answered = served.shards.ask([shard], lambda actor, _shard: actor.process_id.remote())
    return int(answered.unwrap()[shard])


def mapped_files(pid: int) -> set[str]:
    with open(f"/proc/{pid}/maps", encoding="utf-8") as handle:
        return {line.split(maxsplit=5)[5].strip() for line in handle if len(line.split()) == 6}


def shard_arrays(folder: Path, shard: int) -> set[str]:
    return {str(path.resolve()) for path in (folder / f"shard-{shard:03d}").rglob("*.npy")}


def test_actors_map_the_saved_shards_and_a_restart_reopens_them(
    local_ray: Any, built: Path
) -> None:
    before = file_digests(built)
    served = served_on_ray(built)
    query = Query.of("apollo 11 moon landing")
    expected = served.lexical.search(query, 10)
    for shard in range(served.shards.count):
        # The actor searches the saved matrices and embeddings, memory-mapped: not a rebuild.
        arrays = shard_arrays(built, shard)
        assert arrays and arrays <= mapped_files(process_of(served, shard))
    old_pid = process_of(served, 1)
    ray.kill(served.shards.actor(1), no_restart=False)
    # Asked while it restarts, the shard is retried, never left out.
    assert served.lexical.search(query, 10) == expected
    new_pid = process_of(served, 1)
    assert new_pid != old_pid
    assert shard_arrays(built, 1) <= mapped_files(new_pid)
    assert served.lexical.search(query, 10) == expected
    assert file_digests(built) == before


def until_dead(actor: Any, seconds: float = 60.0) -> None:
    """Return once `actor` no longer answers (`ray.kill` takes effect asynchronously: a search
    asked right after it may still reach the actor)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            ray.get(actor.__ray_ready__.remote(), timeout=5)
        except ray.exceptions.RayActorError:
            return
        except ray.exceptions.GetTimeoutError:
            pass
        time.sleep(0.1)
    raise AssertionError("the killed actor still answers")


def test_a_shard_that_stays_down_is_a_typed_error(local_ray: Any, built: Path) -> None:
    served = served_on_ray(built, RetryPolicy(attempts=2, first_wait_s=0.1, call_timeout_s=30))
    ray.kill(served.shards.actor(2), no_restart=True)
    until_dead(served.shards.actor(2))
    lost = served.lexical.try_search(Query.of("apollo 11"), 5)
    assert isinstance(lost.failure(), ShardUnavailable)
    assert lost.failure().shard == 2
    assert "\n" not in str(lost.failure())


def test_memcore_run_with_index_on_ray_equals_the_in_process_run(
    local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "bm25-index"
    assert (
        main(
            [
                *("index", "--corpus", str(FIXTURE), "--output", str(folder)),
                *("--shards", "2", "--retriever", "bm25", "--quiet"),
            ]
        )
        == 0
    )
    questions = tmp_path / "questions.jsonl"
    questions.write_text(
        json.dumps(
            {
                "id": "q1",
                "conversation_id": "c1",
                "tier": "natural",
                "turns": [{"question": "tell me about apollo 11", "answer": "The Moon, 1969."}],
                "final": "who commanded it?",
                "gold": ["apollo-11-1"],
                "stale": [],
            }
        )
        + "\n",
        encoding="utf-8",
    )
    runs = {}
    for name, extra in (("local", []), ("ray", ["--ray", "local"])):
        output = tmp_path / f"{name}.trec"
        common = ["--corpus", str(FIXTURE), "--questions", str(questions), *BM25]
        assert (
            main(
                [
                    *("run", *common, "--index", str(folder), "--output", str(output)),
                    *("--writer", "rules", "--quiet", *extra),
                ]
            )
            == 0
        )
        runs[name] = output.read_text(encoding="utf-8")
    assert runs["ray"] == runs["local"] and runs["ray"]


CHAT = """tell me about apollo 11
A: Apollo 11 landed on the Moon in July 1969.
who commanded it?
no, I meant apollo 12
:quit
"""


def test_memcore_chat_with_index_on_ray_answers_as_the_in_process_chat(
    local_ray: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "bm25-index"
    built = [
        *("index", "--corpus", str(FIXTURE), "--output", str(folder)),
        *("--shards", "2", "--retriever", "bm25", "--quiet"),
    ]
    assert main(built) == 0
    capsys.readouterr()
    outputs = {}
    for name, extra in (("local", []), ("ray", ["--ray", "local"])):
        monkeypatch.setattr(sys, "stdin", io.StringIO(CHAT))
        chat = ["chat", "--corpus", str(FIXTURE), "--retriever", "bm25", "--writer", "rules"]
        assert main([*chat, "--index", str(folder), *extra]) == 0
        outputs[name] = capsys.readouterr().out
    assert outputs["ray"] == outputs["local"]
    # The passages shown carry their text, fetched from the file by id.
    assert "Apollo 12" in outputs["ray"] and "Top 3 passages:" in outputs["ray"]
