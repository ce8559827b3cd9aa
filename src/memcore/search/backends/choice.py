"""The search a command's flags ask for, made to fit what is installed and checked against
how the run is spread: one call (`chosen_search`), so a command goes into the search package
once to turn its flags into typed values, and later opens the retrieval chosen
(`memcore.search.backends.open.open_retriever`) without checking it again.

Where the default or the retriever asked for cannot be served as asked (no dense encoder),
the choice falls back to BM25 and says so in one line through `note`, which the caller gives
(the command line writes it to stderr): the search package prints nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs
from returns.result import Failure, Result, Success

from memcore.search.backends.open import default_retrieval
from memcore.search.backends.ray_connect import address_problem
from memcore.search.config import SearchConfig, with_search_options
from memcore.search.retrieval import (
    DEFAULT_RETRIEVER,
    FALLBACK_RETRIEVER,
    Execution,
    Retrieval,
    RetrievalError,
    RetrievalErrorCode,
    RetrieverKind,
    known_retrieval_options,
    spread_problem,
)

Note = Callable[[str], None]
"""Where a one-line note on a fallback goes."""


@attrs.frozen
class SearchFlags:
    """A command's search flags as given: `backend`, `retriever`, `fusion_weights` and `stem`
    are None where the option was not given; `options` holds each search option's
    `SearchConfig` field and the value text given."""

    backend: str | None = None
    retriever: str | None = None
    fusion_weights: str | None = None
    stem: str | None = None
    options: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen
class ChosenSearch:
    """The search flags as typed values: the `retrieval` (checked against how the run is
    spread) and the search rules' `config`."""

    retrieval: Retrieval
    config: SearchConfig


def chosen_search(
    flags: SearchFlags, execution: Execution, note: Note
) -> Result[ChosenSearch, RetrievalError]:
    """`chosen_retrieval` of `flags`, with the search options they set on memcore's
    defaults (`with_search_options`)."""
    return chosen_retrieval(
        flags.backend, flags.retriever, flags.fusion_weights, note, flags.stem, execution
    ).map(lambda retrieval: ChosenSearch(retrieval, with_search_options(flags.options)))


def chosen_retrieval(
    backend: str | None,
    retriever: str | None,
    fusion_weights: str | None,
    note: Note,
    stem: str | None,
    execution: Execution,
) -> Result[Retrieval, RetrievalError]:
    """The retrieval `--backend backend --retriever retriever --fusion-weights fusion_weights
    --stem stem` ask for (None: the option was not given), its retriever `installed_or_bm25`;
    or why the options do not fit together (`known_retrieval_options`), why the retrieval
    cannot be spread as `execution` says (`spread_problem`), or why nothing answers at the
    Ray address (`ray.init` would wait minutes)."""
    asked = known_retrieval_options(backend, default_retriever_name(retriever, note))
    return asked.bind(
        lambda retrieval: weighted_and_installed(retrieval, fusion_weights, note, stem)
    ).bind(lambda retrieval: spreadable(retrieval, execution))


def spreadable(retrieval: Retrieval, execution: Execution) -> Result[Retrieval, RetrievalError]:
    """`retrieval` if it can be spread as `execution` says, else why not: the
    `spread_problem`, else an address where no Ray cluster answers."""
    problem = spread_problem(retrieval, execution)
    unreachable = address_problem(execution.ray_address) if problem is None else None
    if unreachable is not None:
        problem = RetrievalError(RetrievalErrorCode.RAY, unreachable)
    return Success(retrieval) if problem is None else Failure(problem)


def default_retriever_name(name: str | None, note: Note) -> str:
    """`name`, or when `--retriever` was not given the default: hybrid where the dense encoder
    is installed, else bm25 with a note."""
    if name is not None:
        return name
    # The one default of the commands and the adapters (memcore.search.backends.open).
    kind = default_retrieval().retriever
    if kind is DEFAULT_RETRIEVER:
        return kind.value
    note(
        "memcore: note: dense encoder not installed (pip install 'memcore[dense]'); "
        f"using --retriever {FALLBACK_RETRIEVER.value}"
    )
    return FALLBACK_RETRIEVER.value


def weighted_and_installed(
    asked: Retrieval, fusion_weights: str | None, note: Note, stem: str | None = None
) -> Result[Retrieval, RetrievalError]:
    """The retrieval `asked` with the weights `--fusion-weights` gives (checked against the
    retriever asked for), its retriever `installed_or_bm25`, stemmed as `--stem` says."""
    return (
        asked.with_fusion_weights(fusion_weights)
        .map(
            lambda weighted: attrs.evolve(
                weighted, retriever=installed_or_bm25(weighted.retriever, note)
            )
        )
        .bind(lambda installed: installed.with_stemming(stem))
    )


def installed_or_bm25(kind: RetrieverKind, note: Note) -> RetrieverKind:
    """`kind`, or BM25 with a note when `kind` needs the dense encoder and it is not
    installed."""
    from memcore.search.backends.dense_cache import encoder_installed

    if kind is not RetrieverKind.BM25 and not encoder_installed():
        note(
            f"memcore: note: --retriever {kind.value} needs the `dense` extra and the packaged "
            "MiniLM; searching with bm25"
        )
        return RetrieverKind.BM25
    return kind
