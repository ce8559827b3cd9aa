"""One rewrite of the final turn's question, the shapes every rewrite in `writers.final_turn`
that needs nothing but the text, or the text and the names in it, shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.view import View


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


def with_final_question_named(
    request: WriterRequest,
    vocabulary: TitleVocabulary | None,
    rewrite: Callable[[str, Sequence[Mention]], str],
) -> WriterRequest:
    """`with_final_question` for a `rewrite` that also reads the names of the question, as the
    rule writer finds them (its view of the conversation with `vocabulary`)."""
    if not request.turn.final:
        return request
    view = View.of(request, vocabulary)
    return with_final_question(request, lambda text: rewrite(text, view.mentions(text)))


def names_of(mentions: Sequence[Mention]) -> list[str]:
    """The names of `mentions`, each once, in order."""
    return list(dict.fromkeys(mention.name for mention in mentions))
