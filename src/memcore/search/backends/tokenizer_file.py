"""A model's fast tokenizer read straight from its `tokenizer.json` with the `tokenizers`
package, called as the encoder calls a transformers tokenizer (padding to the longest text,
truncation to `max_length`, numpy arrays out). Importing transformers' tokenizer classes
imports torch, which takes most of a warm `memcore chat` start; the ONNX encoder with an
exported graph needs neither (the tokens are the same: a test compares them)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

TOKENIZER_FILE = "tokenizer.json"


class FileTokenizer:
    """The tokenizer of `tokenizer.json`, padding with `pad_token`'s id."""

    def __init__(self, path: Path, pad_token: str = "[PAD]") -> None:
        tokenizers = importlib.import_module("tokenizers")
        self._tokenizer = tokenizers.Tokenizer.from_file(str(path))
        self._pad_token = pad_token
        pad_id = self._tokenizer.token_to_id(pad_token)
        if pad_id is None:
            raise ValueError(f"{path}: no {pad_token} token")
        self._pad_id = int(pad_id)

    def __call__(
        self,
        texts: Sequence[str],
        padding: bool = True,
        truncation: bool = True,
        max_length: int = 512,
        return_tensors: str = "np",
    ) -> dict[str, Any]:
        tokenizer = self._tokenizer
        if truncation:
            tokenizer.enable_truncation(max_length)
        else:
            tokenizer.no_truncation()
        if padding:
            tokenizer.enable_padding(pad_id=self._pad_id, pad_token=self._pad_token)
        else:
            tokenizer.no_padding()
        encoded = tokenizer.encode_batch(list(texts))
        return {
            "input_ids": np.array([item.ids for item in encoded], dtype=np.int64),
            "token_type_ids": np.array([item.type_ids for item in encoded], dtype=np.int64),
            "attention_mask": np.array([item.attention_mask for item in encoded], dtype=np.int64),
        }

    def with_spans(
        self, text: str, max_length: int
    ) -> tuple[dict[str, Any], tuple[tuple[int, int], ...]]:
        """`text` alone as the model reads it (cut to `max_length`, no padding), and the
        character span of each of its own tokens (special tokens left out)."""
        tokenizer = self._tokenizer
        tokenizer.enable_truncation(max_length)
        tokenizer.no_padding()
        item = tokenizer.encode(text)
        arrays = {
            "input_ids": np.array([item.ids], dtype=np.int64),
            "token_type_ids": np.array([item.type_ids], dtype=np.int64),
            "attention_mask": np.array([item.attention_mask], dtype=np.int64),
        }
        spans = tuple(
            (int(start), int(end))
            for (start, end), part in zip(item.offsets, item.sequence_ids, strict=True)
            if part == 0
        )
        return arrays, spans


def file_tokenizer(model_path: Path) -> FileTokenizer | None:
    """The tokenizer of the model folder, or None where it has no `tokenizer.json` or the
    `tokenizers` package is absent (the caller then loads transformers')."""
    path = model_path / TOKENIZER_FILE
    if not path.is_file() or importlib.util.find_spec("tokenizers") is None:
        return None
    try:
        return FileTokenizer(path)
    except Exception:
        # Any tokenizer file it cannot read is left to transformers.
        return None
