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
    asks_a_whole_question,
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
    # The writer's words for Bruno Mars go, and so do the described words: the question
    # asks something new about the page they name.
    assert moved.writer_query == "When was it reorganized? Byzantine Empire"
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


def test_a_turn_that_only_describes_keeps_the_described_words() -> None:
    moved = ReferentByDescription().run(state_for(f"no, I mean the one where {DESCRIBED}"))
    assert moved.topic == "Byzantine Empire"
    assert moved.writer_query == f"what was its religion? Byzantine Empire {DESCRIBED}"


HUBBLE = (
    (
        1,
        "Soon after launch the mirror was ground to the wrong shape by a tiny amount, "
        "which blurred the first images.",
    ),
)
MIRROR = "the mirror was ground to the wrong shape"


def test_the_description_clause_goes_whatever_its_shape() -> None:
    # One description, said with its clause before, after or around the question.
    wordings = (
        f"Just to be clear I'm asking about the one where {MIRROR}. How was it fixed?",
        f"How was it fixed? the one where {MIRROR} is the one I had in mind",
        f"I meant the one where {MIRROR} How was it fixed?",
        f"Going back to the one in which you told me {MIRROR}; how was it fixed?",
        f"Thinking of the topic of which you said that {MIRROR}, how was it fixed?",
    )
    for question in wordings:
        found = find_description(question, HUBBLE)
        assert found is not None, question
        assert found.rest.casefold().endswith("how was it fixed?"), question
        # What is left of the lead holds no cue or speaker.
        assert not {"i'm", "you", "me", "which", "where"} & set(found.rest.casefold().split())


def test_a_name_or_a_question_before_the_description_stays() -> None:
    named = find_description(f"For Hubble I mean the one where {MIRROR}", HUBBLE)
    assert named is not None and named.rest == "For Hubble"
    asked = find_description(f"how was it fixed in the one where {MIRROR}?", HUBBLE)
    assert asked is not None and asked.rest.startswith("how was it fixed in")


def test_words_after_the_description_stay_unless_they_finish_its_clause() -> None:
    # Three ways to add words after a description without punctuation.
    kept = (
        (f"the one where you said {MIRROR} later repairs", "later repairs"),
        (f"you know the one where {MIRROR} what did the repair cost", "what did the repair cost"),
        (f"I mean the thing where {MIRROR} was it ever replaced", "was it ever replaced"),
    )
    for question, rest in kept:
        found = find_description(question, HUBBLE)
        assert found is not None and found.rest == rest, question
    gone = find_description(f"the one where {MIRROR} was the one I meant", HUBBLE)
    assert gone is not None and gone.rest == ""


def test_an_interrogative_which_is_no_cue() -> None:
    assert (
        find_description("which mirror was ground to the wrong shape by a tiny amount?", HUBBLE)
        is None
    )
    assert find_description(f"so you said {MIRROR} by a tiny amount", HUBBLE) is None
    assert find_description(f"so you said that {MIRROR} by a tiny amount", HUBBLE) is not None


asked_words = st.lists(
    st.sampled_from(("alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa")),
    min_size=1,
    max_size=6,
)


@given(
    asked_words,
    st.sampled_from(("I mean the one where", "you told me about the thing where", "the one where")),
    st.sampled_from(("", " is what I meant", " was the one I had in mind")),
    st.booleans(),
)
def test_the_question_outside_the_description_clause_is_the_rest(
    asked: list[str], lead: str, tail: str, question_first: bool
) -> None:
    # Whatever introduces and closes the description, and on whichever side of it the
    # question stands, the rest is the question, word for word.
    question = "why " + " ".join(asked) + "?"
    clause = f"{lead} {MIRROR}{tail}"
    text = f"{question} {clause}" if question_first else f"{clause}. {question}"
    found = find_description(text, HUBBLE)
    assert found is not None
    assert found.rest == question


def test_a_whole_question_drops_the_described_words_a_fragment_keeps_them() -> None:
    whole = ReferentByDescription().run(state_for(f"Who opposed it? the one where {DESCRIBED}"))
    assert whole.writer_query == "Who opposed it? Byzantine Empire"
    # Three shapes that leave open what the description says: a noun fragment, a question
    # ending on its verb after "do" and its subject, the same after a modal.
    for rest in ("the later councils", "how do we appeal?", "could they object?"):
        kept = ReferentByDescription().run(state_for(f"{rest} I mean the one where {DESCRIBED}"))
        assert kept.writer_query == f"{rest} Byzantine Empire {DESCRIBED}", rest


nouns = st.lists(
    st.sampled_from(("harbour", "bridge", "council", "treaty", "mirror", "branch", "tax")),
    min_size=1,
    max_size=5,
)


@given(nouns, st.sampled_from(("do I", "does it", "can we", "should they")))
def test_fragments_and_verb_final_questions_leave_the_subject_open(
    words: list[str], asking: str
) -> None:
    fragment = " ".join(["the", *words])
    assert not asks_a_whole_question(fragment)
    assert not asks_a_whole_question(f"how {asking} {words[0]}?")
    assert asks_a_whole_question(f"what is {fragment}?")
    assert asks_a_whole_question(f"who {asking.split()[0]} {fragment} belong to?")


def test_a_short_aside_makes_no_whole_question() -> None:
    # An aside before, after or between the words of a fragment leaves it a fragment.
    for rest in (
        "You know, the later councils",
        "the later councils, I see",
        "Right. the councils",
    ):
        assert not asks_a_whole_question(rest), rest
    assert asks_a_whole_question("You know, who opposed the councils?")
