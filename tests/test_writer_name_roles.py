"""The roles a correcting turn binds to the names it types (spec/writer-cues-roles.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.names import TitleVocabulary, find_mentions

NAMES = ("Rome", "Paris", "Kyoto", "Lisbon", "Tbilisi", "Nairobi")
RETRACTIONS = ("no, ", "wait, ", "actually no, ", "hmm... ", "sorry, ", "scratch that, ")


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return reading.intended, reading.taken_back


@pytest.mark.parametrize(
    ("question", "intended", "taken_back"),
    [
        ("no, I meant Rome... hmm, actually no, Paris. sorry", "Paris", ("Rome",)),
        ("Paris, not Rome", "Paris", ("Rome",)),
        ("not Rome but Paris", "Paris", ("Rome",)),
        ("Rome is wrong. It's Paris.", "Paris", ("Rome",)),
        ("I didn't ask about Rome. I asked about Paris.", "Paris", ("Rome",)),
        ("that answer is about Rome; my question was about Paris", "Paris", ("Rome",)),
        ("You thought I meant Rome, didn't you? It's Paris.", "Paris", ("Rome",)),
        ("no not Rome - Paris", "Paris", ("Rome",)),
    ],
)
def test_the_meant_name_and_the_names_taken_back(
    question: str, intended: str, taken_back: tuple[str, ...]
) -> None:
    assert _read(question) == (intended, taken_back)


def test_a_negation_inside_a_question_binds_to_nothing() -> None:
    question = "why wasn't Rome as big as Paris?"
    reading = read_turn(question, find_mentions(question, NAMES))
    assert all(name.role is Role.PLAIN for name in reading.names)
    assert not reading.corrects


def test_intent_in_the_present_does_not_correct() -> None:
    question = "I'd like to know about Paris"
    assert not read_turn(question, find_mentions(question, NAMES)).corrects


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(RETRACTIONS), min_size=3, max_size=3),
)
def test_the_name_after_the_last_of_one_to_three_retractions_wins(
    names: list[str], markers: list[str]
) -> None:
    *slips, meant = names
    question = "I meant " + "".join(
        f"{slip}... {marker}" for slip, marker in zip(slips, markers, strict=False)
    )
    question += meant
    intended, taken_back = _read(question)
    assert intended == meant
    assert set(taken_back) == set(slips)


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(RETRACTIONS), min_size=3, max_size=3),
    st.data(),
)
def test_a_retracted_name_typed_alone_after_the_last_retraction_comes_back(
    names: list[str], markers: list[str], data: st.DataObject
) -> None:
    # "I meant Rome, no Paris, ugh, Rome": one to three retractions, then an earlier name
    # typed again on its own; it is meant, and every other name is taken back.
    typed = names[: len(markers)]
    meant = data.draw(st.sampled_from(typed))
    question = "I meant " + "".join(
        f"{name}, {marker}" for name, marker in zip(typed, markers, strict=False)
    )
    question += f"{meant}. yes, {meant}"
    intended, taken_back = _read(question)
    assert intended == meant
    assert set(taken_back) == set(typed) - {meant}


def test_a_name_typed_beside_the_meant_one_after_the_last_retraction_stays_taken_back() -> None:
    names = ("Rome", "Paris", "Kyoto", "Oscars")
    question = (
        "did Rome win any Oscars? or actually no, did Paris win any Oscars? hmm no. "
        "did Kyoto win any Oscars?"
    )
    reading = read_turn(question, find_mentions(question, names))
    assert reading.intended == "Kyoto"


@given(st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True))
def test_nvm_sets_aside_the_name_after_it(names: list[str]) -> None:
    dropped, meant = names
    assert _read(f"nvm {dropped}, when was {meant} founded?") == (meant, (dropped,))


# Page titles as government sites write them: separators, commas, brackets, a closing "?".
PUNCTUATED_TITLES = (
    "Backyard Composting | Madison County, NY",
    "FAQs • Monterey Park, CA • CivicEngage",
    "Forces - NASA Science",
    "FAQs • Where do groundwater toxins come from?",
    "2001 Budget Analysis: California Housing Finance Agency (2260)",
    "Common Scams and Schemes | Danville, CA",
    "No Breathing Easy for City Dwellers: Particulates",
)
OWNING_UP = (
    "No. ",
    "Not that either. ",
    "I named the wrong page there, it's ",
    "Actually I mixed them up, I need ",
    "no, ",
    "Correction: it's ",
)
_PUNCTUATED_VOCABULARY = TitleVocabulary.of(PUNCTUATED_TITLES)


def _read_titles(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, (), _PUNCTUATED_VOCABULARY))
    return reading.intended, reading.taken_back


@given(
    st.lists(st.sampled_from(PUNCTUATED_TITLES), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(OWNING_UP), min_size=3, max_size=3),
    st.booleans(),
)
def test_the_title_after_the_last_owning_up_wins(
    titles: list[str], cues_between: list[str], lower: bool
) -> None:
    """A page title typed in full is one name, its punctuation cutting nothing; after 1-3
    retractions, owning up included, the last title is meant and every earlier one taken
    back."""
    text = f"I meant {titles[0]}. " + "".join(
        f"{cue}{title}. " for cue, title in zip(cues_between, titles[1:], strict=False)
    )
    question = text.casefold() if lower else text
    assert _read_titles(question) == (titles[-1], tuple(titles[:-1]))


def test_a_known_title_s_own_punctuation_ends_no_clause() -> None:
    """The question mark closing a title is the title's: "is not what I asked about"
    after it binds to the title."""
    question = "FAQs • Where do groundwater toxins come from? is not what I asked about"
    assert _read_titles(question) == (None, ("FAQs • Where do groundwater toxins come from?",))


def test_a_retraction_inside_a_known_title_retracts_nothing() -> None:
    """The "..." of "Wait Wait... Don't Tell Me!" is the title's, not a repair."""
    vocabulary = TitleVocabulary.of(["Fargo", "Wait Wait... Don't Tell Me!", "Rome"])
    question = "which is older, Fargo, Wait Wait... Don't Tell Me! or Rome?"
    reading = read_turn(question, find_mentions(question, (), vocabulary))
    assert reading.taken_back == ()


