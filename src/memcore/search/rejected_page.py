"""The named rejected page: after a revision, push down the page the user rejected by name.

An option beside the paper's exclusion step (spec/search-exclusion.md, "The named rejected
page"). The paper's step finds the rejected page from the last facts and moves the ranking
only when another page shares its name. A page the user rejects by name without a namesake
("not Rachel Green, Friends") is left alone there, and its passages, which often mention the
intended topic many times, can still rank first. With `RejectedPage.DEMOTED` every passage
of a page whose full title is a topic the final node abandons loses the exclusion constant.

Titles match with spaces collapsed and case ignored, but with any bracketed qualifier kept:
rejecting "Apollo 13" leaves "Apollo 13 (film)" alone. A passage the title prior raised (its
page is named as the final topic) or the exclusion step already lowered keeps its score.
Without page titles, or after the number rule, the stage does not run.
"""

from __future__ import annotations

import re

import attrs

from memcore.search.config import PAPER
from memcore.search.exclusion import abandoned_topics
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.stages import Phase, SearchState, TraceEntry, title_rule_skip

NAMED_PAGE_RULE = "search-exclusion.named-page"
NO_TITLES_RULE = "search-exclusion.no-titles"

_SPACES = re.compile(r"\s+")


def full_title_key(title: str) -> str:
    """A page title compared whole: spaces collapsed, case ignored, qualifier kept."""
    return _SPACES.sub(" ", title).strip().casefold()


def demote_named_pages(
    candidates: Candidates, rejected: tuple[str, ...], amount: float, cause: str
) -> Candidates:
    """Take `amount` from every passage whose full title is one of `rejected`, except passages
    the title prior raised or the exclusion step already moved."""
    keys = {full_title_key(name): name for name in rejected if full_title_key(name)}

    def part_for(_rank: int, passage: ScoredPassage) -> ScorePart | None:
        name = keys.get(full_title_key(passage.title)) if passage.title else None
        if name is None or passage.has(PartKind.TITLE_PRIOR) or passage.has(PartKind.EXCLUSION):
            return None
        return ScorePart(PartKind.EXCLUSION, -amount, NAMED_PAGE_RULE, f"rejected {name}", cause)

    return candidates.adding(part_for)


@attrs.frozen
class RejectedPageDemotion:
    """Lower the passages of the pages the final node abandons by name, by `amount`."""

    amount: float = PAPER.exclusion

    @property
    def phase(self) -> Phase:
        return Phase.ADJUST

    @property
    def name(self) -> str:
        return "rejected page"

    def run(self, state: SearchState) -> SearchState:
        skip = title_rule_skip(self.name, NO_TITLES_RULE, state)
        if skip is not None:
            return state.traced(skip)
        turn = state.context.final.turn
        rejected = abandoned_topics(state.context.final)
        if not rejected:
            message = "not applied: the final turn abandons no topic"
            return state.traced(TraceEntry(self.name, NAMED_PAGE_RULE, message, turn))
        names = ", ".join(repr(name) for name in rejected)
        cause = f"turn {turn} abandons {names}"
        lowered = demote_named_pages(state.candidates, rejected, self.amount, cause)
        count = sum(
            1
            for before, after in zip(state.candidates.passages, lowered.passages, strict=True)
            if len(after.parts) > len(before.parts)
        )
        message = f"-{self.amount:g} to {count} passages of pages titled {names}"
        entry = TraceEntry(self.name, NAMED_PAGE_RULE, message, turn)
        return attrs.evolve(state, candidates=lowered).traced(entry)
