"""An "it" that stands for what was said is no pronoun of a topic
(spec/writer-standalone.md#writer-standalone.utterance-it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.rules import api

_MISSED = (
    "sorry, I missed it - what did you say about {x}?",
    "I didn't catch it. what did you tell me about {x} again?",
    "I think I missed it; what was that about {x}?",
    "it did! how old is {x}?",
    "yes it was, thanks. how old is {x}?",
)
_HISTORY = (
    Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
    Turn("how old is Lyon?", "Lyon was founded by the Romans. Was that helpful?"),
)


@settings(max_examples=10)
@given(st.sampled_from(_MISSED), st.sampled_from(("Porto", "Braga")))
def test_an_it_for_what_was_said_leaves_the_named_subject_the_topic(turn: str, name: str) -> None:
    node = api.write_final(_HISTORY, turn.format(x=name), ["Porto", "Lyon", "Braga"])
    assert node.topic == name
    assert "Lyon" not in (node.query or "")


def test_an_it_that_points_at_a_topic_is_kept() -> None:
    node = api.write_final(_HISTORY, "when did it get its first bridge?", ["Porto", "Lyon"])
    assert node.topic == "Lyon"


def test_missing_or_catching_it_makes_the_it_a_dummy() -> None:
    assert cues.without_dummy_it("I missed it - what about X?").split()[:2] == ["I", "missed"]
    assert " it " not in cues.without_dummy_it("I missed it - what about X?")
    assert " it " in cues.without_dummy_it("did the bus leave before it stopped?")
