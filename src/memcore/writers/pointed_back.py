"""A phrase that points back at the topic the talk is on
(spec/writer-cues-self-repair.md#writer-cues-self-repair.pointed-back).

"did Spirited Away win any Oscars? ...sorry, wrong name, I meant the one from just now.",
"wait no, not Spirited Away - the one we were just talking about", "I mean the one you just
answered about": the phrase names no name, and stands for the topic the last turns were on,
the current one. The final turn is handed on with the current topic's name in its place, so
the repair reads as a repair to that name ("I meant Chinatown"). A phrase that counts back
further ("the one before this") is a place, read with the other places.
"""

from __future__ import annotations

import re

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.view import View

_ONE = r"(?:the\s+)?(?:same\s+)?(?:one|name|thing)"
_POINTED_BACK = re.compile(
    rf"\b{_ONE}\s+(?:that\s+)?(?:"
    r"we(?:'re|\s+are|\s+were)\s+(?:just\s+|already\s+)?(?:on|talking\s+about|discussing)"
    r"|from\s+(?:just\s+now|a\s+minute\s+ago|my\s+last\s+(?:question|message))"
    r"|(?:as|in)\s+my\s+last\s+(?:question|message)"
    r"|you(?:'ve|\s+have)?\s+just\s+(?:told\s+me\s+about|answered(?:\s+about)?|talked\s+about"
    r"|explained|described|covered)"
    r"|i\s+just\s+asked\s+about"
    r")\b(?!\s+(?:before|earlier))",
    re.IGNORECASE,
)


def with_current_named(text: str, current: str | None) -> str:
    """`text` with each phrase that points back at the current topic (`_POINTED_BACK`)
    replaced by `current`; `text` itself where there is no current topic or no such phrase."""
    if current is None:
        return text
    return _POINTED_BACK.sub(current, text)


def with_pointed_back_named(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's phrases that point back at the current topic named
    (`with_current_named`); `request` itself otherwise."""
    current = View.of(request, None).current
    return with_final_question(request, lambda text: with_current_named(text, current))
