"""Setting aside "the rest" of a list (spec/writer-cues-roles.md#writer-cues-roles.the-rest).

The wordings are this file's own: the rest is named several ways ("the others", "the other
two", "everything else", "the remaining ones") under several dismissals (an imperative, a
first-person statement, a negation), before or after the kept name.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.list_refusal import refused_rest, without_rest_refusal

LAKES = ("Lake Bled", "Lake Ohrid", "Lake Como", "Lake Tahoe", "Lake Garda")


@pytest.mark.parametrize(
    ("question", "refused"),
    [
        ("never mind the others, how deep is Lake Ohrid?", ("Lake Bled", "Lake Como")),
        ("I'm dropping everything else to focus on Lake Bled.", ("Lake Ohrid", "Lake Como")),
        ("Lake Como only; I don't need the remaining ones.", ("Lake Bled", "Lake Ohrid")),
        ("scrap the rest of them - is Lake Bled cold?", ("Lake Ohrid", "Lake Como")),
        # The rest as the subject of a negated or dismissing predicate.
        ("Lake Bled suits me; the others don't.", ("Lake Ohrid", "Lake Como")),
        ("the rest are out, only Lake Como.", ("Lake Bled", "Lake Ohrid")),
        ("the remaining ones aren't for me - Lake Ohrid it is", ("Lake Bled", "Lake Como")),
        # A question about the others, a turn that keeps no named item, or no dismissal.
        ("which of the others is deepest, Lake Bled?", ()),
        ("forget the other two.", ()),
        ("what about the rest, is Lake Bled the deepest?", ()),
    ],
)
def test_the_rest_is_the_list_without_what_the_turn_types(
    question: str, refused: tuple[str, ...]
) -> None:
    assert refused_rest(question, [["Lake Bled", "Lake Ohrid", "Lake Como"]]) == refused


def test_the_clause_that_sets_the_rest_aside_leaves_the_query() -> None:
    assert without_rest_refusal("ditch the other two, how deep is Lake Bled?") == (
        "how deep is Lake Bled?"
    )


DISMISSALS = ("skip {}", "forget {}", "I don't want {}", "let's drop {}", "we can rule out {}")
THE_REST = ("the rest", "the others", "everything else", "the remaining ones")


@given(
    st.lists(st.sampled_from(LAKES), min_size=2, max_size=5, unique=True),
    st.data(),
    st.sampled_from(DISMISSALS),
    st.sampled_from(THE_REST),
)
def test_every_unkept_member_and_no_kept_one_is_refused(
    listed: list[str], data: st.DataObject, dismissal: str, rest: str
) -> None:
    kept = data.draw(st.sampled_from(listed))
    question = f"{dismissal.format(rest)}. how deep is {kept}?"
    refused = refused_rest(question, [listed])
    assert refused == tuple(name for name in listed if name != kept)
