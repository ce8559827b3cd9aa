"""A return the writer made stands against a fit of too few words (spec/search-referent.md,
search-referent.return): where the conversation left the topic and came back to it, and the
question has at most `FEW_WORDS` words of its own, the topics the return skipped over are no
candidates of the referent by fit."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import reactivate, refine
from memcore.search.corpus import Corpus
from memcore.search.referent import (
    FEW_WORDS,
    FIT_RULE,
    RETURN_RULE,
    SWITCH_RULE,
    ReferentByFit,
    content_words,
    is_return,
    skipped_topics,
)
from memcore.search.stages import SearchContext, SearchState
from memcore.search.values import Passage
from search_support import TableRetriever

EMPIRE, POEMS, GAME = "Byzantine Empire", "A Child's Garden of Verses", "MLS All-Star Game"
PAGES = {"b1": EMPIRE, "c1": POEMS, "m1": GAME}
CORPUS = Corpus(
    Passage(doc_id, "x", title)
    for doc_id, title in {**PAGES, "x1": "Religion", "x2": "Travel"}.items()
)


def searched(
    question: str, history: tuple[str, ...], topic: str, fit: dict[str, float] | None = None
) -> SearchState:
    """The referent stage's state after a conversation about `history` (one topic a turn) and
    a final turn about `topic`, where the question alone scores the pages as `fit` says (by
    default it fits the poems' page far better than the empire's or the game's)."""
    scores = {"b1": 1.0, "c1": 4.0, "m1": 0.5} if fit is None else fit
    rows: dict[str, dict[str, float]] = {question: {"x1": 2.0, "x2": 1.0, **scores}}
    for doc_id, title in PAGES.items():
        rows[f"{title} {question}"] = {doc_id: 3.0}
        rows[title] = {doc_id: 1.0}
    nodes = tuple(Node(turn, f"question {turn}", topics=(t,)) for turn, t in enumerate(history, 1))
    seen = topic in history
    final = Node(
        len(history) + 1,
        question,
        topics=(topic,),
        operations=(reactivate(topic) if seen and history[-1] != topic else refine(topic),),
    )
    retriever = TableRetriever(CORPUS, rows, supports_weights=False)
    state = SearchState(SearchContext(Memory(nodes), final, retriever, True), topic, "q")
    return ReferentByFit().run(state)


# A user who comes back to the empire after the poems, in a few words of feeling or doubt;
# each has at most two words of its own.
FEW_WORDED = ("I'm still uneasy", "but is it safe?", "scary stuff.", "will it hurt?")


def test_the_few_worded_turns_have_few_words_of_their_own() -> None:
    assert all(len(content_words(turn)) <= FEW_WORDS for turn in FEW_WORDED)


def test_a_return_in_few_words_keeps_the_writers_topic() -> None:
    for turn in FEW_WORDED:
        kept = searched(turn, (EMPIRE, EMPIRE, POEMS), EMPIRE)
        assert (kept.topic, kept.writer_query) == (EMPIRE, "q"), turn
        assert [entry.rule for entry in kept.trace] == [RETURN_RULE]


def test_a_return_made_earlier_and_kept_since_is_a_return_still() -> None:
    # The turn before already went back to the empire; this one stays there.
    kept = searched("but is it safe?", (EMPIRE, POEMS, EMPIRE), EMPIRE)
    assert kept.topic == EMPIRE


def test_a_topic_before_the_one_returned_to_is_fitted_still() -> None:
    # The return skipped the game only: the poems, discussed before the empire, may win.
    for turn in FEW_WORDED:
        moved = searched(turn, (POEMS, EMPIRE, GAME), EMPIRE)
        assert moved.topic == POEMS, turn
        assert [entry.rule for entry in moved.trace] == [SWITCH_RULE]


def test_the_skipped_topic_is_left_out_where_an_earlier_one_stays() -> None:
    # The game, skipped over, fits best; it is no candidate, and the poems fit too little.
    kept = searched("but is it safe?", (POEMS, EMPIRE, GAME), EMPIRE, {"b1": 1.0, "m1": 4.0})
    assert kept.topic == EMPIRE
    assert [entry.rule for entry in kept.trace] == [FIT_RULE]


def test_the_same_words_on_a_topic_never_left_are_fitted() -> None:
    # The empire was never left (the poems were never discussed before it): no return.
    for turn in FEW_WORDED:
        moved = searched(turn, (POEMS, EMPIRE), EMPIRE)
        assert moved.topic == POEMS, turn
        assert [entry.rule for entry in moved.trace] == [SWITCH_RULE]


def test_a_return_whose_question_has_words_enough_is_fitted() -> None:
    question = "which verses did the children recite first?"
    assert len(content_words(question)) > FEW_WORDS
    moved = searched(question, (EMPIRE, POEMS), EMPIRE)
    assert (moved.topic, moved.writer_query) == (POEMS, f"{question} {POEMS}")


def test_what_a_return_is() -> None:
    assert is_return([("A",), ("B",), ("A",)], "A")
    assert is_return([("a",), ("B", "C"), ("A",), ("A",)], "A")
    assert not is_return([("B",), ("A",), ("A",)], "A")
    assert not is_return([("A",), ("A",)], "A")
    assert not is_return([("A",), ("B",)], "B")
    assert not is_return([("A",), ("B",), ("C",)], "A")


runs = st.lists(st.sampled_from(("A", "B", "C")), min_size=1, max_size=8)


@given(runs, st.integers(1, 4))
def test_staying_on_a_topic_never_changes_whether_it_was_returned_to(
    turns: list[str], more: int
) -> None:
    about = [(topic,) for topic in turns]
    last = turns[-1]
    assert is_return(about, last) == is_return([*about, *[(last,)] * more], last)


@given(runs)
def test_a_topic_is_a_return_exactly_when_another_came_between_two_runs_of_it(
    turns: list[str],
) -> None:
    last = turns[-1]
    runs_of_last = [
        index
        for index, topic in enumerate(turns)
        if topic == last and (index == 0 or turns[index - 1] != last)
    ]
    assert is_return([(topic,) for topic in turns], last) == (len(runs_of_last) > 1)


def test_what_a_return_skips() -> None:
    assert skipped_topics([("A",), ("B", "C"), ("D",), ("A",)], "A") == {"b", "c", "d"}
    assert skipped_topics([("B",), ("A",), ("C",), ("A",), ("A",)], "A") == {"c"}
    assert skipped_topics([("B",), ("A",), ("A",)], "A") == frozenset()


@given(
    st.lists(st.sampled_from((EMPIRE, POEMS, GAME)), min_size=1, max_size=6),
    st.sampled_from((EMPIRE, POEMS, GAME)),
    st.sampled_from(FEW_WORDED),
    st.dictionaries(st.sampled_from(sorted(PAGES)), st.floats(-5, 5, allow_nan=False)),
)
def test_a_few_worded_return_never_moves_to_a_topic_it_skipped(
    history: list[str], topic: str, turn: str, fit: dict[str, float]
) -> None:
    after = searched(turn, tuple(history), topic, fit)
    skipped = skipped_topics([*((name,) for name in history), (topic,)], topic)
    assert after.topic is not None
    assert after.topic == topic or after.topic.casefold() not in skipped
