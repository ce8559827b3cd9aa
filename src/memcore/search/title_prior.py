"""The title prior: passages whose page name is the final topic gain a constant.

Page titles and the topic are compared by name: a trailing bracketed qualifier and case are
ignored on both sides (spec/titles.md), so after a move to "Avatar (2004 film)" the passages
of "Avatar (2009 film)" are raised too, as the paper reports (spec/search-title-prior.md).
"""

from __future__ import annotations

import attrs

from memcore.search.config import PAPER
from memcore.search.corpus import Corpus
from memcore.search.scored import Candidates, PartKind, ScorePart
from memcore.search.stages import EMPTY_MEMORY_RULE, Phase, SearchState, TraceEntry
from memcore.search.titles import title_key

TITLE_PRIOR_RULE = "search-title-prior.raise"
NO_TITLES_RULE = "search-title-prior.no-titles"


def title_prior_pages(topic: str | None, corpus: Corpus) -> tuple[str, ...]:
    """The page titles the title prior raises for `topic`: those with the same name, sorted."""
    if topic is None or not title_key(topic):
        return ()
    return corpus.pages_named(topic)


def apply_title_prior(
    candidates: Candidates, topic: str | None, amount: float, cause: str
) -> Candidates:
    """Add `amount` to every candidate whose page name is `topic`'s name."""
    if topic is None or not title_key(topic):
        return candidates
    key = title_key(topic)
    part = ScorePart(PartKind.TITLE_PRIOR, amount, TITLE_PRIOR_RULE, topic, cause)
    return candidates.adding(
        lambda _rank, passage: part if passage.title and title_key(passage.title) == key else None
    )


@attrs.frozen
class TitlePrior:
    """Raise the passages whose page is named as the final topic by `amount`."""

    amount: float = PAPER.title_prior

    @property
    def phase(self) -> Phase:
        return Phase.ADJUST

    @property
    def name(self) -> str:
        return "title prior"

    def reach(self, state: SearchState) -> tuple[tuple[str, ...], SearchState]:
        """Every page with the final topic's name."""
        if not state.context.use_titles or state.context.memory_empty:
            return (), state
        return title_prior_pages(state.topic, state.context.retriever.corpus), state

    def run(self, state: SearchState) -> SearchState:
        turn = state.context.final.turn
        if not state.context.use_titles:
            return state.traced(TraceEntry(self.name, NO_TITLES_RULE, "skipped: no page titles"))
        if state.topic is None:
            return state.traced(
                TraceEntry(self.name, TITLE_PRIOR_RULE, "skipped: no final topic", turn)
            )
        # With an empty memory the topic is the writer's reading of the question alone:
        # raising its page backs a guess that no earlier turn supports.
        if state.context.memory_empty:
            return state.traced(
                TraceEntry(self.name, EMPTY_MEMORY_RULE, "skipped: the memory is empty", turn)
            )
        via = " (set by the number rule)" if state.number_rewrite is not None else ""
        cause = f"turn {turn}: final topic {state.topic!r}{via}"
        raised = apply_title_prior(state.candidates, state.topic, self.amount, cause)
        count = sum(1 for passage in raised.passages if passage.has(PartKind.TITLE_PRIOR))
        entry = TraceEntry(
            self.name,
            TITLE_PRIOR_RULE,
            f"+{self.amount:g} to {count} passages named {state.topic!r}",
            turn,
        )
        return attrs.evolve(state, candidates=raised).traced(entry)
