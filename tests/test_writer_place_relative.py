"""More of the grammar of place references (spec/writer-cues-positions.md): a pause inside a
place, places counted from the end in words of their own, a place counted from another
place, the user's n-th question in digits or as a clause, the rest of a list, and a number
that counts rather than places.

Every reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.counting import without_counts
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.earlier import find_earlier
from memcore.writers.rules.lists import Listing, find_place_groups, find_positions, pick_group

_BRIDGES = ("Tower Bridge", "Charles Bridge", "Rialto Bridge", "Golden Gate Bridge")
_LIST = [
    Turn(
        "which bridges are worth a visit?",
        "You could see Tower Bridge, Charles Bridge, Rialto Bridge and Golden Gate Bridge.",
    )
]
_ORDINAL_WORDS = ("first", "second", "third", "fourth")


def _indices(text: str) -> list[int]:
    return [position.index for position in find_positions(text)]


# -- a pause inside a place ------


@pytest.mark.parametrize(
    "question",
    [
        "hmm, the... third one? when was it built?",
        "the, uh, third - when was it built?",
        "when was the - er - third one built?",
        "the um third one, when was it built?",
    ],
)
def test_a_pause_inside_a_place_names_the_member(question: str) -> None:
    node = write_final(_LIST, question, _BRIDGES)
    assert node.topics == ("Rialto Bridge",)
    assert "Rialto Bridge" in (node.query or "")


@settings(max_examples=40)
@given(
    st.sampled_from(_ORDINAL_WORDS),
    st.lists(
        st.sampled_from(("...", ",", " -", " uh,", " um", " erm", " ahh", " hmm...")), max_size=3
    ),
    st.sampled_from((" one", "", " place")),
)
def test_a_pause_never_changes_the_place_read(ordinal: str, pauses: list[str], noun: str) -> None:
    """Whatever hesitation stands between the determiner and the ordinal, the place read is
    the one the plain reference reads."""
    plain = f"the {ordinal}{noun}: how old is it?"
    paused = f"the{''.join(pauses)} {ordinal}{noun}: how old is it?"
    assert _indices(paused) == _indices(plain) == [_ORDINAL_WORDS.index(ordinal) + 1]


# -- places counted from the end in words of their own ------


@pytest.mark.parametrize(
    "question",
    [
        "next-to-last on your list: how old is it?",
        "the next to last one - how old is it?",
        "how old is the last but one?",
        "second-to-last in your list, how old is it?",
        "the one before the last: how old is it?",
    ],
)
def test_the_one_before_the_end_is_read_however_it_is_said(question: str) -> None:
    node = write_final(_LIST, question, _BRIDGES)
    assert node.topics == ("Rialto Bridge",)


def test_last_but_two_counts_three_from_the_end() -> None:
    assert _indices("the last but two - how old is it?") == [-3]


@pytest.mark.parametrize(
    "text",
    [
        "second, I think you were right about that",
        "first I want to ask how old it is",
        "last but not least, how old is it?",
    ],
)
def test_a_bare_ordinal_pointing_into_no_list_is_no_place(text: str) -> None:
    assert find_positions(text) == ()


# -- a place counted from another place ------


@pytest.mark.parametrize(
    ("question", "member"),
    [
        ("the one straight after the first one: how old is it?", "Charles Bridge"),
        ("the one directly before the last one - how long is it?", "Rialto Bridge"),
        ("the one that comes after the second one: how old is it?", "Rialto Bridge"),
        ("two places after the first one - how long is it?", "Rialto Bridge"),
        ("the one following Charles Bridge: how old is it?", "Rialto Bridge"),
        ("the one preceding Golden Gate Bridge, how old is it?", "Rialto Bridge"),
    ],
)
def test_a_place_counted_from_another_names_the_member(question: str, member: str) -> None:
    node = write_final(_LIST, question, _BRIDGES)
    assert node.topics == (member,)


@settings(max_examples=30)
@given(
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(("after", "before")),
    st.sampled_from(("the one {steps}{side} the {ordinal} one", "{steps}{side} the {ordinal}")),
)
def test_a_place_beside_a_place_adds_the_steps(
    base: int, steps: int, side: str, wording: str
) -> None:
    """A place counted from a place from the start is that place plus (or minus) the steps,
    and no place where that falls before the start."""
    if wording.startswith("{steps}") and steps == 1:
        return  # a bare "after the first" is a plain preposition, no place said
    count = {1: "", 2: "two ", 3: "three "}[steps]
    text = wording.format(steps=count, side=side, ordinal=_ORDINAL_WORDS[base - 1])
    index = base + steps if side == "after" else base - steps
    expected = [index] if index >= 1 else []
    assert _indices(text + ": how old is it?") == expected


# -- the user's n-th question ------


def _asked() -> list[Turn]:
    return [Turn(f"how tall is {name}?", f"{name} is tall enough.") for name in _BRIDGES]


@pytest.mark.parametrize(
    "question",
    [
        "going back to what I asked about in my 2nd message: who designed it?",
        "in my second question - who designed that one?",
        "the one I mean is from my 2nd question. who designed it?",
        "my 2nd question was about the one I mean now: who designed it?",
        "who designed the one my second message was about?",
        "the 2nd thing I asked about: who designed it?",
    ],
)
def test_my_second_question_names_its_topic(question: str) -> None:
    node = write_final(_asked(), question, _BRIDGES)
    assert node.topics == ("Charles Bridge",)
    assert "Charles Bridge" in (node.query or "")


@pytest.mark.parametrize(
    "text",
    [
        "my first question was about Rialto Bridge, not Tower Bridge",
        "my 2nd question had a typo in it",
        "in my second question I spelled it wrong",
    ],
)
def test_my_question_itself_or_its_name_is_no_place(text: str) -> None:
    assert find_earlier(text) == ()


# -- the rest of a list ------

_REST = ("Charles Bridge", "Rialto Bridge", "Golden Gate Bridge")


@pytest.mark.parametrize(
    "question",
    [
        "everything on your list except the first one - how old are they?",
        "all of them but the first: how old are they?",
        "the others besides Tower Bridge, how old are they?",
        "not the first one, the rest: how old are they?",
        "apart from the first one, how old are they all?",
        "each one except for Tower Bridge - how old are they?",
    ],
)
def test_the_rest_of_a_list_is_every_member_kept(question: str) -> None:
    node = write_final(_LIST, question, _BRIDGES)
    assert node.topics == _REST
    assert "Tower Bridge" not in (node.query or "")
    assert all(name in (node.query or "") for name in _REST)
    assert node.contradicts == ()


@pytest.mark.parametrize(
    "text",
    [
        "it is all but forgotten now",
        "everyone except me liked it",
    ],
)
def test_words_left_out_that_are_no_member_make_no_complement(text: str) -> None:
    """Such words may be read as a complement, but none of them names a member of the list,
    so no members are picked."""
    listing = Listing(_BRIDGES, 1, (False,) * len(_BRIDGES))
    assert all(pick_group(listing, group) is None for group in find_place_groups(text))


@settings(max_examples=30)
@given(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=1, max_value=4),
    st.sampled_from(
        (
            "everything except the {ordinal} one",
            "all but the {ordinal}",
            "the rest besides the {ordinal} one",
            "not the {ordinal} one - the others",
        )
    ),
)
def test_a_complement_keeps_every_member_but_the_one_left_out(
    size: int, left_out: int, wording: str
) -> None:
    """Whatever the list's length and the place left out, the complement is the list
    without it, in the list's order; a place past the end leaves nothing to pick."""
    names = _BRIDGES[:size]
    listing = Listing(names, 1, (False,) * size)
    text = wording.format(ordinal=_ORDINAL_WORDS[left_out - 1]) + ": how old are they?"
    groups = find_place_groups(text)
    assert len(groups) == 1
    picked = pick_group(listing, groups[0])
    if left_out > size:
        assert picked is None
    else:
        assert picked == names[: left_out - 1] + names[left_out:]


