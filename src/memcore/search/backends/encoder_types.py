"""What every runtime of a sentence-embedding model shares: its forward pass and its load error.

Both the dense backend (`dense`, torch) and the ONNX path (`onnx_encoder`) build a `Forward`;
the types live here so that neither module imports the other for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt


@attrs.frozen
class ModelLoadError:
    """The embedding model at `path` could not be loaded, for the reason in `problem`."""

    path: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


TokenArrays = Mapping[str, npt.NDArray[np.int64]]
Forward = Callable[[TokenArrays], npt.NDArray[np.floating[Any]]]
"""A model's forward pass: the tokenizer's arrays (input ids, attention mask, ...) in, the
last hidden state (texts, tokens, dims) out."""


@attrs.frozen(eq=False)
class TextTokens:
    """One text read alone by the model (`[CLS] text [SEP]`, cut to fit): its sentence vector
    (the mean of every token's last hidden state, special tokens included, as the sentence
    embedding pools them; not scaled to unit length), and each kept token of the text with
    its character span (word pieces of one word share its characters)."""

    sentence: npt.NDArray[np.float32]
    tokens: npt.NDArray[np.float32]
    spans: tuple[tuple[int, int], ...]
