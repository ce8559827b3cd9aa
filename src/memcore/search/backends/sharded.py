"""BM25 over a collection split into shards, each held by a Ray actor (the `ray` and `bm25` extras).

The corpus is cut into N contiguous shards. Each shard's statistics (passage count, summed
length, document frequencies) are computed by a Ray task, summed once by the driver, and every
actor builds a bm25s index of its shard scored with the collection's statistics
(`global_bm25`), so a passage's score is the single index's, bit for bit. A query fans out to
every shard; the shards' top k are merged by the `Ranking` rule (score, then id), which gives
the single index's top k. `score` asks only the shards that own the ids.

Failures: actors are created with `max_restarts`, so Ray restarts one that dies (its
constructor rebuilds the shard from the passages and statistics kept in Ray's object store). A
call to a dead or restarting actor is retried, with a growing wait, up to `RetryPolicy.attempts`
times; the shards that answered are kept and only the lost ones are asked again. A query is
never answered from fewer shards: a shard still down after the retries is a
`ShardUnavailable` value (`try_search`, `try_score`), raised as `ShardDownError` by the
`Retriever` methods `search` and `score`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.search.backends.global_bm25 import (
    GlobalStatistics,
    ShardStatistics,
    build_shard,
    merge_statistics,
    shard_statistics,
)
from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.ray_connect import join_ray
from memcore.search.corpus import Corpus
from memcore.search.values import Passage, Query, Ranking

T = TypeVar("T")


@attrs.frozen
class ShardUnavailable:
    """Shard `shard` did not answer after `attempts` tries: `problem` is the last error."""

    shard: int
    attempts: int
    problem: str

    def __str__(self) -> str:
        return f"shard {self.shard} unavailable after {self.attempts} attempts: {self.problem}"


class ShardDownError(RuntimeError):
    """Raised by `search`/`score` (the `Retriever` protocol returns plain values)."""

    def __init__(self, error: ShardUnavailable):
        super().__init__(str(error))
        self.error = error


def _positive(_instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if value <= 0:
        raise ValueError(f"{attribute.name} must be positive, got {value!r}")


@attrs.frozen
class RetryPolicy:
    """How long a lost shard is waited for: `attempts` calls in all, the waits between them
    starting at `first_wait_s` and doubling up to `max_wait_s`; each call may take up to
    `call_timeout_s` (a restarting actor rebuilds its shard before it answers)."""

    attempts: int = attrs.field(default=6, validator=_positive)
    first_wait_s: float = attrs.field(default=0.25, validator=_positive)
    max_wait_s: float = attrs.field(default=4.0, validator=_positive)
    call_timeout_s: float = attrs.field(default=120.0, validator=_positive)

    def wait_before(self, attempt: int) -> float:
        """The pause before try number `attempt` (1-based; none before the first)."""
        return 0.0 if attempt <= 1 else min(self.max_wait_s, self.first_wait_s * 2 ** (attempt - 2))


class ShardActor:
    """One shard's index, inside a Ray actor. Ray re-runs the constructor on a restart."""

    def __init__(
        self,
        passages: tuple[Passage, ...],
        statistics: GlobalStatistics,
        params: BM25Parameters,
        include_title: bool,
    ):
        self.index = build_shard(Corpus(passages), statistics, params, include_title)

    def search(self, query: Query, k: int) -> Ranking:
        return self.index.search(query, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        return dict(self.index.score(query, doc_ids))

    def ready(self) -> bool:
        return True

    def node(self) -> str:
        """The Ray node this shard lives on."""
        import ray

        return str(ray.get_runtime_context().get_node_id())


def _statistics_task(passages: tuple[Passage, ...], include_title: bool) -> ShardStatistics:
    return shard_statistics(Corpus(passages), include_title)


def shard_count_problem(shards: int, passages: int) -> str | None:
    """Why `passages` cannot be split into `shards` shards, or None: every shard holds at
    least one passage (one Ray actor each, so a count beyond the passages would only start
    idle actors, by the thousand for a mistyped count)."""
    if shards < 1:
        return f"shards must be at least 1, got {shards}"
    if shards > passages:
        return (
            f"{shards} shards for {passages} passages: at most one shard per passage "
            f"(sharded:{passages} or fewer)"
        )
    return None


def shard_bounds(size: int, shards: int) -> tuple[tuple[int, int], ...]:
    """[start, end) of each of `shards` contiguous, near-equal slices of `size` passages."""
    base, extra = divmod(size, shards)
    bounds, start = [], 0
    for shard in range(shards):
        end = start + base + (1 if shard < extra else 0)
        bounds.append((start, end))
        start = end
    return tuple(bounds)


@attrs.frozen
class ShardedRetriever:
    """BM25 over `corpus` split into `len(actors)` shards held by Ray actors."""

    corpus: Corpus
    params: BM25Parameters
    policy: RetryPolicy
    _ray: Any = attrs.field(eq=False, repr=False)
    _actors: tuple[Any, ...] = attrs.field(eq=False, repr=False)
    # The shards' passages and statistics in Ray's object store: held here so that a
    # restarting actor can read its constructor's arguments again.
    _arguments: tuple[Any, ...] = attrs.field(eq=False, repr=False)
    _owner: Mapping[str, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        shards: int,
        address: str | None = None,
        params: BM25Parameters | None = None,
        include_title: bool = True,
        policy: RetryPolicy | None = None,
        max_restarts: int = 3,
    ) -> ShardedRetriever:
        """Split `corpus` into `shards`, start one actor per shard on the Ray cluster at
        `address` (None: the one already initialised, else a local one) and wait for all.

        Raises ValueError for a shard count outside 1..passages (`shard_count_problem`) and
        ConnectionError when nothing answers at `address` (`ray_connect.address_problem`),
        both before Ray is started."""
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        refused = shard_count_problem(shards, len(corpus))
        if refused is not None:
            raise ValueError(refused)
        params = params if params is not None else BM25Parameters()
        join_ray(address)
        bounds = shard_bounds(len(corpus), shards)
        parts = [ray.put(corpus.passages[start:end]) for start, end in bounds]
        counting = ray.remote(num_cpus=0)(_statistics_task)
        local = ray.get([counting.remote(part, include_title) for part in parts])
        statistics = merge_statistics(local)
        actor_class = ray.remote(ShardActor)
        restricted = [ray.put(_restricted(statistics, shard.doc_frequencies)) for shard in local]
        nodes = sorted(node["NodeID"] for node in ray.nodes() if node["Alive"])  # type: ignore[no-untyped-call]
        actors = tuple(
            actor_class.options(
                num_cpus=0,
                max_restarts=max_restarts,
                max_task_retries=0,  # memcore retries itself, never answering from fewer shards
                # Round robin over the nodes; soft, so a restart may go to another node.
                scheduling_strategy=NodeAffinitySchedulingStrategy(
                    nodes[shard % len(nodes)], soft=True
                ),
            ).remote(part, shard_statistics_ref, params, include_title)
            for shard, (part, shard_statistics_ref) in enumerate(
                zip(parts, restricted, strict=True)
            )
        )
        ray.get([actor.ready.remote() for actor in actors])  # type: ignore[attr-defined]
        owner = {
            passage.id: shard
            for shard, (start, end) in enumerate(bounds)
            for passage in corpus.passages[start:end]
        }
        return cls(
            corpus=corpus,
            params=params,
            policy=policy if policy is not None else RetryPolicy(),
            ray=ray,
            actors=actors,
            arguments=(*parts, *restricted),
            owner=owner,
        )

    @property
    def supports_weights(self) -> bool:
        """Per-term query weights are applied exactly, as by bm25s."""
        return True

    @property
    def shard_count(self) -> int:
        """The number of shards (one actor each)."""
        return len(self._actors)

    def actor(self, shard: int) -> Any:
        """The Ray actor handle of `shard` (tests kill it to check recovery)."""
        return self._actors[shard]

    def try_search(self, query: Query, k: int) -> Result[Ranking, ShardUnavailable]:
        """The top `k` over every shard, or the shard that stayed down."""
        if k <= 0:
            return Success(Ranking())
        answers = self._ask(
            range(len(self._actors)), lambda actor, _shard: actor.search.remote(query, k)
        )
        return answers.map(
            lambda rankings: Ranking.from_scores(
                ((hit.doc_id, hit.score) for ranking in rankings.values() for hit in ranking.hits),
                k,
            )
        )

    def try_score(
        self, query: Query, doc_ids: Sequence[str]
    ) -> Result[Mapping[str, float], ShardUnavailable]:
        """The score of each of `doc_ids`, asked of their owning shards only (KeyError for an
        id that is not in the corpus)."""
        wanted: dict[int, list[str]] = {}
        for doc_id in dict.fromkeys(doc_ids):
            if doc_id not in self._owner:
                raise KeyError(f"passage id {doc_id!r} is not in the corpus")
            wanted.setdefault(self._owner[doc_id], []).append(doc_id)
        answers = self._ask(wanted, lambda actor, shard: actor.score.remote(query, wanted[shard]))
        return answers.map(
            lambda scores: {doc_id: part[doc_id] for part in scores.values() for doc_id in part}
        )

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages (ShardDownError when a shard stays down)."""
        return or_raise(self.try_search(query, k))

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """Scores by id (KeyError for an unknown id, ShardDownError for a shard down)."""
        scores = or_raise(self.try_score(query, doc_ids))
        return {doc_id: scores[doc_id] for doc_id in doc_ids}

    def _ask(
        self, shards: Iterable[int], call: Callable[[Any, int], Any]
    ) -> Result[dict[int, Any], ShardUnavailable]:
        return ask_shards(self._ray, self._actors, self.policy, shards, call)


def ask_shards(
    ray: Any,
    actors: Sequence[Any],
    policy: RetryPolicy,
    shards: Iterable[int],
    call: Callable[[Any, int], Any],
) -> Result[dict[int, Any], ShardUnavailable]:
    """Every shard's answer to `call(actor, shard)`, lost shards asked again as `policy`
    allows; the shards that answered are not asked again. An exception raised by the shard's
    own code is re-raised (a bug, not a lost shard)."""
    answers: dict[int, Any] = {}
    pending = list(shards)
    problem = ""
    for attempt in range(1, policy.attempts + 1):
        time.sleep(policy.wait_before(attempt))
        futures = {shard: call(actors[shard], shard) for shard in pending}
        lost = []
        for shard, future in futures.items():
            try:
                answers[shard] = ray.get(future, timeout=policy.call_timeout_s)
            except ray.exceptions.RayTaskError as error:
                raise error.as_instanceof_cause() from None
            except (ray.exceptions.RayError, TimeoutError) as error:
                lost.append(shard)
                problem = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        if not lost:
            return Success(answers)
        pending = lost
    return Failure(ShardUnavailable(pending[0], policy.attempts, problem))


def _restricted(statistics: GlobalStatistics, terms: Mapping[str, int]) -> GlobalStatistics:
    """The collection statistics for one shard's terms only (what its actor needs)."""
    frequencies = statistics.doc_frequencies
    return attrs.evolve(statistics, doc_frequencies={term: frequencies[term] for term in terms})


def or_raise(result: Result[T, ShardUnavailable]) -> T:
    """The value, or `ShardDownError` for a shard that stayed down."""
    if isinstance(result, Failure):
        raise ShardDownError(result.failure())
    return result.unwrap()
