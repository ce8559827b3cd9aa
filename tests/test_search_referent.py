"""The referent by fit (spec/search-referent.md): which memory topic a leaning turn fits."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import Operation, abandon, refine
from memcore.search.config import DEFAULT_SEARCH, PAPER
from memcore.search.corpus import Corpus
from memcore.search.pipeline import DEFAULT, PAPER_TOPIOCQA, search_final_turn
from memcore.search.referent import (
    CANDIDATES_RULE,
    FIT_RULE,
    SWITCH_RULE,
    WHEN_RULE,
    ReferentByFit,
    asks_for_more,
    candidate_topics,
    is_name,
    types_topic,
)
from memcore.search.stages import SearchContext, SearchState
from memcore.search.standardise import Scale
from memcore.search.values import Passage
from search_support import TableRetriever

TOPICS = ("Byzantine Empire", "A Child's Garden of Verses", "MLS All-Star Game")
PAGES = {"b1": TOPICS[0], "c1": TOPICS[1], "m1": TOPICS[2]}
# Pages of no memory topic that the question finds too (they set its scale).
OTHERS = {"x1": "Religion", "x2": "Religion in Europe"}
CORPUS = Corpus(Passage(doc_id, "x", title) for doc_id, title in {**PAGES, **OTHERS}.items())
QUESTION = "what was its religion?"
HISTORY = Memory(
    tuple(Node(turn, f"question {turn}", topics=(topic,)) for turn, topic in enumerate(TOPICS, 1))
)


def table(fit: dict[str, float], question: str = QUESTION) -> dict[str, dict[str, float]]:
    """Each topic's template query and name find its own page only; the question scores as `fit`
    says (by page id), and the two other pages 2 and 1."""
    rows: dict[str, dict[str, float]] = {question: {"x1": 2.0, "x2": 1.0, **fit}}
    for doc_id, title in PAGES.items():
        rows[f"{title} {question}"] = {doc_id: 3.0}
        rows[title] = {doc_id: 1.0}
    return rows


def state_for(
    fit: dict[str, float], final: Node, history: Memory = HISTORY, titles: bool = True
) -> SearchState:
    retriever = TableRetriever(CORPUS, table(fit, final.question), supports_weights=False)
    return SearchState(SearchContext(history, final, retriever, titles), final.topic, "q")


def final(question: str = QUESTION, *operations: Operation) -> Node:
    ops = operations or (refine(TOPICS[2]),)
    return Node(4, question, topics=(TOPICS[2],), operations=ops)


def rules(state: SearchState) -> list[str]:
    return [entry.rule for entry in state.trace]


def test_a_clearly_better_fit_moves_the_topic_and_rewrites_the_writers_query() -> None:
    # The question's own scores 4, 2, 1 and 0.5 (mean 1.875, spread 1.29): z +1.65, -1.07.
    moved = ReferentByFit().run(state_for({"b1": 4.0, "m1": 0.5}, final()))
    assert moved.topic == "Byzantine Empire"
    assert moved.writer_query == f"{QUESTION} Byzantine Empire"
    assert rules(moved) == [SWITCH_RULE]


def test_a_fit_within_the_margin_keeps_the_topic() -> None:
    # The question's own scores 2, 1.2, 1 and 1 (mean 1.3, spread 0.41): z -0.24 and -0.73.
    kept = ReferentByFit().run(state_for({"b1": 1.2, "m1": 1.0}, final()))
    assert (kept.topic, kept.writer_query) == (TOPICS[2], "q")
    assert rules(kept) == [FIT_RULE]
    # A smaller margin lets the same fits move it.
    smaller = ReferentByFit(margin=0.25).run(state_for({"b1": 1.2, "m1": 1.0}, final()))
    assert smaller.topic == "Byzantine Empire"


def test_the_rule_stays_out_of_turns_that_name_their_subject_or_ask_for_more() -> None:
    fit = {"b1": 5.0}
    for question in ("and the all-star game's religion?", "what else is there?", "and it?"):
        state = state_for(fit, final(question))
        assert ReferentByFit().run(state).topic == TOPICS[2]
        assert rules(ReferentByFit().run(state)) == [WHEN_RULE]
    untitled = state_for(fit, final(), titles=False)
    assert rules(ReferentByFit().run(untitled)) == [WHEN_RULE]


def test_an_abandoned_topic_is_no_candidate() -> None:
    turned = final(QUESTION, abandon(TOPICS[0]), refine(TOPICS[2]))
    state = state_for({"b1": 5.0, "c1": 0.0, "m1": 0.0}, turned)
    assert candidate_topics(state) == (TOPICS[2], TOPICS[1])
    assert ReferentByFit().run(state).topic == TOPICS[2]
    alone = state_for({"b1": 5.0}, turned, Memory((HISTORY.nodes[0],)))
    assert rules(ReferentByFit().run(alone)) == [CANDIDATES_RULE]


def test_the_default_pipeline_runs_it_and_the_papers_does_not() -> None:
    retriever = TableRetriever(CORPUS, table({"b1": 4.0, "m1": 0.5}), supports_weights=False)
    default = search_final_turn(HISTORY, final(), retriever, DEFAULT).unwrap()
    paper = search_final_turn(HISTORY, final(), retriever, PAPER_TOPIOCQA).unwrap()
    assert (default.topic, paper.topic) == ("Byzantine Empire", TOPICS[2])
    assert DEFAULT_SEARCH.referent_margin == 0.75
    assert PAPER.referent_margin is None


def test_a_name_that_finds_none_of_its_template_passages_cannot_win() -> None:
    # The name "Byzantine Empire" alone finds no passage: its template's passages are not
    # its own, whatever the question gives them.
    retriever = TableRetriever(CORPUS, table({"b1": 4.0, "m1": 0.5}), supports_weights=False)
    rows = {**retriever.table, "Byzantine Empire": {}}
    state = state_for({"b1": 4.0, "m1": 0.5}, final())
    blind = attrs.evolve(state.context, retriever=TableRetriever(CORPUS, rows, False))
    fits = ReferentByFit().fits(attrs.evolve(state, context=blind), candidate_topics(state))
    assert fits[candidate_topics(state).index("Byzantine Empire")].score == float("-inf")
    assert ReferentByFit().run(attrs.evolve(state, context=blind)).topic == TOPICS[2]


def test_a_placeholder_topic_is_no_candidate() -> None:
    placeholder = Node(1, "question 1", topics=("eastern roman empire",))
    history = Memory((placeholder, *HISTORY.nodes[1:]))
    state = state_for({"b1": 4.0, "m1": 0.5}, final(), history)
    assert candidate_topics(state) == (TOPICS[2], TOPICS[1])
    assert is_name("Byzantine Empire") and not is_name("eastern roman empire")


def test_the_words_it_reads() -> None:
    assert types_topic("who built the wall?", "Berlin Wall")
    assert not types_topic("who built it?", "Berlin Wall")
    # Stopwords and short words are no evidence: "the" in "The Office" is not typed.
    assert not types_topic("is the show good?", "The Office")
    assert asks_for_more("Could you tell me a bit more, please?")
    assert asks_for_more("What else is it known for?")
    assert not asks_for_more(QUESTION)


fits = st.dictionaries(
    st.sampled_from(sorted(PAGES)), st.floats(-5, 5, allow_nan=False), min_size=1
)


@given(fits, st.floats(0, 3, allow_nan=False))
def test_the_topic_is_always_a_candidate_and_only_moves_by_more_than_the_margin(
    fit: dict[str, float], margin: float
) -> None:
    state = state_for(fit, final())
    after = ReferentByFit(margin=margin).run(state)
    assert after.topic in candidate_topics(state)
    scores = table(fit)[QUESTION]
    scale = Scale.of([score for score in scores.values() if score > 0])

    def z(topic: str) -> float:
        doc_id = next(key for key, title in PAGES.items() if title == topic)
        return scale.z(scores.get(doc_id, 0.0))

    if after.topic != state.topic:
        assert z(after.topic) > z(TOPICS[2]) + margin
        assert after.writer_query == f"{QUESTION} {after.topic}"
    else:
        assert after.writer_query == state.writer_query
        assert all(z(topic) <= z(TOPICS[2]) + margin for topic in TOPICS[:2])


@given(fits, st.sampled_from(TOPICS))
def test_a_turn_that_types_its_topic_keeps_it_whatever_the_fits(
    fit: dict[str, float], typed: str
) -> None:
    question = f"what was the religion of {typed.casefold()}?"
    node = attrs.evolve(final(question), topics=(typed,), operations=(refine(typed),))
    state = state_for(fit, node)
    after = ReferentByFit(margin=0.0).run(state)
    assert (after.topic, after.writer_query) == (typed, state.writer_query)
