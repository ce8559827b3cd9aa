"""The learned writer: the rule writer's cascade with trained scorers for the query and topic."""

from memcore.writers.learned.model import LogisticModel, ModelError, load_model, shipped_model
from memcore.writers.learned.terms import FEATURES, Candidate, History, candidates
from memcore.writers.learned.writer import LearnedWriter, resolved_query, select_terms

__all__ = [
    "FEATURES",
    "Candidate",
    "History",
    "LearnedWriter",
    "LogisticModel",
    "ModelError",
    "candidates",
    "load_model",
    "resolved_query",
    "select_terms",
    "shipped_model",
]
