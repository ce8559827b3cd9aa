"""The rule writer: a deterministic writer that needs no model (the default writer)."""

from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.writer import RuleWriter, write_node

__all__ = ["RuleWriter", "TitleVocabulary", "write_node"]
