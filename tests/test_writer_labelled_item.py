"""An item an answer labels, picked by its label
(spec/writer-cues-positions.md#writer-cues-positions.labelled-item)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

_TITLES = ("Tower Bridge", "Rialto Bridge", "Charles Bridge", "Stari Most")
_MAIN = "Tower Bridge, Rialto Bridge and Charles Bridge."
_LABELLED = (
    "{main} A wildcard if you like: Stari Most.",
    "{main}\nExtra credit: Stari Most",
    "Start with {main} One outsider as well: Stari Most.",
)
_PICKS = (
    ("wildcard", "the wildcard one caught my eye. when was that one built?"),
    ("wildcard", "tell me about your wildcard pick, please"),
    ("extra", "ok the extra one. who built that one?"),
    ("outsider", "what about the outsider? how long is it?"),
)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(_LABELLED), st.sampled_from(_PICKS))
def test_an_item_is_picked_by_its_label_only(answer: str, pick: tuple[str, str]) -> None:
    label, question = pick
    typed_answer = answer.format(main=_MAIN)
    history = (Turn("which bridges are worth a visit?", typed_answer),)
    labelled = label in typed_answer.casefold()
    for final in (rules_final, learned_final):
        node = final(history, question, _TITLES)
        if labelled:
            assert node.topic == "Stari Most"
            assert "Stari Most" in (node.query or "")
            assert "Tower Bridge" not in (node.query or "")
        else:
            assert node.topic != "Stari Most" or "stari" in question.casefold()


def test_a_label_of_a_remark_is_no_item() -> None:
    history = (
        Turn(
            "which bridges are worth a visit?",
            f"{_MAIN} Tip: Rialto Bridge is crowded at noon.",
        ),
    )
    node = rules_final(history, "what does the tip mean?", _TITLES)
    assert node.topic != "Rialto Bridge"
