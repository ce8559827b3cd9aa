"""The rule writer over a whole conversation, in one call (used by the spec pages and docs)."""

from __future__ import annotations

from collections.abc import Sequence

from memcore.node import Memory, Node
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.writer import RuleWriter


def _driver(titles: Sequence[str]) -> Driver:
    return Driver(RuleWriter(TitleVocabulary.of(titles) if titles else None))


def write_history(history: Sequence[Turn], titles: Sequence[str] = ()) -> Memory:
    """The memory the rule writer builds from `history`, each turn read once.

    `titles` are page titles the writer may recognise in lower-case text.
    """
    driver = _driver(titles)
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation.memory


def write_final(history: Sequence[Turn], question: str, titles: Sequence[str] = ()) -> Node:
    """The rule writer's node for the final `question` after `history`, with its query."""
    driver = _driver(titles)
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    node: Node = driver.final_turn(conversation, question).unwrap().node
    return node
