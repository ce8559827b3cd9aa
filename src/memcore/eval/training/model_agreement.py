"""Whether retrained writer models reproduce the shipped ones, to the precision the float path
supports.

Training is deterministic on one machine: the same data and seed give the same bytes, twice in
a row. Across machines the float path differs, so bytes are the wrong test:

- numpy's BLAS picks its kernels by CPU and sums in another order, so a weight can move in its
  last digit or two (seen: a check probability 0.9109632699632351 against ...348);
- ONNX Runtime's int8 kernels round the MiniLM vectors differently on another CPU; the
  `learned-minilm` scorers' similarity features move with them, and training carries that
  into their weights (seen: up to 0.02 on weights whose norm is about 5).

So a retrained model *reproduces* a shipped one when, on the shipped model's check rows (rows
spread over its training probabilities, recorded in its metadata), both give the same
decisions and probabilities within the path's tolerance, their thresholds agree, and their
weights agree within a stated relative gap. `BLAS_PATH` is the tolerance for models whose
features are plain arithmetic on the data; `ENCODER_PATH` for models with encoder features.
"""

from __future__ import annotations

import importlib.metadata
import platform
from collections.abc import Sequence

import attrs
import numpy as np
from returns.result import Failure, Result, Success

from memcore.writers.learned.bundle import (
    INTENDED,
    REJECTED,
    STEPS,
    TERMS,
    WriterModels,
    shipped_bundle,
)
from memcore.writers.learned.minilm import (
    REFERENT_MINILM,
    MiniLMModels,
    shipped_minilm_models,
)
from memcore.writers.learned.model import FloatArray, LogisticModel, ModelError


@attrs.frozen
class Tolerance:
    """How far a retrained model may sit from the shipped one and still reproduce it.

    `weights`: the largest relative gap of the weight, mean and scale vectors
    (`|made - shipped| / max(|shipped|, 1)`, L2 norms). `probability`: the largest gap of the
    two models' probabilities on a check row. `threshold`: the largest gap of the thresholds.
    A check row whose shipped probability lies within `margin` of the threshold may be decided
    either way; every other row must be decided alike."""

    weights: float
    probability: float
    threshold: float
    margin: float


# Plain features: only summation order differs, so agreement to about the 15th digit is
# expected; 1e-6 leaves room for a long chain of gradient steps.
BLAS_PATH = Tolerance(weights=1e-6, probability=1e-6, threshold=0.0, margin=0.0)
# Encoder features: the one cross-machine figure seen (0.02 on a weight, a relative gap of
# well under 1%) with room to spare; the threshold may move one 0.01 step of its search.
ENCODER_PATH = Tolerance(weights=0.02, probability=0.02, threshold=0.011, margin=0.02)


def _relative_gap(made: FloatArray, shipped: FloatArray) -> float:
    if made.shape != shipped.shape:
        return float("inf")
    return float(np.linalg.norm(made - shipped) / max(float(np.linalg.norm(shipped)), 1.0))


@attrs.frozen
class Agreement:
    """How a retrained model compares with a shipped one on the shipped one's check rows."""

    name: str
    weight_gap: float
    probability_gap: float
    threshold_gap: float
    rows: int
    # Check rows decided differently although the shipped probability is clear of the margin.
    flipped: int

    def problems(self, tolerance: Tolerance) -> tuple[str, ...]:
        """What falls outside `tolerance`, one line each (empty: the model reproduces)."""
        found: list[str] = []
        if self.weight_gap > tolerance.weights:
            found.append(f"{self.name}: weights differ by {self.weight_gap:.3g} (relative)")
        if self.probability_gap > tolerance.probability:
            found.append(f"{self.name}: probabilities differ by {self.probability_gap:.3g}")
        if self.threshold_gap > tolerance.threshold:
            found.append(f"{self.name}: thresholds differ by {self.threshold_gap:.3g}")
        if self.flipped:
            found.append(f"{self.name}: {self.flipped} of {self.rows} check rows decided otherwise")
        if not self.rows:
            found.append(f"{self.name}: the shipped model has no check rows")
        return tuple(found)


def check_rows(model: LogisticModel) -> list[list[float]]:
    """The check rows recorded in a model's metadata (none if it has no record)."""
    check = model.meta.get("check")
    rows = check.get("rows") if isinstance(check, dict) else None
    return [list(map(float, row)) for row in rows] if isinstance(rows, list) else []


def compare(
    name: str, made: LogisticModel, shipped: LogisticModel, tolerance: Tolerance
) -> Agreement:
    """`made` against `shipped` on the shipped model's check rows."""
    rows = check_rows(shipped)
    made_scores, shipped_scores = made.probabilities(rows), shipped.probabilities(rows)
    clear = np.abs(shipped_scores - shipped.threshold) > tolerance.margin
    decided_otherwise = (made_scores >= made.threshold) != (shipped_scores >= shipped.threshold)
    weight_gap = max(
        _relative_gap(made.weights, shipped.weights),
        _relative_gap(made.mean, shipped.mean),
        _relative_gap(made.scale, shipped.scale),
    )
    return Agreement(
        name,
        weight_gap,
        float(np.max(np.abs(made_scores - shipped_scores))) if rows else 0.0,
        abs(made.threshold - shipped.threshold),
        len(rows),
        int(np.sum(decided_otherwise & clear)),
    )


def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def _blas() -> str:
    """numpy's BLAS, as `name version` (numpy's own build record)."""
    try:
        config = np.show_config(mode="dicts")
        blas = config["Build Dependencies"]["blas"]
        return f"{blas.get('name', '?')} {blas.get('version', '?')}"
    except (TypeError, KeyError, AttributeError):
        return "unknown"


def training_environment(packages: Sequence[str] = ()) -> dict[str, str]:
    """What the float path of a training run ran on: Python, numpy and its BLAS, the machine's
    architecture, and the version of each of `packages` that is installed."""
    found = {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "blas": _blas(),
        "machine": platform.machine(),
    }
    for package in packages:
        version = _version(package)
        if version is not None:
            found[package] = version
    return found


@attrs.frozen
class Judged:
    """One model's agreement with its shipped counterpart, and the tolerance it is held to."""

    agreement: Agreement
    tolerance: Tolerance

    def problems(self) -> tuple[str, ...]:
        """What falls outside the tolerance (empty: the model reproduces)."""
        return self.agreement.problems(self.tolerance)


def against_shipped(
    made: WriterModels, minilm: MiniLMModels | None = None
) -> Result[tuple[Judged, ...], ModelError]:
    """Each retrained model against the one shipped inside the package: the four writer models
    under `BLAS_PATH`, the variant's referent scorer (if given) under `ENCODER_PATH`."""
    shipped = shipped_bundle()
    if isinstance(shipped, Failure):
        return Failure(shipped.failure())
    ours = shipped.unwrap()
    compared = [
        (TERMS, made.terms, ours.terms, BLAS_PATH),
        (INTENDED, made.intended, ours.intended, BLAS_PATH),
        (REJECTED, made.rejected, ours.rejected, BLAS_PATH),
        (STEPS, made.steps, ours.steps, BLAS_PATH),
    ]
    if minilm is not None:
        variant = shipped_minilm_models()
        if isinstance(variant, Failure):
            return Failure(variant.failure())
        compared.append((REFERENT_MINILM, minilm.referent, variant.unwrap().referent, ENCODER_PATH))
    return Success(tuple(Judged(compare(name, m, s, tol), tol) for name, m, s, tol in compared))
