"""Noisy-or aggregation of evidence into a possibly-outdated score, per passage."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from memcore.validity.config import ValidityConfig
from memcore.validity.evidence import Evidence, EvidenceKind


def noisy_or(strengths: Iterable[float]) -> float:
    """1 - prod(1 - x): the chance that at least one independent piece of evidence holds."""
    remaining = 1.0
    for strength in strengths:
        remaining *= 1.0 - strength
    return 1.0 - remaining


def weight_of(kind: EvidenceKind, config: ValidityConfig) -> float:
    """The configured strength of one piece of evidence of `kind`."""
    if kind is EvidenceKind.REJECTED_BY_CORRECTION:
        return config.rejected_by_correction
    if kind is EvidenceKind.SUPERSEDED_BY_REVISION:
        return config.superseded_by_revision
    return config.dropped_topic


def _turn_of(evidence: tuple[Evidence, ...], kind: EvidenceKind) -> int | None:
    turns = [piece.turn for piece in evidence if piece.kind is kind]
    return max(turns) if turns else None


@attrs.frozen
class Validity:
    """What the memory says about one passage's validity."""

    evidence: tuple[Evidence, ...]
    outdated_score: float
    possibly_outdated: bool

    @property
    def dropped_topic(self) -> str | None:
        """The dropped topic the passage belongs to, if any."""
        for piece in self.evidence:
            if piece.kind is EvidenceKind.DROPPED_TOPIC:
                return piece.topic
        return None

    @property
    def rejected_at_turn(self) -> int | None:
        """The turn whose correction rejected the passage's page, if any."""
        return _turn_of(self.evidence, EvidenceKind.REJECTED_BY_CORRECTION)

    @property
    def superseded_at_turn(self) -> int | None:
        """The turn whose value revision superseded the passage's topic, if any."""
        return _turn_of(self.evidence, EvidenceKind.SUPERSEDED_BY_REVISION)

    @property
    def note(self) -> str:
        """One English line for the agent: the evidence, or that there is none."""
        if not self.evidence:
            return "no evidence against this passage"
        return "; ".join(piece.describe() for piece in self.evidence)

    def to_metadata(self) -> dict[str, Any]:
        """The JSON metadata attached to a passage (a fixed set of keys)."""
        return {
            "possibly_outdated": self.possibly_outdated,
            "outdated_score": self.outdated_score,
            "dropped_topic": self.dropped_topic,
            "rejected_by_correction_at_turn": self.rejected_at_turn,
            "superseded_by_revision_at_turn": self.superseded_at_turn,
            "note": self.note,
            "evidence": [
                {"kind": piece.kind.value, "topic": piece.topic, "turn": piece.turn}
                for piece in self.evidence
            ],
        }


def assess(evidence: tuple[Evidence, ...], config: ValidityConfig) -> Validity:
    """The validity of a passage that `evidence` applies to."""
    score = noisy_or(weight_of(piece.kind, config) for piece in evidence)
    return Validity(evidence, score, bool(evidence) and score >= config.threshold)
