"""Places said in two steps, podium places, bullets, and the subject asked about before a list
(spec/writer-cues-positions.md#writer-cues-positions.parts): the member meant is in the query
and its neighbours are not, for both writers.

Every reading is tried in wordings written here, none taken from the behaviour sets."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final
from memcore.writers.rules.lists import find_place_groups, find_positions

_PEAKS = ("Mont Blanc", "Matterhorn", "Eiger", "Jungfrau", "Zugspitze")
_LISTED = Turn(
    "which alpine peaks should I read about?",
    "Worth a read: Mont Blanc, Matterhorn, Eiger, Jungfrau and Zugspitze.",
)


def _only(query: str | None, name: str, others: tuple[str, ...]) -> bool:
    """Whether `query` holds `name` and none of `others`."""
    text = query or ""
    return name in text and not any(other in text for other in others if other != name)


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("among the final three, the middle one - how high is it?", "Jungfrau"),
        ("the former of the top two: how high is that one?", "Mont Blanc"),
        ("from the first three, the last one. how high is it?", "Eiger"),
        ("of the bottom pair, the earlier one - how high is that one?", "Jungfrau"),
        ("the first two: the right-hand one. how high is it?", "Matterhorn"),
        ("the latter of the first couple, how high is it?", "Matterhorn"),
        ("between the last two, I'd take the first name. how high is it?", "Jungfrau"),
    ],
)
def test_a_place_inside_a_part_of_the_list(final: object, question: str, meant: str) -> None:
    node = final([_LISTED], question, _PEAKS)  # type: ignore[operator]
    assert node.topics == (meant,)
    assert _only(node.query, meant, _PEAKS)


def test_a_part_alone_is_still_a_group_of_places() -> None:
    (group,) = find_place_groups("the last two look steep")
    assert group.indices == (-2, -1)
    assert not find_positions("the last two look steep")
    # A place that starts with the part's own words is the part, not a place inside it.
    (spoken,) = find_place_groups("tell me more about the first two you gave")
    assert spoken.indices == (1, 2)
    assert all(position.part == 0 for position in find_positions("the first two you gave"))


def test_a_part_not_beside_the_place_leaves_the_place_whole() -> None:
    # A sentence mark stands between the part and the place: two readings.
    (position,) = find_positions("the last two look steep. the first one, how high is it?")
    assert position.part == 0
    assert position.index == 1


@settings(max_examples=30, deadline=None)
@given(
    size=st.integers(min_value=3, max_value=5),
    count=st.integers(min_value=2, max_value=4),
    from_end=st.booleans(),
    place=st.integers(min_value=1, max_value=4),
)
def test_the_place_counts_inside_the_part(
    size: int, count: int, from_end: bool, place: int
) -> None:
    """Whatever the list, the part (shorter than the list) and the place inside it, the
    member is the part's member at the place, alone in the query."""
    assume(count < size and place <= count)
    names = _PEAKS[:size]
    words = {1: "first", 2: "second", 3: "third", 4: "fourth"}
    counts = {2: "two", 3: "three", 4: "four"}
    end = "last" if from_end else "first"
    answer = "Worth a read: " + ", ".join(names[:-1]) + f" and {names[-1]}."
    question = f"of the {end} {counts[count]}, the {words[place]} one: how high is it?"
    node = write_final([Turn("which peaks?", answer)], question, names)
    part = names[-count:] if from_end else names[:count]
    assert node.topics == (part[place - 1],)
    assert _only(node.query, part[place - 1], names)


def test_a_place_is_read_with_its_part_whatever_its_number() -> None:
    (position,) = find_positions("of the first two, the third one")
    assert (position.index, position.part, position.start) == (3, 2, 0)


_RANKED = Turn(
    "rank these peaks for me: Eiger, Jungfrau and Zugspitze",
    "My order: Zugspitze first, then Eiger, and Jungfrau last.",
)


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("the gold medallist - how high is it?", "Zugspitze"),
        ("and your silver one? how high is that one?", "Eiger"),
        ("whichever one came third, how high is it?", "Jungfrau"),
        ("the one that finished second: how high is it?", "Eiger"),
    ],
)
def test_a_podium_place_counts_the_answer_order(final: object, question: str, meant: str) -> None:
    node = final([_RANKED], question, _PEAKS)  # type: ignore[operator]
    assert node.topics == (meant,)
    assert _only(node.query, meant, _PEAKS)


def test_a_gold_thing_is_no_place() -> None:
    assert not find_positions("the gold ring she wore")


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("third bullet, please. how high is it?", "Eiger"),
        ("the lowest bullet point - how high is that one?", None),
        ("bottom bullet: how high is it?", "Zugspitze"),
    ],
)
def test_a_bullet_is_a_member_of_the_list(final: object, question: str, meant: str | None) -> None:
    answer = "Five to start with:\n\u2022 Mont Blanc\n\u2022 Matterhorn\n\u2022 Eiger\n"
    answer += "\u2022 Jungfrau\n\u2022 Zugspitze"
    node = final([Turn("which peaks?", answer)], question, _PEAKS)  # type: ignore[operator]
    if meant is not None:
        assert node.topics == (meant,)
        assert _only(node.query, meant, _PEAKS)


_BEFORE = [
    Turn("how high is Mont Blanc?", "Mont Blanc is about 4,800 metres high."),
    Turn("which other alpine peaks are worth a read?", "Try Eiger, Jungfrau and Zugspitze."),
]


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    "question",
    [
        "what I'd asked about just before your suggestions - who first climbed it?",
        "back to the one we had before you listed them: who first climbed that one?",
        "the thing I asked before I got the list, who first climbed it?",
    ],
)
def test_the_subject_asked_about_before_the_list(final: object, question: str) -> None:
    node = final(_BEFORE, question, _PEAKS)  # type: ignore[operator]
    assert node.topics == ("Mont Blanc",)
    assert _only(node.query, "Mont Blanc", _PEAKS)


_WALKED = [
    Turn(
        "which alpine peaks should I read about?",
        "Worth a read: Eiger, Jungfrau, Matterhorn and Zugspitze.",
    ),
    Turn("how high is Eiger?", "Eiger is about 3,970 metres high."),
    Turn("and how high is Matterhorn?", "Matterhorn is about 4,480 metres high."),
]


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    "question",
    [
        "seems we missed one on the list. who first climbed that one?",
        "who first climbed the one between those two?",
        "and the one in between the two we covered - who first climbed it?",
    ],
)
def test_the_member_passed_over_between_two_taken_up(final: object, question: str) -> None:
    node = final(_WALKED, question, _PEAKS)  # type: ignore[operator]
    assert node.topics == ("Jungfrau",)
    assert _only(node.query, "Jungfrau", _PEAKS)


@pytest.mark.parametrize("final", [write_final, learned_final])
@pytest.mark.parametrize(
    "question",
    [
        "step back one on your list: who first climbed it?",
        "before we move on to the last one, back up one. who first climbed that one?",
    ],
)
def test_a_step_back_along_the_list(final: object, question: str) -> None:
    node = final(_WALKED, question, _PEAKS)  # type: ignore[operator]
    assert node.topics == ("Jungfrau",)
    assert "Zugspitze" not in (node.query or "")
    assert "Jungfrau" in (node.query or "")


def test_a_place_put_off_is_no_place_read_now() -> None:
    positions = find_positions("before we get to the second one, how high is it?")
    assert not positions
