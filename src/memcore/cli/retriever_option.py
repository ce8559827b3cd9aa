"""The `--retriever bm25|dense|hybrid` option of `run`, `eval`, `demo` and `chat` (`run` and
`eval` also take `lucene` and `sharded:N`, BM25 on that backend), with `--fusion-weights` and
`--stem`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from returns.result import Result

from memcore.search.backends import choice
from memcore.search.backends.open import installed_backend, open_retriever
from memcore.search.retrieval import (
    DEFAULT_RETRIEVER,
    FALLBACK_RETRIEVER,
    RETRIEVER_KINDS,
    TUNED_DENSE_WEIGHT,
    TUNED_LEXICAL_WEIGHT,
    Backend,
    Execution,
    Retrieval,
    RetrieverKind,
    known_retriever,
)
from memcore.search.retriever import Retriever
from memcore.search.tokenize import STEMMINGS, Stemming


def add_retriever_option(parser: argparse.ArgumentParser, backend_aliases: bool = False) -> None:
    """Add `--retriever` (not given: `default_retriever_name`), `--fusion-weights` and
    `--stem`; with
    `backend_aliases` (the commands that also take `--backend`) `--retriever` also accepts
    `lucene` and `sharded:N`, checked by `memcore.search.retrieval.known_retrieval_options`."""
    help_text = (
        "bm25, dense (the packaged MiniLM) or hybrid (both, weighted z-scores summed); "
        f"default {DEFAULT_RETRIEVER.value} where the dense encoder is installed, else "
        f"{FALLBACK_RETRIEVER.value}"
    )
    if backend_aliases:
        parser.add_argument(
            "--retriever",
            default=None,
            help=f"{help_text}; lucene or sharded:N: bm25 with that --backend",
        )
    else:
        parser.add_argument("--retriever", choices=RETRIEVER_KINDS, default=None, help=help_text)
    parser.add_argument(
        "--fusion-weights",
        default=None,
        metavar="bm25=W,dense=W",
        help="the weight of each part's z-scores with --retriever hybrid (default "
        f"bm25={TUNED_LEXICAL_WEIGHT:g},dense={TUNED_DENSE_WEIGHT:g}, tuned on the tuning parts)",
    )
    parser.add_argument(
        "--stem",
        choices=STEMMINGS,
        default=None,
        help="stem the BM25 index terms (bm25 and hybrid, bm25s or memory backend): english "
        "(PyStemmer's English stemmer through bm25s's tokeniser, `bm25` extra) or none "
        f"(default {Stemming.NONE.value}: words unstemmed)",
    )


def add_index_option(parser: argparse.ArgumentParser) -> None:
    """Add `--index DIR`: serve the indexes `memcore index` built instead of building them."""
    parser.add_argument(
        "--index",
        type=Path,
        default=None,
        metavar="DIR",
        help="serve the indexes `memcore index` built in DIR (or in the subfolder of DIR built "
        "from the corpus): nothing is built; a folder that does not match the corpus is an error; "
        "with --ray, one Ray actor per shard serves it",
    )


def note_on_stderr(note: str) -> None:
    """Where the commands write the retrieval choice's notes (`memcore.search.backends.choice`)."""
    print(note, file=sys.stderr)


def default_retriever_name(name: str | None) -> str:
    """`name`, or when `--retriever` was not given the default: hybrid where the dense encoder
    is installed, else bm25 with a one-line note on stderr."""
    return choice.default_retriever_name(name, note_on_stderr)


def installed_or_bm25(kind: RetrieverKind) -> RetrieverKind:
    """`kind`, or BM25 with a one-line note on stderr when `kind` needs the dense encoder and it
    is not installed."""
    return choice.installed_or_bm25(kind, note_on_stderr)


def build_chosen_retriever(
    corpus_path: Path,
    name: str | None,
    fusion_weights: str | None = None,
    index: Path | None = None,
    stem: str | None = None,
    ray: str | None = None,
) -> Result[tuple[Retriever, str], str]:
    """The retriever `--retriever name --fusion-weights fusion_weights --stem stem` ask for over
    the corpus
    at `corpus_path` (BM25 on bm25s where installed, else the pure-Python BM25; indexes and
    embeddings from the cache when it holds them, or served from the `--index` folder) and
    its description, or why it cannot be built. With `index` and `ray` (`local`, or a cluster
    address), one Ray actor per shard serves the folder and this process holds no passage
    text (`memcore.search.backends.open.open_indexed_on_ray`)."""
    asked = known_retriever(default_retriever_name(name)).map(
        lambda kind: Retrieval(installed_backend(), retriever=kind)
    )
    return (
        asked.bind(
            lambda retrieval: choice.weighted_and_installed(
                retrieval, fusion_weights, note_on_stderr, stem
            )
        )
        .alt(str)
        .bind(
            lambda retrieval: (
                open_retriever(corpus_path, retrieval, execution=Execution(index=index, ray=ray))
                .map(lambda opened: (opened.retriever, described(retrieval)))
                .alt(str)
            )
        )
    )


def described(retrieval: Retrieval) -> str:
    """How the interactive commands name the retriever `retrieval` gives."""
    lexical = (
        "bm25s" if retrieval.backend is Backend.BM25S else "in-memory BM25 (bm25s not installed)"
    )
    if retrieval.stemming is not Stemming.NONE:
        lexical = f"{lexical}, {retrieval.stemming.value} stems"
    if retrieval.retriever is RetrieverKind.BM25:
        return lexical
    if retrieval.retriever is RetrieverKind.DENSE:
        return "dense (packaged MiniLM)"
    weights = f"bm25 x {retrieval.lexical_weight:g} + dense x {retrieval.dense_weight:g}"
    return f"hybrid ({lexical} + dense MiniLM, z-scores {weights})"
