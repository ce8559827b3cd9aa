"""Conversations with human rewrites: the raw utterance, its standalone rewrite, the response.

The common shape of CAsT, iKAT and MTRAG turns for the query-resolution check and for training
the learned writer's term selector. `response` is "" where the data set has no response text.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class RewriteTurn:
    """One user turn: as typed, as a human rewrote it to stand alone, and the answer shown."""

    utterance: str
    rewrite: str
    response: str


@attrs.frozen
class RewriteConversation:
    """The turns of one conversation of `source` ("cast2019", "ikat2023-train", ...)."""

    source: str
    conversation_id: str
    turns: tuple[RewriteTurn, ...]
