"""Which evidence applies to a passage, through its page title.

A topic names a page exactly when the two agree once spaces are collapsed and case ignored.
A topic written without a bracketed qualifier ("Avatar") also names every page of that name
("Avatar (2009 film)"), unless that page is exactly a topic the memory still holds without
evidence against it: "Jayson Blair (actor)" stays clean when the user dropped "Jayson Blair"
for it.
"""

from __future__ import annotations

from collections.abc import Iterable

from memcore.search.titles import normalise_title, title_key
from memcore.validity.evidence import Evidence


def exact_key(title: str) -> str:
    """A title compared exactly: spaces collapsed, case ignored, qualifier kept."""
    return " ".join(title.split()).casefold()


def _unqualified(topic: str) -> bool:
    return exact_key(normalise_title(topic)) == exact_key(topic)


def clean_topics(mentioned: Iterable[str], evidence: Iterable[Evidence]) -> frozenset[str]:
    """The exact keys of the topics that no standing evidence is about."""
    overturned = {exact_key(piece.topic) for piece in evidence}
    return frozenset(key for key in map(exact_key, mentioned) if key not in overturned)


def evidence_for_title(
    title: str, evidence: Iterable[Evidence], clean: frozenset[str]
) -> tuple[Evidence, ...]:
    """The pieces of `evidence` that apply to the page `title` ("" applies none)."""
    if not title.strip():
        return ()
    page = exact_key(title)
    loose = title_key(title)
    found: list[Evidence] = []
    for piece in evidence:
        exact = exact_key(piece.topic) == page
        by_name = _unqualified(piece.topic) and title_key(piece.topic) == loose
        if exact or (by_name and page not in clean):
            found.append(piece)
    return tuple(found)
