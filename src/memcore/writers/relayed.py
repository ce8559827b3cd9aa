"""A question the user passes on for someone else, with that person's repair of it
(spec/writer-cues-roles.md#writer-cues-roles.relayed-repair).

'My mum asks: "when did Frida Kahlo die?" - she means Buzz Aldrin though, she always mixes
them up.': the relayed question names the wrong person, and "she means" repairs it just as
"I mean" would in the user's own words. The final turn is handed on with the third person's
repair written as the user's, so every reader of "I mean" reads it; only in a turn that
relays a question (someone "asks", "wants to know", "is wondering", or a quoted question).
"""

from __future__ import annotations

import re

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest

# Someone else's question passed on: "my mum asks", "my friend wants to know", "she was
# wondering", or a question in quotation marks.
_RELAYING = re.compile(
    r"\b(?:asks|asked|is\s+asking|was\s+asking|wants\s+to\s+know|wanted\s+to\s+know"
    r"|(?:is|was)\s+wondering|wonders|wondered)\b"
    r"|[\"\u201c][^\"\u201d]*\?[\"\u201d]",
    re.IGNORECASE,
)
# The third person's repair: "she means", "he meant", "they mean", "my mum means".
_THEIR_REPAIR = re.compile(
    r"\b(?:she|he|they|(?:my|our)\s+[a-z]+)\s+(?:means|meant|mean)\b(?!\s+(?:well|it)\b)",
    re.IGNORECASE,
)


def as_own_repair(text: str) -> str:
    """`text` with a third person's repair of a question it relays written as the user's
    ("she means X" as "I mean X"); `text` itself where it relays nothing or repairs nothing."""
    if _RELAYING.search(text) is None:
        return text
    return _THEIR_REPAIR.sub(
        lambda found: "I meant" if found.group(0).casefold().endswith("meant") else "I mean",
        text,
    )


def with_relayed_repair_owned(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's relayed repair written as the user's (`as_own_repair`);
    `request` itself for a history turn or a final turn without one."""
    return with_final_question(request, as_own_repair)
