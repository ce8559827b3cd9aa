"""A name excluded in a list of wishes with "no" as its determiner
(spec/writer-cues-roles.md#writer-cues-roles.wished-without).

"(rules for this project: no Gemini 8, and it has to fit on one slide)", "nothing too long,
and definitely no Apollo 13.", "(my only rule: no Spirited Away)": this "no" does not take
back what came before it, as "no, Gemini 8" would; it excludes the name after it, as "not"
does. Where it stands after a colon, an opening bracket or a word of insistence ("definitely",
"absolutely", "strictly") and right before a name the conversation knows, the final turn is
handed on with "not" in its place, the refusal every reader knows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View

_WISHED_NO = re.compile(
    r"(?:(?<=[:(])\s*|\b(?:definitely|absolutely|strictly)\s+)(no)\s+",
    re.IGNORECASE,
)


def as_refusals(text: str, names: Sequence[str]) -> str:
    """`text` with each "no" that excludes one of `names` in a list of wishes (`_WISHED_NO`)
    written as "not"; `text` itself where it holds none."""
    folded = text.casefold()
    pieces: list[str] = []
    at = 0
    for found in _WISHED_NO.finditer(text):
        after = folded[found.end() :]
        if not any(name and after.startswith(name.casefold()) for name in names):
            continue
        pieces.extend([text[at : found.start(1)], "not"])
        at = found.end(1)
    return "".join([*pieces, text[at:]]) if pieces else text


def with_wished_without_refused(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's "no" that excludes a known name in a list of wishes
    written as "not" (`as_refusals`); `request` itself for a history turn or a final turn
    without one."""
    if not request.turn.final:
        return request
    text = cues.normalise_turn(request.turn.question)
    names = [m.name for m in View.of(request, vocabulary).mentions(text) if m.known]
    refused = as_refusals(text, names)
    if refused == text:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=refused))
