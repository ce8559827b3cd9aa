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


# Words that stand for the members of the latest list other than the ones the turn keeps:
# "the rest", "the others", "the other two", "everything else", "the remaining ones".
_THE_REST = re.compile(
    r"\b(?:(?:all\s+)?the\s+rest(?:\s+of\s+(?:them|those|these|the\s+list))?|(?:all\s+)?the\s+others"
    r"|the\s+other\s+(?:ones|two|three|four|five|\d+)|everything\s+else|every\s*one\s+else"
    r"|the\s+remaining\s+(?:ones|two|three|four|five|\d+)|the\s+remainder)\b",
    re.IGNORECASE,
)
_CLAUSE_MARK = re.compile(r"[,;:.!?\n]|\s[-\u2013\u2014]+\s")


def _clause_around(text: str, start: int, end: int) -> tuple[int, int]:
    before = [m.end() for m in _CLAUSE_MARK.finditer(text, 0, start)]
    after = _CLAUSE_MARK.search(text, end)
    return (before[-1] if before else 0), (after.start() if after is not None else len(text))


def refusing_the_rest(text: str) -> tuple[int, int] | None:
    """Where the clause stands that sets aside "the rest" of the latest list ("ditch the other
    two", "I'll skip the rest", "forget the others"): a negation or a setting-aside word before
    the words for the rest, in a clause that is no question. None where there is none."""
    for found in _THE_REST.finditer(text):
        low, high = _clause_around(text, found.start(), found.end())
        if text[high : high + 1] == "?":
            continue
        # The rest as the object of a dismissal ("skip the rest") or as the subject of a
        # negated or dismissing predicate ("the others aren't", "the rest are out").
        dismissing = (
            cues.NEGATION.search(text, low, found.start())
            or cues.SETTING_ASIDE_PHRASE.search(text, low, found.start())
            or cues.NEGATION.search(text, found.end(), high)
            or cues.REFUSED_PREDICATE.search(text, found.end(), high)
        )
        if dismissing is not None:
            return low, high
    return None


def refused_rest(question: str, listings: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The items of the latest list (`listings`, the most recent first) that `question` sets
    aside as "the rest": every item but those the turn types (spec/writer-cues-roles.md
    #writer-cues-roles.the-rest). () where it sets none aside so, or types no item of the
    list (then nothing says which ones are kept)."""
    text = cues.normalise_turn(question)
    if not listings or refusing_the_rest(text) is None:
        return ()
    folded = text.casefold()
    kept = [name for name in listings[0] if name.casefold() in folded]
    if not kept:
        return ()
    return tuple(name for name in dict.fromkeys(listings[0]) if name not in kept)


def without_rest_refusal(text: str) -> str:
    """`text` without the clause that sets aside the rest of a list, where words are left."""
    found = refusing_the_rest(text)
    if found is None:
        return text
    rest = text[: found[0]] + " " + text[found[1] :].lstrip(" ,;:.!-\u2013\u2014")
    rest = " ".join(rest.split())
    return rest if re.search(r"\w", rest) else text
