"""A name given in reply to the assistant's question which one to drop
(spec/writer-cues-roles.md#writer-cues-roles.drop-answer).

"... which of the three would you drop?" then "Lisbon, easily. what language do people speak
in Valparaiso?", "Probably Apollo 13.\\n\\nSo that leaves Artemis 1: when did it launch?", or
"when was Kyoto founded?\\nAnd to answer your question: Cusco.": the bare name answers the
question, so it is the name the user drops. The final turn is handed on with that reply
written as the refusal every reader knows ("not Lisbon.") ahead of the rest of the turn,
where the rest asks something of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.replies import asked_back
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View

# A closing question that asks which name to give up: "which would you drop?", "which one
# would you leave out?", "Which one matters least to you?".
_WHICH_TO_DROP = re.compile(
    r"\bwhich\b[^?]*\b(?:drop|cut|leave\s+out|skip|lose|remove|give\s+up|get\s+rid\s+of|scrap"
    r"|ditch|pass\s+on|matters?\s+(?:the\s+)?least|least\s+(?:interest\w*|important|keen)"
    r"|(?:do\s+not|don't)\s+(?:need|want))\b",
    re.IGNORECASE,
)
# The words that may stand around the name in such a reply: hedges, "easily", "to answer your
# question".
_REPLY_WORDS = frozenset(
    {
        *("probably", "maybe", "perhaps", "definitely", "easily", "obviously", "honestly"),
        *("hmm", "hm", "um", "uh", "well", "ok", "okay", "so", "and", "lol", "haha"),
        *("i", "i'd", "guess", "think", "say", "suppose", "reckon", "would", "for", "sure"),
        *("to", "answer", "your", "question", "that", "one", "the", "drop", "cut", "skip"),
    }
)
# The parts of a turn: its sentences, its lines, and what an emoji closes ("Cusco I guess 😬").
_PARTS = re.compile(r"(?<=[.!?\u2026])[ \t]+|\n+|(?<=[\u2600-\u27bf\U0001f300-\U0001faff])\s+")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")


def _reply_name(part: str, names: Sequence[str]) -> str | None:
    """The one name of `names` that `part` types with nothing but reply words around it."""
    typed = [name for name in names if name and name.casefold() in part.casefold()]
    if len(typed) != 1:
        return None
    rest = part.casefold().replace(typed[0].casefold(), " ")
    return typed[0] if all(word in _REPLY_WORDS for word in _words(rest)) else None


def _words(text: str) -> list[str]:
    return [word.replace("\u2019", "'") for word in _WORD.findall(text.casefold())]


def answered_drop(question: str, answer: str, names: Sequence[str]) -> tuple[str, str] | None:
    """The name `question` gives in reply to `answer`'s question which one to drop, and the
    rest of the turn; None where the answer asks no such question, no part of the turn is such
    a reply, or nothing that asks is left beside it."""
    closing = asked_back(answer)
    if closing is None or _WHICH_TO_DROP.search(closing) is None:
        return None
    parts = [part.strip() for part in _PARTS.split(question) if part.strip()]
    for at, part in enumerate(parts):
        name = _reply_name(part, names)
        if name is None:
            continue
        # Hedges of their own ("Hmm...") go with the reply.
        rest = " ".join(
            other
            for other in parts[:at] + parts[at + 1 :]
            if not all(word in _REPLY_WORDS for word in _words(other))
        )
        return (name, rest) if "?" in rest else None
    return None


def with_dropped_name_refused(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's reply to which name to drop (`answered_drop`) written
    as a refusal ahead of the rest ("not Lisbon. what language ..."); `request` itself for a
    history turn or a final turn without one."""
    nodes = request.memory.nodes
    if not request.turn.final or not nodes:
        return request
    text = cues.normalise_turn(request.turn.question)
    names = [m.name for m in View.of(request, vocabulary).mentions(text) if m.known]
    found = answered_drop(text, nodes[-1].answer, names)
    if found is None:
        return request
    name, rest = found
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=f"not {name}. {rest}"))
