"""Weights of each kind of validity evidence and the demotion threshold (spec/validity.md)."""

from __future__ import annotations

import math

import attrs
from returns.result import Failure, Result, Success

from memcore.validity.errors import ValidityError


@attrs.frozen
class ValidityConfig:
    """How strongly each kind of evidence says a passage is outdated, and where "possibly
    outdated" starts.

    Each weight is the probability-like strength of one piece of evidence; pieces combine by
    noisy-or. A passage whose combined score reaches `threshold` is possibly outdated, and
    only such passages move in demote mode.
    """

    rejected_by_correction: float = 0.9
    superseded_by_revision: float = 0.8
    dropped_topic: float = 0.6
    threshold: float = 0.5


DEFAULT_CONFIG = ValidityConfig()


def _in_unit(value: float) -> bool:
    return math.isfinite(value) and 0.0 <= value <= 1.0


def checked_config(config: ValidityConfig) -> Result[ValidityConfig, ValidityError]:
    """`config` if every weight and the threshold lie in [0, 1]; the first bad one otherwise."""
    for name in ("rejected_by_correction", "superseded_by_revision", "dropped_topic"):
        value = getattr(config, name)
        if not _in_unit(value):
            return Failure(
                ValidityError(
                    "bad_weight", f"config.{name}", f"a weight lies in [0, 1], got {value!r}"
                )
            )
    if not _in_unit(config.threshold) or config.threshold == 0.0:
        return Failure(
            ValidityError(
                "bad_threshold",
                "config.threshold",
                f"the threshold lies in (0, 1], got {config.threshold!r}",
            )
        )
    return Success(config)
