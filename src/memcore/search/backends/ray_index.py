"""An index folder served from Ray actors, one per shard (`memcore run/eval --index DIR --ray
ADDRESS`; the `bm25` and `ray` extras, and `dense` for embeddings).

Each actor opens its shard from the folder as `index_folder.open_shard` does in one process:
the BM25 matrix and the embeddings memory-mapped, checked against their checksums, nothing
built. It reads its passage ids from the shard itself, so actors need the folder (shared
storage on a cluster) but not the corpus file. It answers BM25 and dense for its passages,
and loads its own encoder to encode the query texts it is sent.

The driver holds a catalogue of the corpus (`corpus_catalogue`: ids, titles and line offsets,
no text). A query fans out to every shard and their top k are merged by the ranking rule
(`shards.merge_shard_rankings`); `score` asks only the shards that own the ids. Fusion runs
in the driver (`FusedRetriever`) over the two parts, so the candidate scores are gathered from
every shard and standardised once, with the collection's z statistics (spec
search-fused.shards). Results are those of the same folder served in one process.

Failures, as the sharded backend (`sharded`): actors restart (`max_restarts`; a restart
reopens the shard, in seconds), lost calls are retried under a `RetryPolicy`, a shard still
down after it is a `ShardUnavailable` value (`ShardDownError` from the `Retriever` methods),
and a shard that cannot be opened is an `IndexFolderError` when the folder is opened.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.search.backends.bm25s_backend import DOC_IDS_NAME
from memcore.search.backends.dense import Encoder
from memcore.search.backends.index_folder import (
    BM25_FOLDER,
    IndexFolderError,
    IndexManifest,
    ShardEntry,
    check_manifest,
    open_shard,
    read_manifest,
)
from memcore.search.backends.ray_connect import join_ray
from memcore.search.backends.sharded import (
    RetryPolicy,
    ShardUnavailable,
    ask_shards,
    or_raise,
)
from memcore.search.backends.store import read_json_file
from memcore.search.corpus import Corpus
from memcore.search.retriever import PlannedSearch, Retriever, prefetch_searches
from memcore.search.shards import merge_shard_rankings
from memcore.search.values import Passage, Query, Ranking

EncoderLoader = Callable[[], Encoder]
"""Loads the encoder inside an actor (sent to it pickled; a spec, not a loaded model)."""


class Part(enum.Enum):
    """Which of a shard's retrievers a call is for."""

    BM25 = "bm25"
    DENSE = "dense"


