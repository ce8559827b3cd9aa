"""Training conversations for the learned writer, from the tuning parts only.

MTRAG's tuning part is the `dev` side of the builder's seeded split (the same seed gives the
same conversations), with each user turn's human rewrite where the upstream tasks have one (a
turn without a rewrite keeps its utterance: it needed nothing from the history).
"""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.eval.datasets.mtrag import load_conversations, load_rewrites
from memcore.eval.datasets.rewrites import RewriteConversation, RewriteTurn
from memcore.eval.datasets.split import DEV, split_conversations
from memcore.eval.errors import FormatError


def mtrag_tuning(root: Path, seed: int) -> Result[tuple[RewriteConversation, ...], FormatError]:
    """MTRAG's tuning conversations (the builder's `dev` part for `seed`) with rewrites."""
    loaded = load_conversations(root)
    if isinstance(loaded, Failure):
        return Failure(loaded.failure())
    conversations = loaded.unwrap()
    rewrites = load_rewrites(root)
    split = split_conversations(((c.id, c.domain) for c in conversations), seed)
    found = []
    for conversation in conversations:
        if split.part_of(conversation.id) != DEV:
            continue
        turns = tuple(
            RewriteTurn(
                turn.question,
                rewrites.get(f"{conversation.id}::{turn.number}", turn.question),
                turn.answer,
            )
            for turn in conversation.turns
        )
        found.append(RewriteConversation(f"mtrag-{conversation.domain}", conversation.id, turns))
    return Success(tuple(found))
