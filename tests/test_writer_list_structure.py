"""How an answer's list is read (spec/writer-cues-positions.md#writer-cues-positions.list-
reading): its groups, the order it advises, the rows of a table, the numbers it states of its
members, and the assistant's own preference; a place said against each.

Every reading is tried in several wordings of the same meaning, written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final
from memcore.writers.rules.lists import list_groups, listings_of
from memcore.writers.rules.names import KnownNames, find_mentions

_LAKES = ("Lake Baikal", "Lake Titicaca", "Lake Malawi", "Lake Tahoe")


def _only(query: str | None, name: str, others: tuple[str, ...]) -> bool:
    """Whether `query` holds `name` and none of `others`."""
    text = query or ""
    return name in text and not any(other in text for other in others if other != name)


_GROUPED = (
    "Easy to reach: Lake Baikal and Lake Titicaca. Further off: Lake Malawi and Lake Tahoe.",
    "Easy to reach:\n- Lake Baikal\n- Lake Titicaca\n\nFurther off:\n- Lake Malawi\n- Lake Tahoe",
    "Easy to reach are Lake Baikal and Lake Titicaca.\n\nFurther off are Lake Malawi and Lake"
    " Tahoe.",
)


@pytest.mark.parametrize("answer", _GROUPED)
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("second group, first one: how deep is it?", "Lake Malawi"),
        ("from the first group, the second one - how deep is it?", "Lake Titicaca"),
        ("the last one in the second group, how deep is it?", "Lake Tahoe"),
        ("ok, first group, first name: how deep is it?", "Lake Baikal"),
    ],
)
def test_a_place_beside_a_group_counts_in_that_group(
    answer: str, question: str, meant: str
) -> None:
    history = [Turn("which lakes are worth a trip?", answer)]
    node = write_final(history, question, _LAKES)
    assert node.topics == (meant,)
    assert _only(node.query, meant, _LAKES)


def test_a_list_in_one_group_has_no_second_group() -> None:
    answer = "Try Lake Baikal, Lake Titicaca, Lake Malawi and Lake Tahoe."
    (listing,) = listings_of(1, [answer], _LAKES, None)
    assert listing.groups == ()
    node = write_final([Turn("which lakes?", answer)], "second group, first one?", _LAKES)
    assert "Lake Titicaca" not in node.topics


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=3))
def test_groups_cover_the_list_in_order(sizes: list[int]) -> None:
    """Whatever the groups, they hold every member once, in the answer's order, or there are
    none; names given one a sentence make no groups."""
    names = [f"Lake Number{chr(65 + i)}" for i in range(sum(sizes))]
    parts, at = [], 0
    for size in sizes:
        parts.append(" and ".join(names[at : at + size]) + ".")
        at += size
    text = " Also good: ".join(parts)
    mentions = find_mentions(text, KnownNames.of(names), None)
    groups = list_groups(text, mentions)
    if groups:
        assert sum(groups) == len(names)
        # Groups of two or more, or a main list and one name given apart after it.
        assert min(groups) >= 2 or (len(groups) == 2 and groups[0] >= 2)
    if len(sizes) >= 2 and (min(sizes) >= 2 or (len(sizes) == 2 and sizes[0] >= 2)):
        assert groups == tuple(sizes)


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("the one you'd start with - how deep is it?", "Lake Malawi"),
        ("fine, I'll begin where you said. how deep is it?", "Lake Malawi"),
        ("the one you said to keep for last: how deep is it?", "Lake Baikal"),
        ("and the one you would finish with, how deep is it?", "Lake Baikal"),
    ],
)
def test_the_order_an_answer_advises(question: str, meant: str) -> None:
    history = [
        Turn(
            "Lake Baikal, Lake Titicaca or Lake Malawi - where should I go first?",
            "I'd start with Lake Malawi, then go on to Lake Titicaca, and leave Lake Baikal"
            " for last.",
        )
    ]
    for writer in (write_final, learned_final):
        node = writer(history, question, _LAKES)
        assert node.topics == (meant,)
        assert _only(node.query, meant, _LAKES)


_TABLE = (
    "| lake | country |\n|---|---|\n| Lake Baikal | Russia |\n| Lake Titicaca | Peru |\n"
    "| Lake Malawi | Malawi |"
)


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("the middle row - how deep is it?", "Lake Titicaca"),
        ("row three please: how deep is it?", "Lake Malawi"),
        ("the bottom row, how deep is it?", "Lake Malawi"),
        ("the first row: how deep is it?", "Lake Baikal"),
    ],
)
def test_a_table_lists_its_rows_by_their_first_name(question: str, meant: str) -> None:
    titles = (*_LAKES, "Russia", "Peru", "Malawi")
    history = [Turn("which lakes are worth a trip?", _TABLE)]
    node = write_final(history, question, titles)
    assert node.topics == (meant,)


@pytest.mark.parametrize(
    "answer",
    [
        "1. Lake Baikal - 1996\n2. Lake Titicaca - 1998\n3. Lake Malawi - 1984",
        "Lake Baikal (1996), Lake Titicaca (1998) and Lake Malawi (1984).",
    ],
)
def test_a_number_beside_a_member_is_no_member(answer: str) -> None:
    (listing,) = listings_of(1, [answer], (*_LAKES, "1996", "1998", "1984"), None)
    assert listing.names == ("Lake Baikal", "Lake Titicaca", "Lake Malawi")


@pytest.mark.parametrize(
    ("answer", "question", "meant"),
    [
        (
            "Lake Baikal (listed 1996) and Lake Malawi (listed 1984).",
            "the more recent one - how deep is it?",
            "Lake Baikal",
        ),
        (
            "A boat trip on Lake Tahoe costs about $90, one on Lake Malawi about $40.",
            "the cheaper of the two: how deep is it?",
            "Lake Malawi",
        ),
        (
            "A boat trip on Lake Tahoe costs about $90, one on Lake Malawi about $40.",
            "the more expensive one, how deep is it?",
            "Lake Tahoe",
        ),
        (
            "Lake Baikal is 636 km long, Lake Titicaca is 190 km and Lake Malawi is 580 km.",
            "the shortest - how deep is it?",
            "Lake Titicaca",
        ),
    ],
)
def test_a_comparative_ranks_by_the_numbers_an_answer_states(
    answer: str, question: str, meant: str
) -> None:
    history = [Turn("which lakes are worth a trip?", answer)]
    assert write_final(history, question, _LAKES).topics == (meant,)


@settings(max_examples=30, deadline=None)
@given(
    numbers=st.lists(st.integers(min_value=2, max_value=900), min_size=2, max_size=3, unique=True)
)
def test_the_smaller_and_the_larger_are_opposite_ends(numbers: list[int]) -> None:
    """ "the cheapest" names the member of the lowest price and "the priciest" the highest,
    whatever the prices and their order."""
    lakes = _LAKES[: len(numbers)]
    answer = ", ".join(f"{lake} about ${n}" for lake, n in zip(lakes, numbers, strict=True))
    history = [Turn("which lake trips are good?", f"Trips: {answer}.")]
    low = lakes[numbers.index(min(numbers))]
    high = lakes[numbers.index(max(numbers))]
    assert write_final(history, "the cheapest - how deep is it?", _LAKES).topics == (low,)
    assert write_final(history, "the priciest - how deep is it?", _LAKES).topics == (high,)


@pytest.mark.parametrize(
    "answer",
    [
        "Lake Baikal, Lake Titicaca (my favourite) and Lake Malawi.",
        "Lake Baikal, Lake Titicaca and Lake Malawi. I really love Lake Titicaca.",
    ],
)
def test_the_one_the_assistant_liked_best(answer: str) -> None:
    history = [Turn("which lakes are worth a trip?", answer)]
    node = write_final(history, "the one you liked best - how deep is it?", _LAKES)
    assert node.topics == ("Lake Titicaca",)


@pytest.mark.parametrize(
    "question",
    [
        "the 2nd since I like Peru - how deep is it?",
        "the second because of the altitude. how deep is it?",
        "i'll go with the 2nd bc of peru, how deep is it?",
    ],
)
def test_a_reason_after_an_ordinal_leaves_it_a_place(question: str) -> None:
    history = [Turn("which lakes?", "Lake Baikal, Lake Titicaca and Lake Malawi.")]
    assert write_final(history, question, _LAKES).topics == ("Lake Titicaca",)


@pytest.mark.parametrize(
    "question",
    ["about my first question - how deep is it?", "re my opening question: how deep is it?"],
)
def test_a_clause_naming_my_first_question(question: str) -> None:
    history = [
        Turn("where is Lake Baikal?", "Lake Baikal is in Siberia."),
        Turn("how big is Lake Malawi?", "Lake Malawi is very large."),
    ]
    assert write_final(history, question, _LAKES).topics == ("Lake Baikal",)


def test_the_older_one_an_answer_named() -> None:
    history = [
        Turn("which is older, Lake Tahoe or Lake Baikal?", "Lake Baikal is the older one, by far.")
    ]
    assert write_final(history, "what lives in the older one?", _LAKES).topics == ("Lake Baikal",)
    assert write_final(history, "and the younger one's depth?", _LAKES).topics == ("Lake Tahoe",)


@pytest.mark.parametrize(
    "answer",
    [
        "My picks: Lake Baikal, Lake Titicaca and Lake Malawi. Bonus pick: Lake Tahoe.",
        "I'd go with Lake Baikal, Lake Titicaca and Lake Malawi.\n\nBonus: Lake Tahoe, if you"
        " have the time.",
    ],
)
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("ooh, the bonus one: how deep is it?", "Lake Tahoe"),
        ("the last of your main three, not the bonus. how deep is it?", "Lake Malawi"),
        ("the first of the main three - how deep is it?", "Lake Baikal"),
    ],
)
def test_a_bonus_name_after_the_main_list(answer: str, question: str, meant: str) -> None:
    history = [Turn("which lakes are worth a trip?", answer)]
    node = write_final(history, question, _LAKES)
    assert node.topics == (meant,)
    assert _only(node.query, meant, _LAKES)


@pytest.mark.parametrize("more", ["can you give me two more?", "more like that?"])
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("same position in the new list: how deep is it?", "Lake Tahoe"),
        ("the last of the new two - how deep is it?", "Lake Tahoe"),
        ("number one on the new list, how deep is it?", "Lake Ohrid"),
    ],
)
def test_a_place_in_the_newer_batch(more: str, question: str, meant: str) -> None:
    lakes = (*_LAKES, "Lake Ohrid")
    history = [
        Turn("which lakes are worth a trip?", "Try Lake Baikal, Lake Titicaca or Lake Malawi."),
        Turn("how deep is the second one?", "Lake Titicaca is about 280 metres deep."),
        Turn(more, "Sure: Lake Ohrid and Lake Tahoe."),
    ]
    assert write_final(history, question, lakes).topics == (meant,)


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("the calmer one then - how deep is it?", "Lake Malawi"),
        ("I'm brave, so the rough one. how deep is it?", "Lake Titicaca"),
        ("the calm one: how deep is it?", "Lake Malawi"),
    ],
)
def test_a_member_by_a_word_the_answer_said_of_it(question: str, meant: str) -> None:
    history = [
        Turn(
            "Lake Malawi or Lake Titicaca for a swim?",
            "Lake Malawi is the calmest choice; Lake Titicaca is rougher and colder.",
        )
    ]
    assert write_final(history, question, _LAKES).topics == (meant,)


def test_a_word_said_of_both_names_picks_none() -> None:
    history = [
        Turn("Lake Malawi or Lake Titicaca?", "Lake Malawi is calm and Lake Titicaca is calm too.")
    ]
    node = write_final(history, "the calm one - how deep is it?", _LAKES)
    assert node.topics != ("Lake Malawi",) or "Lake Titicaca" not in (node.query or "")
