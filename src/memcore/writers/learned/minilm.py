"""The `learned-minilm` variant's parts: its own topic scorers and the turn's similarity features.

The variant scores the same candidates as the learned writer, each with the two MiniLM
similarity features appended (`similarity.py`), by two scorers trained on those extended rows
(`topics-intended-minilm`, `topics-rejected-minilm`, written by `memcore train-writer
--minilm` beside the other models). Encoding happens here, at the writer's boundary: one
`VectorCache` call per scored turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
from returns.result import Result

from memcore.writers.learned.model import (
    LogisticModel,
    ModelError,
    all_loaded,
    load_model,
    shipped_model,
)
from memcore.writers.learned.similarity import (
    MINILM_TOPIC_FEATURES,
    candidate_texts,
    cut_text,
    texts_to_encode,
    with_similarity,
)
from memcore.writers.learned.topics import TopicCandidate
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.protocol import WriterRequest

INTENDED_MINILM = "topics-intended-minilm"
REJECTED_MINILM = "topics-rejected-minilm"


@attrs.frozen(eq=False)
class MiniLMModels:
    """The variant's two topic scorers, over `MINILM_TOPIC_FEATURES`."""

    intended: LogisticModel
    rejected: LogisticModel

    def save(self, folder: Path) -> None:
        """Write both models into `folder`."""
        self.intended.save(folder, INTENDED_MINILM)
        self.rejected.save(folder, REJECTED_MINILM)


def _pair(
    intended: Result[LogisticModel, ModelError], rejected: Result[LogisticModel, ModelError]
) -> Result[MiniLMModels, ModelError]:
    return all_loaded(intended, rejected).map(lambda found: MiniLMModels(*found))


def load_minilm_models(folder: Path) -> Result[MiniLMModels, ModelError]:
    """The variant's scorers saved in `folder` by `memcore train-writer --minilm`."""
    return _pair(
        load_model(folder, INTENDED_MINILM, MINILM_TOPIC_FEATURES),
        load_model(folder, REJECTED_MINILM, MINILM_TOPIC_FEATURES),
    )


def shipped_minilm_models() -> Result[MiniLMModels, ModelError]:
    """The variant's scorers shipped inside the package."""
    return _pair(
        shipped_model(INTENDED_MINILM, MINILM_TOPIC_FEATURES),
        shipped_model(REJECTED_MINILM, MINILM_TOPIC_FEATURES),
    )


def similar_candidates(
    vectors: VectorCache, request: WriterRequest, found: Sequence[TopicCandidate]
) -> tuple[TopicCandidate, ...]:
    """`found` with the similarity features of the turn `request` asks, from one call to
    `vectors` (so at most one encoder call)."""
    turn = cut_text(request.turn.question)
    texts = candidate_texts(request, found)
    return with_similarity(found, texts, turn, vectors.vectors(texts_to_encode(turn, texts)))


@attrs.frozen(eq=False)
class TopicSimilarity:
    """The variant's scorers and the vector cache its features are computed from."""

    models: MiniLMModels
    vectors: VectorCache

    def extended(
        self, request: WriterRequest, found: Sequence[TopicCandidate]
    ) -> tuple[TopicCandidate, ...]:
        """`found` with the similarity features (`similar_candidates`)."""
        return similar_candidates(self.vectors, request, found)
