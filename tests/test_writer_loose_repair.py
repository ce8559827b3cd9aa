"""A repair word typed loosely (a slip, a chat shortening, a run-on apology) still takes back
the name before it, and the last of several retractions wins
(spec/writer-cues-self-repair.md#writer-cues-self-repair.typed-loosely). The wordings are
this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.cues import normalise_turn
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned
from memcore.writers.remarks import repaired_query
from memcore.writers.restated import asked_again_at
from memcore.writers.rules import api as rules

HISTORY = (Turn("how many people live in Porto?", "Porto has about 230,000 people."),)
TITLES = ("Kyoto", "Lisbon", "Porto", "Tbilisi", "Valletta")
WRITERS = (rules.write_final, learned.write_final)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Kyoto, sory, Lisbon", "Kyoto, sorry, Lisbon"),
        ("Kyoto, sry, Lisbon", "Kyoto, sorry, Lisbon"),
        ("i mena Lisbon", "i mean Lisbon"),
        ("I mispoke, Lisbon", "I misspoke, Lisbon"),
        ("my mistkae", "my mistake"),
    ],
)
def test_a_loosely_typed_repair_word_is_read_as_meant(typed: str, meant: str) -> None:
    assert normalise_turn(typed) == meant


DOUBLED = ("sorry", "middle", "suggestion", "suggested", "misspoke")


@given(st.sampled_from(DOUBLED))
def test_a_doubled_letter_typed_once_is_undone(word: str) -> None:
    at = next(i for i in range(1, len(word)) if word[i] == word[i - 1])
    assert normalise_turn(f"the {word[:at] + word[at + 1 :]} one") == f"the {word} one"


@pytest.mark.parametrize(
    "text", ["to err is human", "ER and House", "a sorry state", "Kyoto, sorry Lisbon"]
)
def test_words_that_only_look_like_a_repair_stay(text: str) -> None:
    assert normalise_turn(text) == text


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Lisbon. sorry about that Any history?", "Lisbon. sorry about that. Any history?"),
        ("oops Where is it?", "oops. Where is it?"),
        (
            "Lisbon! my bad for the mix-up Who built it?",
            "Lisbon! my bad for the mix-up. Who built it?",
        ),
    ],
)
def test_an_apology_run_into_a_capital_ends_its_sentence(typed: str, meant: str) -> None:
    assert normalise_turn(typed) == meant


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "question",
    [
        # The same repair said four ways: a slip, a shortening, a run-on apology, a chain.
        "how old is Kyoto? er, i mena Lisbon",
        "Kyoto, srry, Lisbon. how old is it?",
        "Kyoto... no, Lisbon. sorry about that How old is it?",
        "I said Kyoto, oops, Valletta... my mistake: Lisbon. soz How old is it?",
    ],
)
def test_the_name_after_a_loose_repair_is_the_topic(write: object, question: str) -> None:
    node = write(HISTORY, question, TITLES)  # type: ignore[operator]
    assert node.topic == "Lisbon"
    query = node.query or ""
    assert "Kyoto" not in query and "Valletta" not in query
    assert "sorry" not in query.casefold()


MARKERS = ("sory,", "sry,", "soz,", "err, i mena", "... no,", "oops,", "apologies, i misspoke:")


@settings(max_examples=20)
@given(
    st.permutations(("Kyoto", "Lisbon", "Tbilisi", "Valletta")).map(lambda names: names[:3]),
    st.lists(st.sampled_from(MARKERS), min_size=2, max_size=2),
)
def test_the_last_of_several_loose_retractions_wins(names: list[str], markers: list[str]) -> None:
    question = f"how old is {names[0]}? {markers[0]} {names[1]} {markers[1]} {names[2]}"
    node = rules.write_final(HISTORY, question, TITLES)
    assert node.topic == names[2]
    query = node.query or ""
    assert names[0] not in query and names[1] not in query


def test_a_hesitation_leaves_the_query_but_a_capitalised_name_stays() -> None:
    assert repaired_query("how old is Lisbon? err", "how old is Kyoto? err, I mean Lisbon") == (
        "how old is Lisbon?"
    )
    assert "ER" in repaired_query("did ER win awards?", "did ER win awards? sorry")


# A name typed in lower case in a repair's slot
# (spec/writer-cues-self-repair.md#writer-cues-self-repair.lower-case-repair).
LOWER_TITLES = ("Kyoto", "Lisbon", "Porto", "Tbilisi", "Valletta")


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "question",
    [
        # One repair said four ways: the slot after "wait", after "...", before "sorry", and
        # the bare name first.
        "how old is kyoto? wait, lisbon",
        "how old is kyoto? ... lisbon, sorry",
        "how old is valletta? no no - kyoto, i mean - no, lisbon!",
        "kyoto? sorry, lisbon. how old is it?",
    ],
)
def test_a_lower_case_name_in_a_repair_slot_is_the_topic(write: object, question: str) -> None:
    node = write(HISTORY, question, LOWER_TITLES)  # type: ignore[operator]
    assert node.topic == "Lisbon"
    query = (node.query or "").casefold()
    assert "kyoto" not in query and "valletta" not in query


@pytest.mark.parametrize(
    "question", ["is a kyoto trip worth it? sorry, how old is it?", "kyoto trips sound nice"]
)
def test_a_lower_case_title_outside_a_repair_slot_stays_a_word(question: str) -> None:
    node = rules.write_final(HISTORY, question, LOWER_TITLES)
    assert node.topic != "Kyoto"


@settings(max_examples=15)
@given(
    st.permutations(("kyoto", "lisbon", "tbilisi", "valletta")).map(lambda names: names[:3]),
    st.lists(
        st.sampled_from(("wait,", "... no,", "hmm no,", "sorry,", "- i mean -")),
        min_size=2,
        max_size=2,
    ),
)
def test_the_last_lower_case_repair_wins(names: list[str], markers: list[str]) -> None:
    question = f"how old is {names[0]}? {markers[0]} {names[1]}. {markers[1]} {names[2]}"
    node = rules.write_final(HISTORY, question, LOWER_TITLES)
    assert node.topic == names[2].capitalize()
    query = (node.query or "").casefold()
    assert names[0] not in query and names[1] not in query


# A question asked again with its name changed
# (spec/writer-cues-self-repair.md#writer-cues-self-repair.asked-again).
@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "question",
    [
        # One restart said four ways: a lead-in with a colon, a dash, a sentence between, and
        # the repeat with words before it in its own sentence.
        "who founded Kyoto? blah, one more go: who founded Lisbon?",
        "who founded Kyoto? ignore that - who founded Lisbon?",
        "who founded Kyoto? Typing too fast today. who founded Lisbon?",
        "who founded Kyoto? ok take two who founded Lisbon?",
    ],
)
def test_the_question_asked_again_is_the_one_meant(write: object, question: str) -> None:
    node = write(HISTORY, question, TITLES)  # type: ignore[operator]
    assert node.topic == "Lisbon"
    assert node.query == "who founded Lisbon?"


@pytest.mark.parametrize(
    "text",
    [
        "who founded Kyoto? who founded Lisbon?",
        "who founded Kyoto? hmm, when was Kyoto founded?",
        "who founded Kyoto? and who founded Lisbon?",
        "who founded Kyoto? ok, what about its size?",
    ],
)
def test_other_second_questions_are_no_restart(text: str) -> None:
    assert asked_again_at(text) is None


@given(
    st.sampled_from(("who founded {}?", "how old is {} really?", "is {} on the coast?")),
    st.sampled_from(("ugh,", "one sec.", "no idea why I typed that:")),
    st.permutations(("Kyoto", "Lisbon", "Tbilisi")),
)
def test_a_restart_starts_where_the_repeat_does(frame: str, between: str, names: list[str]) -> None:
    first, again = frame.format(names[0]), frame.format(names[1])
    text = f"{first} {between} {again}"
    assert asked_again_at(text) == len(text) - len(again)
