"""Safeguards for conversational memory: the poisoning filter and the topic-shift signal."""

from memcore.safety.instruction_rules import INSTRUCTION_RULES, InstructionRule
from memcore.safety.poisoning import (
    CUES,
    WITHHELD_MARKER,
    Gate,
    filter_node,
    flagged_sentences,
    instruction_rule,
    is_instruction_like,
    lines_joined,
    neutralise,
    split_sentences,
    text_views,
    withhold_instructions,
)
from memcore.safety.topic_shift import (
    ShiftMethod,
    TextEncoder,
    TopicShift,
    embedding_shift,
    lexical_overlap,
    lexical_shift,
    refers_back,
    topic_texts,
)

__all__ = [
    "CUES",
    "INSTRUCTION_RULES",
    "WITHHELD_MARKER",
    "Gate",
    "InstructionRule",
    "ShiftMethod",
    "TextEncoder",
    "TopicShift",
    "embedding_shift",
    "filter_node",
    "flagged_sentences",
    "instruction_rule",
    "is_instruction_like",
    "lexical_overlap",
    "lexical_shift",
    "lines_joined",
    "neutralise",
    "refers_back",
    "split_sentences",
    "text_views",
    "topic_texts",
    "withhold_instructions",
]