@pytest.mark.parametrize(
    ("question", "intended", "taken_back"),
    [
        ("my bad, I wrote Rome instead of Paris", "Paris", ("Rome",)),
        ("sorry, I typed Rome insted of Paris", "Paris", ("Rome",)),
        ("I put Rome rather than Paris", "Paris", ("Rome",)),
        ("I want Paris instead of Rome", "Paris", ("Rome",)),
    ],
)
def test_a_name_typed_in_place_of_another_is_taken_back(
    question: str, intended: str, taken_back: tuple[str, ...]
) -> None:
    assert _read(question) == (intended, taken_back)


# Words that announce a repair without being a retraction the cue lists know.
ANNOUNCERS = ("let me put that right:", "pardon,", "oh dear,", "my slip:", "sory,")


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(ANNOUNCERS), min_size=3, max_size=3),
)
def test_a_bare_name_after_a_named_intent_repairs_every_name_before_it(
    names: list[str], announcers: list[str]
) -> None:
    # "I meant Rome. pardon, Paris. my slip: Kyoto." (spec: writer-cues-roles.bare-repair)
    first, *repairs = names
    question = f"I meant {first}. " + " ".join(
        f"{announcer} {name}." for announcer, name in zip(announcers, repairs, strict=False)
    )
    intended, taken_back = _read(question)
    assert intended == names[-1]
    assert set(taken_back) == set(names[:-1])


@given(st.lists(st.sampled_from(NAMES), min_size=3, max_size=3, unique=True))
def test_a_list_of_names_is_no_bare_repair(names: list[str]) -> None:
    # "I meant Rome, Paris and Kyoto.": no words between the names, nothing retracted.
    question = f"I meant {names[0]}, {names[1]} and {names[2]}."
    reading = read_turn(question, find_mentions(question, NAMES))
    assert not any(name.role is Role.RETRACTED for name in reading.names)


def test_a_bare_name_in_a_turn_that_repairs_nothing_retracts_nothing() -> None:
    question = "Tell me about Rome. Also this: Paris."
    reading = read_turn(question, find_mentions(question, NAMES))
    assert all(name.role is Role.PLAIN for name in reading.names)
    assert not reading.corrects


@given(
    st.permutations(NAMES).map(lambda names: names[:2]),
    st.sampled_from(
        [
            "can we leave {} out? how old is {}?",
            "could you skip {}? how old is {}?",
            "I already know a lot about {}, so let's skip that one. how old is {}?",
            "I've crossed {} off my list. how old is {}?",
        ]
    ),
)
def test_a_request_an_anaphor_or_striking_off_sets_the_name_aside(
    names: list[str], template: str
) -> None:
    assert _read(template.format(*names)) == (names[1], (names[0],))


def test_a_question_about_leaving_is_no_request() -> None:
    question = "why did they leave Rome? how old is Paris?"
    reading = read_turn(question, find_mentions(question, NAMES))
    assert all(name.role is Role.PLAIN for name in reading.names)


@given(
    st.permutations(NAMES).map(lambda names: names[:2]),
    st.sampled_from(
        [
            "we dropped {} from the itinerary last night. how old is {}?",
            "I'm dropping {} for now; how old is {}?",
            "{} has been dropped from my essay. how old is {}?",
            "{} got scrapped, so how old is {}?",
            "{} is off the table now. how old is {}?",
        ]
    ),
)
def test_dropping_a_name_in_any_tense_or_voice_sets_it_aside(
    names: list[str], template: str
) -> None:
    assert _read(template.format(*names)) == (names[1], (names[0],))


@pytest.mark.parametrize(
    "question",
    [
        "I may drop by Rome on the way. how old is Paris?",
        "why did the number of visitors to Rome drop? how old is Paris?",
    ],
)
def test_drop_as_a_visit_or_a_fall_sets_nothing_aside(question: str) -> None:
    reading = read_turn(question, find_mentions(question, NAMES))
    assert not any(name.role is Role.NEGATED for name in reading.names)
