"""The validity layer: memory-driven validity metadata over any ranking (spec/validity.md)."""

from memcore.validity.config import DEFAULT_CONFIG, ValidityConfig
from memcore.validity.contracts import EVAL_ONLY_FIELDS, leaked_fields
from memcore.validity.errors import ValidityError
from memcore.validity.evidence import Evidence, EvidenceKind, memory_evidence
from memcore.validity.layer import (
    ValidatedRanking,
    assess_titles,
    demoted_order,
    validate_candidates,
    validate_ranking,
)
from memcore.validity.mode import ValidityMode, parse_mode
from memcore.validity.score import Validity, noisy_or

__all__ = [
    "DEFAULT_CONFIG",
    "EVAL_ONLY_FIELDS",
    "Evidence",
    "EvidenceKind",
    "ValidatedRanking",
    "Validity",
    "ValidityConfig",
    "ValidityError",
    "ValidityMode",
    "assess_titles",
    "demoted_order",
    "leaked_fields",
    "memory_evidence",
    "noisy_or",
    "parse_mode",
    "validate_candidates",
    "validate_ranking",
]
