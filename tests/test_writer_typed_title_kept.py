"""A typed page title is not passed over for a word the corpus has no page for (spec
writer-learned.typed-title, example 178). The wordings are this file's own."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final

_MISSIONS = ("Soyuz 11", "Skylab 2", "Gemini 8", "Vostok 1")
# A request about a typed title with a capitalised word that names no page after it.
_FRAMES = (
    "what went wrong on {title}?\n(in English this time)",
    "what went wrong on {title}?\n(answer in French please)",
    "how long did {title} last? (in German this time)",
)
# Corrections: the name with no page may be the one meant, so the scorers decide.
_CORRECTIONS = ("no, sorry, I meant the Kremlin. what about {title}?",)


def _history(names: Sequence[str]) -> tuple[Turn, ...]:
    return tuple(Turn(f"when did {name} launch?", f"{name} launched long ago.") for name in names)


@settings(max_examples=20, deadline=None)
@given(st.permutations(_MISSIONS).map(lambda names: names[:2]), st.sampled_from(_FRAMES))
def test_a_typed_title_stays_the_topic_beside_a_word_with_no_page(
    names: Sequence[str], frame: str
) -> None:
    earlier, latest = names
    node = write_final(_history((earlier, latest)), frame.format(title=earlier), _MISSIONS)
    assert node.topic == earlier
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)


@settings(max_examples=8, deadline=None)
@given(st.permutations(_MISSIONS).map(lambda names: names[:2]), st.sampled_from(_CORRECTIONS))
def test_a_correction_still_lets_the_scorers_decide(names: Sequence[str], frame: str) -> None:
    earlier, latest = names
    node = write_final(_history((earlier, latest)), frame.format(title=earlier), _MISSIONS)
    assert node.topic == "Kremlin"
