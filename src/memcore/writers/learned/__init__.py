"""The learned writer: the rule writer's cascade with query resolution by trained term selection."""

from memcore.writers.learned.model import ModelError, TermModel, load_model, shipped_model
from memcore.writers.learned.terms import FEATURES, Candidate, History, candidates
from memcore.writers.learned.writer import LearnedWriter, resolved_query

__all__ = [
    "FEATURES",
    "Candidate",
    "History",
    "LearnedWriter",
    "ModelError",
    "TermModel",
    "candidates",
    "load_model",
    "resolved_query",
    "shipped_model",
]
