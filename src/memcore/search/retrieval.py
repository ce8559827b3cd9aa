"""How passages are retrieved, as typed values: the BM25 backend, the retriever kind (bm25,
dense, hybrid), the hybrid's fusion weights, the BM25 tokenisation's stemming, and how the
work is spread (`Execution`).

`memcore.search.backends.open.open_retriever` opens what a `Retrieval` names over a corpus
file; the command lines read these values from `--backend`, `--retriever`,
`--fusion-weights` and `--stem` through the `known_*` functions, which build nothing, so a
misspelt name is refused before any corpus is read.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.search.tokenize import STEMMINGS, Stemming


class RetrievalErrorCode(enum.Enum):
    """What kind of problem stops a retriever from being named or opened."""

    UNKNOWN_BACKEND = "unknown_backend"
    BAD_SPEC = "bad_spec"
    BAD_CORPUS = "bad_corpus"
    BAD_OUTPUT = "bad_output"
    BAD_INDEX = "bad_index"
    MISSING_EXTRA = "missing_extra"
    RAY = "ray"


@attrs.frozen
class RetrievalError:
    """A retriever that cannot be named or opened: a stable `code` and the one-line message a
    user reads."""

    code: RetrievalErrorCode
    message: str

    def __str__(self) -> str:
        return self.message


_Named = TypeVar("_Named", bound=enum.Enum)


class Backend(enum.Enum):
    """The index a corpus is searched with."""

    # bm25s (the `bm25` extra), its index cached on disk by corpus hash.
    BM25S = "bm25s"
    # memcore's pure-Python BM25, built in memory.
    MEMORY = "memory"
    # Lucene's own BM25 on a memory-mapped index (the `lucene` extra, Java 21), cached on disk
    # by corpus hash; one Java VM per process, so no forked workers (Ray actors are fine).
    LUCENE = "lucene"
    # bm25s over `Retrieval.shards` Ray actors with global statistics (the `ray` and `bm25`
    # extras): the single index's scores, on a cluster (`--ray ADDRESS`) or a local Ray.
    SHARDED = "sharded"
    # rank-bm25's BM25Okapi (the `bm25` extra), its own formula, built in memory: for
    # comparisons with systems built on rank-bm25 (docs/backends.md), not for new results.
    RANK_BM25 = "rank-bm25"


BACKENDS = tuple(backend.value for backend in Backend)


def _named(kind: type[_Named], name: str, what: str, known: str) -> Result[_Named, RetrievalError]:
    """The member of `kind` whose value is `name`, or the error that lists the known ones."""
    try:
        return Success(kind(name))
    except ValueError:
        return Failure(
            RetrievalError(
                RetrievalErrorCode.UNKNOWN_BACKEND, f"unknown {what} {name!r} (known: {known})"
            )
        )


def known_backend(name: str) -> Result[Backend, RetrievalError]:
    """The backend called `name`, or the error that lists the known ones."""
    return _named(Backend, name, "backend", f"{', '.join(BACKENDS)}, sharded:N")


class RetrieverKind(enum.Enum):
    """What ranks the passages: BM25, the dense encoder, or both fused (z-scores summed)."""

    BM25 = "bm25"
    DENSE = "dense"
    HYBRID = "hybrid"


RETRIEVER_KINDS = tuple(kind.value for kind in RetrieverKind)


def known_retriever(name: str) -> Result[RetrieverKind, RetrievalError]:
    """The retriever called `name`, or the error that lists the known ones."""
    return _named(RetrieverKind, name, "retriever", ", ".join(RETRIEVER_KINDS))


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


def _weight(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not 0.0 <= value < float("inf"):
        raise ValueError(f"{attribute.name} must be finite and at least 0, got {value!r}")


def known_retrieval(name: str) -> Result[Retrieval, RetrievalError]:
    """The retrieval `--backend name` asks for: a backend, or `sharded:N` (N shards)."""
    backend_name, colon, count = name.partition(":")
    if not colon:
        if name == Backend.SHARDED.value:
            message = "backend 'sharded' needs a shard count: sharded:N"
            return Failure(RetrievalError(RetrievalErrorCode.UNKNOWN_BACKEND, message))
        return known_backend(name).map(Retrieval)
    if backend_name != Backend.SHARDED.value:
        return known_backend(name).map(Retrieval)
    if not count.isdigit() or int(count) < 1:
        message = f"backend {name!r}: the shard count must be a whole number of at least 1"
        return Failure(RetrievalError(RetrievalErrorCode.UNKNOWN_BACKEND, message))
    return Success(Retrieval(Backend.SHARDED, shards=int(count)))


# `--retriever lucene` and `--retriever sharded:N` (the names issue 11 gives them) are short for
# `--backend lucene|sharded:N --retriever bm25`: those backends are retrievers in their own right.
BACKEND_RETRIEVERS = (Backend.LUCENE.value, Backend.SHARDED.value)


def known_retrieval_options(
    backend: str | None, retriever: str
) -> Result[Retrieval, RetrievalError]:
    """The retrieval `--backend backend --retriever retriever` ask for (`backend` None: not
    given, bm25s). `retriever` is a `RetrieverKind`, or `lucene` / `sharded:N` for BM25 on
    that backend, which a different `--backend` contradicts."""
    kind = known_retriever(retriever)
    if not isinstance(kind, Failure):
        chosen = known_retrieval(Backend.BM25S.value if backend is None else backend)
        return chosen.map(lambda retrieval: attrs.evolve(retrieval, retriever=kind.unwrap()))
    if retriever.partition(":")[0] not in BACKEND_RETRIEVERS:
        known = ", ".join(RETRIEVER_KINDS)
        message = (
            f"unknown retriever {retriever!r} (known: {known}; lucene or sharded:N for bm25 "
            "on that backend)"
        )
        return Failure(RetrievalError(RetrievalErrorCode.UNKNOWN_BACKEND, message))
    if backend is not None and backend != retriever:
        message = (
            f"--retriever {retriever} is bm25 on the {retriever} backend; "
            f"it contradicts --backend {backend}"
        )
        return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
    return known_retrieval(retriever)


# The weights of the hybrid retriever's z-scores, bm25 and dense (they sum to 1). Tuned on the
# tuning parts only (MTRAG dev, iKAT dev; docs/bench-hybrid.md, "Tuning the fusion weights"):
# the dense weight of {0.5, 0.6, 0.7, 0.8} with the best mean memrevise MRR@10 over the two
# (.591 at 0.6; 0.5 to 0.8 lie within .004 of each other, far inside the intervals).
TUNED_LEXICAL_WEIGHT = 0.4
TUNED_DENSE_WEIGHT = 0.6

# Hybrid is the default where the encoder is installed: it measured better than bm25 on the
# tuning parts (docs/bench-hybrid.md, "Tuning parts" and "Tuning the fusion weights").
DEFAULT_RETRIEVER = RetrieverKind.HYBRID
# Without the encoder the default is bm25 (the base install: light and offline).
FALLBACK_RETRIEVER = RetrieverKind.BM25

FUSION_PARTS = ("bm25", "dense")
"""The parts `--fusion-weights` names, in `Retrieval`'s order (lexical, dense)."""


