"""An apology for jumping to another subject, and a yes or no to the assistant's question
about the user, take nothing back (spec writer-cues-roles.excused-jump,
writer-cues-roles.declined-offer)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.excused_jump import without_excused_jump
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

_Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: st.SearchStrategy[_Write] = st.sampled_from((learned_final, rules_final))
_PAIRS = st.permutations(("Cusco", "Helsinki", "Model T", "Apollo 11")).map(lambda n: n[:2])
_APOLOGIES = (
    " - apologies, totally different thing",
    "\n(sorry for changing the subject so suddenly)",
    " sorry, my mind's wandering 😅",
    " Sorry for the random jump!",
)


@given(st.sampled_from(_APOLOGIES))
def test_the_apology_for_a_jump_leaves_the_turn_and_is_no_retraction(apology: str) -> None:
    asked = "who flew on Apollo 11?"
    assert without_excused_jump(asked + apology) == asked
    assert cues.RETRACTION.search(asked + apology) is None


def test_an_apology_that_repairs_is_still_a_retraction() -> None:
    text = "what is the population of Helsinki? sorry, Lisbon"
    assert without_excused_jump(text) == text
    assert cues.RETRACTION.search(text) is not None


@settings(max_examples=15, deadline=None)
@given(_PAIRS, st.sampled_from(_APOLOGIES), _WRITERS)
def test_a_new_question_with_an_apology_for_the_jump_abandons_nothing(
    names: Sequence[str], apology: str, write_final: _Write
) -> None:
    old, new = names
    history = (Turn(f"what is {old} known for?", f"{old} is known for many things."),)
    node = write_final(history, f"what is {new} known for?{apology}", names)
    assert node.topic == new
    assert not [op for op in node.operations if op.kind is OpKind.ABANDON]
    assert node.query == f"what is {new} known for?"


@settings(max_examples=15, deadline=None)
@given(
    _PAIRS,
    st.sampled_from(("nope, new to me 🙂", "No, not really.", "yes, a little!")),
    st.sampled_from(("Did you know much about {x} already?", "Have you heard of {x} before?")),
    _WRITERS,
)
def test_a_reply_to_a_question_about_the_user_takes_nothing_back(
    names: Sequence[str], reply: str, closing: str, write_final: _Write
) -> None:
    old, new = names
    history = (Turn(f"what is {old} known for?", f"{old} is known. {closing.format(x=old)}"),)
    node = write_final(history, f"{reply} what is {new} known for?", names)
    assert node.topic == new
    assert old not in {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
