"""The trained term scorer: a logistic model over `terms.FEATURES`, shipped as numpy arrays.

The weights live in the package (`memcore/data/learned_writer/`): `terms.npz` holds the
arrays, `terms.json` the feature names, the threshold and how they were made (data hash, seed,
counts). `memcore train-writer` writes the same two files; loading them is checked against
the feature names this code computes, so a model trained for other features is refused.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.writers.learned.terms import FEATURES, Candidate, Rarity, rarity_from_counts

WEIGHTS_FILE = "terms.npz"
META_FILE = "terms.json"
MODEL_VERSION = 1

FloatArray = npt.NDArray[np.float64]


@attrs.frozen
class ModelError:
    """Why a term model could not be loaded."""

    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen(eq=False)
class TermModel:
    """Weights over standardised features, and the probability a term must reach."""

    weights: FloatArray
    mean: FloatArray
    scale: FloatArray
    threshold: float
    document_frequency: dict[str, int] = attrs.field(factory=dict, repr=False)
    documents: int = 0
    meta: dict[str, Any] = attrs.field(factory=dict)

    def rarity(self) -> Rarity:
        """Term rarity over the training collection (terms seen once or never count alike)."""
        return rarity_from_counts(self.document_frequency, self.documents)

    def probabilities(self, found: Sequence[Candidate]) -> FloatArray:
        """The probability that the resolved query needs each candidate's term."""
        if not found:
            return np.zeros(0)
        features = np.array([c.features for c in found], dtype=np.float64)
        logits = ((features - self.mean) / self.scale) @ self.weights
        result: FloatArray = 1.0 / (1.0 + np.exp(-logits))
        return result

    def select(self, found: Sequence[Candidate], limit: int) -> tuple[tuple[str, float], ...]:
        """The terms at or above the threshold, most probable first, at most `limit`."""
        probabilities = self.probabilities(found)
        ranked = sorted(
            ((c.term, float(p)) for c, p in zip(found, probabilities, strict=True)),
            key=lambda item: -item[1],
        )
        return tuple(item for item in ranked if item[1] >= self.threshold)[:limit]

    def save(self, folder: Path) -> None:
        """Write `terms.npz` and `terms.json` into `folder` (created if needed)."""
        folder.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        terms = sorted(self.document_frequency)
        np.savez(
            buffer,
            weights=self.weights,
            mean=self.mean,
            scale=self.scale,
            terms=np.array(terms, dtype=str),
            frequencies=np.array([self.document_frequency[t] for t in terms], dtype=np.int64),
        )
        (folder / WEIGHTS_FILE).write_bytes(buffer.getvalue())
        meta = {
            **self.meta,
            "version": MODEL_VERSION,
            "features": list(FEATURES),
            "threshold": self.threshold,
            "documents": self.documents,
        }
        (folder / META_FILE).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")


def _from_bytes(weights: bytes, meta_text: str) -> Result[TermModel, ModelError]:
    try:
        meta = json.loads(meta_text)
        arrays = np.load(io.BytesIO(weights), allow_pickle=False)
        loaded = {
            name: np.asarray(arrays[name], dtype=np.float64)
            for name in ("weights", "mean", "scale")
            if name in arrays.files
        }
        terms = [str(term) for term in arrays["terms"]]
        frequencies = [int(count) for count in arrays["frequencies"]]
    except (ValueError, KeyError, OSError) as error:
        return Failure(ModelError(f"unreadable term model: {error}"))
    if not isinstance(meta, dict) or meta.get("version") != MODEL_VERSION:
        return Failure(ModelError(f"term model version is not {MODEL_VERSION}"))
    if meta.get("features") != list(FEATURES):
        return Failure(ModelError("term model was trained for other features"))
    shapes = {name: loaded.get(name, np.zeros(0)).shape for name in ("weights", "mean", "scale")}
    if any(shape != (len(FEATURES),) for shape in shapes.values()):
        return Failure(ModelError(f"term model arrays have the wrong shape: {shapes}"))
    documents = meta.get("documents")
    if not isinstance(documents, int) or documents < 0 or len(terms) != len(frequencies):
        return Failure(ModelError("term model document frequencies are malformed"))
    threshold = meta.get("threshold")
    if not isinstance(threshold, float) or not 0.0 <= threshold <= 1.0:
        return Failure(ModelError("term model threshold must be a probability"))
    if not np.all(np.isfinite(loaded["weights"])) or np.any(loaded["scale"] <= 0):
        return Failure(ModelError("term model weights must be finite, scales positive"))
    return Success(
        TermModel(
            loaded["weights"],
            loaded["mean"],
            loaded["scale"],
            threshold,
            dict(zip(terms, frequencies, strict=True)),
            documents,
            meta,
        )
    )


def load_model(folder: Path) -> Result[TermModel, ModelError]:
    """The term model saved in `folder`."""
    try:
        weights = (folder / WEIGHTS_FILE).read_bytes()
        meta_text = (folder / META_FILE).read_text(encoding="utf-8")
    except OSError as error:
        return Failure(ModelError(f"cannot read term model in {folder}: {error}"))
    return _from_bytes(weights, meta_text)


def shipped_model() -> Result[TermModel, ModelError]:
    """The term model shipped inside the package."""
    package = resources.files("memcore") / "data" / "learned_writer"
    try:
        weights = (package / WEIGHTS_FILE).read_bytes()
        meta_text = (package / META_FILE).read_text(encoding="utf-8")
    except OSError as error:
        return Failure(ModelError(f"the shipped term model is missing: {error}"))
    return _from_bytes(weights, meta_text)
