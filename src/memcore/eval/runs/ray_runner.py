"""Running a system on a Ray cluster (the `ray` extra): for evaluations that outgrow one machine.

Each Ray worker is an actor that receives the whole `RunSpec`, opens the corpus once (from the
shared index cache when the cluster shares a file system, else by indexing it) and builds the
system once; conversations are sharded over the actors, and the results are merged back in
question order, so the run is identical to the single-process run.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from returns.result import Failure, Result, Success

from memcore.eval.datasets.questions import Question
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.runs.runner import RunOutcome, Shard, ShardRanker, by_conversation, merge_shards
from memcore.eval.runs.spec import RunSpec
from memcore.search.backends.ray_connect import address_problem


class _Worker:
    """One actor's state: the shard ranker built from the spec."""

    def __init__(self, corpus: str, spec: RunSpec):
        from memcore.eval.runs.systems import Original, make_system
        from memcore.eval.runs.writing import memory_builders
        from memcore.search.backends.open import open_retriever

        index = open_retriever(Path(corpus), spec.retrieval).unwrap()
        builders = memory_builders(spec.writer, index.retriever)
        system = make_system(
            spec.system, index.retriever, builders, spec.horizon, spec.search
        ).unwrap()
        self.ranker = ShardRanker(system, Original(index.retriever), spec.k)

    def rank(self, shard: tuple[Question, ...]) -> Shard:
        return self.ranker.rank(shard)


def run_on_ray(
    corpus: Path,
    questions: Sequence[Question],
    spec: RunSpec,
    workers: int = 2,
    address: str | None = None,
) -> Result[RunOutcome, EvalError]:
    """Rank `questions` as `spec` says on Ray (`address` None starts a local Ray)."""
    try:
        import ray
    except ImportError as error:
        return Failure(
            EvalError(EvalErrorCode.RAY, f"running on Ray needs the `ray` extra ({error})")
        )
    if not ray.is_initialized():
        # Checked first: `ray.init` waits minutes for a cluster that is not there.
        unreachable = address_problem(address)
        if unreachable is not None:
            return Failure(EvalError(EvalErrorCode.RAY, unreachable))
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    actor_class: Any = ray.remote(_Worker)
    actors = [actor_class.remote(str(corpus), spec) for _ in range(max(1, workers))]
    shards = by_conversation(questions)
    futures = [actors[n % len(actors)].rank.remote(shard) for n, shard in enumerate(shards)]
    try:
        ranked: list[Shard] = ray.get(futures)
    except Exception as error:  # a worker that cannot start (bad corpus, unknown system)
        return Failure(EvalError(EvalErrorCode.RAY, f"Ray workers failed: {error}"))
    finally:
        for actor in actors:
            ray.kill(actor)
    return Success(merge_shards(questions, ranked))