def known_fusion_weights(text: str) -> Result[tuple[float, float], RetrievalError]:
    """The (bm25, dense) weights `--fusion-weights bm25=W,dense=W` gives: each part named once,
    each weight a finite number at least 0, not both 0."""
    shape = f"--fusion-weights {text!r}: expected bm25=W,dense=W"
    weights: dict[str, float] = {}
    for item in text.split(","):
        name, equals, value = item.strip().partition("=")
        if not equals or name not in FUSION_PARTS or name in weights:
            return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, shape))
        try:
            weight = float(value)
        except ValueError:
            return Failure(
                RetrievalError(RetrievalErrorCode.BAD_SPEC, f"{shape} ({value!r} is no number)")
            )
        if not 0.0 <= weight < float("inf"):
            message = f"{shape} (weights must be finite and at least 0, got {value})"
            return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
        weights[name] = weight
    if set(weights) != set(FUSION_PARTS):
        return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, shape))
    if not any(weights.values()):
        message = f"{shape} (at least one weight must be above 0)"
        return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
    return Success((weights["bm25"], weights["dense"]))


def known_stemming(name: str) -> Result[Stemming, RetrievalError]:
    """The stemming `--stem name` asks for, or the error that lists the known ones."""
    return _named(Stemming, name, "stemming", ", ".join(STEMMINGS))


# The backends that tokenise with `memcore.search.tokenize.index_terms` and so can stem; Lucene
# analyses with memcore's unstemmed terms, the sharded and rank-bm25 backends are unstemmed.
STEMMING_BACKENDS = (Backend.BM25S, Backend.MEMORY)


def _stemmable(instance: Retrieval, _attribute: attrs.Attribute[Stemming], value: Stemming) -> None:
    if value is not Stemming.NONE and instance.backend not in STEMMING_BACKENDS:
        raise ValueError(
            f"stemming {value.value!r} needs the bm25s or memory backend, "
            f"not {instance.backend.value}"
        )


