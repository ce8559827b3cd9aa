"""A written node's topic repaired against the corpus, where its passages have titles."""

from __future__ import annotations

from memcore.node import Node
from memcore.search.retriever import Retriever
from memcore.search.topic_repair import TopicRepair, repair_topic
from memcore.writers.driving.conversation import Conversation


def repaired(
    conversation: Conversation, node: Node, retriever: Retriever | None
) -> tuple[Node, TopicRepair | None]:
    """`node` with its topic repaired after `conversation` (None: repair did not run, there
    being no retriever or no titles)."""
    if retriever is None or not retriever.corpus.has_titles:
        return node, None
    repair = repair_topic(conversation.memory, node, retriever, state=conversation.state)
    return repair.node, repair
