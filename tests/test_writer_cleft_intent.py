"""A rhetorical question about what was typed, and a cleft of intent
(spec/writer-cues-roles.md#writer-cues-roles.cleft)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import Mention

_NAMES = ("Bergen", "Tromso", "Lake Bled", "Grace Hopper", "Apollo 9")
# Questions about what the speaker typed, of different structure.
_QUESTIONED = (
    "did I say {x}?",
    "hmm, did I really type {x}?",
    "wait, have I written {x}?",
    "did I just mention {x}?",
)
# Statements of intent: clefts, pseudo-clefts and a relative of intent.
_INTENT = (
    "it's {y} I'm after.",
    "it was {y} that I wanted.",
    "{y} is what I was asking about.",
    "it is {y} I'm interested in.",
    "{y} is the one I'm curious about.",
)


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _read(text: str, names: tuple[str, ...]) -> tuple[str | None, frozenset[str]]:
    reading = read_turn(text, _mentions(text, names))
    return reading.intended, frozenset(reading.taken_back)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(_TWO, st.sampled_from(_QUESTIONED), st.sampled_from(_INTENT))
def test_the_order_of_the_rhetorical_question_and_the_intent_never_changes_the_reading(
    names: list[str], questioned: str, intent: str
) -> None:
    x, y = names
    asked, meant = questioned.format(x=x), intent.format(y=y)
    first = _read(f"{asked} {meant}", (x, y))
    second = _read(f"{meant} {asked}", (x, y))
    assert first == second == (y, frozenset({x}))


@given(st.sampled_from(_NAMES), st.sampled_from(_QUESTIONED))
def test_a_question_about_what_was_typed_alone_takes_nothing_back(
    name: str, questioned: str
) -> None:
    assert _read(questioned.format(x=name), (name,))[1] == frozenset()


def test_the_it_of_a_cleft_stands_for_no_topic_but_a_referring_it_does() -> None:
    for text in (
        "it's Tromso I'm after",
        "It's about Lake Bled.",
        "it was Grace Hopper who I meant",
    ):
        assert cues.DUMMY_IT.search(text) is not None, text
    for text in ("is it Tromso?", "it's about 5 km long.", "what is it about?", "it's big"):
        assert cues.DUMMY_IT.search(text) is None, text
