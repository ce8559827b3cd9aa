"""What the number rule decides when it fires: the values a search state carries.

They live apart from the rule (memcore.search.number_rule, which re-exports them) so that the
search state can hold a rewrite without the stages module and the rule importing each other.
"""

from __future__ import annotations

import enum

import attrs


class NumberKind(enum.Enum):
    """The three kinds of number the rule tells apart."""

    NUMBER = "number"
    DECADE = "decade"
    ROMAN = "roman numeral"


class TopicSource(enum.Enum):
    """Whose topic the rule changed."""

    FINAL = "final"
    PREVIOUS = "previous"


@attrs.frozen
class NumberRewrite:
    """The rule fired: `old_topic` (of the final or previous node) becomes `new_topic`, and
    `query` is the writer's query with the new name."""

    old_topic: str
    new_topic: str
    old_number: str
    new_number: str
    kind: NumberKind
    query: str
    source: TopicSource
