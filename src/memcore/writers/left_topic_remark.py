"""A statement about the topic the turn moves away from, beside a question on the new one
(spec/writer-standalone.md#writer-standalone.left-topic-remark).

"ok, Johannes Kepler is going on my list ✅ what went wrong on Apollo 12?", "had something to
say about Metropolis but it's gone. what's the weather like in Kyoto in winter?": the
statement closes the topic the talk was on, and the question asks about the name it types.
The statement says nothing of what is asked now, so the query goes without it, as it goes
without thanks or praise for the old topic (`remarks`). Nothing is taken back: the old topic
is left behind, not rejected.

A statement counts where it types the old topic and no other name, and the question that types
the new topic is another part of the turn (parts end at a sentence mark, a line break or an
emoji). A statement that picks a name ("X - yes, that's the one I meant", "I mean X") is no
remark: it may say which name the turn is about, and the writer's topic may be the
wrong one, so it stays in the query.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.writers import cues

# The parts of a turn: sentences, lines, and what an emoji closes ("... my list ✅ what ...").
_PARTS = re.compile(r"(?<=[.!?\u2026])\s+|\n+|(?<=[\u2600-\u27bf\U0001f300-\U0001faff\ufe0f])\s+")
_ASKS = re.compile(r"\?|^\W*(?:who|what|when|where|why|how|which)\b", re.IGNORECASE)
# Words by which a statement picks the name it types rather than close it. Not a bare "yes",
# which often answers the assistant ("to answer you: yes, but without X now").
_PICKS = re.compile(
    r"\b(?:the\s+one|that\s+one|this\s+one|mean|meant)\b",
    re.IGNORECASE,
)


def _types(part: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", part, re.IGNORECASE) is not None


def left_topic_statements(
    text: str, left: str, topic: str, names: Sequence[str]
) -> tuple[str, ...]:
    """The statements of `text` (parts that ask nothing and pick no name) that type `left`,
    the topic the turn moves away from, and none of `names` besides it, where a question part
    of `text` types `topic`; none where `left` and `topic` are one name."""
    if left.casefold() == topic.casefold():
        return ()
    parts = [part.strip() for part in _PARTS.split(text) if part.strip()]
    if not any(_ASKS.search(part) and _types(part, topic) for part in parts):
        return ()
    others = [name for name in names if name.casefold() != left.casefold()]
    return tuple(
        part
        for part in parts
        if not _ASKS.search(part)
        and not _PICKS.search(part)
        and _types(part, left)
        and not any(_types(part, name) for name in others)
    )


def without_left_topic_remark(
    node: Node, text: str, left: str | None, names: Sequence[str]
) -> Node:
    """`node` with its query rid of the statements of the final turn `text` about `left`
    (`left_topic_statements`); `node` itself where there are none or its query does not hold
    them as typed."""
    if left is None or node.topic is None or node.query is None:
        return node
    query = node.query
    plain = " ".join(cues.normalise_turn(text).split())
    for statement in left_topic_statements(plain, left, node.topic, names):
        found = query.casefold().find(statement.casefold())
        if found >= 0:
            query = query[:found] + " " + query[found + len(statement) :]
    query = " ".join(query.split())
    if query == node.query or not re.search(r"[^\W_]", query):
        return node
    return attrs.evolve(node, query=query)
