"""The members of a list that its answer set in bold
(spec/writer-cues-positions.md#writer-cues-positions.bold).

An answer written in Markdown may mark some members of a list in bold ("Try **Vertigo**,
Chinatown or **Metropolis**"): "the second bold one", "the last name you put in bold", "the
first of the two in bold" count places among the bold members only. Pure.
"""

from __future__ import annotations

import re

import attrs

from memcore.writers.rules.lists import Listing
from memcore.writers.rules.view import View

# The turn speaks of bold type: "bold", "bolded", "in **bold**", "the ones in bold face".
_BOLD_WORD = re.compile(r"\b(?:bold(?:ed|face)?|emboldened)\b", re.IGNORECASE)
# A span the answer set in bold: "**X**" or "__X__".
_BOLD_SPAN = re.compile(r"\*\*(?P<a>[^*\n]+?)\*\*|__(?P<b>[^_\n]+?)__")


# "bold" between a place and its noun ("the second bold one"): blanked, the place reads as
# "the second one".
_BOLD_BEFORE_NOUN = re.compile(
    r"\bbold(?:ed)?\s+(?=(?:one|ones|name|names|pick|entry)\b)", re.IGNORECASE
)


def without_bold_adjective(text: str) -> str:
    """`text` with a "bold" between a place and its noun written over by spaces (its length
    kept, so spans found in it are spans of `text`)."""
    return _BOLD_BEFORE_NOUN.sub(lambda found: " " * len(found.group()), text)


def speaks_of_bold(text: str) -> bool:
    """Whether the turn counts among the names an answer set in bold."""
    return _BOLD_WORD.search(text) is not None


def bold_members(listing: Listing, view: View) -> Listing:
    """`listing` with only the members its turn's answer set in bold, in the list's order;
    `listing` as it is where the answer set none of them in bold."""
    answer = next((node.answer for node in view.recent if node.turn == listing.turn), "")
    spans = [(m.group("a") or m.group("b") or "").casefold() for m in _BOLD_SPAN.finditer(answer)]
    kept = [
        index
        for index, name in enumerate(listing.names)
        if any(name.casefold() in span for span in spans)
    ]
    if not kept:
        return listing
    return attrs.evolve(
        listing,
        names=tuple(listing.names[i] for i in kept),
        person_like=tuple(listing.person_like[i] for i in kept),
        groups=(),
    )
