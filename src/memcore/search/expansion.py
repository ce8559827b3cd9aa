"""Candidate expansion: passages that later rules name but retrieval did not return.

The title prior, the exclusion step and the OR-QuAC facts vote act on whole pages; this stage
asks each later stage in the pipeline which pages it will touch and adds their missing
passages, scored for every fused query and standardised on that query's existing scale, so
the retrieved candidates' scores do not change (spec/search-pipeline.md). It is the only stage
that adds candidates; leave it out to keep the rules within the retrieved set.
"""

from __future__ import annotations

import attrs

from memcore.search.scored import ScoredPassage
from memcore.search.stages import Phase, SearchState, TraceEntry

EXPANSION_RULE = "search-pipeline.expansion"
SCALE_RULE = "search-pipeline.expansion-scale"


@attrs.frozen
class ExpandCandidates:
    """Add the passages of every page the later stages will act on."""

    @property
    def phase(self) -> Phase:
        return Phase.EXPAND

    @property
    def name(self) -> str:
        return "candidate expansion"

    def run(self, state: SearchState) -> SearchState:
        reached: dict[str, str] = {}
        for stage in state.reachers:
            pages, state = stage.reach(state)
            for page in pages:
                reached.setdefault(page, getattr(stage, "name", type(stage).__name__))
        corpus = state.context.retriever.corpus
        present = set(state.candidates.ids())
        new_ids: dict[str, str] = {}
        for page, by in reached.items():
            for doc_id in corpus.passages_of(page):
                if doc_id not in present:
                    new_ids.setdefault(doc_id, by)
        if not new_ids:
            return state.traced(TraceEntry(self.name, EXPANSION_RULE, "no passage added"))
        ids = tuple(new_ids)
        raw = [state.context.retriever.score(fq.query, ids) for fq in state.queries]
        added = [
            ScoredPassage(
                doc_id,
                corpus.title_of(doc_id),
                tuple(
                    fq.part(float(scores.get(doc_id, 0.0)))
                    for fq, scores in zip(state.queries, raw, strict=True)
                ),
                reached_by=by,
            )
            for doc_id, by in new_ids.items()
        ]
        names = ", ".join(repr(page) for page in reached)
        entry = TraceEntry(
            self.name,
            EXPANSION_RULE,
            f"added {len(added)} passages of {names}",
            state.context.final.turn,
        )
        return attrs.evolve(state, candidates=state.candidates.extended(added)).traced(entry)
