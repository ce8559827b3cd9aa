"""What a run computes, as one typed value: the `RunSpec`.

A run is fixed by its system, its writer, its retrieval, the search rules' constants, the
memory horizon and the depth `k`. `memcore run` and `memcore eval` build one `RunSpec` from
their options; the run, its process or Ray workers (the spec is sent whole) and its metadata
(the spec as JSON, through memcore's one converter) all read that value. How the run is
spread (`Execution`: processes or Ray) changes nothing in the output, so it stays outside.

The search options of the command line are the `SearchConfig` fields marked with
`search_option` (memcore.search.config): adding one there gives it a flag, a place in the spec,
in the workers and in the metadata.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs
import cattrs
from returns.result import Failure, Result, Success

from memcore.codec import CONVERTER
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.search.config import DEFAULT_SEARCH, SearchConfig
from memcore.writers.factory import DEFAULT_WRITER


class SystemName(enum.Enum):
    """The systems compared (see docs/evaluation.md, "Systems")."""

    MEMREVISE = "memrevise"
    MEMREVISE_DEMOTE = "memrevise+demote"
    ORIGINAL = "original"
    CONCAT = "concat"
    TEMPLATE = "template"
    WRITER_QUERY = "writer-query"
    RRF = "rrf"
    ORACLE = "oracle"
    MEMREVISE_H1 = "memrevise-h1"
    MEMREVISE_H2 = "memrevise-h2"
    CMT_TRACE = "cmt-trace"


SYSTEM_NAMES = tuple(name.value for name in SystemName)


def known_system(name: str) -> Result[SystemName, EvalError]:
    """The system called `name`, or the error that lists the known ones; it builds nothing,
    so a command can check a name before it opens a corpus."""
    try:
        return Success(SystemName(name))
    except ValueError:
        known = ", ".join(SYSTEM_NAMES)
        return Failure(
            EvalError(
                EvalErrorCode.UNKNOWN_SYSTEM, f"system {name!r}: unknown system (known: {known})"
            )
        )


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


BACKENDS = tuple(backend.value for backend in Backend)


def _named(kind: type[_Named], name: str, what: str, known: str) -> Result[_Named, EvalError]:
    """The member of `kind` whose value is `name`, or the error that lists the known ones."""
    try:
        return Success(kind(name))
    except ValueError:
        return Failure(
            EvalError(EvalErrorCode.UNKNOWN_BACKEND, f"unknown {what} {name!r} (known: {known})")
        )


def known_backend(name: str) -> Result[Backend, EvalError]:
    """The backend called `name`, or the error that lists the known ones."""
    return _named(Backend, name, "backend", f"{', '.join(BACKENDS)}, sharded:N")


class RetrieverKind(enum.Enum):
    """What ranks the passages: BM25, the dense encoder, or both fused (z-scores summed)."""

    BM25 = "bm25"
    DENSE = "dense"
    HYBRID = "hybrid"


RETRIEVER_KINDS = tuple(kind.value for kind in RetrieverKind)


def known_retriever(name: str) -> Result[RetrieverKind, EvalError]:
    """The retriever called `name`, or the error that lists the known ones."""
    return _named(RetrieverKind, name, "retriever", ", ".join(RETRIEVER_KINDS))


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


def _weight(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not 0.0 <= value < float("inf"):
        raise ValueError(f"{attribute.name} must be finite and at least 0, got {value!r}")


def known_retrieval(name: str) -> Result[Retrieval, EvalError]:
    """The retrieval `--backend name` asks for: a backend, or `sharded:N` (N shards)."""
    backend_name, colon, count = name.partition(":")
    if not colon:
        if name == Backend.SHARDED.value:
            message = "backend 'sharded' needs a shard count: sharded:N"
            return Failure(EvalError(EvalErrorCode.UNKNOWN_BACKEND, message))
        return known_backend(name).map(Retrieval)
    if backend_name != Backend.SHARDED.value:
        return known_backend(name).map(Retrieval)
    if not count.isdigit() or int(count) < 1:
        message = f"backend {name!r}: the shard count must be a whole number of at least 1"
        return Failure(EvalError(EvalErrorCode.UNKNOWN_BACKEND, message))
    return Success(Retrieval(Backend.SHARDED, shards=int(count)))


# `--retriever lucene` and `--retriever sharded:N` (the names issue 11 gives them) are short for
# `--backend lucene|sharded:N --retriever bm25`: those backends are retrievers in their own right.
BACKEND_RETRIEVERS = (Backend.LUCENE.value, Backend.SHARDED.value)


def known_retrieval_options(backend: str | None, retriever: str) -> Result[Retrieval, EvalError]:
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
        return Failure(EvalError(EvalErrorCode.UNKNOWN_BACKEND, message))
    if backend is not None and backend != retriever:
        message = (
            f"--retriever {retriever} is bm25 on the {retriever} backend; "
            f"it contradicts --backend {backend}"
        )
        return Failure(EvalError(EvalErrorCode.BAD_SPEC, message))
    return known_retrieval(retriever)


# The weights of the hybrid retriever's z-scores, bm25 and dense (they sum to 1). Tuned on the
# tuning parts only (MTRAG dev, iKAT dev; docs/bench-hybrid.md, "Tuning the fusion weights"):
# the dense weight of {0.5, 0.6, 0.7, 0.8} with the best mean memrevise MRR@10 over the two
# (.591 at 0.6; 0.5 to 0.8 lie within .004 of each other, far inside the intervals).
TUNED_LEXICAL_WEIGHT = 0.4
TUNED_DENSE_WEIGHT = 0.6

FUSION_PARTS = ("bm25", "dense")
"""The parts `--fusion-weights` names, in `Retrieval`'s order (lexical, dense)."""


