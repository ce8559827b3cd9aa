"""The referent by description (spec/search-description.md): a turn that quotes an answer."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.search.config import DEFAULT_SEARCH, PAPER
from memcore.search.corpus import Corpus
from memcore.search.description import (
    CUE_WORDS,
    QUOTE_RULE,
    SWITCH_RULE,
    WHEN_RULE,
    ReferentByDescription,
    find_description,
    longest_shared_run,
)
from memcore.search.pipeline import DEFAULT, PAPER_TOPIOCQA
from memcore.search.stages import SearchContext, SearchState
from memcore.search.values import Passage
from search_support import TableRetriever

ANSWER = (
    "Under the Byzantine Empire, Constantine established that emperors could not decide "
    "matters of religion on their own."
)
DESCRIBED = "Constantine established that emperors could not decide matters of religion"
QUESTION = f"When was it reorganized? (the one where you said {DESCRIBED})"
CORPUS = Corpus(
    (
        Passage("b1", "x", "Byzantine Empire"),
        Passage("b2", "x", "Byzantine Empire"),
        Passage("m1", "x", "Bruno Mars"),
    )
)
HISTORY = Memory(
    (
        Node(1, "what was its religion?", ANSWER, topics=("Byzantine Empire",)),
        Node(2, "who sang grenade", "Bruno Mars sang Grenade.", topics=("Bruno Mars",)),
    )
)

# Words no cue is made of, and that no answer below holds.
plain_words = st.lists(
    st.sampled_from(("alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa")),
    min_size=1,
    max_size=12,
)


def state_for(question: str, titles: bool = True) -> SearchState:
    retriever = TableRetriever(CORPUS, {DESCRIBED: {"b2": 3.0, "m1": 1.0}})
    final = Node(3, question, topics=("Bruno Mars",), query=f"{question} Bruno Mars")
    context = SearchContext(HISTORY, final, retriever, titles)
    return SearchState(context, "Bruno Mars", final.query or question)


def rules(state: SearchState) -> list[str]:
    return [entry.rule for entry in state.trace]


def test_a_quoted_answer_moves_the_topic_and_cleans_the_query() -> None:
    moved = ReferentByDescription().run(state_for(QUESTION))
    assert moved.topic == "Byzantine Empire"
    # The writer's words for Bruno Mars go; the user's described words stay.
    assert moved.writer_query == f"When was it reorganized? Byzantine Empire {DESCRIBED}"
    assert moved.question == "When was it reorganized?"
    assert rules(moved) == [SWITCH_RULE]


def test_no_titles_leave_the_search_alone() -> None:
    kept = ReferentByDescription().run(state_for(QUESTION, titles=False))
    assert (kept.topic, kept.writer_query, kept.question) == (
        "Bruno Mars",
        f"{QUESTION} Bruno Mars",
        None,
    )
    assert rules(kept) == [WHEN_RULE]


def test_a_question_without_a_quote_is_left_alone() -> None:
    question = "who else sang it?"
    kept = ReferentByDescription().run(state_for(question))
    assert (kept.topic, kept.question) == ("Bruno Mars", None)
    assert rules(kept) == [QUOTE_RULE]


def test_a_name_the_user_says_they_said_is_no_description() -> None:
    # "I said X? I meant Y" takes X back; the answer that repeated X is not described.
    question = (
        "Oh, I think I said List of Super Bowl halftime shows? Sorry, I meant Super Bowl XLVIII."
    )
    answers = ((7, "List of Super Bowl halftime shows: every halftime show and its performers."),)
    assert find_description(question, answers) is None


def test_only_the_default_pipeline_has_the_stage() -> None:
    assert DEFAULT_SEARCH.description_words is not None and PAPER.description_words is None
    assert "description" in [stage.name for stage in DEFAULT.stages]
    assert "description" not in [stage.name for stage in PAPER_TOPIOCQA.stages]


@given(st.lists(st.integers(0, 3), max_size=10), st.lists(st.integers(0, 3), max_size=10))
def test_the_shared_run_is_shared_and_longest(first: list[int], second: list[int]) -> None:
    question = tuple(f"w{i}" for i in first)
    answer = tuple(f"w{i}" for i in second)
    start, length = longest_shared_run(question, answer)
    run = question[start : start + length]
    assert any(answer[j : j + length] == run for j in range(len(answer) - length + 1))
    # No longer run of the question is in the answer.
    longer = length + 1
    for i in range(len(question) - longer + 1):
        piece = question[i : i + longer]
        assert all(answer[j : j + longer] != piece for j in range(len(answer) - longer + 1))


@given(plain_words, plain_words)
def test_without_a_cue_nothing_is_a_description(before: list[str], quoted: list[str]) -> None:
    # However much of the answer the question repeats, no cue means no description.
    answer = " ".join(quoted * 3)
    question = " ".join([*before, *quoted, *quoted, *quoted])
    assert not CUE_WORDS & set(question.split())
    assert find_description(question, ((1, answer),)) is None


@given(plain_words, st.sampled_from(("the one where", "re", "the one about", "where")))
def test_the_rest_holds_no_described_word(asked: list[str], cue: str) -> None:
    described = "constantine established that emperors could not decide"
    question = f"{' '.join(asked)} {cue} {described}"
    found = find_description(question, ((1, f"so {described} then"),))
    assert found is not None
    assert found.described == described
    assert found.rest.split() == asked
