"""Turns that reply to the assistant's question (spec/writer-learned.md#writer-learned.reply)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.search.tokenize import tokenize
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final
from memcore.writers.replies import asked_back, asks_back, replies_only

# Plain sentences: words of letters, one closing mark.
_WORDS = st.lists(st.from_regex(r"[a-z]{2,8}", fullmatch=True), min_size=1, max_size=6)
_STATEMENT = _WORDS.map(lambda words: " ".join(words).capitalize() + ".")
_QUESTION = _WORDS.map(lambda words: " ".join(words).capitalize() + "?")


def test_the_closing_question_is_the_last_sentence() -> None:
    answer = "There are many hotels. Where are you traveling to?"
    assert asked_back(answer) == "Where are you traveling to?"


def test_an_answer_that_asks_first_and_informs_last_asks_nothing_back() -> None:
    assert asked_back("Where to? Rome is lovely in spring.") is None
    assert not asks_back("")


@given(st.lists(_STATEMENT, max_size=3), _QUESTION)
def test_an_answer_closing_on_a_question_asks_it_back(statements: list[str], question: str) -> None:
    assert asked_back(" ".join([*statements, question])) == question


@given(st.lists(_QUESTION, max_size=3), _STATEMENT)
def test_an_answer_closing_on_a_statement_asks_nothing_back(
    questions: list[str], statement: str
) -> None:
    assert asked_back(" ".join([*questions, statement])) is None


@given(st.text(max_size=40))
def test_a_turn_with_a_question_mark_is_no_bare_reply(text: str) -> None:
    assert not replies_only(f"{text}?")


def test_a_reply_reads_past_its_opening_yes() -> None:
    assert replies_only("Yes, it was 98.")
    assert replies_only("Near Utrecht.")
    assert not replies_only("Sure, tell me more.")
    assert not replies_only("Thanks. What else is there")


def test_a_reply_is_searched_with_the_question_it_answers() -> None:
    history = [Turn("Can you help me find a university?", "Sure. Where do you live?")]
    query = write_final(history, "Near Utrecht.").query or ""
    assert query.startswith("Near Utrecht. Where do you live?")


def test_the_same_words_after_an_informing_answer_take_nothing_from_it() -> None:
    history = [Turn("Can you help me find a university?", "Sure. Leiden is a good one.")]
    query = write_final(history, "Near Utrecht.").query or ""
    assert "live" not in tokenize(query)


def test_a_reply_naming_a_new_topic_does_not_repair_the_turn_before() -> None:
    hotel = "I need to find a hotel. Can you help me with that?"
    asked = write_final([Turn(hotel, "Of course. Where are you traveling to?")], "Rome, Italy.")
    informed = write_final([Turn(hotel, "Of course, there are many hotels.")], "Rome, Italy.")
    # After an answer that only informs, the switch re-asks the request before it.
    assert "help me with that" in (informed.query or "")
    assert "help me with that" not in (asked.query or "")
    assert (asked.query or "").startswith("Rome, Italy. Where are you traveling to?")


def test_a_closing_question_with_nothing_to_search_by_is_left_out() -> None:
    answer = "Toxins seep in from landfills. Is there anything else you would like to know?"
    query = write_final([Turn("how do toxins get into groundwater?", answer)], "Pollution").query
    assert "anything" not in (query or "")
