"""Opening a corpus file as a retriever, with the index cached on disk by content hash: the one
way every command, the docs' examples and library users build a retriever.

    opened = open_retriever(Path("corpus.jsonl"), Retrieval(retriever=RetrieverKind.HYBRID))
    retriever = opened.unwrap().retriever

The cache lives under `memcore.cache.cache_root()` (`$MEMCORE_CACHE`, else the XDG cache), in
`indexes/<backend>-<sha256 of the corpus file>` (`indexes/bm25s-stem-<stemming>-<sha256>` for
a stemmed index, so stemmed and unstemmed indexes never mix); a second open of the same corpus
content loads the saved index instead of rebuilding it.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import sys
import tempfile
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.cache import cache_root
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.retrieval import (
    DEFAULT_RETRIEVER,
    FALLBACK_RETRIEVER,
    ONE_PROCESS,
    Backend,
    Execution,
    Retrieval,
    RetrievalError,
    RetrievalErrorCode,
    RetrieverKind,
)
from memcore.search.retriever import Retriever
from memcore.search.tokenize import Stemming


@attrs.frozen
class OpenedRetriever:
    """A retriever over a corpus file, the file's SHA-256 and whether the index came from cache."""

    retriever: Retriever
    content_hash: str
    backend: Backend
    from_cache: bool
    path: Path | None = None
    kind: RetrieverKind = RetrieverKind.BM25


def installed_backend() -> Backend:
    """bm25s where the `bm25` extra is installed, else memcore's pure-Python BM25 (the
    interactive commands and the docs' examples search with whichever is there)."""
    try:
        import memcore.search.backends.bm25s_backend  # noqa: F401
    except ImportError:
        return Backend.MEMORY
    return Backend.BM25S


def default_retrieval() -> Retrieval:
    """What every command searches with when no `--retriever` is given, and what
    `LiveSessions.open` builds: hybrid (the tuned weights) where the dense encoder is
    installed, else BM25; the lexical part on `installed_backend()`."""
    from memcore.search.backends.dense_cache import encoder_installed

    kind = DEFAULT_RETRIEVER if encoder_installed() else FALLBACK_RETRIEVER
    return Retrieval(installed_backend(), retriever=kind)


def open_retriever(
    corpus_path: Path,
    retrieval: Retrieval | Backend = Backend.BM25S,
    use_cache: bool = True,
    progress: bool = False,
    execution: Execution = ONE_PROCESS,
) -> Result[OpenedRetriever, RetrievalError]:
    """Read `corpus_path` (BEIR JSONL) and open the retriever `retrieval` names (a bare
    `Backend` is BM25 with that backend): BM25, the dense encoder
    (memcore.search.backends.dense_cache) or both fused.

    The bm25s and Lucene indexes are saved to, and reloaded from, the cache
    (`indexes/<backend>-<hash>`) unless `use_cache` is False;
    a cached index that fails its checks (its files' SHA-256 against the manifest, its
    corpus, its own consistency) is rebuilt and replaced, with a one-line note on stderr; a
    cache that cannot be written is noted on stderr and skipped. The pure-Python `memory`
    backend and the `rank-bm25` one are always built in memory; the `sharded` one is built on
    `retrieval.shards` Ray actors of the cluster at `execution.ray_address` (None: the Ray
    already connected, else a local one). With `execution.ray` set, missing passage
    embeddings are encoded on `execution.workers` Ray actors (`open_dense`). With
    `execution.index`, the indexes `memcore index` built there are served, checked against
    the corpus, and nothing is built (`open_indexed`); with `execution.ray` as well, one Ray
    actor per shard serves them and the corpus is read as a catalogue, its texts left in the
    file (`open_indexed_on_ray`).
    """
    chosen = Retrieval(retrieval) if isinstance(retrieval, Backend) else retrieval
    if execution.index is not None and execution.ray is not None:
        return open_indexed_on_ray(corpus_path, chosen, execution)
    return (
        # `progress` allows bars; the corpus file's byte bar is still left to the file's
        # size (none for a tiny corpus: it would flash by unread).
        load_corpus(corpus_path, show_progress=None if progress else False)
        .alt(lambda problem: RetrievalError(RetrievalErrorCode.BAD_CORPUS, str(problem)))
        .bind(
            lambda loaded: (
                open_indexed(corpus_path, loaded.corpus, loaded.content_hash, chosen, execution)
                if execution.index is not None
                else _open_loaded(
                    corpus_path,
                    loaded.corpus,
                    loaded.content_hash,
                    chosen,
                    use_cache,
                    progress,
                    execution,
                )
            )
        )
    )


