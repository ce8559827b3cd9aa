"""Places in a numbered list of the last answer ("the third step", "the first and second tips").

An assistant often answers with numbered items ("1. Research your market. 2. Define your
services. ..." or "1) Know your budget: ..."), and the user then asks about one by its place.
The item's words say what is meant; the ordinal alone searches nothing. Only an answer whose
items are numbered 1, 2, 3, ... in order counts, and only "the <ordinal>" in the turn, alone or
before a word for a list's member ("step", "tip", "option", ...) or the noun the answer's
lead-in gives its items ("follow these stages:"): "the first user" names a person, not an
item. The places of an unnumbered list of names are the position rules' job
(spec/writer-cues-positions.md).
"""

from __future__ import annotations

import re

from memcore.writers import cues

# An item's number: at the start or after a space, then "." or ")" and a space.
_MARKER = re.compile(r"(?:^|(?<=\s))(?P<number>\d{1,2})[.)]\s+")
# The ordinals that count places (not "former"/"latter", "latest", "number two").
_PLACES = {
    word: index
    for word, index in cues.ORDINALS.items()
    if word not in {"former", "latter", "latest", "most recent"} and not word.startswith("number")
}
_ORDINAL = "|".join(sorted((re.escape(word) for word in _PLACES), key=len, reverse=True))
# "the third step", "the first and second options", "the third, fourth and fifth".
_REFERENCE = re.compile(
    rf"\bthe\s+(?P<ordinals>(?:{_ORDINAL})(?:\s*(?:,|,?\s+and|&)\s*(?:the\s+)?(?:{_ORDINAL}))*)\b"
    r"(?:\s+(?P<noun>[^\W\d_]+))?",
    re.IGNORECASE,
)
# Words for a member of a list of advice or choices (singular; a plural "s" is read past).
ITEM_NOUNS = frozenset(
    [
        "one",
        "step",
        "tip",
        "option",
        "point",
        "item",
        "idea",
        "suggestion",
        "way",
        "method",
        "thing",
        "recommendation",
    ]
)
_ONE_ORDINAL = re.compile(rf"\b(?:{_ORDINAL})\b", re.IGNORECASE)
# An item's headline: up to its first colon, dash or sentence end.
_HEADLINE_END = re.compile(r":|\s[-\u2013\u2014]\s|(?<=[.!?])\s")
# At most this many words of an item join a query.
ITEM_WORDS = 12


def _numbered_run(answer: str) -> tuple[str, tuple[str, ...]]:
    """`answer`'s text before its numbered list (the lead-in) and the list's items."""
    run: list[re.Match[str]] = []
    for marker in _MARKER.finditer(answer):
        if int(marker.group("number")) == len(run) + 1:
            run.append(marker)
        elif int(marker.group("number")) == 1:
            run = [marker]
    if len(run) < 2:
        return "", ()
    ends = [marker.start() for marker in run[1:]] + [len(answer)]
    items = tuple(answer[m.end() : end].strip() for m, end in zip(run, ends, strict=True))
    return answer[: run[0].start()], items


def numbered_items(answer: str) -> tuple[str, ...]:
    """The items of `answer`'s numbered list, in order: the text after each number up to
    the next, where the numbers run 1, 2, 3, ... (at least two); none otherwise."""
    return _numbered_run(answer)[1]


_WORDS = re.compile(r"[^\W\d_]+")


def _singular(word: str) -> str:
    folded = word.casefold()
    return folded[:-1] if folded.endswith("s") and len(folded) > 3 else folded


def _names_an_item(noun: str | None, lead_in: list[str]) -> bool:
    """Whether the word after an ordinal leaves it naming a list member: none, a word for a
    member (`ITEM_NOUNS`), or the noun of the answer's lead-in ("these steps")."""
    if noun is None:
        return True
    single = _singular(noun)
    return single in ITEM_NOUNS or single in {_singular(word) for word in lead_in}


def headline(item: str) -> str:
    """The words that name an item: its text up to its first colon, dash or sentence end,
    at most `ITEM_WORDS` words."""
    cut = _HEADLINE_END.search(item)
    text = item[: cut.start()] if cut is not None else item
    return " ".join(text.split()[:ITEM_WORDS]).rstrip(".,;!?")


def referred_items(turn: str, answer: str) -> tuple[str, ...]:
    """The headlines of the numbered items of `answer` that `turn` refers to by place ("the
    third step": the third item; "the last one": the last), in the turn's order; none where
    the answer has no numbered list or the place is past its end."""
    lead, items = _numbered_run(answer)
    if not items:
        return ()
    lead_in = _WORDS.findall(lead)
    picked: list[str] = []
    for reference in _REFERENCE.finditer(turn):
        if not _names_an_item(reference.group("noun"), lead_in):
            continue
        for word in _ONE_ORDINAL.findall(reference.group("ordinals")):
            index = _PLACES[word.casefold()]
            if -len(items) <= index <= len(items) and index != 0:
                picked.append(headline(items[index - 1 if index > 0 else index]))
    return tuple(dict.fromkeys(item for item in picked if item))
