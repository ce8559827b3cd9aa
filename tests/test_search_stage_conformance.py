"""Every search stage meets the same contract, and a pipeline keeps the stages' phase order.

Each stage of the paper's pipelines (both facts-vote variants), memcore's default pipeline, the
RRF hedge and the one-query systems' pipelines (template, writer-query, rrf) is run on the
states a pipeline hands it in several conversations, with and without page titles: it has a
name and a phase, returns a `SearchState`, is pure (the same state in gives the same state
out), keeps the search context, never drops a candidate, and says what it did in the trace.
"""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import refine
from memcore.search.config import FactsVoteVariant
from memcore.search.hedge import RrfHedge
from memcore.search.pipeline import (
    DEFAULT,
    Pipeline,
    final_topic,
    paper_pipeline,
    rrf_pipeline,
    template_pipeline,
    writer_query_pipeline,
)
from memcore.search.retriever import Retriever
from memcore.search.stages import Phase, SearchContext, SearchState, Stage
from search_support import TURN_1, TURN_2, TURN_3, TURN_4, apollo_hybrid, apollo_index

ANSWERED_4 = attrs.evolve(
    TURN_4,
    answer="Neil Armstrong grew up in small towns in Ohio and settled in Wapakoneta.",
    facts=("Neil Armstrong grew up in Wapakoneta, Ohio",),
    query=None,
)
FOLLOW_UP = Node(
    5,
    "what did he study in college?",
    operations=(refine("Neil Armstrong"),),
    topics=("Neil Armstrong",),
    query="what did Neil Armstrong study in college?",
)
NUMBERED = Node(4, "and in 1972?", depends_on=(1,))
CONVERSATIONS = {
    "revision": (Memory((TURN_1, TURN_2, TURN_3)), TURN_4),
    "follow-up": (Memory((TURN_1, TURN_2, TURN_3, ANSWERED_4)), FOLLOW_UP),
    "number": (Memory((TURN_1, TURN_2)), NUMBERED),
    "first turn": (Memory(), attrs.evolve(TURN_1, answer="")),
}
PIPELINES = {variant.value: paper_pipeline(variant) >> RrfHedge() for variant in FactsVoteVariant}
# memcore's default adds the named rejected page's demotion after the exclusion step.
PIPELINES["default"] = DEFAULT >> RrfHedge()
# The one-query systems' pipelines: a plain search (and, for rrf, the hedge after it).
PIPELINES["template"] = template_pipeline()
PIPELINES["writer-query"] = writer_query_pipeline()
PIPELINES["rrf"] = rrf_pipeline()
# Every rule must run unchanged on a fused (hybrid) retriever as on BM25 alone.
RETRIEVERS: dict[str, Retriever] = {"bm25": apollo_index(), "hybrid": apollo_hybrid()}


def _first_state(
    memory: Memory, final: Node, use_titles: bool, retriever: Retriever
) -> SearchState:
    writer_query = final.query if final.query else final.question
    context = SearchContext(memory, final, retriever, use_titles)
    return SearchState(context, final_topic(memory, final), writer_query)


def _visited() -> list[tuple[str, Stage, SearchState]]:
    """Every (case, stage, state the stage receives) of every pipeline and conversation."""
    visited = []
    for (pipeline_name, pipeline), (name, (memory, final)), titles, (
        retriever_name,
        retriever,
    ) in itertools.product(
        PIPELINES.items(), CONVERSATIONS.items(), (True, False), RETRIEVERS.items()
    ):
        state = pipeline.prepared(_first_state(memory, final, titles, retriever))
        for stage in pipeline.stages:
            titled = "titles" if titles else "no titles"
            case = f"{retriever_name}/{pipeline_name}/{name}/{titled}/{stage.name}"
            visited.append((case, stage, state))
            state = stage.run(state)
    return visited


VISITED = _visited()


@pytest.mark.parametrize(("case", "stage", "state"), VISITED, ids=[v[0] for v in VISITED])
def test_every_stage_meets_the_stage_contract(case: str, stage: Stage, state: SearchState) -> None:
    assert isinstance(stage, Stage)
    assert stage.name.strip()
    assert isinstance(stage.phase, Phase)
    after = stage.run(state)
    assert isinstance(after, SearchState)
    # Pure: the same state in gives an equal state out, and the input is left as it was.
    again = stage.run(state)
    assert again == after
    assert again.trace == after.trace and again.candidates == after.candidates
    assert after.context == state.context
    # No candidate is dropped: stages add passages and move scores, never remove them.
    assert set(state.candidates.ids()) <= set(after.candidates.ids())
    # The stage says what it did, or why it did nothing, under its own name.
    added = after.trace[len(state.trace) :]
    assert after.trace[: len(state.trace)] == state.trace
    assert added and all(entry.stage == stage.name for entry in added)


def test_every_stage_kind_is_checked() -> None:
    kinds = {type(stage) for _, stage, _ in VISITED}
    assert {type(stage) for pipeline in PIPELINES.values() for stage in pipeline.stages} == kinds
    assert {stage.phase for _, stage, _ in VISITED} == set(Phase)


ALL_STAGES = PIPELINES[FactsVoteVariant.TOPIOCQA.value].stages


@given(st.permutations(ALL_STAGES))
def test_a_pipeline_is_made_only_in_phase_order(stages: list[Stage]) -> None:
    in_order = all(a.phase <= b.phase for a, b in itertools.pairwise(stages))
    if in_order:
        assert Pipeline(stages).stages == tuple(stages)
    else:
        with pytest.raises(ValueError, match="cannot run after"):
            Pipeline(stages)


def test_appending_a_stage_of_an_earlier_phase_is_refused() -> None:
    with pytest.raises(ValueError, match=r"number rule \(rewrite phase\) cannot run after"):
        _ = PIPELINES[FactsVoteVariant.ORQUAC.value] >> ALL_STAGES[0]