class IndexShardActor:
    """One shard of an index folder, inside a Ray actor. Ray re-runs the constructor on a
    restart: the shard is reopened from the folder, not rebuilt. A shard that cannot be
    opened is kept as its reason, which `ready` returns (an actor whose constructor raised
    would be restarted in vain)."""

    def __init__(
        self,
        shard_folder: str,
        entry: ShardEntry,
        content_hash: str,
        load_encoder: EncoderLoader | None,
    ):
        self.problem: str | None = None
        self.parts: dict[Part, Retriever] = {}
        where = Path(shard_folder)
        read = read_json_file(where / BM25_FOLDER / DOC_IDS_NAME)
        ids = read.value_or(None)
        if (
            not isinstance(ids, list)
            or len(ids) != entry.count
            or not all(isinstance(doc_id, str) for doc_id in ids)
        ):
            self.problem = f"{entry.name}: no readable passage ids for {entry.count} passages"
            return
        # Ids are all a shard's retrievers read of its passages (their text is in the index).
        part = Corpus(Passage(doc_id, "") for doc_id in ids)
        encoder = None if load_encoder is None else load_encoder()
        opened = open_shard(where, part, content_hash, encoder)
        if isinstance(opened, Failure):
            self.problem = f"{entry.name}: {opened.failure()}"
            return
        lexical, dense = opened.unwrap()
        self.parts[Part.BM25] = lexical
        if dense is not None:
            self.parts[Part.DENSE] = dense

    def ready(self) -> str | None:
        """None once the shard is open; else why it could not be."""
        return self.problem

    def search(self, part: Part, query: Query, k: int) -> Ranking:
        return self.parts[part].search(query, k)

    def score(self, part: Part, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        return dict(self.parts[part].score(query, doc_ids))

    def prefetch(self, part: Part, searches: Sequence[PlannedSearch]) -> None:
        prefetch_searches(self.parts[part], searches)

    def resident_mib(self) -> float:
        """This actor's resident memory now (Linux), for the benches."""
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    def process_id(self) -> int:
        """The actor's process id (tests end it to check recovery)."""
        return os.getpid()


@attrs.frozen
class RayShards:
    """The actors serving an index folder's shards, and which shard owns each passage."""

    policy: RetryPolicy
    _ray: Any = attrs.field(eq=False, repr=False)
    _actors: tuple[Any, ...] = attrs.field(eq=False, repr=False)
    _owner: Mapping[str, int] = attrs.field(eq=False, repr=False)

    @property
    def count(self) -> int:
        return len(self._actors)

    def actor(self, shard: int) -> Any:
        """The Ray actor handle of `shard` (tests and benches ask it directly)."""
        return self._actors[shard]

    def owner_of(self, doc_id: str) -> int:
        """The shard holding `doc_id` (KeyError for an id that is not in the corpus)."""
        return self._owner[doc_id]

    def ask(
        self, shards: Sequence[int], call: Callable[[Any, int], Any]
    ) -> Result[dict[int, Any], ShardUnavailable]:
        return ask_shards(self._ray, self._actors, self.policy, shards, call)


@attrs.frozen
class RayShardPart:
    """One part (BM25 or dense) of the shards on Ray, as one retriever over `corpus`."""

    corpus: Corpus
    part: Part
    shards: RayShards

    @property
    def supports_weights(self) -> bool:
        return self.part is Part.BM25

    def try_search(self, query: Query, k: int) -> Result[Ranking, ShardUnavailable]:
        """The top `k` over every shard, or the shard that stayed down."""
        if k <= 0:
            return Success(Ranking())
        answers = self.shards.ask(
            range(self.shards.count),
            lambda actor, _shard: actor.search.remote(self.part, query, k),
        )
        return answers.map(
            lambda rankings: merge_shard_rankings(
                [rankings[shard] for shard in sorted(rankings)], k
            )
        )

    def try_score(
        self, query: Query, doc_ids: Sequence[str]
    ) -> Result[Mapping[str, float], ShardUnavailable]:
        """Each of `doc_ids` scored by its shard (KeyError for an id not in the corpus)."""
        wanted: dict[int, list[str]] = {}
        for doc_id in dict.fromkeys(doc_ids):
            wanted.setdefault(self.shards.owner_of(doc_id), []).append(doc_id)
        answers = self.shards.ask(
            sorted(wanted),
            lambda actor, shard: actor.score.remote(self.part, query, wanted[shard]),
        )
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

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Each shard prepares the searches (dense: one pass over its embeddings)."""
        if self.part is Part.DENSE and searches:
            planned = tuple(searches)
            or_raise(
                self.shards.ask(
                    range(self.shards.count),
                    lambda actor, _shard: actor.prefetch.remote(self.part, planned),
                )
            )


@attrs.frozen
class RayServedIndex:
    """An index folder served from Ray actors: BM25 over its shards, and dense where asked."""

    manifest: IndexManifest
    shards: RayShards
    lexical: RayShardPart
    dense: RayShardPart | None


def serve_on_ray(
    folder: Path,
    corpus: Corpus,
    content_hash: str,
    load_encoder: EncoderLoader | None = None,
    address: str | None = None,
    policy: RetryPolicy | None = None,
    max_restarts: int = 3,
) -> Result[RayServedIndex, IndexFolderError]:
    """Serve `folder` for `corpus` (a catalogue is enough: ids and titles) from one Ray actor
    per shard, on the cluster at `address` (None: the Ray already joined, else a local one).
    With `load_encoder`, the embeddings too; each actor loads its own encoder and checks the
    shard's embeddings were made by it. Ray that cannot be joined is a `ConnectionError`."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    shown = str(folder)
    read = read_manifest(folder)
    if isinstance(read, Failure):
        return Failure(read.failure())
    manifest = read.unwrap()
    refused = check_manifest(folder, manifest, len(corpus), content_hash, None)
    if refused is not None:
        return Failure(refused)
    if load_encoder is not None and manifest.encoder is None:
        return Failure(IndexFolderError(shown, "holds no embeddings (built for bm25 only)"))
    join_ray(address)
    nodes = sorted(node["NodeID"] for node in ray.nodes() if node["Alive"])  # type: ignore[no-untyped-call]
    actor_class = ray.remote(IndexShardActor)
    actors: tuple[Any, ...] = tuple(
        actor_class.options(
            num_cpus=0,
            max_restarts=max_restarts,
            max_task_retries=0,  # retried by `ask_shards`, never answering from fewer shards
            # Round robin over the nodes; soft, so a restart may go to another node.
            scheduling_strategy=NodeAffinitySchedulingStrategy(
                nodes[shard % len(nodes)], soft=True
            ),
        ).remote(str(folder.resolve() / entry.name), entry, content_hash, load_encoder)
        for shard, entry in enumerate(manifest.shards)
    )
    problems = ray.get([actor.ready.remote() for actor in actors])
    for problem in problems:
        if problem is not None:
            for actor in actors:
                ray.kill(actor)
            return Failure(IndexFolderError(shown, problem))
    owner = {
        passage.id: shard
        for shard, entry in enumerate(manifest.shards)
        for passage in corpus.passages[entry.first : entry.first + entry.count]
    }
    shards = RayShards(policy if policy is not None else RetryPolicy(), ray, actors, owner)
    return Success(
        RayServedIndex(
            manifest,
            shards,
            RayShardPart(corpus, Part.BM25, shards),
            None if load_encoder is None else RayShardPart(corpus, Part.DENSE, shards),
        )
    )
