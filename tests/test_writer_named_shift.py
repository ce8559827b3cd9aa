"""A shift to a topic the turn types rejects nothing the turn does not type (spec
writer-learned.grounded-rejection, example 172). The wordings are this file's own."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final

_FILMS = ("Rashomon", "Vertigo", "Casablanca", "Metropolis", "Chinatown")
# Negating words that belong to the user's own knowledge or mood, not to the old topic.
_OWN_NEGATIONS = (
    "I don't know much about {new}, never seen it. who directed {new}?",
    "I gave up on the quiz, no idea. who directed {new}?",
    "honestly I have never watched {new}. who directed {new}?",
    "Not sure why {new} keeps coming up, but who directed {new}?",
)
# Corrections the cue readers bind to the old topic: the rejection stands.
_CORRECTIONS = (
    "no, I meant {new}. who directed it?",
    "wrong film - {new}, not {old}. who directed it?",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


def _history(old: str) -> tuple[Turn, ...]:
    return (Turn(f"how long is {old}?", f"{old} runs a little under two hours."),)


@settings(max_examples=20, deadline=None)
@given(st.permutations(_FILMS).map(lambda names: names[:2]), st.sampled_from(_OWN_NEGATIONS))
def test_a_named_shift_with_negations_of_its_own_leaves_the_old_topic_unrejected(
    names: Sequence[str], shape: str
) -> None:
    old, new = names
    node = learned_final(_history(old), shape.format(new=new), _FILMS)
    assert node.topic == new
    assert old not in _abandoned(node) and old not in node.contradicts


@settings(max_examples=10, deadline=None)
@given(st.permutations(_FILMS).map(lambda names: names[:2]), st.sampled_from(_CORRECTIONS))
def test_a_correction_still_rejects_the_topic_it_replaces(names: Sequence[str], shape: str) -> None:
    old, new = names
    node = learned_final(_history(old), shape.format(new=new, old=old), _FILMS)
    assert node.topic == new
    assert old in _abandoned(node)
