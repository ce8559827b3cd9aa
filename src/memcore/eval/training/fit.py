"""Fitting a logistic model in numpy: deterministic, class-balanced, L2-regularised.

Full-batch gradient descent from zero weights, so the same rows always give the same weights
(no random initialisation, no shuffling). Positives are rare (a few needed terms among many
history terms), so both classes are weighed to count alike in the loss. The threshold is the
probability, in steps of 0.01, that maximises F1 on the training rows as grouped by the
caller (micro F1 over groups).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import numpy as np

from memcore.writers.learned.model import FloatArray, LogisticModel

STEPS = 3000
LEARNING_RATE = 0.5
L2 = 1e-3


def _gradient_descent(features: FloatArray, labels: FloatArray, l2: float) -> FloatArray:
    weights = np.zeros(features.shape[1])
    count = len(labels)
    positives = max(float(labels.sum()), 1.0)
    negatives = max(count - positives, 1.0)
    sample = np.where(labels > 0, count / (2 * positives), count / (2 * negatives))
    for _ in range(STEPS):
        probabilities = 1.0 / (1.0 + np.exp(-(features @ weights)))
        gradient = features.T @ ((probabilities - labels) * sample) / count
        gradient[1:] += l2 * weights[1:]
        weights -= LEARNING_RATE * gradient
    result: FloatArray = weights
    return result


# A model records its probabilities for this many of its training rows, so that a loaded or
# retrained model can be checked against the scores it gave when it was trained. The rows sit
# at evenly spaced ranks of those probabilities, so the check covers both sides of any
# threshold (a model's first rows are mostly clear negatives).
CHECK_ROWS = 24


def check_indices(probabilities: FloatArray, count: int = CHECK_ROWS) -> list[int]:
    """Indices of `count` rows at evenly spaced ranks of `probabilities` (every row if fewer),
    in row order."""
    if len(probabilities) <= count:
        return list(range(len(probabilities)))
    order = np.argsort(probabilities, kind="stable")
    ranks = np.linspace(0, len(order) - 1, num=count).round().astype(int)
    return sorted({int(order[rank]) for rank in ranks})


def fit(
    features: tuple[str, ...],
    rows: Sequence[Sequence[float]],
    labels: Sequence[bool],
    *,
    l2: float = L2,
) -> LogisticModel:
    """A logistic model over `rows` (first feature the constant 1), threshold 0.5, weights
    penalised by `l2`; its meta holds `check`: rows spread over its probability ranks
    (`check_indices`) and their probabilities."""
    if not rows or not any(labels):
        raise ValueError("nothing to fit: no rows or no positive label")
    matrix = np.array(rows, dtype=np.float64)
    targets = np.array([1.0 if label else 0.0 for label in labels])
    mean = matrix.mean(axis=0)
    scale = matrix.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0  # the bias column stays 1
    scale[scale == 0] = 1.0
    weights = _gradient_descent((matrix - mean) / scale, targets, l2)
    model = LogisticModel(features, weights, mean, scale, 0.5)
    chosen = check_indices(model.probabilities(rows))
    check = [list(map(float, rows[index])) for index in chosen]
    scores = [float(p) for p in model.probabilities(check)]
    return attrs.evolve(model, meta={"check": {"rows": check, "probabilities": scores}})


def best_threshold(f1_at: Callable[[float], float]) -> float:
    """The threshold in 0.05..0.95 (steps of 0.01) with the highest `f1_at`; lowest on ties."""
    best, best_f1 = 0.5, -1.0
    for step in range(5, 96):
        threshold = step / 100
        f1 = f1_at(threshold)
        if f1 > best_f1 + 1e-12:
            best, best_f1 = threshold, f1
    return best


def f1(hits: int, chosen: int, gold: int) -> float:
    """F1 of `hits` right among `chosen`, against `gold` to find."""
    precision = hits / chosen if chosen else 0.0
    recall = hits / gold if gold else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0
