"""A history turn that repairs its own name (spec/writer-cues-self-repair.md).

"where was Buzz Aldrin born? - no, Marie Curie" asks about Marie Curie: the name after the
turn's last retraction is what the turn meant, and the answer that follows is about it. The
final turn's name roles (`name_roles.read_turn`) read such a turn already; a history turn
read the same way keeps a later "who influenced her?" on the name the user meant, not on the
slip. Only a turn that itself types the slip and the repair is read so: every other history
turn stays the cascade's, as the learned writer's scorers were trained on them.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import abandon
from memcore.writers.correcting import arriving
from memcore.writers.name_roles import Reading, Role, read_turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention


def _repair(reading: Reading) -> tuple[str, tuple[str, ...]] | None:
    """The name the turn means and the names it typed and retracted before it, where the
    turn repairs a name of its own ("X? no, Y"), or None."""
    intended = reading.intended
    if intended is None or not reading.corrects:
        return None
    retracted = tuple(
        dict.fromkeys(
            n.name for n in reading.names if n.role is Role.RETRACTED and n.name != intended
        )
    )
    repaired = any(
        n.name == intended and n.start >= reading.after_retraction for n in reading.names
    )
    return (intended, retracted) if retracted and repaired else None


def _answer_names(answer: str, name: str) -> bool:
    return name.casefold() in answer.casefold()


def repaired_history_node(request: WriterRequest, node: Node, mentions: Sequence[Mention]) -> Node:
    """The history `node` on the name the turn's own repair means, with the names it
    retracted abandoned and nothing else; `node` as it was at the final turn, for a turn that
    repairs no name of its own, and where the answer names a retracted name but not the meant
    one (the assistant read the turn otherwise)."""
    if request.turn.final:
        return node
    repair = _repair(read_turn(request.turn.question, mentions))
    if repair is None:
        return node
    intended, retracted = repair
    answer = request.turn.answer
    if not _answer_names(answer, intended) and any(_answer_names(answer, r) for r in retracted):
        return node
    # The turn takes back its own slips, not the topic before it: "how long is Metropolis? -
    # no, Amelie" after Casablanca leaves Casablanca as an earlier topic, not a rejected one.
    operations = (*(abandon(name) for name in retracted), arriving(intended, request))
    if node.topics[:1] == (intended,) and node.operations == operations:
        return node
    return attrs.evolve(node, topics=(intended,), operations=operations, contradicts=retracted[:1])