def open_indexed(
    corpus_path: Path,
    corpus: Corpus,
    content_hash: str,
    retrieval: Retrieval,
    execution: Execution,
) -> Result[OpenedRetriever, RetrievalError]:
    """The retriever `retrieval` names, served from the index folder `execution.index` (a
    folder `memcore index` built, or a folder holding such folders: the one built from this
    corpus content is used). Its shards are searched in this process (with `execution.ray`,
    `open_retriever` serves them on Ray through `open_indexed_on_ray` instead)."""
    index = execution.index
    assert index is not None
    if execution.ray is not None:
        message = "open_indexed serves the shards in this process; on Ray: open_indexed_on_ray"
        return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, message))
    refused = _index_backend_problem(retrieval)
    if refused is not None:
        return Failure(refused)
    try:
        from memcore.search.backends.index_folder import find_index_folder, open_index_folder
    except ImportError as error:
        message = f"--index needs the `bm25` extra ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    encoder = None
    if retrieval.retriever is not RetrieverKind.BM25:
        from memcore.search.backends.dense import load_fast_encoder

        loaded = load_fast_encoder(cache_root())
        if isinstance(loaded, Failure):
            message = f"the dense retriever needs the `dense` extra ({loaded.failure()})"
            return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
        encoder = loaded.unwrap()
    served = (
        find_index_folder(index, content_hash)
        .bind(lambda folder: open_index_folder(folder, corpus, content_hash, encoder))
        .alt(lambda problem: RetrievalError(RetrievalErrorCode.BAD_INDEX, str(problem)))
    )
    if isinstance(served, Failure):
        return Failure(served.failure())
    index_parts = served.unwrap()
    opened = OpenedRetriever(
        index_parts.lexical, content_hash, Backend.BM25S, True, corpus_path, RetrieverKind.BM25
    )
    if retrieval.retriever is RetrieverKind.BM25 or index_parts.dense is None:
        return Success(opened)
    if retrieval.retriever is RetrieverKind.DENSE:
        return Success(attrs.evolve(opened, retriever=index_parts.dense, kind=RetrieverKind.DENSE))
    return _fused(opened, index_parts.dense, True, retrieval)


def _index_backend_problem(retrieval: Retrieval) -> RetrievalError | None:
    if retrieval.stemming is not Stemming.NONE and retrieval.searches_lexical:
        message = "--index serves unstemmed bm25s shards; --stem cannot be used with it"
        return RetrievalError(RetrievalErrorCode.BAD_SPEC, message)
    if retrieval.backend in (Backend.BM25S, Backend.MEMORY):
        return None
    message = f"--index serves bm25s shards; --backend {retrieval.backend.value} cannot be used"
    return RetrievalError(RetrievalErrorCode.BAD_SPEC, message)


