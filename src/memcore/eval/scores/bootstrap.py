"""Paired bootstrap over resampling groups (source conversations), with 95% intervals.

Every replicate draws the groups with replacement; a question counts as often as its group was
drawn. A set's statistic is the mean over its questions; the overall statistic is the
unweighted mean over sets, all from the same draw, so the sets' intervals are paired.
`ratio_bootstrap` does the same for a ratio of sums (a micro-averaged recall or precision).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import numpy as np

DEFAULT_SAMPLES = 2000
DEFAULT_SEED = 0


@attrs.frozen
class Interval:
    """A mean with the 2.5th and 97.5th percentiles of its bootstrap distribution."""

    mean: float
    low: float
    high: float

    @property
    def excludes_zero(self) -> bool:
        """Whether zero lies outside the interval (the difference is significant)."""
        return self.low > 0.0 or self.high < 0.0


@attrs.frozen
class Observation:
    """One question's value (a metric, or a paired difference) in a set and a group."""

    set_name: str
    group: str
    value: float


def _group_draws(groups: int, samples: int, seed: int) -> np.ndarray:
    """How often each group is drawn in each replicate: a `(samples, groups)` matrix."""
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, groups, size=(samples, groups))
    counts = np.zeros((samples, groups))
    for row in range(samples):
        counts[row] = np.bincount(draws[row], minlength=groups)
    return counts


def bootstrap(
    observations: Sequence[Observation],
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> tuple[Mapping[str, Interval], Interval]:
    """Intervals per set and for the unweighted mean over sets.

    The point estimates are the plain means; a set that a replicate leaves without questions
    is left out of that replicate's overall mean.
    """
    if not observations:
        raise ValueError("bootstrap needs at least one observation")
    groups = sorted({observation.group for observation in observations})
    group_index = {group: index for index, group in enumerate(groups)}
    set_names = sorted({observation.set_name for observation in observations})
    counts = _group_draws(len(groups), samples, seed)
    per_set: dict[str, Interval] = {}
    replicate_means = np.full((samples, len(set_names)), np.nan)
    point_means = []
    for column, name in enumerate(set_names):
        members = [observation for observation in observations if observation.set_name == name]
        indices = np.array([group_index[observation.group] for observation in members])
        values = np.array([observation.value for observation in members])
        weights = counts[:, indices]
        totals = weights.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            means = (weights @ values) / totals
        replicate_means[:, column] = means
        point = float(values.mean())
        point_means.append(point)
        valid = means[np.isfinite(means)]
        per_set[name] = Interval(
            point, float(np.percentile(valid, 2.5)), float(np.percentile(valid, 97.5))
        )
    overall_replicates = np.nanmean(replicate_means, axis=1)
    overall = Interval(
        float(np.mean(point_means)),
        float(np.percentile(overall_replicates, 2.5)),
        float(np.percentile(overall_replicates, 97.5)),
    )
    return per_set, overall


def paired_differences(
    system: Mapping[str, float],
    reference: Mapping[str, float],
    sets: Mapping[str, str],
    groups: Mapping[str, str],
) -> tuple[Observation, ...]:
    """Per-question differences `system - reference` for the questions both scored."""
    return tuple(
        Observation(
            sets[question_id], groups[question_id], system[question_id] - reference[question_id]
        )
        for question_id in system
        if question_id in reference
    )


@attrs.frozen
class RatioObservation:
    """One item's contribution to a ratio of sums (a micro-averaged metric), in a group."""

    group: str
    numerator: float
    denominator: float


def ratio_bootstrap(
    observations: Sequence[RatioObservation],
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> Interval | None:
    """The interval of `sum(numerators) / sum(denominators)`, groups drawn with replacement
    (the same draws as `bootstrap`); None when the denominators sum to zero. A replicate whose
    denominators sum to zero is left out."""
    numerators = np.array([observation.numerator for observation in observations], dtype=float)
    denominators = np.array([o.denominator for o in observations], dtype=float)
    if not observations or denominators.sum() == 0:
        return None
    groups = sorted({observation.group for observation in observations})
    group_index = {group: index for index, group in enumerate(groups)}
    indices = np.array([group_index[observation.group] for observation in observations])
    weights = _group_draws(len(groups), samples, seed)[:, indices]
    with np.errstate(invalid="ignore", divide="ignore"):
        ratios = (weights @ numerators) / (weights @ denominators)
    valid = ratios[np.isfinite(ratios)]
    point = float(numerators.sum() / denominators.sum())
    if not valid.size:
        return Interval(point, point, point)
    return Interval(
        point,
        float(np.percentile(valid, 2.5)),
        float(np.percentile(valid, 97.5)),
    )
