"""What a cascade step decides: the turn's topic and operations, and the referents it read.

A step of the cascade (`steps`) answers with a `Decision`: the topic, the operations on the
memory, and what the query is built from (`query`). Referents are the names a span of the
turn points at, with how it points (`ReferentKind`, the spec pages' referent kinds).
"""

from __future__ import annotations

import enum

import attrs

from memcore.operations import Operation, OpKind
from memcore.writers import cues
from memcore.writers.rules.view import View

Span = tuple[int, int]
# Words typed where a name is expected: where they start in their segment, and the words.
Phrase = tuple[int, str]
# The pronouns that may stand for a topic of unknown kind.
ALL_SINGULAR = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS


@attrs.frozen
class Decision:
    """What the turn does: its topic and operations, and how to write its query."""

    topic: str
    operations: tuple[Operation, ...]
    basis: str
    extra_topics: tuple[str, ...] = ()
    replace_names: tuple[str, ...] = ()
    spans: tuple[Span, ...] = ()
    pronouns: frozenset[str] = frozenset()
    depends_on: tuple[int, ...] = ()
    contradicts: tuple[str, ...] = ()
    kind: str = ""
    query: str | None = None


class ReferentKind(enum.Enum):
    """How a segment points at a name (the spec pages' referent kinds)."""

    POSITION = "position"  # a place in an earlier list: "the second one"
    FACT = "fact"  # something an earlier answer said of it: "the one born in Ohio"
    DESCRIPTION = "description"  # a kind noun: "the film", "the song"
    OTHER = "other"  # "the other one"
    SAME_NAME = "same-name"  # a page sharing the rejected page's name
    NAME = "name"  # the name itself, as the name finder reads it
    TYPED = "typed"  # a lower-case title or known name typed after "I meant"
    SUBSTITUTED = "substituted"  # a short phrase put in place of the old name


@attrs.frozen
class Referent:
    """A name a segment points at, the span of text that points at it, and how."""

    name: str
    span: Span
    how: ReferentKind


def arrive(name: str, view: View, revised: bool = False) -> Operation:
    """The operation that makes `name` current: refine, reactivate, or add (revise if `revised`)."""
    if name == view.current:
        return Operation(OpKind.REFINE, name)
    if name in view.state:
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.REVISE if revised else OpKind.ADD, name)


def restore(name: str, view: View) -> Operation:
    """The operation that makes the intended topic current after a correction."""
    if name == view.current:
        return Operation(OpKind.REFINE, name)
    if view.was_mentioned(name):
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.REVISE, name)


def pronouns_for(name: str, view: View) -> frozenset[str]:
    """The pronouns that may stand for `name`, by what the memory knows of its kind."""
    person = view.person(name)
    if person is True:
        return cues.PERSON_PRONOUNS
    if person is False:
        return cues.THING_PRONOUNS
    return ALL_SINGULAR


def depends(view: View, *names: str | None, previous: bool = True) -> tuple[int, ...]:
    """The turns a decision reads: the previous one (if `previous`) and each name's last."""
    turns: set[int] = set()
    if previous and view.previous is not None:
        turns.add(view.previous.turn)
    for name in names:
        if name is not None:
            turn = view.last_turn_of(name)
            if turn is not None:
                turns.add(turn)
    return tuple(sorted(turns))
