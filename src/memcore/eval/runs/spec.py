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
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from returns.result import Failure, Result, Success

from memcore.codec import CONVERTER
from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.search.config import DEFAULT_SEARCH, SearchConfig
from memcore.search.retrieval import DEFAULT_RETRIEVAL, Execution, Retrieval, spread_problem
from memcore.writers.factory import FALLBACK_WRITER, WriterChoice, WriterKind


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


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


@attrs.frozen
class RunSpec:
    """Everything that decides a run's rankings.

    `writer` is the writer chosen (written by its name in the metadata: `rules`,
    `learned[:folder]`, `openai[:model]`, `transformers:<folder>`, `recorded:<file>`);
    `search` holds the memory systems' search constants (default: memcore's, `DEFAULT_SEARCH`);
    `horizon` limits the memory to its last nodes (None: all of them); `k` is the number of
    passages ranked per question.
    """

    system: SystemName = SystemName.MEMREVISE
    writer: WriterChoice = FALLBACK_WRITER
    retrieval: Retrieval = DEFAULT_RETRIEVAL
    search: SearchConfig = DEFAULT_SEARCH
    horizon: int | None = attrs.field(default=None, validator=attrs.validators.optional(_positive))
    k: int = attrs.field(default=100, validator=_positive)


def execution_problem(spec: RunSpec, execution: Execution) -> EvalError | None:
    """Why `spec` cannot be run spread as `execution` says, or None (its retrieval's
    `memcore.search.retrieval.spread_problem`)."""
    problem = spread_problem(spec.retrieval, execution)
    return None if problem is None else EvalError.of_retrieval(problem)


def _writer_from_json(document: object, _type: object) -> WriterChoice:
    # A writer is written by its name (`learned:<folder>`), as the command line takes it; an
    # object with `kind` and `argument` reads too.
    if isinstance(document, dict):
        return WriterChoice(WriterKind(document["kind"]), str(document.get("argument", "")))
    if not isinstance(document, str):
        raise TypeError(f"a writer is a name such as 'learned', got {document!r}")
    parsed = WriterChoice.parse(document)
    if isinstance(parsed, Failure):
        raise ValueError(parsed.failure().message)
    return parsed.unwrap()


CONVERTER.register_unstructure_hook(WriterChoice, str)
CONVERTER.register_structure_hook(WriterChoice, _writer_from_json)
# An unstemmed retrieval is written without `stemming`, as before stemming could be chosen, so
# the metadata of every unstemmed run reads as it did; a stemmed one records it.
CONVERTER.register_unstructure_hook(
    Retrieval,
    make_dict_unstructure_fn(Retrieval, CONVERTER, stemming=override(omit_if_default=True)),
)


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
