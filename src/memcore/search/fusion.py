"""The fusion stage: the writer's query and the template query, standardised and summed.

When the number rule has fired, the search uses the writer's query with the new name alone
(search-number-rule.query), and its parts are reported as the number rule's.
"""

from __future__ import annotations

import attrs

from memcore.search.config import PAPER
from memcore.search.retriever import PlannedSearch
from memcore.search.scored import Candidates, PartKind, ScoredPassage
from memcore.search.stages import EMPTY_MEMORY_RULE, FusedQuery, Phase, SearchState, TraceEntry
from memcore.search.standardise import FUSION_RULE, fuse
from memcore.search.template import (
    TEMPLATE_RULE,
    UNNAMED_TOPIC_RULE,
    for_retriever,
    template_query,
    template_topic,
)
from memcore.search.values import Query

NUMBER_QUERY_RULE = "search-number-rule.query"


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


@attrs.frozen
class PlannedQuery:
    """A query the fusion will send, with how its scores will be explained and the weight
    its z-scores count with."""

    label: str
    query: Query
    kind: PartKind
    rule: str
    cause: str
    weight: float = 1.0


@attrs.frozen
class WriterAndTemplateFusion:
    """Fuse the writer's query with the template query (or the writer's query alone when
    `template` is False): union of each query's top `depth`, z-scored, summed with the
    template's z-scores counted `template_weight` times (search-template.weight)."""

    template: bool = True
    depth: int = attrs.field(default=PAPER.candidate_depth, validator=_positive)
    topic_weight: float = PAPER.topic_weight
    template_weight: float = PAPER.template_weight

    @property
    def phase(self) -> Phase:
        return Phase.RETRIEVE

    @property
    def name(self) -> str:
        return "fusion"

    def plan(self, state: SearchState) -> tuple[PlannedQuery, ...]:
        """The queries this stage sends for `state`: the writer's query rewritten by the number
        rule alone, or the writer's query and (unless switched off) the template query."""
        final = state.context.final
        rewrite = state.number_rewrite
        if rewrite is not None:
            cause = (
                f"turn {final.turn}: number rule replaced {rewrite.old_number} by "
                f"{rewrite.new_number} ({rewrite.old_topic} -> {rewrite.new_topic})"
            )
            query = Query.of(rewrite.query)
            return (PlannedQuery("writer", query, PartKind.NUMBER_RULE, NUMBER_QUERY_RULE, cause),)
        writer = PlannedQuery(
            "writer",
            Query.of(state.writer_query),
            PartKind.BASE,
            FUSION_RULE,
            f"turn {final.turn}: writer query {state.writer_query!r}",
        )
        # With an empty memory the template's topic is words of the question read twice: no
        # earlier turn stands behind it (search-pipeline.empty-memory).
        if not self.template or state.context.memory_empty:
            return (writer,)
        weighted = template_topic(state.topic, state.context.use_titles)
        question = final.question if state.question is None else state.question
        template = template_query(weighted, question, self.topic_weight)
        if state.topic and weighted is None:
            rule = UNNAMED_TOPIC_RULE
            cause = f"turn {final.turn}: topic {state.topic!r} is no name: question alone"
        else:
            topic = state.topic if state.topic else "(none)"
            rule = TEMPLATE_RULE
            cause = f"turn {final.turn}: topic {topic!r} x{self.topic_weight:g} + question"
        if self.template_weight != 1.0:
            cause = f"{cause}; z-scores x{self.template_weight:g}"
        return (
            writer,
            PlannedQuery(
                "template",
                for_retriever(template, state.context.retriever),
                PartKind.BASE,
                rule,
                cause,
                self.template_weight,
            ),
        )

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The searches `run` sends: each planned query's top `depth`."""
        return tuple(PlannedSearch(planned.query, self.depth) for planned in self.plan(state))

    def run(self, state: SearchState) -> SearchState:
        """Retrieve, standardise and sum; the candidates are replaced by the fused union."""
        planned = self.plan(state)
        fused = fuse(state.context.retriever, [(p.label, p.query) for p in planned], self.depth)
        described = tuple(
            FusedQuery(p.label, p.query, scores.scale, p.kind, p.rule, p.cause, p.weight)
            for p, scores in zip(planned, fused.queries, strict=True)
        )
        corpus = state.context.retriever.corpus
        passages = [
            ScoredPassage(
                doc_id,
                corpus.title_of(doc_id),
                tuple(
                    fq.z_part(scores.z[doc_id])
                    for fq, scores in zip(described, fused.queries, strict=True)
                ),
            )
            for doc_id in fused.candidates
        ]
        labels = ", ".join(fq.label for fq in described)
        entry = TraceEntry(
            self.name,
            FUSION_RULE,
            f"{len(passages)} candidates from the top {self.depth} of: {labels}",
            state.context.final.turn,
        )
        fused_state = attrs.evolve(state, candidates=Candidates(passages), queries=described)
        if self.template and state.context.memory_empty and state.number_rewrite is None:
            skipped = TraceEntry(
                self.name,
                EMPTY_MEMORY_RULE,
                "template skipped: the memory is empty",
                state.context.final.turn,
            )
            return fused_state.traced(entry).traced(skipped)
        return fused_state.traced(entry)
