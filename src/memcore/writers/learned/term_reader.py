"""The `learned-context` variant's term scorer: lexical features and MiniLM token vectors.

The learned writer's term scorer (`terms.py`) reads where and how often a history term was
seen; this one also reads the term *in context*: the packaged MiniLM (frozen) reads each
history text and the final question alone (`term_vectors.py`), and a logistic head, trained on
the same turns and labels as the lexical scorer (`memcore train-writer --context-terms`),
scores each candidate from both. Reading is this module's effect, at the writer's final turn
only: a text's tokens are kept by text (`TokenCache`), so a turn costs one encoder pass per
text it is the first to read (in a conversation, its question and the previous answer).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs
from returns.result import Result

from memcore.search.backends.encoder_types import TextTokens
from memcore.writers.learned.model import LogisticModel, ModelError, load_model, shipped_model
from memcore.writers.learned.term_vectors import CONTEXT_FEATURES, texts_to_read, with_vectors
from memcore.writers.learned.terms import Candidate, History

if TYPE_CHECKING:
    from memcore.search.backends.dense import ModelLoadError

TERMS_CONTEXT = "terms-context"
# Texts kept: the questions and answers of many conversations (about 60 kB a 150-token text).
CACHE_TEXTS = 512


class TokenReader(Protocol):
    """Anything that reads one text into token vectors (`Encoder.text_tokens`)."""

    def text_tokens(self, text: str) -> TextTokens:
        """The text's sentence vector and its tokens' vectors with their spans."""
        ...


@attrs.frozen(eq=False)
class TokenCache:
    """Token vectors by text, read by `reader`, at most `limit` kept (least recently used
    dropped); `reads` counts the encoder passes."""

    reader: TokenReader
    limit: int = CACHE_TEXTS
    _kept: OrderedDict[str, TextTokens] = attrs.field(init=False, factory=OrderedDict)
    _reads: list[int] = attrs.field(init=False, factory=lambda: [0])

    @property
    def reads(self) -> int:
        """How many texts the reader has read for this cache."""
        return self._reads[0]

    def tokens(self, text: str) -> TextTokens:
        """`text`'s tokens, read once while kept."""
        found = self._kept.get(text)
        if found is None:
            found = self.reader.text_tokens(text)
            self._reads[0] += 1
        self._kept[text] = found
        self._kept.move_to_end(text)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)
        return found

    def extended(self, history: History, found: Sequence[Candidate]) -> tuple[Candidate, ...]:
        """`found`, the lexical candidates of `history`, with their vector features."""
        if not found:
            return ()
        read = {text: self.tokens(text) for text in texts_to_read(history)}
        return with_vectors(found, history, read, self.tokens(history.final))


@attrs.frozen(eq=False)
class ContextTerms:
    """The contextual term scorer (over `CONTEXT_FEATURES`) and the cache it reads with."""

    model: LogisticModel
    cache: TokenCache

    def extended(self, history: History, found: Sequence[Candidate]) -> tuple[Candidate, ...]:
        """`found`, the lexical candidates of `history`, with their vector features."""
        return self.cache.extended(history, found)


def load_context_terms(folder: Path) -> Result[LogisticModel, ModelError]:
    """The contextual term scorer saved in `folder` by `memcore train-writer --context-terms`."""
    return load_model(folder, TERMS_CONTEXT, CONTEXT_FEATURES)


def shipped_context_terms() -> Result[LogisticModel, ModelError]:
    """The contextual term scorer shipped inside the package."""
    return shipped_model(TERMS_CONTEXT, CONTEXT_FEATURES)


def token_reader(cache_dir: Path) -> Result[TokenReader, ModelLoadError]:
    """The packaged MiniLM's fast path (its ONNX graph kept in `cache_dir`) as a token reader;
    the dense extra is imported here, not with this module."""
    from memcore.search.backends.dense import load_fast_encoder

    loaded: Result[TokenReader, ModelLoadError] = load_fast_encoder(cache_dir).map(
        lambda encoder: encoder
    )
    return loaded
