"""Safeguards for conversational memory: the poisoning filter and the topic-shift signal."""

from memcore.safety.poisoning import (
    INSTRUCTION_RULES,
    InstructionRule,
    filter_node,
    instruction_rule,
    is_instruction_like,
)
from memcore.safety.topic_shift import (
    ShiftMethod,
    TextEncoder,
    TopicShift,
    embedding_shift,
    lexical_overlap,
    lexical_shift,
    minilm_encoder,
    refers_back,
    topic_texts,
)

__all__ = [
    "INSTRUCTION_RULES",
    "InstructionRule",
    "ShiftMethod",
    "TextEncoder",
    "TopicShift",
    "embedding_shift",
    "filter_node",
    "instruction_rule",
    "is_instruction_like",
    "lexical_overlap",
    "lexical_shift",
    "minilm_encoder",
    "refers_back",
    "topic_texts",
]
