"""Two names each given a verdict, "no" to one and "yes" to the other
(spec/writer-cues-roles.md#writer-cues-roles.verdicts).

"Rashomon no, Chinatown yes 🙂 when did it come out?", "no to Lisbon, yes to Marrakesh": each
"no" and "yes" is bound to the name beside it, and takes back nothing else (not the topic the
talk was on). The final turn is handed on with the pair written as "not Rashomon, Chinatown",
which every reader knows as turning down one name for the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers.final_question import names_of, with_final_question_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary

_NO = r"(?:no|nope|nah)"
_YES = r"(?:yes|yep|yeah|please)"


def _pairs(names: Sequence[str]) -> list[tuple[re.Pattern[str], bool]]:
    """The patterns of a verdict pair over `names`, each with whether its "no" comes first."""
    name = "(?P<{}>" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"
    first, second = name.format("first"), name.format("second")
    return [
        (re.compile(rf"{first}\s*:?\s*{_NO}\b[,;.]?\s*{second}\s*:?\s*{_YES}\b", re.I), True),
        (re.compile(rf"\b{_NO}\s+to\s+{first}\s*[,;.]?\s*{_YES}\s+to\s+{second}", re.I), True),
        (re.compile(rf"\b{_YES}\s+to\s+{first}\s*[,;.]?\s*{_NO}\s+to\s+{second}", re.I), False),
        (re.compile(rf"{first}\s*:?\s*{_YES}\b[,;.]?\s*{second}\s*:?\s*{_NO}\b", re.I), False),
    ]


def verdicts_read(text: str, names: Sequence[str]) -> str:
    """`text` with its first verdict pair over two of `names` written as "not X, Y" (X the name
    given "no"); `text` itself where it gives no such pair."""
    if len(names) < 2:
        return text
    for pattern, no_first in _pairs(names):
        found = pattern.search(text)
        if found is None or found.group("first").casefold() == found.group("second").casefold():
            continue
        refused, kept = (
            (found.group("first"), found.group("second"))
            if no_first
            else (found.group("second"), found.group("first"))
        )
        return f"{text[: found.start()]}not {refused}, {kept}{text[found.end() :]}"
    return text


def with_verdicts_read(request: WriterRequest, vocabulary: TitleVocabulary | None) -> WriterRequest:
    """`request` with its final turn's verdict pair written as a refusal (`verdicts_read`);
    `request` itself otherwise."""
    return with_final_question_named(
        request, vocabulary, lambda text, mentions: verdicts_read(text, names_of(mentions))
    )
