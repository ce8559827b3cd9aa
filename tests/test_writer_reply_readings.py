"""Replies to the assistant's question and lists pointed at as a whole: a "no" to a yes-or-no
question (spec/writer-learned.md#writer-learned.reply-declined), a value that answers what the
assistant asked about the user (spec/writer-cues-value-revision.md#writer-cues-value-revision.
asked-by-assistant), a kind word that modifies the next noun (spec/writer-cues-corrections.md
#writer-cues-corrections.same-name) and a turn about the whole list the answer gave
(spec/writer-learned.md#writer-learned.listed-set)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.search.tokenize import tokenize
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final
from memcore.writers.learned.query import declines
from memcore.writers.listed_set import listed_set, points_at_set
from memcore.writers.rules.api import write_final as rules_final

_WORDS = st.lists(st.from_regex(r"[a-z]{3,8}", fullmatch=True), min_size=1, max_size=5)
_PROPOSALS = _WORDS.map(lambda words: "Would you like " + " ".join(words) + "?")
_WH = st.sampled_from(["Which", "Where", "What", "When", "How"])


# --- a "no" to a yes-or-no question -------------------------------------------------------


@given(st.sampled_from(["No.", "Nope,", "Not really."]), _WORDS, _PROPOSALS)
def test_a_no_turns_down_any_yes_or_no_question(opening: str, words: list[str], asked: str) -> None:
    assert declines(f"{opening} {' '.join(words)}.", asked)


@given(st.sampled_from(["No.", "Nope,"]), _WH, _WORDS)
def test_a_no_answers_no_proposal_of_a_question_that_asks_for_something(
    opening: str, wh: str, words: list[str]
) -> None:
    assert not declines(f"{opening} somewhere calm.", f"{wh} {' '.join(words)} do you prefer?")


@given(_WORDS, _PROPOSALS)
def test_a_yes_declines_nothing(words: list[str], asked: str) -> None:
    assert not declines(f"Yes, {' '.join(words)}.", asked)


def test_the_declined_proposal_leaves_the_query() -> None:
    history = [
        Turn(
            "I want to rent a bike in Ghent for the weekend.",
            "Several shops rent bikes there. Maybe an electric cargo bike would suit you?",
        )
    ]
    query = write_final(history, "No, an ordinary city bike is fine.").query or ""
    assert not {"electric", "cargo"} & set(tokenize(query))
    assert "ghent" in tokenize(query)


def test_a_reply_to_an_open_question_still_carries_it() -> None:
    history = [Turn("I want to rent a bike in Ghent.", "Sure. Which part of town are you in?")]
    query = write_final(history, "No idea yet, somewhere near the station.").query or ""
    assert "Which part of town are you in?" in query


# --- a value that answers the assistant ---------------------------------------------------


def _swim_history(closing: str) -> list[Turn]:
    return [
        Turn(
            "which swimming squads in Bristol accept adults over 50?",
            "Bristol Henleaze and the Clifton masters squad accept adults over 50.",
        ),
        Turn("do they test new swimmers?", f"Clifton asks for a timed swim. {closing}"),
    ]


@given(st.integers(min_value=20, max_value=99))
def test_a_value_given_to_the_assistant_revises_no_earlier_question(value: int) -> None:
    history = _swim_history("Do you know your 100 metre time?".replace(" 100 metre", ""))
    for final in (write_final, rules_final):
        query = final(history, f"Yes, roughly {value}.").query or ""
        assert "over" not in query.split(), query
        assert str(value) in query


def test_a_revision_after_a_question_not_about_the_user_still_revises() -> None:
    history = [
        Turn(
            "who won the Berlin Marathon in 2014?",
            "Dennis Kimetto won the Berlin Marathon in 2014. Shall I find the women's winner?",
        )
    ]
    assert write_final(history, "sorry, 2015 not 2014").query == (
        "who won the Berlin Marathon in 2015?"
    )


# --- a kind word that modifies the next noun ----------------------------------------------


@given(st.sampled_from(["city", "film", "band", "team"]), st.sampled_from(["centre", "festival"]))
def test_a_modifying_kind_word_writes_no_same_name_page(kind: str, head: str) -> None:
    history = [Turn("I'm visiting Bilbao in May.", "Bilbao is lively in spring. Any plans?")]
    node = rules_final(history, f"No. What is on near the {kind} {head}?")
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
    assert all("(" not in topic for topic in node.topics)


def test_a_kind_word_that_heads_its_phrase_still_names_the_page() -> None:
    history = [Turn("who is Jayson Blair?", "Jayson Blair is a former New York Times reporter.")]
    node = rules_final(history, "no, I meant the actor")
    assert node.topic == "Jayson Blair (actor)"


# --- a turn about the whole list ----------------------------------------------------------

_NAMES = ("Villa Rosa", "Hotel Sorrento", "Casa Bianca")
_ANSWER = "Good choices there are Villa Rosa, Hotel Sorrento and Casa Bianca."


@given(
    st.sampled_from(
        [
            "Which of them has a pool?",
            "Are any of these hotels near the beach?",
            "Which one is the quietest?",
            "Do those three places serve breakfast?",
            "how far are they from the station? can you compare them?",
        ]
    )
)
def test_a_turn_about_the_whole_list_takes_its_names(turn: str) -> None:
    assert listed_set(turn, _ANSWER) == _NAMES


@given(
    st.sampled_from(
        [
            "I don't like any of them.",
            "none of them, anything else?",
            "what about the other ones?",
            "tell me about the second one",
            "compare the last two of them",
            "is Villa Rosa the quietest of them?",
            "which one is the best museum in Naples?",
            "enough of those two. who built Hadrian's Wall?",
            "is it still as lively these days?",
        ]
    )
)
def test_a_turn_that_picks_refuses_or_names_a_member_takes_no_list(turn: str) -> None:
    answer = _ANSWER if "museum" not in turn else "Naples has many museums."
    assert listed_set(turn, answer) == ()


@given(_WORDS)
def test_words_that_point_at_no_set_take_no_list(words: list[str]) -> None:
    turn = " ".join(word for word in words if word not in {"them", "these", "those", "which"})
    assert not points_at_set(turn) or listed_set(turn, "") == ()


def test_the_list_names_follow_the_turn_in_the_query() -> None:
    history = [Turn("where could I stay on the Amalfi coast?", _ANSWER)]
    query = write_final(history, "Which of them has a pool?").query or ""
    assert query.startswith("Which of them has a pool? Villa Rosa Hotel Sorrento Casa Bianca")
