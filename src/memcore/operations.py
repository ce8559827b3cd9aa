"""The five memory operations a turn can apply to a named topic."""

from __future__ import annotations

import enum

import attrs


class OpKind(enum.Enum):
    """What a turn does to a topic (MemRevise §4.2)."""

    ADD = "Add"
    REFINE = "Refine"
    REVISE = "Revise"
    ABANDON = "Abandon"
    REACTIVATE = "Reactivate"


@attrs.frozen
class Operation:
    """One operation of a node: its kind and the topic it applies to."""

    kind: OpKind
    topic: str

    def __str__(self) -> str:
        return f"{self.kind.value}({self.topic})"


def add(topic: str) -> Operation:
    """An `Add` operation on `topic`."""
    return Operation(OpKind.ADD, topic)


def refine(topic: str) -> Operation:
    """A `Refine` operation on `topic`."""
    return Operation(OpKind.REFINE, topic)


def revise(topic: str) -> Operation:
    """A `Revise` operation on `topic`."""
    return Operation(OpKind.REVISE, topic)


def abandon(topic: str) -> Operation:
    """An `Abandon` operation on `topic`."""
    return Operation(OpKind.ABANDON, topic)


def reactivate(topic: str) -> Operation:
    """A `Reactivate` operation on `topic`."""
    return Operation(OpKind.REACTIVATE, topic)
