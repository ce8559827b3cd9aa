"""Verdicts without an English negation: a borrowed "no" ("no, gracias"), an app's gesture
("X: muted"), a contest's ("X, you're out"), one verdict for names joined together; undoing
what was typed ("undo that - Y", "cmd+Z"); the subject asked about most; zero-based places
(spec/writer-cues-roles.md#writer-cues-roles.stance-mark,
spec/writer-cues-self-repair.md#writer-cues-self-repair.typed-loosely,
spec/writer-cues-positions.md#writer-cues-positions.asked-in-turn,
spec/writer-cues-positions.md#writer-cues-positions.forms)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
VERDICTS = (
    "{}? no, gracias.",
    "{}? nein danke.",
    "{}? non merci.",
    "{}: muted 🔇",
    "{} - blocked.",
    "{}: eliminated.",
    "{}, you're out.",
    "swiping left on {}.",
)


def _listed(names: tuple[str, ...]) -> list[Turn]:
    return [Turn("which cities would you suggest?", f"You could try {', '.join(names)}.")]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: names[:3]), st.sampled_from(VERDICTS))
def test_a_verdict_without_an_english_negation_turns_the_name_down(
    name: str, names: tuple[str, ...], verdict: str
) -> None:
    kept, refused, other = names
    final = f"{verdict.format(refused)} when was {kept} founded?"
    node = WRITERS[name](_listed((kept, refused, other)), final, CITIES)
    assert node.topic == kept
    assert abandoned(node) == {refused}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: names[:3]),
    st.sampled_from(("and", "or", "&")),
    st.sampled_from(("no thanks", "nah", "no, gracias", "pass")),
)
def test_names_joined_take_one_verdict_and_ask_nothing(
    name: str, names: tuple[str, ...], joint: str, verdict: str
) -> None:
    kept, first, second = names
    final = f"when was {kept} founded?\n({first} {joint} {second}? {verdict})"
    node = WRITERS[name](_listed((kept, first, second)), final, CITIES)
    assert node.topic == kept
    assert abandoned(node) == {first, second}
    assert node.query == f"when was {kept} founded?"


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(("Undo that, please - {}.", "... cmd+Z. {}!", "ctrl-z {}")),
)
def test_undoing_what_was_typed_takes_it_back(name: str, pair: tuple[str, str], undo: str) -> None:
    slip, meant = pair
    history = [Turn(f"what is {meant} famous for?", f"{meant} is famous for its old town.")]
    node = WRITERS[name](history, f"when was {slip} founded? {undo.format(meant)}", CITIES)
    assert node.topic == meant
    assert abandoned(node) == {slip}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: names[:3]),
    st.sampled_from(
        (
            "the one I asked you the most questions about: how old is it?",
            "the one I kept asking about - how old is it?",
        )
    ),
)
def test_the_subject_asked_about_most(name: str, names: tuple[str, ...], final: str) -> None:
    once, twice, last = names
    history = [
        Turn(f"what is {once} famous for?", f"{once} is famous for its old town."),
        Turn(f"what is {twice} famous for?", f"{twice} is famous for its old town."),
        Turn(f"how many people live in {twice}?", f"About a million people live in {twice}."),
        Turn(f"what is {last} famous for?", f"{last} is famous for its old town."),
    ]
    node = WRITERS[name](history, final, CITIES)
    assert node.topic == twice


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: names[:4]),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(("index {} please (zero-based)", "item [{}] - zero-indexed", "option {}")),
)
def test_a_zero_based_place_counts_from_zero(
    name: str, names: tuple[str, ...], place: int, said: str
) -> None:
    zero_based = "zero" in said
    if not zero_based and place == 0:
        place = 1
    node = WRITERS[name](_listed(names), f"{said.format(place)}. how old is it?", CITIES)
    assert node.topic == names[place if zero_based else place - 1]
