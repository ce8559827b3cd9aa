"""Refusals without a negating cue before the name: scoffing at it ("lol X. nice try."), saying
no to it ("I say no X") and a grawlix before the repair ("who flew on X? #$%& Y!!")
(spec/writer-cues-roles.md#writer-cues-roles.stance-mark,
spec/writer-cues-roles.md#writer-cues-roles.refusal-order,
spec/writer-cues-self-repair.md#writer-cues-self-repair.typed-loosely)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
ASKS = (
    ("when was {} founded?", "{} was founded many centuries ago."),
    ("what is {} famous for?", "{} is famous for its old town."),
    ("how many people live in {}?", "About two million people live in {}."),
)
SCOFFS = (
    "lol {}. nice try.",
    "{}? yeah right 🙄",
    "{}? pfft. not a chance.",
    "{}? as if.",
    "haha {}. dream on.",
)
GRAWLIXES = ("#$%&", "@#!", "!@#$", "%$#@")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ASKS),
    st.sampled_from(SCOFFS),
    st.booleans(),
)
def test_scoffing_at_a_name_alone_in_its_clause_turns_it_down(
    name: str, pair: tuple[str, str], asked: tuple[str, str], scoff: str, first: bool
) -> None:
    current, pushed = pair
    history = [
        Turn(
            asked[0].format(current),
            asked[1].format(current) + f" People who like it often move on to {pushed} next.",
        )
    ]
    question, scoffed = asked[0].format(current), scoff.format(pushed)
    final = f"{scoffed}\n{question}" if first else f"{question} ({scoffed})"
    node = WRITERS[name](history, final, CITIES)
    assert node.topic == current
    assert abandoned(node) == {pushed}
    assert pushed not in (node.query or "")


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_yeah_right_with_an_assent_after_it_turns_nothing_down(name: str) -> None:
    history = [Turn("which cities would you suggest?", "Lisbon, Cusco and Tbilisi.")]
    node = WRITERS[name](history, "Cusco? yeah right - that's the one. how old is it?", CITIES)
    assert node.topic == "Cusco"
    assert not abandoned(node)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: names[:3]),
    st.sampled_from(("Kids say no", "my son says no", "the kids said no to", "Mum says no")),
    st.sampled_from(("I say no", "and I say no to", "I said no")),
)
def test_saying_no_to_names_refuses_each_and_leaves_the_one_left(
    name: str, names: tuple[str, ...], theirs: str, mine: str
) -> None:
    kept, first, second = names
    listed = f"You could try {kept}, {first} and {second}."
    history = [Turn("which cities would you suggest for a long weekend?", listed)]
    final = f"{theirs} {first}. {mine} {second}. Which leaves {kept} - when was it founded?"
    node = WRITERS[name](history, final, CITIES)
    assert node.topic == kept
    assert abandoned(node) == {first, second}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ASKS),
    st.sampled_from(GRAWLIXES),
)
def test_a_grawlix_takes_back_the_name_before_it(
    name: str, pair: tuple[str, str], asked: tuple[str, str], grawlix: str
) -> None:
    slip, meant = pair
    history = [Turn(asked[0].format(meant), asked[1].format(meant))]
    node = WRITERS[name](history, f"{asked[0].format(slip)} {grawlix} {meant}!!", CITIES)
    assert node.topic == meant
    assert abandoned(node) == {slip}
    assert node.query == asked[0].format(meant)
