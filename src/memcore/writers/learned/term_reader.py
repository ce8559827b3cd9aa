"""The `learned-context` variant's term scorer: lexical features and MiniLM token vectors.

The learned writer's term scorer (`terms.py`) reads where and how often a history term was
seen; this one also reads the term *in context*: the packaged MiniLM (frozen) reads the
question beside each history text (`term_vectors.py`) and a logistic head, trained on the same
turns and labels as the lexical scorer (`memcore train-writer --context-terms`), scores each
candidate from both. Reading is this module's effect: one encoder pass per history text read
(at most `ANSWER_TURNS` + 1 a turn), at the writer's final turn only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs
from returns.result import Result

from memcore.search.backends.encoder_types import PairTokens
from memcore.writers.learned.model import LogisticModel, ModelError, load_model, shipped_model
from memcore.writers.learned.term_vectors import CONTEXT_FEATURES, texts_to_read, with_vectors
from memcore.writers.learned.terms import Candidate, History

if TYPE_CHECKING:
    from memcore.search.backends.dense import ModelLoadError

TERMS_CONTEXT = "terms-context"


class PairReader(Protocol):
    """Anything that reads two texts together into token vectors (`Encoder.pair_tokens`)."""

    def pair_tokens(self, first: str, second: str) -> PairTokens:
        """The first text's mean token vector and the second's token vectors with spans."""
        ...


def read_pairs(reader: PairReader, history: History) -> dict[str, PairTokens]:
    """Each text of `texts_to_read(history)` read beside the question."""
    return {text: reader.pair_tokens(history.final, text) for text in texts_to_read(history)}


@attrs.frozen(eq=False)
class ContextTerms:
    """The contextual term scorer (over `CONTEXT_FEATURES`) and the encoder it reads with."""

    model: LogisticModel
    reader: PairReader

    def extended(self, history: History, found: Sequence[Candidate]) -> tuple[Candidate, ...]:
        """`found`, the lexical candidates of `history`, with their vector features."""
        if not found:
            return ()
        return with_vectors(found, history, read_pairs(self.reader, history))


def load_context_terms(folder: Path) -> Result[LogisticModel, ModelError]:
    """The contextual term scorer saved in `folder` by `memcore train-writer --context-terms`."""
    return load_model(folder, TERMS_CONTEXT, CONTEXT_FEATURES)


def shipped_context_terms() -> Result[LogisticModel, ModelError]:
    """The contextual term scorer shipped inside the package."""
    return shipped_model(TERMS_CONTEXT, CONTEXT_FEATURES)


def pair_reader(cache_dir: Path) -> Result[PairReader, ModelLoadError]:
    """The packaged MiniLM's fast path (its ONNX graph kept in `cache_dir`) as a pair reader;
    the dense extra is imported here, not with this module."""
    from memcore.search.backends.dense import load_fast_encoder

    loaded: Result[PairReader, ModelLoadError] = load_fast_encoder(cache_dir).map(
        lambda encoder: encoder
    )
    return loaded
