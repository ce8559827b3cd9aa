"""Query construction: the query a decision asks, from its basis and topic."""

from __future__ import annotations

import re

from memcore.writers.rules.decision import Decision
from memcore.writers.rules.text import (
    NAME_CHARS,
    printable,
    with_name,
)
from memcore.writers.rules.view import View


def trusted_name(name: str, view: View) -> bool:
    """Whether a topic's name may be added to a query that does not name it.

    Never words of a question standing in for a name (a lower-case topic). Where the corpus
    has page titles, any name (topic repair grounds the history's topics in those pages);
    without titles, only a name the user typed in a recent question, not one read only from
    an answer, where incidental capitalised words are common.
    """
    if name == name.casefold():
        return False
    if view.vocabulary is not None:
        return True
    folded = name.casefold()
    return any(folded in node.question.casefold() for node in view.recent)


def clean(name: str) -> str:
    """A name as the core parser keeps it (whitespace collapsed), without control characters."""
    return printable(name)[:NAME_CHARS].strip()


def decision_query(decision: Decision, view: View) -> str:
    """The query of a final turn: the decision's own (the number rule's), else its basis with
    pronouns, positions and descriptions replaced by the topic's name, and the name added
    where nothing names it and it may be trusted (`trusted_name`)."""
    return decision.query or with_name(
        _closed_up(decision.basis, decision.spans),
        decision.topic,
        decision.pronouns if decision.topic != decision.topic.casefold() else frozenset(),
        decision.replace_names,
        decision.spans,
        append=trusted_name(decision.topic, view),
    )


# Words blanked out of a basis before its closing mark ("X rather than Y?" with "rather than
# Y" blanked): the run of spaces they leave.
_BLANKED_BEFORE_MARK = re.compile(r" {2,}(?=[?!.,;:])")


def _closed_up(basis: str, spans: tuple[tuple[int, int], ...]) -> str:
    """`basis` without the blanks words left before a closing mark ("Rubik's Cube      ?"
    reads "Rubik's Cube?"), where no span of the basis lies after them."""
    last = max((end for _, end in spans), default=0)
    return _BLANKED_BEFORE_MARK.sub(lambda m: "" if m.start() >= last else m.group(0), basis)
