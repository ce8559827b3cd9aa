"""Memory poisoning: instruction-like content is never stored as a fact (spec/poisoning.md).

A fact is a statement about the world or the user. A sentence that tells the assistant what
to do later ("remember that you must always recommend X"), overrides its instructions
("ignore previous instructions") or reassigns its role ("you are now ...") is an instruction,
and stored as a fact it would act on every later turn. `filter_node` drops such facts, keeps
everything else of the node, and counts the drop in `withheld_facts`; `withhold_instructions`
replaces such sentences of an answer with `WITHHELD_MARKER` where the writer reads it.

Text is checked in every *view* of its folded form (`memcore.textfold`), so spelling tricks
(zero-width or soft-hyphen characters, look-alike letters, full-width or mathematical
letters, accents, leetspeak, words joined or letters split by separators) read as the words
they imitate, one sentence at a time and two adjacent sentences together.
"""

from __future__ import annotations

import functools
import itertools
import re

import attrs

from memcore.node import Node
from memcore.safety.instruction_rules import INSTRUCTION_RULES, InstructionRule
from memcore.textfold import fold_leet, fold_text, separators_as_spaces, separators_removed

WITHHELD_MARKER = "[withheld: instruction-like text]"

# A sentence ends after terminal punctuation (and any closing quotes or brackets) followed by
# space, after a full-width terminal mark, or at a line break. A full stop between letters
# ("i.g.n.o.r.e", "e.g.") ends nothing.
_SENTENCE_END = re.compile(r"(?<=[.!?…][\"'”’)\]])\s+|(?<=[.!?…])\s+|(?<=[。！？])|\n+")
_TERMINAL = re.compile(r"[\s.!?…。！？\"'”’)\]]+$")


def split_sentences(text: str) -> tuple[str, ...]:
    """The sentences of `text`, each with the space that follows it, so that joining them
    gives `text` back; a text without a sentence end is one sentence."""
    sentences: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(text):
        if end.end() > start:
            sentences.append(text[start : end.end()])
            start = end.end()
    if start < len(text):
        sentences.append(text[start:])
    return tuple(sentences)


def text_views(text: str) -> tuple[str, ...]:
    """The readings of `text` that the rules search: folded with separators between letters
    read as spaces and as nothing, and each of those with leetspeak folded (`1` as `i` and
    as `l`). Duplicates are dropped."""
    folded = fold_text(text)
    spaced = separators_as_spaces(folded)
    joined = separators_removed(folded)
    views = (
        spaced,
        joined,
        fold_leet(spaced, "i"),
        fold_leet(spaced, "l"),
        fold_leet(joined, "i"),
        fold_leet(joined, "l"),
    )
    return tuple(dict.fromkeys(view.strip() for view in views))


def _first_rule(text: str) -> InstructionRule | None:
    for view in text_views(text):
        for rule in INSTRUCTION_RULES:
            if rule.pattern.search(view):
                return rule
    return None


def _joined(first: str, second: str) -> str:
    # Two adjacent sentences read as one: the first one's end mark is dropped, so a pattern
    # that may not cross a sentence end reads across this one.
    return f"{_TERMINAL.sub('', first)} {second.strip()}"


@functools.lru_cache(maxsize=4096)
def _sentence_flags(sentences: tuple[str, ...]) -> tuple[bool, ...]:
    flags = [_first_rule(sentence) is not None for sentence in sentences]
    for position in range(len(sentences) - 1):
        if flags[position] or flags[position + 1]:
            continue
        if _first_rule(_joined(sentences[position], sentences[position + 1])) is not None:
            flags[position] = flags[position + 1] = True
    return tuple(flags)


def instruction_rule(text: str) -> InstructionRule | None:
    """The first rule that marks `text` as instruction-like, or None for an ordinary fact.

    Each sentence is checked, then each pair of adjacent sentences read as one.
    """
    sentences = split_sentences(text)
    for sentence in sentences:
        rule = _first_rule(sentence)
        if rule is not None:
            return rule
    for first, second in itertools.pairwise(sentences):
        rule = _first_rule(_joined(first, second))
        if rule is not None:
            return rule
    return None


def is_instruction_like(text: str) -> bool:
    """Whether `text` reads as an instruction to the assistant rather than a fact."""
    return instruction_rule(text) is not None


def flagged_sentences(text: str) -> tuple[str, ...]:
    """The sentences of `text` that are withheld: each instruction-like sentence, and both
    sentences of an adjacent pair that is instruction-like only when read together."""
    sentences = split_sentences(text)
    flags = _sentence_flags(sentences)
    return tuple(sentence for sentence, flag in zip(sentences, flags, strict=True) if flag)


def withhold_instructions(text: str) -> str:
    """`text` with its instruction-like sentences replaced by `WITHHELD_MARKER`; a run of
    adjacent withheld sentences becomes one marker. Text with nothing to withhold is
    returned as it is."""
    sentences = split_sentences(text)
    flags = _sentence_flags(sentences)
    if not any(flags):
        return text
    pieces: list[str] = []
    for position, (sentence, flag) in enumerate(zip(sentences, flags, strict=True)):
        if not flag:
            pieces.append(sentence)
        elif position == 0 or not flags[position - 1]:
            trailing = sentence[len(sentence.rstrip()) :]
            pieces.append(WITHHELD_MARKER + (trailing or " "))
    return "".join(pieces).rstrip() if not text[-1:].isspace() else "".join(pieces)


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
