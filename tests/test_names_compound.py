"""A name that heads a compound adjective still names its subject
(spec/writer-cues-names.md#writer-cues-names.compound)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.rules.names import find_mentions

# A name ending in a number ("Apollo 13-themed") is not read so yet: the spec says so.
NAMES = ["Montreal", "Charles Darwin", "Frida Kahlo", "Kyoto", "Lake Como"]
HEADS = ["themed", "style", "inspired", "based", "flavoured", "obsessed", "free", "like"]


@given(st.sampled_from(NAMES), st.sampled_from(HEADS), st.sampled_from(["a", "my", "one"]))
def test_the_name_before_the_head_is_the_mention(name: str, head: str, opening: str) -> None:
    text = f"{opening} {name}-{head} quiz for tonight, please"
    found = [m.name for m in find_mentions(text)]
    assert found == [name]
    (mention,) = find_mentions(text)
    assert text[mention.start : mention.end] == name


@given(st.sampled_from(["Jean-Paul Sartre", "Polaroid SX-70", "Spider-Man"]))
def test_a_hyphen_with_no_head_stays_inside_the_name(name: str) -> None:
    assert [m.name for m in find_mentions(f"tell me about {name} please")] == [name]
