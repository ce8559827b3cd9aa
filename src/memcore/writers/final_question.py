"""One rewrite of the final turn's question, the shape every rewrite in `writers.final_turn`
that needs nothing but the text shares."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest


def with_final_question(request: WriterRequest, rewrite: Callable[[str], str]) -> WriterRequest:
    """`request` with its final turn's question (spacing and marks normalised,
    `cues.normalise_turn`) replaced by `rewrite` of it; `request` itself for a history turn or
    where `rewrite` changes nothing."""
    if not request.turn.final:
        return request
    text = cues.normalise_turn(request.turn.question)
    rewritten = rewrite(text)
    if rewritten == text:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=rewritten))
