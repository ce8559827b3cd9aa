"""Shared test helpers for the wording tests: a small titled build and phrasings as patterns."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence

from memcore.eval.datasets.mtrag import Context, MtragConversation, MtragTurn, PoolPassage
from memcore.eval.datasets.split import Split
from memcore.eval.datasets.wording import Family, Kind

NAMES = ("Nile", "Amazon River", "Congo River", "Danube", "Rhine", "Volga", "Cup 1998", "Cup 2002")
# One value per placeholder, to fill any phrasing with.
SAMPLE = {
    "target": "Amazon River",
    "wrong": "Nile",
    "topic": "Congo River",
    "request": "Can you tell me more about Amazon River?",
    "question": "where does it flow?",
    "new": "2002",
    "old": "1998",
}


def _turn(number: int, question: str, page: str, doc: str) -> MtragTurn:
    return MtragTurn(
        number, question, f"answer {number}", "N/A", (Context(doc, page, f"{page} text", True),)
    )


def _conversation(name: str, pages: tuple[str, ...]) -> MtragConversation:
    turns: list[MtragTurn] = []
    for page in pages:
        for ask in ("what is it?", "and then?"):
            number = len(turns) + 1
            turns.append(
                _turn(
                    number,
                    f"{name} {ask} ({number})",
                    page,
                    f"{name}-{page.replace(' ', '_')}-{number}",
                )
            )
    return MtragConversation(name, f"{name}.json", "clapnq", tuple(turns))


# Four dev ("d...") and four test ("t...") conversations of three pages each, and a pool with a
# one-number sibling pair, so a build makes every written tier in both parts.
CONVERSATIONS = tuple(
    _conversation(
        f"{part}{index}", (NAMES[index % 6], NAMES[(index + 1) % 6], NAMES[(index + 3) % 6])
    )
    for part in ("d", "t")
    for index in range(4)
)
POOL = (
    *(
        PoolPassage(context.document_id, "clapnq", context.title, f"{context.title} text")
        for conversation in CONVERSATIONS
        for turn in conversation.turns
        for context in turn.contexts
    ),
    PoolPassage("cup-1998", "clapnq", "Cup 1998", "France won."),
    PoolPassage("cup-2002", "clapnq", "Cup 2002", "Brazil won."),
)
SPLIT = Split(
    frozenset(c.id for c in CONVERSATIONS if c.id.startswith("d")),
    frozenset(c.id for c in CONVERSATIONS if c.id.startswith("t")),
)
MTRAG_QUESTIONS = {turn.question for c in CONVERSATIONS for turn in c.turns}

NAME_PATTERN = "|".join(re.escape(name) for name in sorted({*NAMES, *(n.lower() for n in NAMES)}))
VALUE_PATTERNS = {
    "target": NAME_PATTERN,
    "wrong": NAME_PATTERN,
    "topic": NAME_PATTERN,
    "question": ".+",
    "new": r"\d+",
    "old": r"\d+",
}


def phrasing_regex(text: str, requests: str) -> str:
    """A phrasing as a regular expression: names match a known name (or its lower case), a
    restated request any of `requests` (a pattern of named questions)."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(text):
        parts.append(re.escape(literal))
        if field:
            value = requests if field == "request" else VALUE_PATTERNS[field]
            parts.append(f"(?:{value})")
    return "".join(parts)


def phrasing_patterns(
    kinds: Sequence[Kind], keep: Callable[[Kind, Family], bool] = lambda kind, family: True
) -> list[re.Pattern[str]]:
    """Every phrasing of the families `keep` keeps, as a full pattern; restated requests are
    the named questions of `kinds` (all their families)."""
    named = next(kind for kind in kinds if kind.name == "named-question")
    requests = "|".join(
        phrasing_regex(text, "") for family in named.families for text in family.phrasings
    )
    return [
        re.compile(phrasing_regex(text, requests))
        for kind in kinds
        for family in kind.families
        if keep(kind, family)
        for text in family.phrasings
    ]


def matches(patterns: list[re.Pattern[str]], text: str) -> bool:
    """Whether any pattern matches all of `text`."""
    return any(pattern.fullmatch(text) for pattern in patterns)
