"""The learned writer's trained scorers: logistic models over named features, as numpy arrays.

Two models ship in the package (`memcore/data/learned_writer/`): `terms` (does the resolved
query need this history term?) and `topics` (is this candidate the topic the turn is about /
the one it rejects?). Each is a `<name>.npz` with the arrays and a `<name>.json` with the
feature names, threshold(s) and how it was made (data hash, seed, counts). `memcore
train-writer` writes the same files. Loading checks the feature names against the ones this
code computes, so a model trained for other features is refused, never misread.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.results import collected
from memcore.writers.learned.terms import Rarity, rarity_from_counts

MODEL_VERSION = 1
FloatArray = npt.NDArray[np.float64]


@attrs.frozen
class ModelError:
    """Why a trained model could not be loaded."""

    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen(eq=False)
class LogisticModel:
    """Weights over standardised features, and the probability a positive must reach.

    `document_frequency` and `documents` describe the training collection (term rarity);
    models that do not use rarity leave them empty.
    """

    features: tuple[str, ...]
    weights: FloatArray
    mean: FloatArray
    scale: FloatArray
    threshold: float
    document_frequency: dict[str, int] = attrs.field(factory=dict, repr=False)
    documents: int = 0
    meta: dict[str, Any] = attrs.field(factory=dict)

    def probabilities(self, rows: Sequence[Sequence[float]]) -> FloatArray:
        """The model's probability for each feature row."""
        if not rows:
            return np.zeros(0)
        features = np.array(rows, dtype=np.float64)
        logits = ((features - self.mean) / self.scale) @ self.weights
        result: FloatArray = 1.0 / (1.0 + np.exp(-logits))
        return result

    def scores(self, rows: Sequence[Sequence[float]]) -> FloatArray:
        """The model's probabilities: its scores as a `CandidateScorer` of the cascade."""
        return self.probabilities(rows)

    def rarity(self) -> Rarity:
        """Term rarity over the training collection (terms seen once or never count alike)."""
        return rarity_from_counts(self.document_frequency, self.documents)

    def save(self, folder: Path, name: str) -> None:
        """Write `<name>.npz` and `<name>.json` into `folder` (created if needed)."""
        folder.mkdir(parents=True, exist_ok=True)
        terms = sorted(self.document_frequency)
        buffer = io.BytesIO()
        np.savez(
            buffer,
            weights=self.weights,
            mean=self.mean,
            scale=self.scale,
            terms=np.array(terms, dtype=str),
            frequencies=np.array([self.document_frequency[t] for t in terms], dtype=np.int64),
        )
        (folder / f"{name}.npz").write_bytes(buffer.getvalue())
        meta = {
            **self.meta,
            "version": MODEL_VERSION,
            "features": list(self.features),
            "threshold": self.threshold,
            "documents": self.documents,
        }
        text = json.dumps(meta, indent=2, sort_keys=True) + "\n"
        (folder / f"{name}.json").write_text(text, encoding="utf-8")


def _from_bytes(
    weights: bytes, meta_text: str, features: tuple[str, ...]
) -> Result[LogisticModel, ModelError]:
    try:
        meta = json.loads(meta_text)
        arrays = np.load(io.BytesIO(weights), allow_pickle=False)
        loaded = {
            name: np.asarray(arrays[name], dtype=np.float64)
            for name in ("weights", "mean", "scale")
        }
        terms = [str(term) for term in arrays["terms"]]
        frequencies = [int(count) for count in arrays["frequencies"]]
    except (ValueError, KeyError, OSError, TypeError) as error:
        return Failure(ModelError(f"unreadable model: {error}"))
    if not isinstance(meta, dict) or meta.get("version") != MODEL_VERSION:
        return Failure(ModelError(f"model version is not {MODEL_VERSION}"))
    if meta.get("features") != list(features):
        return Failure(ModelError("model was trained for other features"))
    shapes = {name: array.shape for name, array in loaded.items()}
    if any(shape != (len(features),) for shape in shapes.values()):
        return Failure(ModelError(f"model arrays have the wrong shape: {shapes}"))
    documents = meta.get("documents")
    if not isinstance(documents, int) or documents < 0 or len(terms) != len(frequencies):
        return Failure(ModelError("model document frequencies are malformed"))
    threshold = meta.get("threshold")
    if not isinstance(threshold, float) or not 0.0 <= threshold <= 1.0:
        return Failure(ModelError("model threshold must be a probability"))
    if not np.all(np.isfinite(loaded["weights"])) or np.any(loaded["scale"] <= 0):
        return Failure(ModelError("model weights must be finite and scales positive"))
    return Success(
        LogisticModel(
            features,
            loaded["weights"],
            loaded["mean"],
            loaded["scale"],
            threshold,
            dict(zip(terms, frequencies, strict=True)),
            documents,
            meta,
        )
    )


def _read(
    root: Path | Traversable, name: str, features: tuple[str, ...]
) -> Result[LogisticModel, ModelError]:
    try:
        weights = (root / f"{name}.npz").read_bytes()
        meta_text = (root / f"{name}.json").read_text(encoding="utf-8")
    except OSError as error:
        return Failure(ModelError(f"cannot read model {name!r} in {root}: {error}"))
    return _from_bytes(weights, meta_text, features)


def load_model(
    folder: Path, name: str, features: tuple[str, ...]
) -> Result[LogisticModel, ModelError]:
    """The model `name` saved in `folder`, checked against `features`."""
    return _read(folder, name, features)


def shipped_model(name: str, features: tuple[str, ...]) -> Result[LogisticModel, ModelError]:
    """The model `name` shipped inside the package."""
    return _read(resources.files("memcore") / "data" / "learned_writer", name, features)


def all_loaded(
    *loaded: Result[LogisticModel, ModelError],
) -> Result[tuple[LogisticModel, ...], ModelError]:
    """Every model of `loaded`, in order, or the first failure among them (models loaded
    together, as a writer's bundle, stand or fall together)."""
    return collected(loaded)
