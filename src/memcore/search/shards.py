"""Shards of one collection searched as one: how their rankings merge (spec/search-fused.md)."""

from __future__ import annotations

from collections.abc import Sequence

from memcore.search.values import Ranking

MERGE_RULE = "search-fused.shards"


def merge_shard_rankings(rankings: Sequence[Ranking], k: int) -> Ranking:
    """The top `k` of the shards' rankings together, by the ranking rule (score, then id).
    When each shard ranks its passages by the scores one index would give them, and each
    returns its own top `k`, this is that index's top `k`."""
    hits = (hit for ranking in rankings for hit in ranking.hits)
    return Ranking.from_scores(((hit.doc_id, hit.score) for hit in hits), k)
