"""The node a decision writes: topics, operations, kind, facts and (final turn) query.

`write_node` runs the cascade (`scorer.decide`, or the decider it is given: the learned
writer's trained step choice), builds the query (`query`) and fits the node to the output cap.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from memcore.node import Node
from memcore.operations import Operation
from memcore.writers import cues
from memcore.writers.node_json import node_json
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.decision import Decision
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.outright import outright_decision
from memcore.writers.rules.query import clean, decision_query
from memcore.writers.rules.scorer import decide
from memcore.writers.rules.text import (
    FALLBACK_TOPIC,
    facts_from_answer,
    kind_from_answer,
    printable,
)
from memcore.writers.rules.view import View

# The cascade's choice for a turn: its text, the memory's view and the answer.
Decider = Callable[[str, View, str], Decision]


def write_node(
    request: WriterRequest, vocabulary: TitleVocabulary | None = None, decider: Decider = decide
) -> Node:
    """The rule writer's node for `request.turn`, built from the structured memory.

    The node always fits the output cap: if its JSON would be too long, its facts and then
    its query are shortened.
    """
    node = _write_node(request, vocabulary, decider)
    limit = request.caps.output_chars
    while len(node_json(node)) > limit:
        if node.facts:
            node = attrs.evolve(node, facts=node.facts[:-1])
        elif len(node.topics) > 1:
            node = attrs.evolve(node, topics=node.topics[:1])
        elif node.query is not None and len(node.query) > len(node.topic or ""):
            shorter = node.query[: len(node.query) // 2].strip()
            node = attrs.evolve(node, query=shorter or node.topic)
        else:
            break
    return node


def _write_node(
    request: WriterRequest, vocabulary: TitleVocabulary | None, decider: Decider
) -> Node:
    """The node of the decision for `request.turn`, before the output cap."""
    turn = request.turn
    text = cues.normalise_turn(turn.question)
    answer = "" if turn.final else turn.answer
    view = View.of(request, vocabulary)
    # A turn that names what it means outright needs no step's proposal weighed (`outright`).
    decision = outright_decision(text, view) or decider(text, view, answer)
    topics = tuple(dict.fromkeys(clean(name) for name in (decision.topic, *decision.extra_topics)))
    topics = tuple(name for name in topics if name) or (FALLBACK_TOPIC,)
    operations = tuple(
        Operation(operation.kind, clean(operation.topic) or topics[0])
        for operation in decision.operations
    )
    query = decision_query(decision, view) if turn.final else None
    contradicts = tuple(
        dict.fromkeys(clean(name) for name in decision.contradicts if clean(name) not in topics[:1])
    )
    contradicts = tuple(name for name in contradicts if name)
    return Node(
        turn=turn.turn,
        question=turn.question,
        answer=answer,
        depends_on=tuple(t for t in decision.depends_on if t < turn.turn),
        contradicts=contradicts,
        operations=operations,
        topics=topics,
        kind=printable(decision.kind or kind_from_answer(decision.topic, answer)),
        facts=tuple(fact for fact in (printable(f) for f in facts_from_answer(answer)) if fact),
        query=(printable(query or "") or topics[0]) if turn.final else None,
    )
