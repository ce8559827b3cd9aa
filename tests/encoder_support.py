"""A tiny BERT encoder built in a test folder (random weights, a word-level vocabulary), so the
encoding paths can be tested without the packaged model or the network."""

from __future__ import annotations

from pathlib import Path

import pytest

WORDS = (
    "the",
    "a",
    "cat",
    "sat",
    "on",
    "mat",
    "dog",
    "ran",
    "in",
    "park",
    "stock",
    "market",
    "fell",
    "rose",
    "rocket",
    "orbit",
    "moon",
    "bread",
    "bake",
    "oven",
    "sofa",
    "kitten",
    "naps",
    "shares",
    "crashed",
    "satellite",
    "carried",
    "into",
)


def tiny_encoder_model(folder: Path) -> Path:
    """A one-layer BERT (16 dimensions) and its tokenizer, saved in `folder / "tiny-bert"`."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    path = folder / "tiny-bert"
    path.mkdir(parents=True, exist_ok=True)
    vocabulary = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS]
    (path / "vocab.txt").write_text("\n".join(vocabulary) + "\n", encoding="utf-8")
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"))
    config = transformers.BertConfig(
        vocab_size=len(vocabulary),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
    )
    torch.manual_seed(7)
    transformers.BertModel(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path
