"""Encoding on a local Ray gives the bytes of one process (slow to start: marked `ray`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from encoder_support import WORDS, tiny_encoder_model
from memcore.eval.ray_encode import EncoderSpec, deal_shards, encode_on_ray
from memcore.search.backends.dense import Runtime, onnx_runtime_installed


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
