"""Running one system over a questions file: fallbacks, failures, process workers, progress.

A question whose system fails (a failure value, or an exception inside the system) is ranked
by the original question instead and reported. With `workers > 1`, conversations are spread
over forked processes (each inherits the loaded index); the run is merged back in question
order, so it is identical to the single-process run.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs
from returns.result import Failure, Result

from memcore.eval.datasets.questions import Question
from memcore.eval.errors import QuestionFailure, RankError, RankErrorCode
from memcore.eval.runs.systems import Original, RewriteSystem, System
from memcore.search.values import Ranking


@attrs.frozen
class RunOutcome:
    """A run (question id to ranking, in question order) and the questions that fell back."""

    run: dict[str, Ranking]
    failures: tuple[QuestionFailure, ...]


def _attempt(system: System, question: Question, k: int) -> Result[Ranking, RankError]:
    if isinstance(system, RewriteSystem):
        # The only place an evaluation field reaches a system: the oracle's rewrite.
        return system.rank_rewrite(question.judgement.rewrite, k)
    return system.rank(question.dialogue, k)


def rank_question(
    system: System, fallback: Original, question: Question, k: int
) -> tuple[Ranking, QuestionFailure | None]:
    """The system's ranking for one question, or the fallback's with the reason it was needed."""
    try:
        result = _attempt(system, question, k)
    except Exception as error:  # a crashing system must not end the whole run
        result = Failure(RankError(RankErrorCode.CRASH, f"{type(error).__name__}: {error}"))
    if isinstance(result, Failure):
        # The fallback's own failure leaves the question unranked.
        ranking = fallback.rank(question.dialogue, k).value_or(Ranking())
        return ranking, QuestionFailure(question.id, str(result.failure()))
    return result.unwrap(), None


def by_conversation(questions: Sequence[Question]) -> list[tuple[Question, ...]]:
    """Questions grouped by conversation, groups in order of first appearance (the shards)."""
    groups: dict[str, list[Question]] = {}
    for question in questions:
        groups.setdefault(question.conversation_id, []).append(question)
    return [tuple(group) for group in groups.values()]


Shard = tuple[tuple[str, Ranking, QuestionFailure | None], ...]


@attrs.frozen
class ShardRanker:
    """What a worker needs to rank shards: the system, its fallback and the depth."""

    system: System
    fallback: Original
    k: int

    def rank(self, shard: tuple[Question, ...]) -> Shard:
        """Each question of `shard` with its ranking and its failure, if it fell back."""
        return tuple(
            (question.id, *rank_question(self.system, self.fallback, question, self.k))
            for question in shard
        )


def merge_shards(questions: Sequence[Question], shards: Iterable[Shard]) -> RunOutcome:
    """The run in question order from the ranked shards, in any order."""
    ranked = {
        question_id: (ranking, failure)
        for shard in shards
        for question_id, ranking, failure in shard
    }
    run = {question.id: ranked[question.id][0] for question in questions}
    failures = tuple(
        failure for question in questions if (failure := ranked[question.id][1]) is not None
    )
    return RunOutcome(run, failures)


# Set in the parent just before forking; the children inherit it (fork start method).
_FORKED: list[ShardRanker] = []


def _rank_forked(shard: tuple[Question, ...]) -> Shard:
    return _FORKED[0].rank(shard)


def _progress(total: int, enabled: bool, label: str) -> Any:
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=label, unit="q", leave=False)


def run_questions(
    questions: Sequence[Question],
    system: System,
    fallback: Original,
    k: int = 100,
    workers: int = 1,
    progress: bool = False,
) -> RunOutcome:
    """Rank every question with `system` (falling back to `fallback` where it fails)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    bar = _progress(len(questions), progress, system.name)
    ranker = ShardRanker(system, fallback, k)

    def counted(shards: Iterator[Shard]) -> Iterator[Shard]:
        for shard in shards:
            if bar is not None:
                bar.update(len(shard))
            yield shard

    outcome = merge_shards(
        questions, counted(_shard_results(by_conversation(questions), ranker, workers))
    )
    if bar is not None:
        bar.close()
    return outcome


def _shard_results(
    shards: list[tuple[Question, ...]], ranker: ShardRanker, workers: int
) -> Iterator[Shard]:
    if workers == 1 or len(shards) < 2:
        yield from map(ranker.rank, shards)
        return
    _FORKED[:] = [ranker]
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(min(workers, len(shards))) as pool:
            yield from pool.imap(_rank_forked, shards)
    finally:
        _FORKED.clear()
