"""A turn that declines a whole list the assistant gave (spec/writer-cues-roles.md, "A
negation over a list named by a demonstrative").

"None of those", "not those three", "I don't want any of them": the negation binds to a
plural demonstrative that stands for the latest list, not to a name, so every item of that
list is rejected. A question that asks about the list ("which of those isn't famous?") takes
nothing back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers import cues

# Words that stand for a whole list: "those", "these", "them", "the ones you listed",
# "all three".
_THE_LIST = (
    r"(?:those|these|them|the\s+ones?\s+you\s+\w+|that\s+list|your\s+list"
    r"|all\s+(?:of\s+)?(?:them|those|these|two|three|four|five))"
    r"(?:\s+(?:two|three|four|five|options|ones|suggestions))?"
)
# A negation over that demonstrative: "none of those", "not those three", "neither of
# them", and a negated verb with "any of" before it ("I don't want any of these").
_REFUSING_THE_LIST = re.compile(
    rf"\b(?:none\s+of|neither\s+of|not)\s+{_THE_LIST}\b"
    rf"|\b(?:\w+n't|dont|doesnt|didnt|not)\b[^,;:.!?]*?\bany\s+of\s+{_THE_LIST}\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def refusing_sentence(text: str) -> tuple[int, int] | None:
    """Where the sentence that declines the latest list stands in `text` (a sentence that
    is no question), or None."""
    for sentence in _SENTENCE.finditer(text):
        found = _REFUSING_THE_LIST.search(sentence.group())
        if found is not None and not sentence.group().rstrip().endswith("?"):
            return sentence.start(), sentence.end()
    return None


def refused_names(question: str, listings: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The items of the latest list (`listings`, the most recent first) that `question`
    declines as a whole, or () where it declines none."""
    if not listings or refusing_sentence(cues.normalise_turn(question)) is None:
        return ()
    return tuple(dict.fromkeys(listings[0]))


def without_refusal(query: str) -> str:
    """`query` without the sentence that declines the list, where another sentence asks
    something; else `query`."""
    found = refusing_sentence(query)
    if found is None:
        return query
    rest = " ".join((query[: found[0]] + " " + query[found[1] :]).split())
    return rest if re.search(r"\w", rest) else query