@attrs.frozen
class Retrieval:
    """How passages are retrieved: the lexical `backend` (for `bm25` and `hybrid`) and its
    `shards` (the Ray actors of the `sharded` backend; 1 for the others), the `retriever` kind,
    and for `hybrid` the weight of each part's z-scores (default: the tuned weights;
    memcore.search.fused), and the `stemming` of the BM25 index terms (default none: the
    words as `memcore.search.tokenize.tokenize` gives them; bm25s and memory backends only)."""

    backend: Backend = Backend.BM25S
    # Named, not positional: a count and a kind are easily swapped.
    shards: int = attrs.field(default=1, validator=_positive, kw_only=True)
    retriever: RetrieverKind = attrs.field(default=RetrieverKind.BM25, kw_only=True)
    lexical_weight: float = attrs.field(
        default=TUNED_LEXICAL_WEIGHT, validator=_weight, kw_only=True
    )
    dense_weight: float = attrs.field(default=TUNED_DENSE_WEIGHT, validator=_weight, kw_only=True)
    stemming: Stemming = attrs.field(default=Stemming.NONE, validator=_stemmable, kw_only=True)

    @property
    def searches_lexical(self) -> bool:
        """Whether the lexical `backend` is searched (by `bm25` and `hybrid`, not `dense`)."""
        return self.retriever is not RetrieverKind.DENSE

    def with_fusion_weights(self, text: str | None) -> Result[Retrieval, RetrievalError]:
        """This retrieval with the weights `--fusion-weights text` gives (None: not given,
        unchanged); refused for a retriever that fuses nothing."""
        if text is None:
            return Success(self)
        if self.retriever is not RetrieverKind.HYBRID:
            message = (
                f"--fusion-weights weighs the parts of --retriever hybrid, "
                f"not {self.retriever.value}"
            )
            return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
        return known_fusion_weights(text).map(
            lambda weights: attrs.evolve(self, lexical_weight=weights[0], dense_weight=weights[1])
        )

    def with_stemming(self, name: str | None) -> Result[Retrieval, RetrievalError]:
        """This retrieval with the stemming `--stem name` names (None: not given, unchanged);
        refused for a retriever that searches no BM25 index and for a backend that cannot
        stem."""
        if name is None:
            return Success(self)
        return known_stemming(name).bind(self._stemmed)

    def _stemmed(self, stemming: Stemming) -> Result[Retrieval, RetrievalError]:
        if stemming is Stemming.NONE:
            return Success(attrs.evolve(self, stemming=stemming))
        if not self.searches_lexical:
            message = (
                f"--stem stems the BM25 index terms; --retriever {self.retriever.value} "
                "searches no BM25 index"
            )
            return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
        if self.backend not in STEMMING_BACKENDS:
            message = (
                f"--stem {stemming.value} needs the bm25s or memory backend, "
                f"not {self.backend.value}"
            )
            return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
        return Success(attrs.evolve(self, stemming=stemming))


@attrs.frozen
class Execution:
    """How a run is spread; the rankings are the same either way."""

    workers: int = attrs.field(default=1, validator=_positive)
    # Run on Ray: "local" starts a local Ray, anything else is a cluster address. With the
    # sharded backend the shards live there and the questions are ranked by the driver.
    ray: str | None = None
    # Serve the indexes `memcore index` built in this folder (or in one of its subfolders,
    # the one built from the corpus searched) instead of building or caching them.
    index: Path | None = None

    @property
    def ray_address(self) -> str | None:
        """The cluster address to connect to; None for a local Ray (or no Ray)."""
        return None if self.ray in (None, "local") else self.ray


def spread_problem(retrieval: Retrieval, execution: Execution) -> RetrievalError | None:
    """Why `retrieval` cannot be run spread as `execution` says, or None.

    A forked worker inherits the parent's Java VM without its threads, and Java calls from it
    hang or crash; Lucene runs therefore use one process, or Ray actors (each starts its own).
    A sharded run, or an index folder served on Ray, ranks in the driver, its shards being
    the Ray actors.
    """
    if execution.index is not None and execution.ray is not None and execution.workers > 1:
        # The shards are the parallel part; a forked child cannot use the driver's Ray link.
        return _unspreadable(
            "--index with --ray cannot use --workers (its shards are the Ray workers)"
        )
    if not retrieval.searches_lexical:
        return None
    backend = retrieval.backend
    if backend is Backend.LUCENE and execution.workers > 1 and not execution.ray:
        return _unspreadable(
            "the lucene backend cannot use forked --workers (one Java VM per process); "
            "use --ray for parallel runs",
        )
    if backend is Backend.SHARDED and execution.workers > 1:
        # The shards are the parallel part; a forked child cannot use the driver's Ray link.
        return _unspreadable(
            "the sharded backend cannot use --workers (its shards are the Ray workers)"
        )
    return None


def _unspreadable(message: str) -> RetrievalError:
    return RetrievalError(RetrievalErrorCode.BAD_SPEC, message)


DEFAULT_RETRIEVAL = Retrieval()
"""bm25s BM25 (the commands pick hybrid where the encoder is installed)."""

ONE_PROCESS = Execution()
"""The default: one process, no Ray."""