def known_fusion_weights(text: str) -> Result[tuple[float, float], EvalError]:
    """The (bm25, dense) weights `--fusion-weights bm25=W,dense=W` gives: each part named once,
    each weight a finite number at least 0, not both 0."""
    shape = f"--fusion-weights {text!r}: expected bm25=W,dense=W"
    weights: dict[str, float] = {}
    for item in text.split(","):
        name, equals, value = item.strip().partition("=")
        if not equals or name not in FUSION_PARTS or name in weights:
            return Failure(EvalError(EvalErrorCode.BAD_SPEC, shape))
        try:
            weight = float(value)
        except ValueError:
            return Failure(EvalError(EvalErrorCode.BAD_SPEC, f"{shape} ({value!r} is no number)"))
        if not 0.0 <= weight < float("inf"):
            message = f"{shape} (weights must be finite and at least 0, got {value})"
            return Failure(EvalError(EvalErrorCode.BAD_SPEC, message))
        weights[name] = weight
    if set(weights) != set(FUSION_PARTS):
        return Failure(EvalError(EvalErrorCode.BAD_SPEC, shape))
    if not any(weights.values()):
        message = f"{shape} (at least one weight must be above 0)"
        return Failure(EvalError(EvalErrorCode.BAD_SPEC, message))
    return Success((weights["bm25"], weights["dense"]))


@attrs.frozen
class Retrieval:
    """How passages are retrieved: the lexical `backend` (for `bm25` and `hybrid`) and its
    `shards` (the Ray actors of the `sharded` backend; 1 for the others), the `retriever` kind,
    and for `hybrid` the weight of each part's z-scores (default: the tuned weights;
    memcore.search.fused)."""

    backend: Backend = Backend.BM25S
    # Named, not positional: a count and a kind are easily swapped.
    shards: int = attrs.field(default=1, validator=_positive, kw_only=True)
    retriever: RetrieverKind = attrs.field(default=RetrieverKind.BM25, kw_only=True)
    lexical_weight: float = attrs.field(
        default=TUNED_LEXICAL_WEIGHT, validator=_weight, kw_only=True
    )
    dense_weight: float = attrs.field(default=TUNED_DENSE_WEIGHT, validator=_weight, kw_only=True)

    @property
    def searches_lexical(self) -> bool:
        """Whether the lexical `backend` is searched (by `bm25` and `hybrid`, not `dense`)."""
        return self.retriever is not RetrieverKind.DENSE

    def with_fusion_weights(self, text: str | None) -> Result[Retrieval, EvalError]:
        """This retrieval with the weights `--fusion-weights text` gives (None: not given,
        unchanged); refused for a retriever that fuses nothing."""
        if text is None:
            return Success(self)
        if self.retriever is not RetrieverKind.HYBRID:
            message = (
                f"--fusion-weights weighs the parts of --retriever hybrid, "
                f"not {self.retriever.value}"
            )
            return Failure(EvalError(EvalErrorCode.BAD_SPEC, message))
        return known_fusion_weights(text).map(
            lambda weights: attrs.evolve(self, lexical_weight=weights[0], dense_weight=weights[1])
        )


