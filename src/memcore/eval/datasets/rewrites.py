"""Conversations with a human standalone rewrite of every user turn, and their tuning/test split.

Read from TREC CAsT 2019, 2020 and 2022 and TREC iKAT 2023 (`memcore.eval.datasets.cast`);
scored by the query-resolution metric (`memcore.eval.scores.term_resolution`). CAsT 2022 topics
are trees: each root-to-leaf path is one conversation, named `<topic>/<path>`, so the paths of
one topic share their opening turns; `topic_of` names the topic, the unit the split keeps
together.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

# Sources whose upstream split is kept: their train topics tune, their test topics test.
UPSTREAM_TUNING = frozenset({"ikat2023-train"})
UPSTREAM_TEST = frozenset({"ikat2023-test"})
BRANCH_SEPARATOR = "/"
TUNING_FRACTION = 1 / 3
DEFAULT_SEED = 13


@attrs.frozen
class RewriteTurn:
    """A user turn: what the user said, its human rewrite, and the response ("" when the data
    set has no response text)."""

    utterance: str
    rewrite: str
    response: str


def _turns(values: Iterable[RewriteTurn]) -> tuple[RewriteTurn, ...]:
    return tuple(values)


@attrs.frozen
class RewriteConversation:
    """One conversation of a source (`cast2019`, `cast2020`, `cast2022`, `ikat2023-train`,
    `ikat2023-test`), its turns in order."""

    source: str
    conversation_id: str
    turns: tuple[RewriteTurn, ...] = attrs.field(converter=_turns)


def topic_of(conversation: RewriteConversation) -> str:
    """The topic a conversation belongs to: its id up to the branch separator (CAsT 2022
    paths of one tree share it; every other conversation is its own topic)."""
    return conversation.conversation_id.split(BRANCH_SEPARATOR, 1)[0]


def split_conversations(
    conversations: Sequence[RewriteConversation], seed: int = DEFAULT_SEED
) -> tuple[tuple[RewriteConversation, ...], tuple[RewriteConversation, ...]]:
    """`(tuning, test)`: per source, a seeded shuffle of its sorted topics gives
    `round(n / 3)` topics to tuning and the rest to test; iKAT keeps its own split (train
    topics tune, test topics test). All paths of a topic go to the same part; input order is
    kept within each part, and the same seed always gives the same split."""
    topics: dict[str, set[str]] = {}
    for conversation in conversations:
        topics.setdefault(conversation.source, set()).add(topic_of(conversation))
    tuning_topics: set[tuple[str, str]] = set()
    for source, found in topics.items():
        if source in UPSTREAM_TUNING:
            tuning_topics.update((source, topic) for topic in found)
            continue
        if source in UPSTREAM_TEST:
            continue
        ordered = sorted(found)
        random.Random(f"{seed}:{source}").shuffle(ordered)
        cut = round(len(ordered) * TUNING_FRACTION)
        tuning_topics.update((source, topic) for topic in ordered[:cut])
    tuning = tuple(c for c in conversations if (c.source, topic_of(c)) in tuning_topics)
    test = tuple(c for c in conversations if (c.source, topic_of(c)) not in tuning_topics)
    return tuning, test
