"""An encoder used before a fork encodes the same in the forked child, on either runtime.

`memcore eval --workers N` forks after the parent may have encoded passages (a cold
embedding cache); the children then encode queries with the same encoder. A child that
waited forever would fail here by the timeout, not hang the suite.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import numpy as np
import pytest

from encoder_support import tiny_encoder_model
from memcore.search.backends.dense import Encoder, Runtime, load_encoder

pytest.importorskip("transformers")

TEXTS = ["the cat sat on the mat", "a rocket carried a satellite into orbit"] * 16
CHILD_SECONDS = 60

# Set before forking: the child inherits it, as eval workers inherit the loaded index.
_INHERITED: list[Encoder] = []


def _encode_in_child(_: int) -> np.ndarray:
    return _INHERITED[0].encode(TEXTS, batch_size=16)


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_encoder_model(tmp_path_factory.mktemp("model"))


@pytest.mark.parametrize("runtime", [Runtime.TORCH, Runtime.ONNX], ids=["torch", "onnx"])
def test_an_encoder_used_before_a_fork_encodes_the_same_in_the_child(
    model: Path, tmp_path: Path, runtime: Runtime
) -> None:
    if runtime is Runtime.ONNX:
        pytest.importorskip("onnxruntime")
        pytest.importorskip("onnx")
    encoder = load_encoder(model, True, runtime is Runtime.ONNX, runtime, tmp_path).unwrap()
    before = encoder.encode(TEXTS, batch_size=16)
    _INHERITED[:] = [encoder]
    try:
        with multiprocessing.get_context("fork").Pool(2) as pool:
            results = [pool.apply_async(_encode_in_child, (n,)) for n in range(2)]
            in_children = [result.get(timeout=CHILD_SECONDS) for result in results]
    finally:
        _INHERITED.clear()
    for rows in in_children:
        assert np.array_equal(rows, before)
