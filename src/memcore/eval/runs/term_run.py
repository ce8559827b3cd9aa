"""Drive a writer over rewrite conversations and collect each turn's query and terms.

For every turn t the writer has read turns 1..t-1 (each with its response as the answer, once,
through the conversation driver) and writes the final node of turn t, whose query is scored.
Writing the final turn leaves the conversation unchanged, so one pass per conversation gives
exactly the queries of separate runs over each prefix. A turn repeated by several CAsT 2022
paths (same topic, same utterances up to it) is scored once, at its first path.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from returns.result import Failure

from memcore.eval.datasets.rewrites import RewriteConversation, topic_of
from memcore.eval.scores.term_resolution import TurnTerms, gold_terms, predicted_terms
from memcore.writers.driver import Conversation, Driver, Turn


@attrs.frozen
class ResolvedTurn:
    """One scored turn: where it is (turn numbered from 1), what was said, the human rewrite,
    the writer's query ("" when the writer failed) and the terms."""

    source: str
    conversation_id: str
    turn: int
    utterance: str
    rewrite: str
    query: str
    terms: TurnTerms


@attrs.frozen
class Resolved:
    """Every scored turn, and how many writer calls failed after the driver's fallback."""

    turns: tuple[ResolvedTurn, ...]
    failures: int


def resolve_conversations(conversations: Iterable[RewriteConversation], driver: Driver) -> Resolved:
    """Each distinct turn's query from `driver`, with its gold and predicted terms."""
    scored: list[ResolvedTurn] = []
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    failures = 0
    for conversation in conversations:
        group = f"{conversation.source}:{topic_of(conversation)}"
        state = Conversation()
        history: list[str] = []
        said: tuple[str, ...] = ()
        for number, turn in enumerate(conversation.turns, start=1):
            said = (*said, turn.utterance)
            key = (conversation.source, topic_of(conversation), said)
            if key not in seen:
                seen.add(key)
                final = driver.final_turn(state, turn.utterance)
                query = ""
                if isinstance(final, Failure):
                    failures += 1
                else:
                    query = final.unwrap().query
                terms = TurnTerms(
                    group,
                    gold_terms(turn.utterance, turn.rewrite, history),
                    predicted_terms(turn.utterance, query),
                )
                scored.append(
                    ResolvedTurn(
                        conversation.source,
                        conversation.conversation_id,
                        number,
                        turn.utterance,
                        turn.rewrite,
                        query,
                        terms,
                    )
                )
            written = driver.history_turn(state, Turn(turn.utterance, turn.response))
            if isinstance(written, Failure):
                failures += 1
            else:
                state = written.unwrap().conversation
            history.extend((turn.utterance, turn.response))
    return Resolved(tuple(scored), failures)
