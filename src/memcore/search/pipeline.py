"""The MemRevise search pipeline as a visible value, and the final-turn entry point.

A `Pipeline` is a tuple of frozen stages run in order, plus the title switch. It compares by
structure and prints as its stages joined by `>>`. `pipeline >> stage` appends a stage (`>>`
is left-associative, so `a >> b >> c` runs a, then b, then c); `without(Kind)` drops stages
for an ablation; `without_titles()` switches the title-based rules off (as for CORAL).
"""

from __future__ import annotations

import itertools

import attrs
from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.replay import replay
from memcore.search.config import (
    DEFAULT_SEARCH,
    PAPER,
    FactsVoteVariant,
    RejectedPage,
    SearchConfig,
    TitleUse,
)
from memcore.search.description import ReferentByDescription
from memcore.search.exclusion import Exclusion
from memcore.search.expansion import ExpandCandidates
from memcore.search.explain import ExplainedRanking
from memcore.search.facts_vote import FactsVote
from memcore.search.fusion import WriterAndTemplateFusion
from memcore.search.hedge import RrfHedge
from memcore.search.number_rule import NumberRule
from memcore.search.plain import PlainSearch, SearchedQuery
from memcore.search.referent import ReferentByFit
from memcore.search.rejected_page import RejectedPageDemotion
from memcore.search.retriever import PlannedSearch, Retriever, prefetch_searches
from memcore.search.stages import (
    Phase,
    PlansSearches,
    ReachesPages,
    SearchContext,
    SearchState,
    Stage,
)
from memcore.search.title_prior import TitlePrior


def _stages(values: tuple[Stage, ...] | list[Stage]) -> tuple[Stage, ...]:
    return tuple(values)


def _in_phase_order(_instance: object, _attribute: object, stages: tuple[Stage, ...]) -> None:
    for before, after in itertools.pairwise(stages):
        if after.phase < before.phase:
            raise ValueError(
                f"{after.name} ({after.phase.name.lower()} phase) cannot run after "
                f"{before.name} ({before.phase.name.lower()} phase)"
            )


@attrs.frozen(repr=False)
class Pipeline:
    """Stages run in order, which keeps their phases' order (checked when the pipeline is
    made); `titles` says whether the title-based rules run."""

    stages: tuple[Stage, ...] = attrs.field(
        default=(), converter=_stages, validator=_in_phase_order
    )
    titles: TitleUse = TitleUse.AUTO

    def __repr__(self) -> str:
        flow = " >> ".join(repr(stage) for stage in self.stages) or "(no stages)"
        titles = "" if self.titles is TitleUse.AUTO else f", titles={self.titles.value}"
        return f"Pipeline({flow}{titles})"

    def describe(self) -> str:
        """The pipeline as text: its stages in order, joined by `>>`."""
        return repr(self)

    def phases(self) -> tuple[str, ...]:
        """Each stage's name and phase, in order: `number rule (rewrite)`."""
        return tuple(f"{stage.name} ({stage.phase.name.lower()})" for stage in self.stages)

    def __rshift__(self, stage: Stage) -> Pipeline:
        return attrs.evolve(self, stages=(*self.stages, stage))

    def without(self, *kinds: type) -> Pipeline:
        """This pipeline without the stages of the given types (an ablation)."""
        return attrs.evolve(self, stages=tuple(s for s in self.stages if not isinstance(s, kinds)))

    def without_named(self, *names: str) -> Pipeline:
        """This pipeline without the stages whose `name` is one of `names` ("title prior")."""
        return attrs.evolve(self, stages=tuple(s for s in self.stages if s.name not in names))

    def without_titles(self) -> Pipeline:
        """This pipeline with the title-based rules off (corpora without page titles)."""
        return attrs.evolve(self, titles=TitleUse.OFF)

    def uses_titles(self, retriever: Retriever) -> bool:
        """Whether the title-based rules run against `retriever`'s corpus."""
        if self.titles is TitleUse.AUTO:
            return retriever.corpus.has_titles
        return self.titles is TitleUse.ON

    def prepared(self, state: SearchState) -> SearchState:
        """`state` as the first stage receives it: with this pipeline's stages past the
        expansion phase that reach pages as its `reachers` (candidate expansion asks them)."""
        reachers = tuple(
            stage
            for stage in self.stages
            if stage.phase > Phase.EXPAND and isinstance(stage, ReachesPages)
        )
        return attrs.evolve(state, reachers=reachers)

    def run(self, state: SearchState) -> SearchState:
        """Thread the `prepared` state through the stages. Once the rewrite phase is done, the
        searches the remaining stages plan are handed to the retriever together (`prefetch`),
        which a dense retriever answers in one pass over its embeddings."""
        state = self.prepared(state)
        prefetched = False
        for position, stage in enumerate(self.stages):
            if not prefetched and stage.phase > Phase.REWRITE:
                prefetch_searches(state.context.retriever, self.planned(state, position))
                prefetched = True
            state = stage.run(state)
        return attrs.evolve(state, reachers=())

    def planned(self, state: SearchState, start: int = 0) -> tuple[PlannedSearch, ...]:
        """The searches the stages from `start` on plan for `state`, each once, in order."""
        searches: dict[PlannedSearch, None] = {}
        for stage in self.stages[start:]:
            if isinstance(stage, PlansSearches):
                searches.update(dict.fromkeys(stage.planned_searches(state)))
        return tuple(searches)


