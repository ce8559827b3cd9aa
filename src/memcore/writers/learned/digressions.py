"""The digression a returning turn leaves behind, kept out of its query's history terms.

A turn whose topic was last discussed some turns back ("what was its religion?" about the
empire, after two turns on a sitcom) returns to it: the turns in between are a digression.
Their words say nothing about what is asked now, and a history term taken from them (the
sitcom's name) steers the search to the page the user has left. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from memcore.node import Node


def digression(nodes: Sequence[Node], topic: str | None) -> frozenset[int]:
    """The indexes of `nodes` after the last one about `topic` (case ignored): the digression
    a turn about `topic` returns from. Empty when the last node is about it, or when no node
    is (a new topic leaves no digression: it simply moves on)."""
    if topic is None:
        return frozenset()
    key = topic.casefold()
    about = [i for i, node in enumerate(nodes) if key in {t.casefold() for t in node.topics}]
    if not about:
        return frozenset()
    return frozenset(range(about[-1] + 1, len(nodes)))


def without_digression(nodes: Sequence[Node], topic: str | None, texts: Sequence[str]) -> list[str]:
    """`texts` (one per node) with those of the digression (`digression`) blanked."""
    left = digression(nodes, topic)
    return ["" if index in left else text for index, text in enumerate(texts)]