def open_indexed_on_ray(
    corpus_path: Path, retrieval: Retrieval, execution: Execution
) -> Result[OpenedRetriever, RetrievalError]:
    """The retriever `retrieval` names, served from the index folder `execution.index` by one
    Ray actor per shard on the cluster at `execution.ray_address` (`ray_index`). This process
    reads the corpus as a catalogue (ids, titles, line offsets: no text) and fuses the parts;
    the actors load the fast encoder themselves."""
    index = execution.index
    assert index is not None
    refused = _index_backend_problem(retrieval)
    if refused is not None:
        return Failure(refused)
    try:
        from memcore.search.backends.index_folder import find_index_folder
        from memcore.search.backends.ray_encode import EncoderSpec
        from memcore.search.backends.ray_index import serve_on_ray
    except ImportError as error:
        message = f"--index with --ray needs the `bm25` and `ray` extras ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    from memcore.search.corpus_catalogue import read_catalogue

    read = read_catalogue(corpus_path)
    if isinstance(read, Failure):
        return Failure(RetrievalError(RetrievalErrorCode.BAD_CORPUS, str(read.failure())))
    catalogue = read.unwrap()
    loader = (
        None
        if retrieval.retriever is RetrieverKind.BM25
        else EncoderSpec.fast_path(cache_root()).loaded
    )
    found = find_index_folder(index, catalogue.content_hash)
    if isinstance(found, Failure):
        return Failure(RetrievalError(RetrievalErrorCode.BAD_INDEX, str(found.failure())))
    try:
        served = serve_on_ray(
            found.unwrap(),
            catalogue.corpus,
            catalogue.content_hash,
            loader,
            execution.ray_address,
        )
    except ImportError as error:
        message = f"--index with --ray needs the `ray` extra ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    # Ray reports an unreachable cluster or failed actors with many exception types.
    except Exception as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Failure(
            RetrievalError(RetrievalErrorCode.RAY, f"cannot start the shards: {first_line}")
        )
    if isinstance(served, Failure):
        return Failure(RetrievalError(RetrievalErrorCode.BAD_INDEX, str(served.failure())))
    parts = served.unwrap()
    opened = OpenedRetriever(
        parts.lexical, catalogue.content_hash, Backend.BM25S, True, corpus_path, RetrieverKind.BM25
    )
    if retrieval.retriever is RetrieverKind.BM25 or parts.dense is None:
        return Success(opened)
    if retrieval.retriever is RetrieverKind.DENSE:
        return Success(attrs.evolve(opened, retriever=parts.dense, kind=RetrieverKind.DENSE))
    return _fused(opened, parts.dense, True, retrieval)


def _open_loaded(
    corpus_path: Path,
    corpus: Corpus,
    content_hash: str,
    retrieval: Retrieval,
    use_cache: bool,
    progress: bool,
    execution: Execution,
) -> Result[OpenedRetriever, RetrievalError]:
    """The retriever `retrieval` names over the corpus read from `corpus_path`."""
    if not retrieval.searches_lexical:
        return _open_dense(corpus, content_hash, use_cache, progress, execution).map(
            lambda found: OpenedRetriever(
                found[0],
                content_hash,
                retrieval.backend,
                found[1],
                corpus_path,
                RetrieverKind.DENSE,
            )
        )
    lexical = _open_lexical(
        corpus, content_hash, retrieval, use_cache, progress, execution.ray_address
    ).map(lambda index: attrs.evolve(index, path=corpus_path))
    if retrieval.retriever is RetrieverKind.BM25:
        return lexical
    return lexical.bind(
        lambda index: _open_dense(corpus, content_hash, use_cache, progress, execution).bind(
            lambda found: _fused(index, found[0], found[1], retrieval)
        )
    )


def _open_dense(
    corpus: Corpus, content_hash: str, use_cache: bool, progress: bool, execution: Execution
) -> Result[tuple[Retriever, bool], RetrievalError]:
    """The dense retriever of `corpus` and whether its embeddings came from the cache."""
    from memcore.search.backends.dense_cache import open_dense

    return open_dense(corpus, content_hash, use_cache, progress, execution)


