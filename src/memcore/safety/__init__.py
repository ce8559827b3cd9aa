"""Safeguards for conversational memory: the poisoning filter and the topic-shift signal."""

from memcore.safety.instruction_rules import InstructionRule, instruction_rules
from memcore.safety.poisoning import (
    CUES,
    WITHHELD_MARKER,
    Gate,
    filter_node,
    flagged_sentences,
    gate_in_use,
    instruction_rule,
    is_instruction_like,
    lines_joined,
    neutralise,
    prepare_texts,
    sentences_joined,
    split_sentences,
    text_views,
    text_windows,
    use_gate,
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
    "gate_in_use",
    "instruction_rule",
    "instruction_rules",
    "is_instruction_like",
    "lexical_overlap",
    "lexical_shift",
    "lines_joined",
    "neutralise",
    "prepare_texts",
    "refers_back",
    "sentences_joined",
    "split_sentences",
    "text_views",
    "text_windows",
    "topic_texts",
    "use_gate",
    "withhold_instructions",
]


def __getattr__(name: str) -> tuple[InstructionRule, ...]:
    # `INSTRUCTION_RULES` is `instruction_rules()`, compiled when first read, not on import.
    if name == "INSTRUCTION_RULES":
        return instruction_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
