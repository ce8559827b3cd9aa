"""A turn that sets the current topic aside for another inside one clause and asks about the
other in a clause of its own ("let's swap Rashomon for Casablanca: when did Casablanca come
out?", "I'd rather look into Chinatown than Rashomon. when did Chinatown come out?").

The structure decides: one clause that is no question types both names, joined by a word that
binds the left one to the right one ("for", "with", "than", "over", "instead of"); which name
is set aside is read from that order and from which name the question clause types. The
question clause types the other name and not the current topic. The current topic is
abandoned and the query is the question clause alone.
"""

from __future__ import annotations

import re

from memcore.operations import Operation, OpKind
from memcore.writers import cues
from memcore.writers.rules.decision import Decision, arrive, depends, pronouns_for
from memcore.writers.rules.text import QUERY_CHARS, cut
from memcore.writers.rules.view import View

# Where one clause ends: a sentence or clause mark (the mark stays with its clause), or a dash.
_CLAUSE_BREAK = re.compile(r"(?<=[.;:!?])\s+|\s[-\u2013\u2014]+\s")
# The words that bind two names in a clause of preference or substitution.
_BINDING = re.compile(r"\b(?:for|with|than|over|instead\s+of)\b", re.IGNORECASE)
# A verb that relates two names rather than putting one in the other's place ("compare X with
# Y", "pair X with Y", "contrast X with Y"): the clause keeps both.
_RELATING = re.compile(
    r"\b(?:compar|contrast|connect|link|relat|pair|match|combin|mix|weigh|set)(?:e|es|ed|ing|s)?"
    r"\b(?:\s+up)?\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)


def _clauses(text: str) -> list[str]:
    return [clause.strip() for clause in _CLAUSE_BREAK.split(text) if clause.strip()]


def _at(clause: str, name: str) -> int:
    return clause.casefold().find(name.casefold())


def preferred_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that sets the current topic aside for another name (see the
    module docstring), or None."""
    current = view.current
    if current is None:
        return None
    others = {m.name for m in view.mentions(text) if m.name.casefold() != current.casefold()}
    others = {name for name in others if not name.isdigit() and name not in view.state}
    if len(others) != 1:
        return None
    other = next(iter(others))
    clauses = _clauses(text)
    binding = [
        clause
        for clause in clauses
        if "?" not in clause
        and _at(clause, current) >= 0
        and _at(clause, other) >= 0
        and _BINDING.search(
            clause,
            min(_at(clause, current), _at(clause, other)),
            max(_at(clause, current), _at(clause, other)),
        )
    ]
    asked = [
        clause
        for clause in clauses
        if "?" in clause and _at(clause, other) >= 0 and _at(clause, current) < 0
    ]
    if len(binding) != 1 or not asked:
        return None
    # "I might compare X with Y later": a clause that relates the two names, or puts its
    # business off till later, sets neither aside (spec/writer-cues-roles.md, deferred).
    first = min(_at(binding[0], current), _at(binding[0], other))
    if _RELATING.search(binding[0][:first]) or cues.DEFERRAL.search(binding[0]):
        return None
    query = cut(" ".join(asked), QUERY_CHARS)
    return Decision(
        topic=other,
        operations=(Operation(OpKind.ABANDON, current), arrive(other, view)),
        basis=query,
        pronouns=pronouns_for(other, view),
        depends_on=depends(view, current),
        contradicts=(current,),
        kind=view.kind(other),
        query=query,
    )
