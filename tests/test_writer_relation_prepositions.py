"""A preposition of relation that opens a turn is no part of the name after it
(spec/writer-standalone.md#writer-standalone.typed-pronoun)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.rules.spans import capitalised_spans

_PREPOSITIONS = ("Regarding", "Concerning", "Re", "Considering")
_NAMES = ("Grace Hopper", "Lake Bled", "Apollo 9", "Tromso")
_REST = (", where is {p} from?", ": what is {p} known for?", " - any news?")


@given(st.sampled_from(_PREPOSITIONS), st.sampled_from(_NAMES), st.sampled_from(_REST))
def test_the_opening_preposition_is_left_out_of_the_name(
    preposition: str, name: str, rest: str
) -> None:
    text = f"{preposition} {name}{rest.format(p='it')}"
    assert [m.name for m in capitalised_spans(text)] == [name]
