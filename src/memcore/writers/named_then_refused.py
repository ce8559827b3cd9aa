"""Names a sentence types, then refuses all together by a plural anaphor
(spec/writer-cues-roles.md#writer-cues-roles.named-then-refused).

"(I've done Apollo 11 and Vostok 1 already, so not those)", "Already done Toni Morrison and
Charles Darwin, so leave those out.", "Vertigo, Metropolis, Amelie - done all three, cross
them off.": the plural anaphor stands for the names its own sentence typed before it, not for
the assistant's whole list. The final turn is handed on with that sentence, up to the
anaphor, written as the refusal of those names every reader knows ("(not Apollo 11 or
Vostok 1)"); the rest of the list is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers.final_question import with_final_question_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary

_THEM = r"(?:those|them|these|all\s+(?:of\s+)?(?:them|those|two|three|four|five))"
_COUNT = r"(?:\s+(?:two|three|four|five|ones))?"
_PLURAL_REFUSAL = re.compile(
    rf"\b(?:not\s+{_THEM}{_COUNT}|none\s+of\s+{_THEM}"
    rf"|(?:leave|cross|strike|take|rule|count|tick)\s+{_THEM}{_COUNT}\s+(?:out|off)"
    rf"|(?:skip|drop|scratch)\s+{_THEM}{_COUNT}|{_THEM}{_COUNT}\s+(?:are|is)\s+out)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?\n]")


def refusals_named(text: str, mentions: Sequence[Mention]) -> str:
    """`text` with the sentence of its first plural refusal (`_PLURAL_REFUSAL`), up to the
    refusal's end, written as "not X, Y or Z" for the names it types before the refusal, where
    there are two or more; `text` itself otherwise."""
    for found in _PLURAL_REFUSAL.finditer(text):
        ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, found.start())]
        start = ends[-1] if ends else 0
        names = list(
            dict.fromkeys(m.name for m in mentions if start <= m.start and m.end <= found.start())
        )
        if len(names) < 2:
            continue
        refused = "not " + ", ".join(names[:-1]) + f" or {names[-1]}"
        # The sentence's own words up to the anaphor only say why: the names typed again
        # beside a refusal of them would read as a repair of one by the other. A bracket
        # around the sentence goes with them; the refusal closes as a sentence of its own.
        after = text[found.end() :]
        if "(" in text[start : found.start()]:
            after = re.sub(r"^\s*\)", "", after)
        closed = "" if re.match(r"\s*[.!?;:]", after) else "."
        return text[:start] + (" " if start else "") + refused + closed + after
    return text


def with_plural_refusal_named(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's plural refusal of the names before it written name by
    name (`refusals_named`); `request` itself otherwise."""
    return with_final_question_named(request, vocabulary, refusals_named)
