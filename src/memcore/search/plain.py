"""One query searched alone, keeping the retriever's own scores: the stage of the systems that
compare one query with the full pipeline (the template query, the writer's query) and, with
the RRF hedge after it, of the reciprocal rank fusion of the writer's query and the question.

Nothing is standardised: each passage's one base part is its raw score, so the ranking is
exactly the retriever's (spec/search-pipeline.md, `search-pipeline.plain`).
"""

from __future__ import annotations

import enum

import attrs

from memcore.search.config import PAPER
from memcore.search.retriever import PlannedSearch
from memcore.search.scored import Candidates, PartKind, ScoredPassage
from memcore.search.stages import FusedQuery, Phase, SearchState, TraceEntry
from memcore.search.standardise import Scale
from memcore.search.template import (
    TEMPLATE_RULE,
    UNNAMED_TOPIC_RULE,
    for_retriever,
    template_query,
    template_topic,
)
from memcore.search.values import Query

PLAIN_RULE = "search-pipeline.plain"
# Raw scores are kept as they are: on this scale a passage's z-score is its raw score, so
# candidate expansion, if a pipeline adds it, scores new passages alike.
RAW = Scale(0.0, 1.0)


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


class SearchedQuery(enum.Enum):
    """Which query a plain search sends."""

    # The writer's query (the final question where the writer gave none).
    WRITER = "writer"
    # The template query: the final topic, weighted, then the final question.
    TEMPLATE = "template"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


@attrs.frozen
class PlainSearch:
    """Search the top `depth` passages for one query, scored by the retriever alone; the
    template counts each topic token `topic_weight` times (search-template.shape)."""

    query: SearchedQuery = SearchedQuery.WRITER
    depth: int = attrs.field(default=PAPER.candidate_depth, validator=_positive)
    topic_weight: float = PAPER.topic_weight

    @property
    def phase(self) -> Phase:
        return Phase.RETRIEVE

    @property
    def name(self) -> str:
        return "plain search"

    def planned(self, state: SearchState) -> FusedQuery:
        """The query sent for `state`, with how its scores are explained."""
        final = state.context.final
        if self.query is SearchedQuery.WRITER:
            cause = f"turn {final.turn}: writer query {state.writer_query!r}, raw scores"
            return FusedQuery(
                "writer", Query.of(state.writer_query), RAW, PartKind.BASE, PLAIN_RULE, cause
            )
        # The template exactly as the fusion builds it: without page titles a lower-case topic
        # is no name and is not weighted (search-template.unnamed-topic).
        weighted = template_topic(state.topic, state.context.use_titles)
        template = template_query(weighted, final.question, self.topic_weight)
        if state.topic and weighted is None:
            rule = UNNAMED_TOPIC_RULE
            cause = f"turn {final.turn}: topic {state.topic!r} is no name: question alone"
        else:
            topic = state.topic if state.topic else "(none)"
            rule = TEMPLATE_RULE
            cause = f"turn {final.turn}: topic {topic!r} x{self.topic_weight:g} + question"
        sent = for_retriever(template, state.context.retriever)
        return FusedQuery("template", sent, RAW, PartKind.BASE, rule, f"{cause}, raw scores")

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The search `run` sends: the query's top `depth`."""
        return (PlannedSearch(self.planned(state).query, self.depth),)

    def run(self, state: SearchState) -> SearchState:
        """The candidates become the query's top `depth`, each scored by its raw score."""
        query = self.planned(state)
        retriever = state.context.retriever
        ranking = retriever.search(query.query, self.depth)
        corpus = retriever.corpus
        passages = [
            ScoredPassage(hit.doc_id, corpus.title_of(hit.doc_id), (query.part(hit.score),))
            for hit in ranking.hits
        ]
        entry = TraceEntry(
            self.name,
            PLAIN_RULE,
            f"{len(passages)} candidates: the top {self.depth} of the {query.label} query",
            state.context.final.turn,
        )
        return attrs.evolve(state, candidates=Candidates(passages), queries=(query,)).traced(entry)
