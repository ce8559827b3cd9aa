"""An earlier question of the user's quoted back with a new year
(spec/writer-cues-value-revision.md#writer-cues-value-revision.quoted-question).

'"who won the World Series in 2019?" - now with 2017 instead', "> who won the World Series
in 2019?" then "same question, but 2017": the user copies a question they asked before (a
quoted string or a "> " quote line) and types one new year beside it. The quote is a
reference, not new words: the turn asks the quoted question for the new year. The final
turn is handed on as that question with its year replaced, so no reader meets the old year
as one the user typed. A quote of anything else (an answer, a page) is left as typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.values import only_year_typed

_QUOTED = re.compile(
    r"^[ \t]*>[ \t]*(?P<line>[^\n]+)$|[\"\u201c](?P<inner>[^\"\u201c\u201d\n]{8,})[\"\u201d]",
    re.MULTILINE,
)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def _words(text: str) -> tuple[str, ...]:
    return tuple(word.casefold() for word in _WORD.findall(text))


def with_quoted_year_replaced(text: str, asked: Sequence[str]) -> str:
    """The quoted question of `text` with its one year replaced by the one new year the rest
    of `text` types, where the quote repeats one of the questions in `asked` word for word;
    `text` itself otherwise."""
    earlier = {_words(question) for question in asked}
    for found in _QUOTED.finditer(text):
        quote = (found.group("line") or found.group("inner") or "").strip()
        if _words(quote) not in earlier:
            continue
        old = only_year_typed(quote)
        new = only_year_typed(text[: found.start()] + " " + text[found.end() :])
        if old is None or new is None or new == old:
            continue
        return re.sub(rf"(?<![\w-]){old}(?![\w-])", new, quote)
    return text


def with_quoted_question_revised(request: WriterRequest) -> WriterRequest:
    """`request` with a final turn that quotes an earlier question with a new year read as
    that question for the new year (`with_quoted_year_replaced`); `request` itself
    otherwise."""
    asked = tuple(node.question for node in request.memory.nodes)
    return with_final_question(request, lambda text: with_quoted_year_replaced(text, asked))
