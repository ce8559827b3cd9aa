"""The `--retriever bm25|dense|hybrid` option of `run`, `eval`, `demo` and `chat` (`run` and
`eval` also take `lucene` and `sharded:N`, BM25 on that backend)."""

from __future__ import annotations

import argparse
import sys

from returns.result import Failure, Result, Success

from memcore.eval.errors import EvalError
from memcore.eval.spec import RETRIEVER_KINDS, RetrieverKind, known_retriever
from memcore.search.corpus import Corpus
from memcore.search.retriever import Retriever

# BM25 stays the default: hybrid was not measured better on the tuning parts
# (docs/bench-hybrid.md).
DEFAULT_RETRIEVER = RetrieverKind.BM25


def add_retriever_option(parser: argparse.ArgumentParser, backend_aliases: bool = False) -> None:
    """Add `--retriever`, with the known kinds as choices; with `backend_aliases` (the commands
    that also take `--backend`) `lucene` and `sharded:N` are accepted too, checked by
    `memcore.eval.spec.known_retrieval_options`."""
    help_text = (
        "bm25, dense (the packaged MiniLM) or hybrid (both, z-scores summed); "
        f"default {DEFAULT_RETRIEVER.value}"
    )
    if backend_aliases:
        parser.add_argument(
            "--retriever",
            default=DEFAULT_RETRIEVER.value,
            help=f"{help_text}; lucene or sharded:N: bm25 with that --backend",
        )
        return
    parser.add_argument(
        "--retriever", choices=RETRIEVER_KINDS, default=DEFAULT_RETRIEVER.value, help=help_text
    )


def chosen_retriever(name: str) -> Result[RetrieverKind, EvalError]:
    """The retriever asked for, `installed_or_bm25`."""
    return known_retriever(name).map(installed_or_bm25)


def installed_or_bm25(kind: RetrieverKind) -> RetrieverKind:
    """`kind`, or BM25 with a one-line note on stderr when `kind` needs the dense encoder and it
    is not installed."""
    from memcore.eval.dense_index import encoder_installed

    if kind is not RetrieverKind.BM25 and not encoder_installed():
        print(
            f"memcore: note: --retriever {kind.value} needs the `dense` extra and the packaged "
            "MiniLM; searching with bm25",
            file=sys.stderr,
        )
        return RetrieverKind.BM25
    return kind


def build_chosen_retriever(corpus: Corpus, name: str) -> Result[tuple[Retriever, str], str]:
    """The retriever `--retriever name` asks for over `corpus` (embeddings encoded in memory,
    for the interactive commands) and its description, or why it cannot be built."""
    from memcore.cli.session_view import build_retriever
    from memcore.eval.spec import Retrieval

    kind = chosen_retriever(name)
    if isinstance(kind, Failure):
        return Failure(str(kind.failure()))
    lexical, described = build_retriever(corpus)
    if kind.unwrap() is RetrieverKind.BM25:
        return Success((lexical, described))
    from memcore.eval.dense_index import fuse_parts
    from memcore.eval.index import cache_root
    from memcore.search.backends.dense import DenseRetriever, load_fast_encoder

    encoder = load_fast_encoder(cache_root())
    if isinstance(encoder, Failure):
        return Failure(str(encoder.failure()))
    dense = DenseRetriever.build(corpus, encoder.unwrap())
    if kind.unwrap() is RetrieverKind.DENSE:
        return Success((dense, "dense (packaged MiniLM)"))
    fused = fuse_parts(lexical, dense, Retrieval(retriever=RetrieverKind.HYBRID))
    if isinstance(fused, Failure):
        return Failure(str(fused.failure()))
    return Success((fused.unwrap(), f"hybrid ({described} + dense MiniLM, z-scores summed)"))
