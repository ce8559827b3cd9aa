"""Page votes: the passages of a ranking vote for their page with weight 1/rank.

Used by the facts vote and by topic repair (spec/search-facts-vote.md). Passages without a
page title do not vote. The winner is the page with the most votes; equal votes go to the
page whose title sorts first (code-point order), so the outcome never depends on dict order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from memcore.search.corpus import Corpus
from memcore.search.values import Ranking

VOTE_RULE = "search-facts-vote.votes"


def page_votes(rankings: Iterable[Ranking], corpus: Corpus, depth: int) -> dict[str, float]:
    """Each page's votes: the sum of 1/rank over its passages in each ranking's top `depth`."""
    votes: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc_id in enumerate(ranking.ids()[:depth], start=1):
            title = corpus.title_of(doc_id)
            if title:
                votes[title] = votes.get(title, 0.0) + 1.0 / rank
    return votes


def winning_page(votes: Mapping[str, float]) -> str | None:
    """The page with the most votes, ties to the title that sorts first; None without votes."""
    if not votes:
        return None
    return min(votes, key=lambda title: (-votes[title], title))
