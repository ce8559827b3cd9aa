"""Opening the dense retriever of a corpus, its embeddings cached on disk, and fusing it.

Embeddings are saved under the cache (memcore.cache.cache_root) in
`indexes/dense-<encoding>-<sha256 of the corpus file>`, where the encoding names the model and
how it reads (runtime, weights, tokens, ONNX export recipe): a second run over the same corpus
content loads them, checked against their manifest's checksums, instead of encoding the corpus
again. A run on Ray (`Execution.ray`) encodes missing embeddings on Ray actors
(memcore.search.backends.ray_encode): the same bytes as one process, cached the same way.
"""

from __future__ import annotations

import re
import sys

from returns.result import Failure, Result, Success

from memcore.search.backends.dense import (
    DenseRetriever,
    Encoder,
    load_fast_encoder,
    passage_texts,
)
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.retrieval import (
    ONE_PROCESS,
    Execution,
    Retrieval,
    RetrievalError,
    RetrievalErrorCode,
)
from memcore.search.retriever import Retriever


def open_dense(
    corpus: Corpus,
    content_hash: str,
    use_cache: bool = True,
    progress: bool = False,
    execution: Execution = ONE_PROCESS,
) -> Result[tuple[DenseRetriever, bool], RetrievalError]:
    """The dense retriever over `corpus` with the packaged encoder's fast path
    (`load_fast_encoder`: ONNX Runtime where installed), and whether its embeddings came
    from the cache. A cached set that fails its checks is re-encoded with a one-line note on
    stderr. Embeddings are encoded in this process, or on `execution.workers` Ray actors when
    `execution.ray` is set."""
    from memcore.cache import cache_root

    loaded = load_fast_encoder(cache_root())
    if isinstance(loaded, Failure):
        message = f"the dense retriever needs the `dense` extra ({loaded.failure()})"
        return Failure(RetrievalError(RetrievalErrorCode.MISSING_EXTRA, message))
    encoder = loaded.unwrap()
    encoding = re.sub(r"[^A-Za-z0-9.@-]+", "_", encoder.encoding_id)
    directory = cache_root() / "indexes" / f"dense-{encoding}-{content_hash}"
    if use_cache and directory.exists():
        cached = DenseRetriever.load(directory, corpus, encoder, content_hash)
        if not isinstance(cached, Failure):
            return Success((cached.unwrap(), True))
        print(
            f"memcore: note: cached embeddings not used, encoding again ({cached.failure()})",
            file=sys.stderr,
        )
    built = _encode(corpus, encoder, progress, execution)
    if isinstance(built, Failure):
        return Failure(built.failure())
    retriever = built.unwrap()
    if use_cache:
        saved = retriever.save(directory, content_hash)
        if isinstance(saved, Failure):
            print(
                f"memcore: note: embeddings not cached, encoded again next time "
                f"({saved.failure()})",
                file=sys.stderr,
            )
    return Success((retriever, False))


def _encode(
    corpus: Corpus, encoder: Encoder, progress: bool, execution: Execution
) -> Result[DenseRetriever, RetrievalError]:
    if execution.ray is None:
        return Success(DenseRetriever.build(corpus, encoder, show_progress=progress))
    from memcore.cache import cache_root
    from memcore.search.backends.ray_encode import EncoderSpec, encode_on_ray

    # The actors load what `load_fast_encoder` loaded here, and the graph it exported.
    spec = EncoderSpec.fast_path(cache_root())
    encoded = encode_on_ray(
        spec, passage_texts(corpus), workers=execution.workers, address=execution.ray_address
    )
    return encoded.map(
        lambda embeddings: DenseRetriever.from_embeddings(corpus, encoder, True, embeddings)
    )


def fuse_parts(
    lexical: Retriever, dense: Retriever, retrieval: Retrieval
) -> Result[FusedRetriever, RetrievalError]:
    """BM25 and the dense retriever fused with the weights `retrieval` gives."""
    parts = (
        FusedPart("bm25", lexical, retrieval.lexical_weight),
        FusedPart("dense", dense, retrieval.dense_weight),
    )
    fused = FusedRetriever.of(parts)
    if isinstance(fused, Failure):
        return Failure(RetrievalError(RetrievalErrorCode.BAD_SPEC, str(fused.failure())))
    return Success(fused.unwrap())


def encoder_installed() -> bool:
    """Whether the dense extra (torch, transformers) and the packaged model are present."""
    import importlib.util

    from memcore.search.backends.dense import packaged_model_path

    needed = ("torch", "transformers")
    return packaged_model_path() is not None and all(
        importlib.util.find_spec(name) is not None for name in needed
    )
