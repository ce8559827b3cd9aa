"""Referents said by no place in a list's order: a pointer that describes one of the user's
own messages ("the one I thanked you for", "the one I swore was my last question", "the one
where I went 'whoa'") takes that message's subject, or the subject of the answer it reacted to
(spec/writer-cues-positions.md#writer-cues-positions.remarked); "the one on both lists" takes
the name two lists share (#writer-cues-positions.in-both); "the bottom right one" takes a
corner of a list laid out as a grid (#writer-cues-positions.grid)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS

LAKES = ("Loch Ness", "Lake Baikal", "Lake Titicaca", "Lake Malawi", "Crater Lake")
THANKS = ("perfect, thanks so much", "brilliant, thank you!! 🙏", "cheers, that's great")
THANKED = (
    "the one I thanked you for - how old is it?",
    "remember the answer I thanked you for? how old is that one?",
    "the one I said thanks for earlier:\nhow old is that one?",
)


def _asked(lake: str) -> Turn:
    return Turn(f"how deep is {lake}?", f"{lake} is a few hundred metres deep.")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(LAKES).map(lambda names: names[:4]),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(THANKS),
    st.sampled_from(THANKED),
)
def test_the_answer_thanked_for_is_the_one_before_the_thanks(
    name: str, lakes: tuple[str, ...], thanked_at: int, thanks: str, final: str
) -> None:
    history = [_asked(lake) for lake in lakes]
    history.insert(thanked_at + 1, Turn(thanks, "Any time!"))
    node = WRITERS[name](history, final, LAKES)
    assert node.topic == lakes[thanked_at]
    assert lakes[thanked_at] in (node.query or "")
    assert not any(other in (node.query or "") for other in lakes if other != lakes[thanked_at])


PROMISES = ("last one, I promise: ", "final question, I swear - ", "ok this is my last one: ")
SWORN = (
    "the one I swore was my final question - when did it form?",
    "back to the one I promised would be my last. when did it form?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(LAKES).map(lambda names: names[:3]),
    st.integers(min_value=0, max_value=1),
    st.sampled_from(PROMISES),
    st.sampled_from(SWORN),
)
def test_the_question_promised_last_is_the_one_it_asked(
    name: str, lakes: tuple[str, ...], promised_at: int, promise: str, final: str
) -> None:
    history = [_asked(lake) for lake in lakes]
    asked = history[promised_at]
    history[promised_at] = Turn(promise + asked.question, asked.answer)
    node = WRITERS[name](history, final, LAKES)
    assert node.topic == lakes[promised_at]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(LAKES).map(lambda names: names[:3]))
def test_a_reaction_before_a_new_question_points_at_the_answer_before_it(
    name: str, lakes: tuple[str, ...]
) -> None:
    first, second, third = lakes
    history = [
        _asked(first),
        Turn(f"whoa 😮 really? ok. how deep is {second}?", f"{second} is quite shallow."),
        _asked(third),
    ]
    node = WRITERS[name](history, "the one where I went 'whoa' - when did it form?", LAKES)
    assert node.topic == first


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(LAKES).map(lambda names: names[:2]))
def test_two_messages_alike_point_at_neither(name: str, lakes: tuple[str, ...]) -> None:
    history = [Turn(f"thanks! {turn.question}", turn.answer) for turn in map(_asked, lakes)]
    node = WRITERS[name](history, "the one I thanked you for - how old is it?", LAKES)
    # Neither message is the one described: the turn is left to the other rules, as one whose
    # pointer describes nothing at all.
    other = WRITERS[name](history, "the one I told you about - how old is it?", LAKES)
    assert (node.topic, node.operations) == (other.topic, other.operations)


MEANT = (
    "no, the one I meant - how old is it?",
    "the one I asked about before, how old is it?",
    "the one I was thinking of: how old is it?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(LAKES).map(lambda names: names[:3]), st.sampled_from(MEANT))
def test_a_pointer_of_meaning_or_asking_is_no_description(
    name: str, lakes: tuple[str, ...], final: str
) -> None:
    # Every earlier message says thanks: a remark pointer would match none of them alone, and a
    # pointer of meaning must not be read as one at all (the same decision either way).
    first, second, third = lakes
    history = [_asked(first), Turn("thanks so much", "Any time!"), _asked(second), _asked(third)]
    node = WRITERS[name](history, final, LAKES)
    assert node.topic != first


BOTH = (
    "the one on both lists - how old is it?",
    "ooh, one name was on both lists! how old is that one?",
    "how old is the name that turned up in both lots?",
    "the one you listed twice: how old is it?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(LAKES),
    st.integers(min_value=0, max_value=2),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(BOTH),
)
def test_the_one_name_two_lists_share_is_the_one_meant(
    name: str, lakes: tuple[str, ...], first_at: int, second_at: int, final: str
) -> None:
    # (spec/writer-cues-positions.md#writer-cues-positions.in-both)
    shared, *others = lakes
    first = others[:2]
    second = others[2:4]
    first.insert(first_at, shared)
    second.insert(second_at, shared)
    history = [
        Turn("which lakes are worth a visit?", f"Try {', '.join(first)}."),
        Turn("a few more?", f"Sure: {', '.join(second)}."),
    ]
    node = WRITERS[name](history, final, LAKES)
    assert node.topic == shared
    assert shared in (node.query or "")
    assert not any(other in (node.query or "") for other in others)


CORNERS = {
    "the one in the top left corner": (0, 0),
    "top right one": (0, 1),
    "bottom left, please": (1, 0),
    "the bottom right one": (1, 1),
}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(LAKES).map(lambda names: names[:4]),
    st.sampled_from(sorted(CORNERS)),
    st.booleans(),
)
def test_a_corner_of_a_grid_names_the_lake_in_that_cell(
    name: str, lakes: tuple[str, ...], corner: str, bars_outside: bool
) -> None:
    # (spec/writer-cues-positions.md#writer-cues-positions.grid)
    bar = "| " if bars_outside else ""
    end = " |" if bars_outside else ""
    rows = [f"{bar}{lakes[0]} | {lakes[1]}{end}", f"{bar}{lakes[2]} | {lakes[3]}{end}"]
    history = [Turn("which lakes are worth a visit? as a grid", "Sure:\n\n" + "\n".join(rows))]
    row, column = CORNERS[corner]
    meant = lakes[2 * row + column]
    node = WRITERS[name](history, f"{corner}: how old is that one?", LAKES)
    assert node.topic == meant
    assert not any(other in (node.query or "") for other in lakes if other != meant)