# -- a number that counts ------

_MISSIONS = ("Skylab 2", "Apollo 11", "Gemini 8", "Apollo 13")
_MISSION_LIST = [
    Turn("which space missions should I read about?", "Try Skylab 2, Apollo 11 and Gemini 8.")
]


@settings(max_examples=20)
@given(
    st.sampled_from(("1", "2", "3", "two", "three", "the first two", "the top 3", "the last two")),
    st.sampled_from(("facts", "reasons", "examples", "details", "highlights", "surprises")),
    st.sampled_from(
        (
            "give me {count} {noun} about Apollo 13",
            "{count} {noun} on Apollo 13, please",
            "what are {count} {noun} about Apollo 13?",
        )
    ),
)
def test_a_count_before_a_plural_noun_selects_no_member(
    count: str, noun: str, wording: str
) -> None:
    """A number that counts what the user asks for, before a plural noun, never picks a
    member of the list before it: the turn is about the name it types."""
    node = write_final(_MISSION_LIST, wording.format(count=count, noun=noun), _MISSIONS)
    assert node.topics == ("Apollo 13",)
    assert not any(name in (node.query or "") for name in _MISSIONS[:3])


def test_a_verb_after_a_run_keeps_the_run() -> None:
    """A verb agreeing with the run ("sound", no plural "-s") leaves it a run of places."""
    groups = find_place_groups("the first two sound good, how old are they?")
    assert [group.indices for group in groups] == [(1, 2)]


