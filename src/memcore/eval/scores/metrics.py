"""Per-question metrics: MRR@10, NDCG@3, Recall@10, Recall@100 and stale-first.

The four ranking metrics come from `ir_measures` (trec_eval's implementations, `eval` extra).
A run is evaluated in its own rank order: each passage is given the score `depth - rank`
before evaluation, because trec_eval re-sorts ties by passage id, which could reorder a run
whose scores tie. A question with no ranked passage scores 0 on every metric.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from memcore.eval.datasets.questions import Judgement
from memcore.search.values import Ranking

METRICS = ("mrr@10", "ndcg@3", "recall@10", "recall@100")
PRIMARY = "mrr@10"
STALE_FIRST = "stale_first"


@attrs.frozen
class QuestionScores:
    """One question's metrics; `stale_first` is None for a question with no stale passage."""

    values: Mapping[str, float]
    stale_first: bool | None

    def get(self, metric: str) -> float | None:
        """A metric's value (`stale_first` as 0/1, None where undefined)."""
        if metric == STALE_FIRST:
            return None if self.stale_first is None else float(self.stale_first)
        return self.values[metric]


def stale_outranks_gold(ranking: Ranking, judgement: Judgement) -> bool | None:
    """Whether a stale passage is ranked above every gold passage (None with no stale passage).

    A gold passage missing from the ranking counts as ranked below all of it.
    """
    if not judgement.stale:
        return None
    gold = set(judgement.gold)
    stale = set(judgement.stale)
    for doc_id in ranking.ids():
        if doc_id in gold:
            return False
        if doc_id in stale:
            return True
    return False


def score_run(
    judgements: Mapping[str, Judgement], run: Mapping[str, Ranking]
) -> dict[str, QuestionScores]:
    """Metrics of every judged question (in the judgements' order) for `run`."""
    import ir_measures
    from ir_measures import RR, Qrel, R, ScoredDoc, nDCG

    measures = {"mrr@10": RR @ 10, "ndcg@3": nDCG @ 3, "recall@10": R @ 10, "recall@100": R @ 100}
    qrels = [
        Qrel(question_id, doc_id, 1)
        for question_id, judgement in judgements.items()
        for doc_id in judgement.gold
    ]
    scored: list[ScoredDoc] = []
    for question_id, ranking in run.items():
        if question_id not in judgements:
            continue
        depth = len(ranking)
        scored.extend(
            ScoredDoc(question_id, hit.doc_id, float(depth - rank))
            for rank, hit in enumerate(ranking.hits)
        )
    values: dict[str, dict[str, float]] = {
        question_id: dict.fromkeys(METRICS, 0.0) for question_id in judgements
    }
    names = {str(measure): name for name, measure in measures.items()}
    if scored:
        for metric in ir_measures.iter_calc(list(measures.values()), qrels, scored):
            values[metric.query_id][names[str(metric.measure)]] = float(metric.value)
    empty = Ranking()
    return {
        question_id: QuestionScores(
            values[question_id], stale_outranks_gold(run.get(question_id, empty), judgement)
        )
        for question_id, judgement in judgements.items()
    }
