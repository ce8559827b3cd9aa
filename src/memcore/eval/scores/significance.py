"""Paired significance by conversation, with Holm's correction over the comparisons made.

A system and the reference are compared on the same questions. The unit is the source
conversation (the same resampling unit as the bootstrap intervals): each conversation's mean
per-question difference, system minus reference, and a two-sided one-sample t-test of those
means against 0 (scipy.stats.ttest_1samp), the paired t-test IR evaluation commonly reports.
Holm's step-down correction then holds the family-wise error rate over every p-value of a
report (each system other than the reference, on each set and overall).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from memcore.eval.scores.bootstrap import Observation


def conversation_means(observations: Sequence[Observation]) -> tuple[float, ...]:
    """Each conversation's mean difference, in conversation order."""
    totals: dict[str, list[float]] = {}
    for observation in observations:
        totals.setdefault(observation.group, []).append(observation.value)
    return tuple(math.fsum(values) / len(values) for _, values in sorted(totals.items()))


def paired_p_value(observations: Sequence[Observation]) -> float | None:
    """The two-sided p-value of the paired t-test by conversation that the mean difference
    is 0: 1.0 when every conversation's difference is 0, None with fewer than two
    conversations (no test)."""
    from scipy.stats import ttest_1samp

    means = conversation_means(observations)
    if len(means) < 2:
        return None
    if all(mean == 0.0 for mean in means):
        return 1.0
    if min(means) == max(means):
        # Every conversation moved by the same amount: no spread, the t statistic is infinite.
        return 0.0
    return float(ttest_1samp(means, 0.0).pvalue)


def holm(p_values: Sequence[float]) -> tuple[float, ...]:
    """Holm's adjusted p-values, in the order given: the i-th smallest (from 0) times
    (m - i), made non-decreasing in that order and capped at 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda index: p_values[index])
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return tuple(adjusted)