def _fused(
    lexical: OpenedRetriever, dense: Retriever, dense_cached: bool, retrieval: Retrieval
) -> Result[OpenedRetriever, RetrievalError]:
    """The hybrid of the opened lexical index and the dense retriever."""
    from memcore.search.backends.dense_cache import fuse_parts

    return fuse_parts(lexical.retriever, dense, retrieval).map(
        lambda fused: attrs.evolve(
            lexical,
            retriever=fused,
            from_cache=lexical.from_cache and dense_cached,
            kind=RetrieverKind.HYBRID,
        )
    )


def _open_lexical(
    corpus: Corpus,
    content_hash: str,
    retrieval: Retrieval,
    use_cache: bool,
    progress: bool,
    ray_address: str | None,
) -> Result[OpenedRetriever, RetrievalError]:
    """The BM25 index of `retrieval.backend` over `corpus`, its terms stemmed as
    `retrieval.stemming` says."""
    backend, stemming = retrieval.backend, retrieval.stemming
    missing = _missing_stemmer(stemming)
    if missing is not None:
        return Failure(missing)
    if backend is Backend.MEMORY:
        from memcore.search.backends.memory import InMemoryBM25

        built = InMemoryBM25.build(corpus, stemming=stemming)
        return Success(OpenedRetriever(built, content_hash, backend, False))
    if backend is Backend.RANK_BM25:
        return _open_rank_bm25(corpus).map(
            lambda retriever: OpenedRetriever(retriever, content_hash, backend, False)
        )
    if backend is Backend.SHARDED:
        return _open_sharded(corpus, retrieval.shards, ray_address).map(
            lambda retriever: OpenedRetriever(retriever, content_hash, backend, False)
        )
    directory = cache_root() / "indexes" / index_folder_name(backend, stemming, content_hash)
    opened = (
        _open_lucene(corpus, content_hash, directory, use_cache)
        if backend is Backend.LUCENE
        else _open_bm25s(corpus, content_hash, directory, use_cache, progress, stemming)
    )
    return opened.map(lambda found: OpenedRetriever(found[0], content_hash, backend, found[1]))


def index_folder_name(backend: Backend, stemming: Stemming, content_hash: str) -> str:
    """The cache folder of `backend`'s index of the corpus with `content_hash`: the stemming is
    part of the name, so a stemmed and an unstemmed index never take each other's place."""
    if stemming is Stemming.NONE:
        return f"{backend.value}-{content_hash}"
    return f"{backend.value}-stem-{stemming.value}-{content_hash}"


def _missing_stemmer(stemming: Stemming) -> RetrievalError | None:
    """Why `stemming` cannot be applied here (its packages not installed), or None."""
    if stemming is Stemming.NONE:
        return None
    try:
        import memcore.search.stemmed  # noqa: F401
    except ImportError as error:
        message = f"--stem {stemming.value} needs the `bm25` extra (bm25s, PyStemmer) ({error})"
        return RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message)
    return None


def _note_unusable_cache(problem: object) -> None:
    # A cached index that is stale, changed on disk or unreadable is never trusted.
    print(f"memcore: note: cached index not used, rebuilding ({problem})", file=sys.stderr)


def _note_uncached(problem: object) -> None:
    # A cache that cannot be written only costs a rebuild next time.
    print(f"memcore: note: index not cached, rebuilt next time ({problem})", file=sys.stderr)


def _open_bm25s(
    corpus: Corpus,
    content_hash: str,
    directory: Path,
    use_cache: bool,
    progress: bool,
    stemming: Stemming,
) -> Result[tuple[Retriever, bool], RetrievalError]:
    """The bm25s index of `corpus` and whether it came from the cache."""
    try:
        from memcore.search.backends.bm25s_backend import Bm25sRetriever
    except ImportError as error:
        message = f"the bm25s backend needs the `bm25` extra ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))

    def built_afresh(problem: object | None) -> Result[tuple[Retriever, bool], RetrievalError]:
        if problem is not None:
            _note_unusable_cache(problem)
        retriever = Bm25sRetriever.build(corpus, show_progress=progress, stemming=stemming)
        if use_cache:
            saved = retriever.save(directory, content_hash)
            if isinstance(saved, Failure):
                _note_uncached(saved.failure())
        return Success((retriever, False))

    if not (use_cache and directory.exists()):
        return built_afresh(None)
    cached: Result[tuple[Retriever, bool], object] = Bm25sRetriever.load(
        directory, corpus, content_hash, stemming=stemming
    ).map(lambda retriever: (retriever, True))
    # A cached index that fails its checks is rebuilt.
    return cached.lash(built_afresh)


