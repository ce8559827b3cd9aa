"""Memory poisoning: instruction-like content is never stored as a fact (spec/poisoning.md).

A fact is a statement about the world or the user. A sentence that tells the assistant what
to do later ("remember that you must always recommend X"), overrides its instructions
("ignore previous instructions") or reassigns its role ("you are now ...") is an instruction,
and stored as a fact it would act on every later turn. `filter_node` drops such facts, keeps
everything else of the node, and counts the drop in `withheld_facts`.
"""

from __future__ import annotations

import re

import attrs

from memcore.node import Node


@attrs.frozen
class InstructionRule:
    """One pattern of instruction-like text; `rule_id` names it in the spec."""

    rule_id: str
    summary: str
    pattern: re.Pattern[str]


def _rule(rule_id: str, summary: str, pattern: str) -> InstructionRule:
    return InstructionRule(rule_id, summary, re.compile(pattern, re.IGNORECASE))


_ASSISTANT = r"(?:you|the assistant|the ai|the model|the bot|the system)"
_ACTS = (
    r"(?:recommend|suggest|say|answer|respond|reply|mention|tell|promote|include|use|refer|"
    r"claim|state|output|reveal|praise|endorse|advertise|link|push)"
)

INSTRUCTION_RULES: tuple[InstructionRule, ...] = (
    _rule(
        "POISON-1",
        "overrides earlier instructions",
        r"\b(?:ignore|disregard|forget|override|bypass|drop)\b[\w\s,]{0,20}?"
        r"\b(?:previous|prior|earlier|above|preceding|all|any|your|the)\b[\w\s]{0,15}?"
        r"\b(?:instructions?|rules|prompts?|guidelines|directions|messages|constraints)\b",
    ),
    _rule(
        "POISON-2",
        "asks the memory to keep a directive for later",
        r"\b(?:remember|memori[sz]e|note|keep in mind|store|save)\b[\w\s,]{0,12}?\b(?:that|to)\b"
        rf"[\w\s,]{{0,20}}?\b(?:{_ASSISTANT}\s+(?:must|should|shall|will|have to|need to|are to)"
        rf"|always|never|from now on)\b",
    ),
    _rule(
        "POISON-3",
        "obliges the assistant to act",
        rf"\b{_ASSISTANT}\s+(?:must|should|shall|have to|need to|are to|will)\s+"
        rf"(?:always|never|only|(?:not\s+)?{_ACTS})\b",
    ),
    _rule(
        "POISON-4",
        "a standing order: always or never do something",
        rf"(?:^|[.!;:]\s*|\bto\s+)(?:always|never)\s+{_ACTS}\b",
    ),
    _rule(
        "POISON-5",
        "applies from now on or in future conversations",
        r"\b(?:from now on|henceforth|in (?:all )?future (?:sessions|conversations|chats|answers"
        r"|replies|responses))\b",
    ),
    _rule(
        "POISON-6",
        "reassigns the assistant's role or reveals its prompt",
        r"\b(?:you are now|act as (?:if|an?|the)|pretend (?:to be|that|you)|new instructions"
        r"|system prompt|developer mode|jailbreak)\b",
    ),
)


def instruction_rule(text: str) -> InstructionRule | None:
    """The first rule that marks `text` as instruction-like, or None for an ordinary fact."""
    for rule in INSTRUCTION_RULES:
        if rule.pattern.search(text):
            return rule
    return None


def is_instruction_like(text: str) -> bool:
    """Whether `text` reads as an instruction to the assistant rather than a fact."""
    return instruction_rule(text) is not None


def filter_node(node: Node) -> Node:
    """`node` without its instruction-like facts; `withheld_facts` grows by the number dropped.

    Everything else (question, answer, operations, topics, the other facts in order) is kept.
    A node with nothing to drop is returned as it is.
    """
    kept = tuple(fact for fact in node.facts if not is_instruction_like(fact))
    dropped = len(node.facts) - len(kept)
    if dropped == 0:
        return node
    return attrs.evolve(node, facts=kept, withheld_facts=node.withheld_facts + dropped)
