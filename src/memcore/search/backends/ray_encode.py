"""Encoding a corpus's passages on Ray (the `ray` extra): for corpora past one machine's patience.

The batches are planned once, in the driver, exactly as one process plans them
(`length_sorted_batches`); they are dealt round-robin into shards (each shard gets long and
short batches alike), and each actor loads the encoder itself from an `EncoderSpec` and
encodes whole batches. A passage is therefore encoded in the same batch, with the same
padding, as in one process, and the assembled matrix has the same bytes.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np
from returns.result import Failure, Result, Success

from memcore.search.backends.dense import (
    Encoder,
    Matrix,
    ModelLoadError,
    Runtime,
    fast_runtime,
    length_sorted_batches,
    load_encoder,
)
from memcore.search.backends.ray_connect import CONNECT_TIMEOUT_S, address_problem
from memcore.search.retrieval import RetrievalError, RetrievalErrorCode

INIT_BOUND = 3
"""Joining a cluster may take this many connect timeouts before it is given up."""

SHARDS_PER_WORKER = 4
"""Shards per actor: a slow actor delays the end by a quarter of its share, not all of it."""


@attrs.frozen
class EncoderSpec:
    """How to load an encoder (`load_encoder`'s arguments), sent whole to Ray workers."""

    model_path: str | None = None
    fast: bool = False
    quantise: bool = False
    runtime: Runtime = Runtime.TORCH
    cache_dir: str | None = None

    @classmethod
    def fast_path(cls, cache_dir: Path, model_path: Path | None = None) -> EncoderSpec:
        """The spec of `load_fast_encoder(cache_dir, model_path)`."""
        runtime, quantise = fast_runtime()
        path = None if model_path is None else str(model_path)
        return cls(path, True, quantise, runtime, str(cache_dir))

    def loaded(self) -> Encoder:
        """The encoder this spec names; a model that cannot be loaded is a RuntimeError (what
        a Ray actor's constructor reports)."""
        found = self.load()
        if isinstance(found, Failure):
            raise RuntimeError(str(found.failure()))
        return found.unwrap()

    def load(self) -> Result[Encoder, ModelLoadError]:
        """The encoder this spec names."""
        return load_encoder(
            None if self.model_path is None else Path(self.model_path),
            self.fast,
            self.quantise,
            self.runtime,
            None if self.cache_dir is None else Path(self.cache_dir),
        )


class _EncodingWorker:
    """One actor: the encoder, loaded once."""

    def __init__(self, spec: EncoderSpec):
        self.encoder = spec.load().unwrap()

    def encode(self, texts: list[str], batches: list[tuple[int, ...]]) -> Matrix:
        return self.encoder.encode_batches(texts, batches)


def deal_shards(
    batches: Sequence[tuple[int, ...]], shards: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`batches` dealt round-robin into at most `shards` non-empty shards."""
    count = max(1, min(shards, len(batches)))
    return tuple(tuple(batches[start::count]) for start in range(count) if batches[start::count])


def encode_on_ray(
    spec: EncoderSpec,
    texts: Sequence[str],
    batch_size: int = 32,
    workers: int = 2,
    address: str | None = None,
    connect_timeout_s: float = CONNECT_TIMEOUT_S,
) -> Result[Matrix, RetrievalError]:
    """The embeddings of `texts` (row i for `texts[i]`), encoded by `workers` Ray actors;
    the same bytes as `spec.load().unwrap().encode(texts, batch_size)` in one process.
    `address` None starts a local Ray (when none is running in this process). An address
    that accepts no connection within `connect_timeout_s`, or where Ray cannot start, is a
    `RetrievalError` (code `RAY`) in one line, before any wait of Ray's own."""
    try:
        import ray
    except ImportError as error:
        return Failure(
            RetrievalError(
                RetrievalErrorCode.RAY, f"encoding on Ray needs the `ray` extra ({error})"
            )
        )
    shards = deal_shards(length_sorted_batches(texts, batch_size), workers * SHARDS_PER_WORKER)
    if not shards:
        return spec.load().map(lambda encoder: encoder.encode([])).alt(_load_error)
    if not ray.is_initialized():
        started = _started_ray(ray, address, connect_timeout_s)
        if started is not None:
            return Failure(started)
    actor_class: Any = ray.remote(_EncodingWorker)
    actors = [actor_class.remote(spec) for _ in range(max(1, min(workers, len(shards))))]
    futures, positions = [], []
    for number, shard in enumerate(shards):
        # An actor receives only its passages, renumbered; batches keep their members.
        members = [index for batch in shard for index in batch]
        local, start = [], 0
        for batch in shard:
            local.append(tuple(range(start, start + len(batch))))
            start += len(batch)
        shard_texts = [texts[index] for index in members]
        futures.append(actors[number % len(actors)].encode.remote(shard_texts, local))
        positions.append(members)
    try:
        encoded: list[Matrix] = ray.get(futures)
    except Exception as error:  # an actor that cannot load the encoder
        return Failure(
            RetrievalError(RetrievalErrorCode.RAY, f"Ray encoding workers failed: {error}")
        )
    finally:
        for actor in actors:
            ray.kill(actor)
    rows = np.zeros((len(texts), encoded[0].shape[1]), dtype=np.float32)
    for members, shard_rows in zip(positions, encoded, strict=True):
        rows[members] = shard_rows
    return Success(rows)


def _started_ray(ray: Any, address: str | None, connect_timeout_s: float) -> RetrievalError | None:
    """Start (or join) Ray at `address`, or why not. The address is checked first, as
    `ray.init` waits minutes for a cluster that is not there; joining a cluster is bounded
    too (`INIT_BOUND`), as a port that accepts connections but is not Ray's holds `ray.init`
    for as long."""
    unreachable = address_problem(address, connect_timeout_s)
    if unreachable is not None:
        return RetrievalError(RetrievalErrorCode.RAY, unreachable)
    outcome: list[BaseException | None] = []

    def start() -> None:
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
            outcome.append(None)
        except Exception as error:  # Ray reports a failed join with several exception types
            outcome.append(error)

    if address is None:
        start()
    else:
        joining = threading.Thread(target=start, name="memcore-ray-init", daemon=True)
        joining.start()
        joining.join(connect_timeout_s * INIT_BOUND)
    if not outcome:
        waited = connect_timeout_s * INIT_BOUND
        return RetrievalError(
            RetrievalErrorCode.RAY,
            f"cannot join the Ray cluster at {address}: no answer within {waited:g} seconds "
            "(is it a Ray cluster's address?)",
        )
    error = outcome[0]
    if error is None:
        return None
    first = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return RetrievalError(RetrievalErrorCode.RAY, f"cannot start Ray at {address}: {first}")


def _load_error(error: ModelLoadError) -> RetrievalError:
    return RetrievalError(RetrievalErrorCode.MISSING_EXTRA, str(error))
