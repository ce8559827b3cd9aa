"""Opening a corpus file as a retriever, with the index cached on disk by content hash.

The cache lives under `$MEMCORE_CACHE` (default `~/.cache/memcore`), in
`indexes/<backend>-<sha256 of the corpus file>`; a second run over the same corpus content
loads the saved index instead of rebuilding it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.errors import EvalError, EvalErrorCode
from memcore.eval.spec import Backend, Retrieval, RetrieverKind
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.retriever import Retriever


def cache_root() -> Path:
    """The cache directory: `$MEMCORE_CACHE`, else `~/.cache/memcore`."""
    configured = os.environ.get("MEMCORE_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "memcore"


@attrs.frozen
class OpenedIndex:
    """A retriever over a corpus file, the file's SHA-256 and whether the index came from cache."""

    retriever: Retriever
    content_hash: str
    backend: Backend
    from_cache: bool
    path: Path | None = None
    kind: RetrieverKind = RetrieverKind.BM25


def open_index(
    corpus_path: Path,
    retrieval: Retrieval | Backend = Backend.BM25S,
    use_cache: bool = True,
    progress: bool = False,
) -> Result[OpenedIndex, EvalError]:
    """Read `corpus_path` (BEIR JSONL) and open the retriever `retrieval` names (a bare
    `Backend` is BM25 with that backend): BM25, the dense encoder (memcore.eval.dense_index)
    or both fused.

    The bm25s index is saved to, and reloaded from, the cache unless `use_cache` is False;
    a cached index that fails its checks (its files' SHA-256 against the manifest, its
    corpus, its own consistency) is rebuilt and replaced, with a one-line note on stderr; a
    cache that cannot be written is noted on stderr and skipped. The pure-Python `memory`
    backend is always built in memory.
    """
    if isinstance(retrieval, Backend):
        retrieval = Retrieval(retrieval)
    loaded = load_corpus(corpus_path, show_progress=progress)
    if isinstance(loaded, Failure):
        return Failure(EvalError(EvalErrorCode.BAD_CORPUS, str(loaded.failure())))
    corpus, content_hash = loaded.unwrap().corpus, loaded.unwrap().content_hash
    lexical: OpenedIndex | None = None
    if retrieval.retriever is not RetrieverKind.DENSE:
        opened = _open_bm25(corpus, content_hash, retrieval.backend, use_cache, progress)
        if isinstance(opened, Failure) or retrieval.retriever is RetrieverKind.BM25:
            return opened.map(lambda index: attrs.evolve(index, path=corpus_path))
        lexical = opened.unwrap()
    from memcore.eval.dense_index import fuse_parts, open_dense

    dense = open_dense(corpus, content_hash, use_cache, progress)
    if isinstance(dense, Failure):
        return Failure(dense.failure())
    retriever, dense_cached = dense.unwrap()
    if lexical is None:
        return Success(
            OpenedIndex(
                retriever,
                content_hash,
                retrieval.backend,
                dense_cached,
                corpus_path,
                RetrieverKind.DENSE,
            )
        )
    return fuse_parts(lexical.retriever, retriever, retrieval).map(
        lambda fused: OpenedIndex(
            fused,
            content_hash,
            retrieval.backend,
            lexical.from_cache and dense_cached,
            corpus_path,
            RetrieverKind.HYBRID,
        )
    )


def _open_bm25(
    corpus: Corpus, content_hash: str, backend: Backend, use_cache: bool, progress: bool
) -> Result[OpenedIndex, EvalError]:
    if backend is Backend.MEMORY:
        from memcore.search.backends.memory import InMemoryBM25

        return Success(OpenedIndex(InMemoryBM25.build(corpus), content_hash, backend, False))
    try:
        from memcore.search.backends.bm25s_backend import Bm25sRetriever
    except ImportError as error:
        message = f"the bm25s backend needs the `bm25` extra ({error})"
        return Failure(EvalError(EvalErrorCode.MISSING_EXTRA, message))
    directory = cache_root() / "indexes" / f"bm25s-{content_hash}"
    if use_cache and directory.exists():
        cached = Bm25sRetriever.load(directory, corpus, content_hash)
        if not isinstance(cached, Failure):
            return Success(OpenedIndex(cached.unwrap(), content_hash, backend, True))
        # A cached index that is stale, changed on disk or unreadable is never trusted.
        print(
            f"memcore: note: cached index not used, rebuilding ({cached.failure()})",
            file=sys.stderr,
        )
    retriever = Bm25sRetriever.build(corpus, show_progress=progress)
    if use_cache:
        saved = retriever.save(directory, content_hash)
        if isinstance(saved, Failure):
            # A cache that cannot be written only costs a rebuild next time.
            print(
                f"memcore: note: index not cached, rebuilt next time ({saved.failure()})",
                file=sys.stderr,
            )
    return Success(OpenedIndex(retriever, content_hash, backend, False))