def paper_pipeline(
    variant: FactsVoteVariant = FactsVoteVariant.TOPIOCQA, config: SearchConfig = PAPER
) -> Pipeline:
    """MemRevise's search: number rule, writer + template fusion, candidate expansion, title
    prior, facts vote (TopiOCQA or OR-QuAC variant) and exclusion, each stage given its own
    options from `config`; with `RejectedPage.DEMOTED`, the named rejected page's demotion
    last."""
    named_page: tuple[Stage, ...] = ()
    if config.rejected_page is RejectedPage.DEMOTED:
        named_page = (RejectedPageDemotion(amount=config.exclusion),)
    referent: tuple[Stage, ...] = ()
    if config.referent_margin is not None:
        referent = (ReferentByFit(margin=config.referent_margin, topic_weight=config.topic_weight),)
    if config.description_words is not None:
        referent = (*referent, ReferentByDescription(min_words=config.description_words))
    return Pipeline(
        (
            NumberRule(max_words=config.number_rule_max_words),
            *referent,
            WriterAndTemplateFusion(
                template=True,
                depth=config.candidate_depth,
                topic_weight=config.topic_weight,
                template_weight=config.template_weight,
            ),
            ExpandCandidates(),
            TitlePrior(amount=config.title_prior),
            FactsVote(
                variant=variant,
                amount=config.facts_vote,
                depth=config.facts_vote_depth,
                within=config.facts_vote_within,
                last_nodes=config.facts_vote_nodes,
                fallback=config.facts_vote_fallback,
            ),
            Exclusion(
                amount=config.exclusion,
                last_nodes=config.exclusion_nodes,
                source=config.exclusion_source,
            ),
            *named_page,
        )
    )


def memrevise_pipeline(config: SearchConfig = DEFAULT_SEARCH, depth: int = 100) -> Pipeline:
    """The paper's pipeline (TopiOCQA facts vote) with `config`'s constants, for a ranking
    `depth` deep: each query then contributes at least its top `depth` candidates, since a
    ranking deeper than the candidates would silently stop short (the `memrevise` system)."""
    if depth > config.candidate_depth:
        config = attrs.evolve(config, candidate_depth=depth)
    return paper_pipeline(FactsVoteVariant.TOPIOCQA, config)


def template_pipeline(config: SearchConfig = DEFAULT_SEARCH, depth: int = 100) -> Pipeline:
    """The template query alone, `config.topic_weight` on the topic, the retriever's own
    scores, the top `depth` (the `template` system)."""
    return Pipeline(
        (PlainSearch(query=SearchedQuery.TEMPLATE, depth=depth, topic_weight=config.topic_weight),)
    )


def writer_query_pipeline(depth: int = 100) -> Pipeline:
    """The writer's query alone, the retriever's own scores, the top `depth` (the
    `writer-query` system); unlike `WRITER_ONLY`, nothing is standardised."""
    return Pipeline((PlainSearch(query=SearchedQuery.WRITER, depth=depth),), TitleUse.OFF)


def rrf_pipeline(depth: int = 100) -> Pipeline:
    """The reciprocal rank fusion (HEDGE-1, memcore.search.hedge) of the writer query's and the
    final question's top `depth` (the `rrf` system)."""
    return writer_query_pipeline(depth) >> RrfHedge(depth=depth)


DEFAULT = paper_pipeline(FactsVoteVariant.TOPIOCQA, DEFAULT_SEARCH)
"""memcore's default: the paper's pipeline with the TopiOCQA facts vote, and the named
rejected page lowered (`DEFAULT_SEARCH`)."""
PAPER_TOPIOCQA = paper_pipeline(FactsVoteVariant.TOPIOCQA)
"""The paper's own pipeline with the TopiOCQA facts vote."""
ORQUAC = paper_pipeline(FactsVoteVariant.ORQUAC)
"""The paper's pipeline with the OR-QuAC facts vote."""
WRITER_ONLY = Pipeline((WriterAndTemplateFusion(template=False),), TitleUse.OFF)
"""The writer's query alone: no template, no memory rules."""


@attrs.frozen
class SearchError:
    """A final-turn search that cannot run: a stable `code`, the input `field`, a message."""

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"search rejected ({self.code} at {self.field}): {self.message}"


def final_topic(history: Memory, final: Node) -> str | None:
    """The final topic: the final node's topic, else the current topic after replaying it."""
    if final.topic is not None:
        return final.topic
    current = replay((*history.nodes, final)).current
    return current.name if current is not None else None


def search_final_turn(
    memory: Memory, final: Node, retriever: Retriever, pipeline: Pipeline = DEFAULT
) -> Result[ExplainedRanking, SearchError]:
    """Rank passages for the final turn with the memory's search rules, explained.

    `memory` holds the history nodes (a last node with the final node's turn is taken to be
    the final node itself and left out). The writer's query is `final.query`, or the final
    question when the writer gave none.
    """
    nodes = memory.nodes
    if nodes and nodes[-1].turn == final.turn:
        nodes = nodes[:-1]
    if any(node.turn >= final.turn for node in nodes):
        return Failure(
            SearchError("turn_order", "final.turn", "history nodes must come before the final turn")
        )
    writer_query = final.query if final.query is not None and final.query.strip() else ""
    if not writer_query:
        writer_query = final.question
    if not writer_query.strip():
        return Failure(
            SearchError("empty_query", "final.question", "the final turn has no question or query")
        )
    history = Memory(nodes)
    context = SearchContext(history, final, retriever, pipeline.uses_titles(retriever))
    state = pipeline.run(SearchState(context, final_topic(history, final), writer_query))
    return Success(
        ExplainedRanking.of(
            state.candidates, state.topic, state.writer_query, state.queries, state.trace
        )
    )