def _open_lucene(
    corpus: Corpus, content_hash: str, directory: Path, use_cache: bool
) -> Result[tuple[Retriever, bool], RetrievalError]:
    """The Lucene index of `corpus` and whether it came from the cache.

    Lucene searches a folder, so without the cache (or when the cache cannot be written) the
    index is built in a temporary folder that lives as long as the process.
    """
    from memcore.search.backends.lucene import JavaUnavailable, LuceneRetriever, open_java

    def build_error(problem: object) -> RetrievalError:
        code = (
            RetrievalErrorCode.MISSING_EXTRA
            if isinstance(problem, JavaUnavailable)
            else RetrievalErrorCode.BAD_OUTPUT
        )
        return RetrievalError(code, f"cannot build the Lucene index: {problem}")

    def built_afresh(problem: object | None) -> Result[tuple[Retriever, bool], RetrievalError]:
        if problem is not None:
            _note_unusable_cache(problem)
        built = LuceneRetriever.build(
            corpus,
            directory if use_cache else _process_folder() / directory.name,
            content_hash=content_hash,
        )
        if use_cache and isinstance(built, Failure):
            _note_uncached(built.failure())
            built = LuceneRetriever.build(
                corpus, _process_folder() / directory.name, content_hash=content_hash
            )
        return built.map(lambda retriever: (retriever, False)).alt(build_error)

    def opened(_java: object) -> Result[tuple[Retriever, bool], RetrievalError]:
        if not (use_cache and directory.exists()):
            return built_afresh(None)
        cached: Result[tuple[Retriever, bool], object] = LuceneRetriever.load(
            directory, corpus, content_hash=content_hash
        ).map(lambda retriever: (retriever, True))
        # A cached index that fails its checks is rebuilt.
        return cached.lash(built_afresh)

    return (
        open_java()
        .alt(lambda problem: RetrievalError(RetrievalErrorCode.MISSING_EXTRA, problem.message()))
        .bind(opened)
    )


def _open_rank_bm25(corpus: Corpus) -> Result[Retriever, RetrievalError]:
    """rank-bm25's BM25Okapi over `corpus`, built in memory (it has no saved form)."""
    try:
        from memcore.search.backends.rank_bm25_backend import RankBm25Retriever
    except ImportError as error:
        message = f"the rank-bm25 backend needs the `bm25` extra ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    return Success(RankBm25Retriever.build(corpus))


def _open_sharded(
    corpus: Corpus, shards: int, ray_address: str | None
) -> Result[Retriever, RetrievalError]:
    """bm25s over `shards` Ray actors (built afresh: the shards live in the actors)."""
    try:
        from memcore.search.backends.sharded import ShardedRetriever
    except ImportError as error:
        message = f"the sharded backend needs the `bm25` and `ray` extras ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    try:
        return Success(ShardedRetriever.build(corpus, shards, ray_address))
    except ImportError as error:
        message = f"the sharded backend needs the `ray` extra ({error})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    # Ray reports an unreachable cluster or failed actors with many exception types.
    except Exception as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Failure(
            RetrievalError(RetrievalErrorCode.RAY, f"cannot start the shards: {first_line}")
        )


@functools.cache
def _process_folder() -> Path:
    """A temporary folder removed when the process exits (uncached Lucene indexes)."""
    folder = Path(tempfile.mkdtemp(prefix="memcore-lucene-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder
