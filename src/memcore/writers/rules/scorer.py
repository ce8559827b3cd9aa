"""The scorer: which proposal the cascade takes, read from candidates' named features.

A scorer gives each candidate, described by a row of named features, a score
(`CandidateScorer`). Two kinds plug into the cascade through this one protocol:

- `HandSetScorer`, weights set by hand in a named table. The rule cascade is one: each step's
  proposal is a candidate whose features say which step made it (one-hot over
  `STEP_FEATURES`), and `HAND_SET_WEIGHTS` gives every step a power of two, so a step
  outweighs all the steps after it together. An ordered rule cascade is this lexicographic
  scorer; the spec pages' order is the order of the weights.
- the learned writer's trained `LogisticModel`s, over the topic candidates' features
  (`memcore.writers.learned.topics`): `pick_topics` takes the intended and rejected topic.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Protocol

import attrs
import numpy as np
import numpy.typing as npt

from memcore.writers.rules.decision import Decision
from memcore.writers.rules.steps import (
    continuation,
    correction,
    ellipsis,
    named_topic,
    referenced_topic,
    value_revision,
)
from memcore.writers.rules.view import View

FloatArray = npt.NDArray[np.float64]
# A step of the cascade: the turn's text, the memory's view and the answer (history turns).
Step = Callable[[str, View, str], Decision | None]


class CandidateScorer(Hashable, Protocol):
    """Scores candidates from their feature rows (one row per candidate, in `features` order).

    Hashable, so that the cascade keeps each scorer's order of the steps (`step_order`)."""

    @property
    def features(self) -> tuple[str, ...]:
        """The names of the features, in the order of a row."""
        ...

    def scores(self, rows: Sequence[Sequence[float]]) -> FloatArray:
        """One score per row; the higher, the better the candidate."""
        ...


@attrs.frozen(eq=False)
class HandSetScorer:
    """A linear scorer whose weights are set by hand, by feature name (absent: weight 0)."""

    features: tuple[str, ...]
    weights: Mapping[str, float]

    def scores(self, rows: Sequence[Sequence[float]]) -> FloatArray:
        """Each row's weighted sum."""
        vector = np.array([self.weights.get(name, 0.0) for name in self.features])
        table = np.array(rows, dtype=np.float64).reshape(len(rows), len(self.features))
        result: FloatArray = table @ vector
        return result


# The steps, in the spec pages' order; a continuation of the current topic always proposes.
STEPS: Mapping[str, Step] = {
    "value_revision": lambda text, view, _answer: value_revision(text, view),
    "correction": lambda text, view, _answer: correction(text, view),
    "ellipsis": lambda text, view, _answer: ellipsis(text, view),
    "named_topic": named_topic,
    "reference": referenced_topic,
    "continuation": continuation,
}
STEP_FEATURES: tuple[str, ...] = tuple(STEPS)
# Descending powers of two: each step outweighs every later one together, so the first step
# that proposes wins (the rule writer's fixed order).
HAND_SET_WEIGHTS: Mapping[str, float] = {
    "value_revision": 32.0,
    "correction": 16.0,
    "ellipsis": 8.0,
    "named_topic": 4.0,
    "reference": 2.0,
    "continuation": 1.0,
}
HAND_SET = HandSetScorer(STEP_FEATURES, HAND_SET_WEIGHTS)


@functools.cache
def step_order(scorer: CandidateScorer) -> tuple[str, ...]:
    """The steps by the score of their proposals, best first (ties in the spec pages' order)."""
    one_hot = np.eye(len(STEP_FEATURES)).tolist()
    scores = scorer.scores(one_hot)
    ranked = sorted(range(len(STEP_FEATURES)), key=lambda index: -float(scores[index]))
    return tuple(STEP_FEATURES[index] for index in ranked)


def decide(text: str, view: View, answer: str, scorer: CandidateScorer = HAND_SET) -> Decision:
    """The decision of the best-scoring step that proposes one for the turn `text`.

    A proposal's features are only which step made it, so its score is its step's: the steps
    are tried best first and the first that proposes wins (no later one could score higher),
    which spares the others' work.
    """
    for name in step_order(scorer):
        decision = STEPS[name](text, view, answer)
        if decision is not None:
            return decision
    # Not reached: a continuation always proposes (mypy cannot know it).
    return continuation(text, view, answer)


def pick_topics(
    rows: Sequence[Sequence[float]],
    intended: CandidateScorer,
    rejected: CandidateScorer,
    threshold: float,
) -> tuple[int, int | None]:
    """The row `intended` scores best, and the best other row by `rejected` where its score
    reaches `threshold` (None: nothing is rejected)."""
    best = int(np.argmax(intended.scores(rows)))
    rejected_scores = np.array(rejected.scores(rows), dtype=np.float64)
    rejected_scores[best] = -1.0
    worst = int(np.argmax(rejected_scores))
    return best, (worst if rejected_scores[worst] >= threshold else None)
