"""A superlative that points at the name an answer ranked ("the oldest one", "the youngest").

An answer that compares names binds a superlative to one of them in a clause of its own
("Metropolis is the oldest, then Moonlight, and Vertigo is the youngest of the three"). A
later turn that asks about "the oldest one" means that name, as "the first one" means a list
place: the turn names its referent outright (`outright`).
"""

from __future__ import annotations

import re

from memcore.caps import cut_answer
from memcore.writers.rules.decision import Span
from memcore.writers.rules.view import View

# "the oldest", "the oldest one", "the most famous one", "the least known of them".
_SUPERLATIVE = re.compile(
    r"\bthe\s+(?P<word>(?:most|least)\s+[^\W\d_]+|[^\W\d_]{2,}est)\b"
    r"(?:\s+(?:one|of\s+(?:them|the\s+\w+)))?",
    re.IGNORECASE,
)
# Words ending in "-est" that rank nothing.
_NOT_RANKING = frozenset(
    [
        "interest",
        "request",
        "suggest",
        "forest",
        "west",
        "test",
        "rest",
        "guest",
        "nest",
        "chest",
        "contest",
        "protest",
        "harvest",
        "honest",
        "modest",
        "earnest",
        "manifest",
        "conquest",
        "quest",
        "digest",
        "invest",
        "arrest",
        "behest",
    ]
)


def ranks(word: str) -> bool:
    """Whether the lower-case `word` is a superlative ("most", "least", "best", "oldest";
    not "interest" or "west")."""
    if word in ("most", "least", "best", "worst"):
        return True
    return len(word) >= 5 and word.endswith("est") and word.isalpha() and word not in _NOT_RANKING


_ANSWER_CLAUSE = re.compile(r"[,;:.!?]+|\s(?:and|then|while|whereas|but)\s", re.IGNORECASE)


def _ranked_in(answer: str, word: str, view: View) -> str | None:
    """The one name an answer clause binds `word` to, or None (none, or several)."""
    found: set[str] = set()
    start = 0
    pieces = [*_ANSWER_CLAUSE.finditer(answer), None]
    for piece in pieces:
        end = piece.start() if piece is not None else len(answer)
        clause = answer[start:end]
        if re.search(rf"\b{re.escape(word)}\b", clause, re.IGNORECASE):
            names = {m.name for m in view.mentions(clause)}
            if len(names) == 1:
                found |= names
        start = piece.end() if piece is not None else len(answer)
    return next(iter(found)) if len(found) == 1 else None


def superlative_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The name the last answer ranked with the superlative `text` uses, and where the
    superlative stands in `text`; None where the turn has none or the answer binds it to no
    single name."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    for match in _SUPERLATIVE.finditer(text):
        word = " ".join(match.group("word").split())
        if word.casefold() in _NOT_RANKING:
            continue
        name = _ranked_in(cut_answer(previous.answer), word, view)
        if name is not None:
            return name, (match.start(), match.end())
    return None
