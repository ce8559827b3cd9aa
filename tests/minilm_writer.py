"""The `learned-minilm` writer with the packaged MiniLM, for tests that read meaning end to
end; they skip where the dense extra is not installed."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.learned.minilm import TopicSimilarity, shipped_minilm_models
from memcore.writers.learned.topics import TitleIndex
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.rules.names import TitleVocabulary


def packaged_vectors_or_skip() -> VectorCache:
    """A vector cache over the packaged MiniLM; the test skips without the dense extra."""
    from memcore.search.backends.dense_cache import encoder_installed

    if not encoder_installed():
        pytest.skip("the dense extra is not installed")
    from memcore.cache import cache_root
    from memcore.writers.learned.vector_cache import minilm_encoder

    return VectorCache(minilm_encoder(cache_root()).unwrap())


def minilm_writer(titles: Sequence[str]) -> LearnedWriter:
    """The `learned-minilm` writer over a corpus of `titles`, with the shipped models."""
    return LearnedWriter(
        shipped_bundle().unwrap(),
        TitleVocabulary.of(titles),
        TitleIndex.of(titles),
        similarity=TopicSimilarity(shipped_minilm_models().unwrap(), packaged_vectors_or_skip()),
    )
