"""An encoder standing in for the model in index-folder tests, with no model to load."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from memcore.search.backends.dense import Encoder, length_sorted_batches, normalise_rows

DIMENSION = 16


def text_vector(text: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    vector: np.ndarray = normalise_rows(np.random.default_rng(seed).normal(size=(1, DIMENSION)))[0]
    return vector


@attrs.frozen
class HashEncoder:
    """Stands in for the model: a text's vector is seeded by its hash, then moved a little
    towards its batch's mean, as the int8 encoder's one scale per batch moves it: only the
    batches one index uses give one index's vectors."""

    encoding_id: str = "hash-encoder@test"
    dimension: int = DIMENSION

    def encode(
        self, texts: Sequence[str], batch_size: int = 32, show_progress: bool = False
    ) -> Any:
        return self.encode_batches(texts, length_sorted_batches(texts, batch_size))

    def encode_one(self, text: str) -> Any:
        return self.encode([text])[0]

    def encode_each(self, texts: Sequence[str]) -> tuple[Any, ...]:
        return tuple(self.encode_one(text) for text in texts)

    def encode_batches(
        self, texts: Sequence[str], batches: Sequence[Sequence[int]], show_progress: bool = False
    ) -> Any:
        rows = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        for batch in batches:
            vectors = np.stack([text_vector(texts[index]) for index in batch])
            rows[list(batch)] = normalise_rows(vectors + 0.05 * vectors.mean(axis=0))
        return rows


def hash_encoder(encoding_id: str = "hash-encoder@test") -> Encoder:
    encoder: Encoder = HashEncoder(encoding_id)  # type: ignore[assignment]
    return encoder
