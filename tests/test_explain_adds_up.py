"""An explanation adds up: every printed line's parts give the value it shows, to the
printed precision, for the pipelines and retrievers the commands use (issue 28, item 2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from explain_support import check_adds_up
from memcore.node import Memory, Node
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.config import DEFAULT_SEARCH, SearchConfig
from memcore.search.corpus import Corpus
from memcore.search.explain import ExplainedRanking
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import (
    Pipeline,
    memrevise_pipeline,
    rrf_pipeline,
    search_final_turn,
    template_pipeline,
    writer_query_pipeline,
)
from memcore.search.retriever import Retriever
from search_support import TURN_1, TURN_2, TURN_3, TURN_4, WordOverlap, apollo_corpus

HISTORIES = ((TURN_1, TURN_2), (TURN_1, TURN_2, TURN_3), (TURN_1, TURN_2, TURN_3, TURN_4))
WEIGHTS = st.sampled_from((0.0, 0.25, 0.4, 0.6, 1.0))


@st.composite
def searches(draw: st.DrawFn) -> tuple[Memory, Node, Retriever, Pipeline]:
    """A conversation of the Apollo fixture, a subset of its passages, a retriever over them
    (BM25, or BM25 and a stand-in dense part fused with drawn weights) and a pipeline."""
    passages = apollo_corpus().passages
    chosen = draw(st.sets(st.integers(0, len(passages) - 1), min_size=3))
    corpus = Corpus(passages[i] for i in sorted(chosen))
    history = draw(st.sampled_from(HISTORIES))
    bm25 = InMemoryBM25.build(corpus)
    retriever: Retriever = bm25
    if draw(st.booleans()):
        weights = (draw(WEIGHTS), draw(WEIGHTS.filter(bool)))
        parts = (
            FusedPart("bm25", bm25, weights[0]),
            FusedPart("dense", WordOverlap(corpus), weights[1]),
        )
        retriever = FusedRetriever.of(parts, depth=draw(st.integers(2, 50))).unwrap()
    config = SearchConfig(template_weight=draw(st.sampled_from((1.0, 0.67, 0.5))))
    pipeline = draw(
        st.sampled_from(
            (
                memrevise_pipeline(config),
                memrevise_pipeline(DEFAULT_SEARCH, depth=draw(st.integers(1, 10))),
                template_pipeline(config),
                writer_query_pipeline(),
                rrf_pipeline(),
            )
        )
    )
    return Memory(history[:-1]), history[-1], retriever, pipeline


@given(searches())
def test_every_explained_line_adds_up_to_the_value_it_shows(
    search: tuple[Memory, Node, Retriever, Pipeline],
) -> None:
    """Each passage's parts sum to its score, each base part is its query's standardised
    score (times the query's weight), and a fused score is the sum of its parts' shares."""
    memory, final, retriever, pipeline = search
    ranking = search_final_turn(memory, final, retriever, pipeline).unwrap()
    assert isinstance(ranking, ExplainedRanking)
    report = ranking.report(len(ranking), retriever)
    assert check_adds_up(report) >= len(ranking)


def _demo_retriever() -> FusedRetriever:
    corpus = apollo_corpus()
    bm25 = InMemoryBM25.build(corpus)
    parts = (FusedPart("bm25", bm25, 0.4), FusedPart("dense", WordOverlap(corpus), 0.6))
    return FusedRetriever.of(parts).unwrap()


def test_the_demo_figures_of_turn_two_reconcile() -> None:
    """Turn 2 of the demo (fused BM25 and a dense stand-in, weights 0.4 and 0.6): the base
    part of the top passage is what the lines under it compute, the issue's example."""
    fused = _demo_retriever()
    ranking = search_final_turn(Memory((TURN_1,)), TURN_2, fused, memrevise_pipeline()).unwrap()
    top = ranking.hits[0]
    writer, template = ranking.retriever_parts(top.doc_id, fused)
    assert (writer.label, template.label) == ("writer", "template")
    assert writer.amount == top.parts[0].amount
    assert template.amount == top.parts[1].amount
    assert template.weight == DEFAULT_SEARCH.template_weight
    # The fused sum is not the base part: the search standardises it again over its own
    # candidates, which the explanation now shows.
    assert writer.raw == sum(part.contribution for part in writer.parts)
    assert writer.raw != writer.amount
    assert check_adds_up(ranking.report(3, fused)) >= 3 + 3 * 2 * 4


def test_the_demo_figures_of_turn_one_reconcile_with_the_writer_query_alone() -> None:
    """Turn 1 of the demo, with nothing in the memory: the writer's query is the one base
    part, and it still adds up (search-pipeline.empty-memory)."""
    fused = _demo_retriever()
    ranking = search_final_turn(Memory(()), TURN_1, fused, memrevise_pipeline()).unwrap()
    top = ranking.hits[0]
    (writer,) = ranking.retriever_parts(top.doc_id, fused)
    assert writer.label == "writer"
    assert top.score == writer.amount
    assert check_adds_up(ranking.report(3, fused)) >= 3 + 3 * 4
