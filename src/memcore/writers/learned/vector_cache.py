"""Text vectors for the `learned-minilm` writer: one encoder call per turn, cached per text.

A conversation's names and questions come back turn after turn (and across the questions of a
built set, which share their openings), so each text is encoded once and kept, the least
recently used dropped beyond a bound. A turn asks for all its texts at once; the ones not yet
known go to the encoder in one call.

The packaged MiniLM's fast path runs an int8 graph whose activations are quantised with one
scale per batch, so a text's vector depends on the texts batched with it (measured: up to
0.014 per coordinate, cosine 0.996 to itself). A cached vector would then depend on which
turn first asked for it. `OneTextPerRun` runs the graph on each text alone inside the one call,
so a text's vector is the same whatever came before: training is reproducible and an
evaluation does not depend on how its questions are spread over workers.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Result

from memcore.safety.topic_shift import TextEncoder
from memcore.writers.learned.similarity import Vector

if TYPE_CHECKING:
    from memcore.search.backends.dense import Encoder, ModelLoadError

# Enough for the names and questions of many conversations; about 1.5 kB a vector (384
# float32), so the bound keeps the cache near 6 MB.
CACHE_TEXTS = 4096


@attrs.frozen(eq=False)
class VectorCache:
    """Vectors by text, from `encoder`, at most `limit` kept (least recently used dropped)."""

    encoder: TextEncoder
    limit: int = CACHE_TEXTS
    _vectors: OrderedDict[str, Vector] = attrs.field(init=False, factory=OrderedDict)

    def __len__(self) -> int:
        return len(self._vectors)

    def vectors(self, texts: Sequence[str]) -> dict[str, Vector]:
        """The vector of every text in `texts`; the ones not cached are encoded in one call."""
        wanted = tuple(dict.fromkeys(texts))
        missing = [text for text in wanted if text not in self._vectors]
        found = {text: self._vectors[text] for text in wanted if text in self._vectors}
        if missing:
            encoded = np.asarray(self.encoder.encode(missing), dtype=np.float32)
            found.update(zip(missing, encoded, strict=True))
        for text in wanted:
            self._vectors[text] = found[text]
            self._vectors.move_to_end(text)
        while len(self._vectors) > self.limit:
            self._vectors.popitem(last=False)
        return found


@attrs.frozen(eq=False)
class OneTextPerRun:
    """The dense encoder run on one text at a time (see the module docstring)."""

    encoder: Encoder

    def encode(self, texts: Sequence[str]) -> npt.ArrayLike:
        """One unit vector per text, each computed alone."""
        return self.encoder.encode_batches(texts, [(index,) for index in range(len(texts))])


def minilm_encoder(cache_dir: Path) -> Result[TextEncoder, ModelLoadError]:
    """The packaged MiniLM's fast path (`load_fast_encoder`, its ONNX graph kept in
    `cache_dir`), one text per run; the dense extra is imported here, not with this module."""
    from memcore.search.backends.dense import load_fast_encoder

    loaded: Result[TextEncoder, ModelLoadError] = load_fast_encoder(cache_dir).map(OneTextPerRun)
    return loaded
