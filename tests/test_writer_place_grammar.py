"""The grammar of place references (spec/writer-cues-positions.md): members labelled by their
number ("Option 2: Lisbon"), a count of the user's own questions back ("two questions ago"),
"the other one" of a pair after a name taken back, and a demonstrative that refers.

Each reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.earlier import find_earlier
from memcore.writers.rules.lists import find_positions, labelled_enumerations
from memcore.writers.rules.names import find_mentions
from memcore.writers.rules.spans import capitalised_spans

_CITIES = ("Lisbon", "Kyoto", "Nairobi", "Tbilisi", "Valparaiso", "Montreal")
_FILMS = ("Vertigo", "Amelie", "Chinatown", "Casablanca")
_NUMBER_WORDS = ("one", "two", "three", "four")


def _labelled(text: str, names: tuple[str, ...]) -> list[list[str]]:
    mentions = find_mentions(text, names)
    return [[mention.name for mention in run] for run in labelled_enumerations(text, mentions)]


# -- members labelled by their number ------


@pytest.mark.parametrize(
    "text",
    [
        "Here you go. Option 1: Lisbon. Option 2: Kyoto. Option 3: Nairobi.",
        "choice one - Lisbon, for the food; choice two - Kyoto; choice three - Nairobi",
        "Try these: #1) Lisbon #2) Kyoto #3) Nairobi",
        "Item 1. Lisbon (old and hilly). Item 2. Kyoto. Item 3. Nairobi, if you like parks.",
    ],
)
def test_labelled_members_are_one_list_in_label_order(text: str) -> None:
    assert _labelled(text, _CITIES) == [["Lisbon", "Kyoto", "Nairobi"]]


@pytest.mark.parametrize(
    "text",
    [
        # a number inside a name labels nothing
        "Soyuz 11. Apollo 12. Gemini 8.",
        # numbers that do not run 1, 2, ...
        "Option 2: Lisbon. Option 3: Kyoto.",
        # a number word with no head noun before it
        "one: Lisbon. two: Kyoto.",
        # one labelled member is no list
        "Option 1: Lisbon is lovely in May.",
    ],
)
def test_no_labelled_list_where_the_labels_do_not_count_members(text: str) -> None:
    names = (*_CITIES, "Soyuz 11", "Apollo 12", "Gemini 8")
    assert _labelled(text, names) == []


@settings(max_examples=30)
@given(
    st.permutations(_CITIES).map(lambda names: tuple(names[:4])),
    st.integers(min_value=2, max_value=4),
    st.sampled_from(("Option", "Choice", "Pick", "Item", "Suggestion", "#", "")),
    st.sampled_from((": ", ". ", ") ", " - ")),
    st.sampled_from((" ", ". ", "; ", ", a fine choice. ")),
    st.booleans(),
)
def test_labelled_lists_keep_every_member_in_order(
    names: tuple[str, ...], count: int, head: str, mark: str, between: str, spelled: bool
) -> None:
    """Whatever the head noun, the mark after the number and the words between members, the
    labelled names are the list, in the labels' order. (A bare number right after a name with
    nothing between, "Lisbon 2: Kyoto", may be part of the name: not asked here.)"""
    assume(bool(head) or bool(between.strip()))
    members = names[:count]
    written_out = spelled and head not in ("#", "")
    numbers = _NUMBER_WORDS if written_out else ("1", "2", "3", "4")
    gap = " " if head and head != "#" else ""
    items = [f"{head}{gap}{numbers[at]}{mark}{name}" for at, name in enumerate(members)]
    text = "Sure. " + between.join(items) + "."
    assert _labelled(text, _CITIES) == [list(members)]


@pytest.mark.parametrize("label", ["Option 2", "Item 3", "Choice 1", "Suggestion 4"])
def test_a_label_is_no_name(label: str) -> None:
    names = [mention.name for mention in capitalised_spans(f"{label}: Apollo 11 for sure")]
    assert names == ["Apollo 11"]


_LABELLED_ANSWER = "Here are three. Option 1: Lisbon. Option 2: Kyoto. Option 3: Nairobi."


@pytest.mark.parametrize(
    ("question", "member"),
    [
        ("option 2 it is. how old is that city?", "Kyoto"),
        ("let me pick #3 - what do people eat there?", "Nairobi"),
        ("the first option, please: what is it known for?", "Lisbon"),
        ("I like the sound of the second choice. how big is it?", "Kyoto"),
        ("what's the weather like in the last one?", "Nairobi"),
    ],
)
def test_a_place_in_a_labelled_list_names_its_member(question: str, member: str) -> None:
    history = [Turn("which cities do you suggest?", _LABELLED_ANSWER)]
    node = write_final(history, question, _CITIES)
    assert node.topics == (member,)
    assert member in (node.query or "")
    assert "Option" not in (node.query or "")


# -- a count of the user's questions back ------


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("two questions ago you said something odd", 2),
        ("going back three messages: where is it?", 3),
        ("back 1 turn - how big is it?", 1),
        ("let me go back one question. how big is it?", 2),
        ("stepping back a turn: how big is it?", 2),
        ("going back two messages: how big is it?", 2),
        ("what about the one from four questions back?", 4),
        ("the film I asked about before my last question", 2),
        ("the one I typed before the most recent one", 2),
        ("the place in my previous message", 1),
        ("back to my second-to-last question: how big is it?", 2),
    ],
)
def test_a_count_of_questions_back_is_read(text: str, back: int) -> None:
    """Counted from the turn being typed."""
    phrases = find_earlier(text)
    assert [phrase.questions for phrase in phrases] == [back]


@pytest.mark.parametrize(
    ("question", "city"),
    [
        ("how big is the city in my second question?", "Kyoto"),
        ("what's the food like in the one from my very first message?", "Lisbon"),
        ("back to whatever I asked about first: how big is it?", "Lisbon"),
        ("back to my third question. how big is it?", "Nairobi"),
    ],
)
def test_my_nth_question_counts_from_the_start(question: str, city: str) -> None:
    node = write_final(_asked(("Lisbon", "Kyoto", "Nairobi", "Tbilisi")), question, _CITIES)
    assert node.topics == (city,)


@pytest.mark.parametrize(
    "text",
    [
        "who flew on it? that's my last question for today",
        "my previous message should have said Kyoto",
        "my first question: how old is Lisbon?",
        "sorry, my second question had a typo",
    ],
)
def test_my_question_itself_is_no_place(text: str) -> None:
    """Without words that point into it, "my last question" is the question, not its topic."""
    assert find_earlier(text) == ()


def _asked(cities: tuple[str, ...]) -> list[Turn]:
    return [Turn(f"how old is {city}?", f"{city} is very old.") for city in cities]


@settings(max_examples=8)
@given(
    st.permutations(_CITIES).map(lambda names: tuple(names[:4])),
    st.integers(min_value=1, max_value=4),
    st.sampled_from(
        (
            "what is the one from {n} questions ago famous for?",
            "going back {n} questions - what is that one famous for?",
            "{n} messages back I asked about a city: what is it famous for?",
        )
    ),
)
def test_n_questions_back_is_the_topic_of_that_question(
    cities: tuple[str, ...], back: int, wording: str
) -> None:
    """Counted back from the turn being typed, whatever the wording: one back is the latest
    question before it, except that a move back one question ("going back one question")
    leaves that question for the one before it."""
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    node = write_final(_asked(cities), wording.format(n=words[back]), _CITIES)
    moving_one = back == 1 and wording.startswith("going back")
    meant = cities[-2] if moving_one else cities[-back]
    assert node.topics == (meant,)
    assert meant in (node.query or "")


def test_a_topic_asked_twice_in_a_row_counts_twice() -> None:
    history = [
        Turn("how old is Lisbon?", "Lisbon is very old."),
        Turn("how big is Kyoto?", "Kyoto is big."),
        Turn("how old is Kyoto?", "Kyoto is very old."),
    ]
    node = write_final(history, "what about the one from three questions ago?", _CITIES)
    assert node.topics == ("Lisbon",)


@pytest.mark.parametrize(
    "question",
    [
        "the one I asked about before the last one: how many people live there?",
        "how many people live in the city I was asking about before my last question?",
        "two questions back - how many people live there?",
    ],
)
def test_before_the_last_question_is_two_back(question: str) -> None:
    node = write_final(_asked(("Lisbon", "Kyoto", "Nairobi")), question, _CITIES)
    assert node.topics == ("Kyoto",)


@pytest.mark.parametrize(
    "question",
    [
        "number two then. how old is it?",
        "the second then - how old is it?",
        "number 2 please: how old is it?",
        "let me start with (2): how old is it?",
    ],
)
def test_a_place_before_a_particle_stands_alone(question: str) -> None:
    history = [Turn("I'm choosing between 1) Lisbon 2) Kyoto 3) Nairobi. thoughts?", "All good.")]
    node = write_final(history, question, _CITIES)
    assert node.topics == ("Kyoto",)


@pytest.mark.parametrize("text", ["it took (2 hours) to get there", "f(2) is even", "(2"])
def test_a_bracketed_number_is_a_place_only_as_a_label(text: str) -> None:
    assert find_positions(text) == ()


# -- "the other one" of a pair after a name taken back ------


@pytest.mark.parametrize(
    "question",
    [
        "who directed Vertigo? no wait, the other one",
        "who directed Vertigo... sorry, I mean the other film",
        "who directed Vertigo? hmm, no: the other one of the two, sorry",
        "who directed Vertigo? oops - I meant the other one",
    ],
)
def test_the_other_one_is_the_other_of_the_name_taken_back(question: str) -> None:
    for opening in ("I can't choose between Amelie and Vertigo.", "Amelie or Vertigo tonight?"):
        history = [Turn(opening, "Both are good.")]
        node = write_final(history, question, _FILMS)
        assert node.topics == ("Amelie",)
        query = node.query or ""
        assert "Amelie" in query and "Vertigo" not in query


# -- a demonstrative with no name refers ------


@pytest.mark.parametrize(
    "question",
    [
        "and in the end, what did that one change for ordinary travellers?",
        "over the following decades, how was this one remembered by historians?",
        "looking back now, what lasting legacy did that one leave for aviation?",
    ],
)
def test_a_demonstrative_keeps_the_topic_it_points_at(question: str) -> None:
    history = [Turn("who flew on Apollo 13?", "Apollo 13 carried three astronauts.")]
    node = write_final(history, question, ("Apollo 13",))
    assert node.topics == ("Apollo 13",)