@attrs.frozen
class RunSpec:
    """Everything that decides a run's rankings.

    `writer` is a writer spec (`rules`, `openai[:model]`, `transformers:<folder>`,
    `recorded:<file>`); `search` holds the memory systems' search constants (default:
    memcore's, `DEFAULT_SEARCH`); `horizon` limits the memory to its last nodes (None: all of
    them); `k` is the number of passages ranked per question.
    """

    system: SystemName = SystemName.MEMREVISE
    writer: str = DEFAULT_WRITER
    retrieval: Retrieval = Retrieval()
    search: SearchConfig = DEFAULT_SEARCH
    horizon: int | None = attrs.field(default=None, validator=attrs.validators.optional(_positive))
    k: int = attrs.field(default=100, validator=_positive)


@attrs.frozen
class Execution:
    """How a run is spread; the rankings are the same either way."""

    workers: int = attrs.field(default=1, validator=_positive)
    # Run on Ray: "local" starts a local Ray, anything else is a cluster address. With the
    # sharded backend the shards live there and the questions are ranked by the driver.
    ray: str | None = None

    @property
    def ray_address(self) -> str | None:
        """The cluster address to connect to; None for a local Ray (or no Ray)."""
        return None if self.ray in (None, "local") else self.ray


ONE_PROCESS = Execution()
"""The default: one process, no Ray."""


def execution_problem(spec: RunSpec, execution: Execution) -> EvalError | None:
    """Why `spec` cannot be run spread as `execution` says, or None.

    A forked worker inherits the parent's Java VM without its threads, and Java calls from it
    hang or crash; Lucene runs therefore use one process, or Ray actors (each starts its own).
    A sharded run ranks in the driver, its shards being the Ray actors.
    """
    if not spec.retrieval.searches_lexical:
        return None
    backend = spec.retrieval.backend
    if backend is Backend.LUCENE and execution.workers > 1 and not execution.ray:
        return EvalError(
            EvalErrorCode.BAD_SPEC,
            "the lucene backend cannot use forked --workers (one Java VM per process); "
            "use --ray for parallel runs",
        )
    if backend is Backend.SHARDED and execution.workers > 1:
        # The shards are the parallel part; a forked child cannot use the driver's Ray link.
        return EvalError(
            EvalErrorCode.BAD_SPEC,
            "the sharded backend cannot use --workers (its shards are the Ray workers)",
        )
    return None


def spec_to_json(spec: RunSpec) -> dict[str, Any]:
    """The spec as a JSON-ready object (memcore's converter: enums by value)."""
    unstructured: dict[str, Any] = CONVERTER.unstructure(spec)
    return unstructured


def spec_from_json(document: object) -> Result[RunSpec, EvalError]:
    """The spec a `spec_to_json` object describes, or what is wrong with it."""
    try:
        return Success(CONVERTER.structure(document, RunSpec))
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as error:
        if isinstance(error, cattrs.BaseValidationError):
            message = "; ".join(cattrs.transform_error(error))
        else:
            message = str(error) or type(error).__name__
        return Failure(EvalError(EvalErrorCode.BAD_SPEC, f"bad run spec: {message}"))
