"""The two writers' final-turn calls side by side, for tests that check both alike: the rule
writer and the learned one, each given the history, the final question and the page titles."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

Writer = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: dict[str, Writer] = {"rules": rules_final, "learned": learned_final}


def abandoned(node: Node) -> set[str]:
    """The names the node's operations abandon."""
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
