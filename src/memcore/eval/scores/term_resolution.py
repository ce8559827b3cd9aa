"""Query resolution: does a system's query add the terms a human rewrite adds from the history?

Terms are memcore's index terms (`memcore.search.tokenize`: case-folded words, stop words
removed, no stemming), as sets. For a turn, the *gold terms* are the terms of the human
rewrite that are not in the raw utterance but occur in the conversation history (earlier
utterances and responses): QuReTeC's distant supervision (Voskarides et al., SIGIR 2020). The
*predicted terms* are the terms of the system's query that are not in the raw utterance.
Recall and precision are micro-averaged over the turns with at least one gold term, with 95%
bootstrap intervals that resample conversations (topics: the paths of a CAsT 2022 tree
together).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from memcore.eval.scores.bootstrap import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    Interval,
    RatioObservation,
    ratio_bootstrap,
)
from memcore.search.tokenize import tokenize


def terms(text: str) -> frozenset[str]:
    """The distinct index terms of `text`."""
    return frozenset(tokenize(text))


def gold_terms(utterance: str, rewrite: str, history: Iterable[str]) -> frozenset[str]:
    """Terms the rewrite adds to the utterance that the history (earlier texts) contains."""
    seen: set[str] = set()
    for text in history:
        seen.update(tokenize(text))
    return (terms(rewrite) - terms(utterance)) & seen


def predicted_terms(utterance: str, query: str) -> frozenset[str]:
    """Terms the query adds to the utterance."""
    return terms(query) - terms(utterance)


@attrs.frozen
class TurnTerms:
    """A scored turn: its group (the bootstrap's resampling unit), gold and predicted terms."""

    group: str
    gold: frozenset[str]
    predicted: frozenset[str]

    @property
    def hits(self) -> int:
        """Gold terms the query added."""
        return len(self.gold & self.predicted)

    @property
    def recall(self) -> float | None:
        """The share of gold terms added (None without gold terms)."""
        return self.hits / len(self.gold) if self.gold else None

    @property
    def precision(self) -> float | None:
        """The share of added terms that are gold (None when the query adds nothing)."""
        return self.hits / len(self.predicted) if self.predicted else None


@attrs.frozen
class TermScores:
    """Micro recall and precision over the turns with gold terms, with their intervals.

    `precision` is None when no query added a term; `f1` is the harmonic mean of the two
    point estimates (0 when both are 0, None without a precision).
    """

    turns: int
    gold_terms: int
    predicted_terms: int
    hits: int
    recall: Interval | None
    precision: Interval | None

    @property
    def f1(self) -> float | None:
        if self.recall is None or self.precision is None:
            return None
        total = self.recall.mean + self.precision.mean
        return 2 * self.recall.mean * self.precision.mean / total if total else 0.0


def score_turns(
    turns: Sequence[TurnTerms], samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED
) -> TermScores:
    """Micro recall and precision over the turns with at least one gold term."""
    kept = [turn for turn in turns if turn.gold]
    recall = ratio_bootstrap(
        [RatioObservation(t.group, t.hits, len(t.gold)) for t in kept], samples, seed
    )
    precision = ratio_bootstrap(
        [RatioObservation(t.group, t.hits, len(t.predicted)) for t in kept], samples, seed
    )
    return TermScores(
        len(kept),
        sum(len(turn.gold) for turn in kept),
        sum(len(turn.predicted) for turn in kept),
        sum(turn.hits for turn in kept),
        recall,
        precision,
    )
