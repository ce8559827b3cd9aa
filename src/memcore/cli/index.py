"""`memcore index`: build a corpus's indexes once into a folder, to be served by
`memcore run/eval/chat --index DIR`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.cli.retriever_option import default_retriever_name, installed_or_bm25
from memcore.cli.run import positive_int
from memcore.search.retrieval import RETRIEVER_KINDS, RetrieverKind


def register(subparsers: Any) -> None:
    """Add the `index` subcommand."""
    parser = subparsers.add_parser(
        "index",
        help="build a corpus's indexes once into a folder (served with --index DIR)",
        description="Build the BM25 index of a corpus, cut into shards scored with the whole "
        "collection's statistics, and with --retriever dense or hybrid its passage embeddings, "
        "into a folder that `memcore run/eval/chat --index DIR` serve without rebuilding. The "
        "corpus is read from its file one shard at a time.",
    )
    parser.add_argument("--corpus", required=True, type=Path, help="BEIR JSONL corpus")
    parser.add_argument(
        "--output", required=True, type=Path, help="the folder to build (replaced whole)"
    )
    parser.add_argument(
        "--shards", type=positive_int, default=1, help="shards to cut the corpus into (1)"
    )
    parser.add_argument(
        "--retriever",
        choices=RETRIEVER_KINDS,
        default=None,
        help="bm25 builds BM25 only; dense or hybrid also embed the passages (default hybrid "
        "where the dense encoder is installed, else bm25)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.set_defaults(handler=handle)


def handle(arguments: argparse.Namespace) -> int:
    """Build the folder; 0 on success, 2 on unusable input."""
    try:
        from memcore.search.backends.index_folder import build_index_folder
    except ImportError as error:
        print(f"memcore index: needs the `bm25` extra ({error})", file=sys.stderr)
        return 2
    kind = installed_or_bm25(RetrieverKind(default_retriever_name(arguments.retriever)))
    encoder = None
    if kind is not RetrieverKind.BM25:
        from memcore.cache import cache_root
        from memcore.search.backends.dense import load_fast_encoder

        loaded = load_fast_encoder(cache_root())
        if isinstance(loaded, Failure):
            print(f"memcore index: cannot load the encoder: {loaded.failure()}", file=sys.stderr)
            return 2
        encoder = loaded.unwrap()
    built = build_index_folder(
        arguments.corpus,
        arguments.output,
        arguments.shards,
        encoder,
        progress=not arguments.quiet,
    )
    if isinstance(built, Failure):
        print(f"memcore index: {built.failure()}", file=sys.stderr)
        return 2
    manifest = built.unwrap()
    embedded = "" if manifest.encoder is None else f" and embeddings ({manifest.encoder})"
    print(
        f"memcore index: {manifest.passage_count} passages in {len(manifest.shards)} shards, "
        f"BM25{embedded} -> {arguments.output}",
        file=sys.stderr,
    )
    return 0
