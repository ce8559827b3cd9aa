"""Running a system on a Ray cluster (the `ray` extra): for evaluations that outgrow one machine.

Each Ray worker is an actor that opens the corpus once (from the shared index cache when the
cluster shares a file system, else by indexing it) and builds the system once; conversations
are sharded over the actors, and the results are merged back in question order, so the run is
identical to the single-process run.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from returns.result import Failure, Result, Success

from memcore.eval.errors import QuestionFailure
from memcore.eval.questions import Question
from memcore.eval.runner import RunOutcome, by_conversation, rank_question
from memcore.search.values import Ranking


class _Worker:
    """One actor's state: the opened index, the system and its fallback."""

    def __init__(
        self,
        corpus: str,
        backend: str,
        system: str,
        writer: str,
        horizon: int | None,
        exclusion_source: str,
        facts_vote_fallback: str,
    ):
        import attrs

        from memcore.eval.index import open_index
        from memcore.eval.systems import Original, make_system
        from memcore.eval.writing import memory_builders
        from memcore.search.config import PAPER, ExclusionSource, FactsVoteFallback

        index = open_index(Path(corpus), backend).unwrap()
        builders = memory_builders(writer, index.retriever)
        search = attrs.evolve(
            PAPER,
            exclusion_source=ExclusionSource(exclusion_source),
            facts_vote_fallback=FactsVoteFallback(facts_vote_fallback),
        )
        self.system = make_system(system, index.retriever, builders, horizon, search).unwrap()
        self.fallback = Original(index.retriever)

    def rank(
        self, shard: tuple[Question, ...], k: int
    ) -> list[tuple[str, Ranking, QuestionFailure | None]]:
        results = []
        for question in shard:
            ranking, failure = rank_question(self.system, self.fallback, question, k)
            results.append((question.id, ranking, failure))
        return results


def run_on_ray(
    corpus: Path,
    backend: str,
    questions: Sequence[Question],
    system: str,
    writer: str = "rules",
    horizon: int | None = None,
    k: int = 100,
    workers: int = 2,
    address: str | None = None,
    exclusion_source: str = "last-nodes",
    facts_vote_fallback: str = "every-node",
) -> Result[RunOutcome, str]:
    """Rank `questions` with `system` on Ray (`address` None starts a local Ray);
    `exclusion_source` is an `ExclusionSource` value, `facts_vote_fallback` a
    `FactsVoteFallback` value."""
    try:
        import ray
    except ImportError as error:
        return Failure(f"running on Ray needs the `ray` extra ({error})")
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    actor_class: Any = ray.remote(_Worker)
    actors = [
        actor_class.remote(
            str(corpus), backend, system, writer, horizon, exclusion_source, facts_vote_fallback
        )
        for _ in range(max(1, workers))
    ]
    shards = by_conversation(questions)
    futures = [actors[n % len(actors)].rank.remote(shard, k) for n, shard in enumerate(shards)]
    try:
        ranked = {
            question_id: (ranking, failure)
            for shard_result in ray.get(futures)
            for question_id, ranking, failure in shard_result
        }
    except Exception as error:  # a worker that cannot start (bad corpus, unknown system)
        return Failure(f"Ray workers failed: {error}")
    finally:
        for actor in actors:
            ray.kill(actor)
    run = {question.id: ranked[question.id][0] for question in questions}
    failures = tuple(
        failure for question in questions if (failure := ranked[question.id][1]) is not None
    )
    return Success(RunOutcome(run, failures))