# -- a ranking's own words, and the one in between ------

_RANKED = [
    Turn(
        "which bridges are worth a visit?",
        "I'd put Tower Bridge first; Charles Bridge is nearly as good, and Rialto Bridge is"
        " nice if you're nearby.",
    )
]


@pytest.mark.parametrize(
    ("question", "member"),
    [
        ("the runner-up - how old is it?", "Charles Bridge"),
        ("how old is the runner up?", "Charles Bridge"),
        ("what about your top pick? how old is it?", "Tower Bridge"),
        ("the one you put last: how old is it?", "Rialto Bridge"),
        ("the 2nd pls - how old is it?", "Charles Bridge"),
    ],
)
def test_a_ranking_given_in_clauses_is_read_by_its_own_words(question: str, member: str) -> None:
    node = write_final(_RANKED, question, _BRIDGES)
    assert node.topics == (member,)


@pytest.mark.parametrize(
    "question",
    [
        "the one I asked about in between. who designed it?",
        "who designed the one we talked about in between?",
        "the topic we discussed in the middle - who designed it?",
    ],
)
def test_the_one_in_between_is_the_middle_of_the_last_three(question: str) -> None:
    node = write_final(_asked()[:3], question, _BRIDGES)
    assert node.topics == ("Charles Bridge",)


def test_the_one_between_two_names_is_not_the_bare_in_between() -> None:
    """Names after "between" say its ends; the bare reading does not take them."""
    phrases = find_earlier("the one between Tower Bridge and Rialto Bridge")
    assert all(phrase.among == 0 for phrase in phrases)


def test_the_one_after_the_last_names_nothing() -> None:
    """Past the end of the list: no place, and the last one inside it is no place either."""
    assert find_positions("the one after the last one: how old is it?") == ()


@pytest.mark.parametrize(
    ("query", "kept"),
    [
        ("give me 2 facts about Apollo 13", "give me facts about Apollo 13"),
        ("list 4 reasons people visit Kyoto", "list reasons people visit Kyoto"),
        ("3 quick facts on Kyoto?", "quick facts on Kyoto?"),
        ("what are the top 5 sights in Kyoto?", "what are the top sights in Kyoto?"),
        ("1 sentence on Kyoto?", "sentence on Kyoto?"),
    ],
)
def test_a_count_of_what_is_asked_for_leaves_the_query(query: str, kept: str) -> None:
    assert without_counts(query) == kept


@pytest.mark.parametrize(
    "query",
    [
        "Apollo 13 facts",
        "is it 2 hours long?",
        "did it cost 5 dollars?",
        "one more about Kyoto, when was it founded?",
        "who flew on 2 missions?",
    ],
)
def test_a_number_in_a_name_or_a_measure_stays(query: str) -> None:
    assert without_counts(query) == query


@settings(max_examples=30)
@given(
    st.sampled_from(("give me", "list", "tell me", "")),
    st.integers(min_value=2, max_value=12),
    st.sampled_from(("facts", "reasons", "details", "highlights", "anecdotes")),
    st.sampled_from(("Kyoto", "Apollo 13", "Rialto Bridge")),
)
def test_dropping_a_count_keeps_every_other_word(
    verb: str, count: int, noun: str, name: str
) -> None:
    """The count goes and nothing else: the name, with any digits of its own, and the
    counted noun stay."""
    query = f"{verb} {count} {noun} about {name}".strip()
    assert without_counts(query) == f"{verb} {noun} about {name}".strip()
