"""A definite description after a question that named nothing (writer-cues-returns.
description-past-words): the words such a question leaves as its topic are never what "the
film" or "the scientist" means; the newest named topic of a kind that fits is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.cues import KIND_NOUNS, KINDLESS_NOUNS
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.text import is_word_topic

FILM = Turn("how long is Vertigo?", "Vertigo runs a little over two hours.")
ALBUM = Turn("what genre is Kind of Blue?", "Kind of Blue is a jazz record from the late fifties.")
PERSON = Turn(
    "what did Marie Curie discover?",
    "Marie Curie discovered two chemical elements, which she named with her husband.",
)
TYPING = Turn(
    "what's the best way to learn touch typing?",
    "Practise a little every day on a site that tracks your speed.",
)
COFFEE = Turn(
    "how do I make cold brew coffee at home?",
    "Steep coarse grounds in cold water overnight and strain them in the morning.",
)
THANKS = Turn("thanks, that is useful", "You're welcome!")


def test_a_description_goes_back_past_a_question_that_named_nothing() -> None:
    node = write_final([ALBUM, TYPING, THANKS], "when was the album recorded?")
    assert node.topic == "Kind of Blue"
    assert node.query == "when was Kind of Blue recorded?"


def test_a_person_noun_goes_back_past_two_word_topics_to_the_person() -> None:
    node = write_final([PERSON, FILM, TYPING], "who trained the scientist?")
    assert node.topic == "Marie Curie"
    assert [op.kind for op in node.operations] == [OpKind.REACTIVATE]


def test_a_thing_noun_skips_a_person_for_the_film_before() -> None:
    node = write_final([FILM, PERSON, TYPING], "who wrote the music for the film?")
    assert node.topic == "Vertigo"


def test_a_place_noun_does_not_take_a_person() -> None:
    node = write_final([PERSON, COFFEE], "what is the population of the city?")
    assert node.topic != "Marie Curie"


def test_words_that_hold_the_noun_are_meant() -> None:
    school = Turn(
        "how do I choose a good school for my kids?",
        "Visit a few, talk to the teachers and look at what the pupils do.",
    )
    node = write_final([FILM, school], "when does the school year start?")
    assert node.topic is not None and "school" in node.topic


def test_a_named_current_topic_is_left_to_the_kind_rules() -> None:
    # Vertigo is named: the rule does not move a description off a named topic.
    node = write_final([PERSON, FILM], "who wrote the music for the film?")
    assert node.topic == "Vertigo"


_PLAIN_WORDS = [
    "bake",
    "bread",
    "fold",
    "shirts",
    "water",
    "plants",
    "clean",
    "windows",
    "sleep",
    "better",
    "learn",
    "chess",
    "tie",
    "knots",
    "save",
    "money",
    "paint",
    "walls",
    "fix",
    "bikes",
    "plan",
    "trips",
    "write",
    "letters",
    "brew",
    "tea",
    "train",
    "dogs",
]


@settings(max_examples=25)
@given(
    st.lists(
        st.lists(st.sampled_from(_PLAIN_WORDS), min_size=4, max_size=6, unique=True).map(" ".join),
        min_size=1,
        max_size=3,
    )
)
def test_digressions_that_name_nothing_never_take_the_description(
    digressions: list[str],
) -> None:
    history = [
        ALBUM,
        *(Turn(f"how do I {words}?", "Start small and keep at it.") for words in digressions),
    ]
    node = write_final(history, "who played on the album?")
    assert node.topic == "Kind of Blue"
    assert node.topic is not None and not is_word_topic(node.topic)


_THING_NOUNS = sorted(noun for noun, kind in KIND_NOUNS.items() if kind != "person")
_PERSON_NOUNS = sorted(
    noun for noun, kind in KIND_NOUNS.items() if kind == "person" and noun not in KINDLESS_NOUNS
)
UNKNOWN = Turn("how much did Zorvex cost?", "Zorvex cost a lot when it first came out.")


@settings(max_examples=40)
@given(st.sampled_from(_THING_NOUNS))
def test_any_thing_noun_goes_back_past_words_to_a_name_of_unknown_kind(noun: str) -> None:
    node = write_final([UNKNOWN, COFFEE, THANKS], f"who paid for the {noun}?")
    assert node.topic == "Zorvex"


@settings(max_examples=40)
@given(st.sampled_from(_PERSON_NOUNS))
def test_a_person_noun_never_goes_back_to_a_known_film(noun: str) -> None:
    node = write_final([PERSON, FILM, COFFEE], f"where did the {noun} grow up?")
    assert node.topic != "Vertigo"


MORRISON = Turn(
    "what is Toni Morrison best known for?",
    "Toni Morrison is best known for novels about American history.",
)


@settings(max_examples=25)
@given(
    st.sampled_from(["where did she grow up?", "who taught her?", "what did she write first?"]),
    st.lists(st.sampled_from(_PLAIN_WORDS), min_size=4, max_size=6, unique=True).map(" ".join),
)
def test_a_person_pronoun_never_takes_a_topic_of_words(question: str, words: str) -> None:
    node = write_final([MORRISON, Turn(f"how do I {words}?", "Start small.")], question)
    assert node.topic == "Toni Morrison"


def test_an_it_after_words_may_still_mean_them() -> None:
    # "it" is left to the other rules: the words stay the topic here.
    node = write_final([MORRISON, COFFEE], "is it safe for wool?")
    assert node.topic is not None and is_word_topic(node.topic)


def test_two_names_of_unknown_kind_are_no_guess() -> None:
    city = Turn("what do people eat in Quito?", "Most people in Quito eat bread in the morning.")
    flight = Turn("how long did Gemini 5 last?", "Gemini 5 lasted about eight days.")
    node = write_final([city, flight, PERSON], "when was the city founded?")
    assert node.topic == "Marie Curie"
    # With one of them alone, that one is meant.
    assert write_final([city, PERSON], "when was the city founded?").topic == "Quito"
