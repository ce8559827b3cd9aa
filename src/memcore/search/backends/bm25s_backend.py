"""The embedded default backend: exact Lucene-formula BM25 on bm25s (`bm25` extra).

bm25s precomputes every (passage, term) BM25 contribution into a sparse matrix, so a query
is a sum of a few matrix columns. memcore tokenises with its own shared tokeniser and hands
bm25s term ids, so this backend and `InMemoryBM25` index exactly the same terms (stemmed ones
under `Stemming.ENGLISH`, recorded in the saved index so a stemmed and an unstemmed index
never stand in for each other). Query term
weights multiply their column before the sum: score(d) = sum_t w_t * bm25(t, d).

Scores are stored in float32, as Lucene keeps them, and summed in float64.
"""

from __future__ import annotations

import contextlib
import gc
import json
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import bm25s
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.store import (
    checksum_problem,
    finish_saved_index,
    non_finite_problem,
    read_json_file,
    write_directory,
)
from memcore.search.backends.topk import positions_of, scores_by_id, top_positive_placed
from memcore.search.corpus import Corpus
from memcore.search.retriever import Placed, PlannedSearch
from memcore.search.tokenize import TOKENIZER_VERSION, Stemming, passage_tokens, weighted_terms
from memcore.search.values import Query, Ranking

MANIFEST_NAME = "memcore-index.json"
DOC_IDS_NAME = "doc-ids.json"
INDEX_FORMAT = 1
_REMEMBERED_QUERIES = 16

FloatArray = npt.NDArray[np.floating[Any]]
IntArray = npt.NDArray[np.integer[Any]]


class _Vocabulary(dict[str, int]):
    """Term ids in first-appearance order; looking up a new term gives it the next id."""

    def __missing__(self, term: str) -> int:
        term_id = self[term] = len(self)
        return term_id


def _term_ids(
    corpus: Corpus, include_title: bool, stemming: Stemming
) -> tuple[dict[str, int], list[list[int]]]:
    vocab = _Vocabulary()
    # Lookups hand back the stored int, so equal ids share one object in memory.
    docs = [
        list(map(vocab.__getitem__, passage_tokens(passage, include_title, stemming)))
        for passage in corpus.passages
    ]
    return dict(vocab), docs


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector for the duration (restoring its previous state).

    A build allocates millions of lists and ints and no reference cycles; collector passes
    over them made a 100k build about a fifth slower.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _empty_matrix() -> dict[str, Any]:
    return {
        "data": np.zeros(0, dtype=np.float32),
        "indices": np.zeros(0, dtype=np.int32),
        "indptr": np.zeros(1, dtype=np.int64),
    }


def column_sums(
    data: FloatArray,
    indices: IntArray,
    indptr: IntArray,
    term_weights: Sequence[tuple[int, float]],
    count: int,
) -> npt.NDArray[np.float64]:
    """Each of `count` passages' sum over `term_weights` of the term's weight times the
    passage's entry in the term's column (float64; 0 where no column holds the passage).

    The weighted columns are laid end to end and summed by one `np.bincount`, which adds them
    into zeros in that order: a passage's sum is ((0 + first term) + second term) + ..., the
    same additions, in the same order, as adding the columns one by one
    (`tests/test_backends_bm25s.py` checks it bit for bit), in one pass instead of a gather
    and a scatter per term."""
    spans = [(int(indptr[term]), int(indptr[term + 1]), weight) for term, weight in term_weights]
    size = sum(end - start for start, end, _weight in spans)
    if size == 0:
        return np.zeros(count, dtype=np.float64)
    rows = np.empty(size, dtype=np.intp)
    weighted = np.empty(size, dtype=np.float64)
    at = 0
    for start, end, weight in spans:
        rows[at : at + end - start] = indices[start:end]
        # The float32 entry widened, then multiplied in float64 (as `weight * entry` would).
        np.multiply(data[start:end], weight, out=weighted[at : at + end - start], dtype=np.float64)
        at += end - start
    # With weights, bincount's sums are float64 already (numpy's stubs say int): no copy.
    sums = np.bincount(rows, weights=weighted, minlength=count)
    return sums.astype(np.float64, copy=False)


@attrs.frozen
class Bm25sRetriever:
    """A bm25s index over `corpus`. Build with `build`, persist with `save`, reopen with `load`.

    `search` returns only passages with a positive score, ranked by score descending, ties
    by passage id ascending. Passages and queries are tokenised under `stemming`.
    """

    corpus: Corpus
    params: BM25Parameters
    include_title: bool
    stemming: Stemming
    _vocab: Mapping[str, int] = attrs.field(eq=False, repr=False)
    _data: FloatArray = attrs.field(eq=False, repr=False)
    _indices: IntArray = attrs.field(eq=False, repr=False)
    _indptr: IntArray = attrs.field(eq=False, repr=False)
    _index_of: Mapping[str, int] = attrs.field(eq=False, repr=False)
    # A fused search asks the same query for its top k and then for the scores of the
    # candidates: the last few whole-collection vectors are remembered (docs/bench-hybrid.md).
    _recent: OrderedDict[Query, npt.NDArray[np.float64]] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )
    # The rankings `prefetch` read off those vectors, by query and depth, for `search`, with
    # their hits' positions.
    _rankings: OrderedDict[tuple[Query, int], Placed] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        params: BM25Parameters | None = None,
        include_title: bool = True,
        show_progress: bool = False,
        stemming: Stemming = Stemming.NONE,
    ) -> Bm25sRetriever:
        """Index every passage of `corpus` with bm25s's Lucene method."""
        params = params if params is not None else BM25Parameters()
        with _collector_paused():
            vocab, docs = _term_ids(corpus, include_title, stemming)
            if vocab:
                engine = bm25s.BM25(k1=params.k1, b=params.b, method="lucene", dtype="float32")
                matrix = engine.build_index_from_ids(
                    unique_token_ids=list(range(len(vocab))),
                    corpus_token_ids=docs,
                    show_progress=show_progress,
                )
            else:
                matrix = _empty_matrix()
        return cls._assemble(corpus, params, include_title, stemming, vocab, matrix)

    @classmethod
    def _assemble(
        cls,
        corpus: Corpus,
        params: BM25Parameters,
        include_title: bool,
        stemming: Stemming,
        vocab: Mapping[str, int],
        matrix: Mapping[str, Any],
    ) -> Bm25sRetriever:
        return cls(
            corpus=corpus,
            params=params,
            include_title=include_title,
            stemming=stemming,
            vocab=vocab,
            data=matrix["data"],
            indices=matrix["indices"],
            indptr=matrix["indptr"],
            index_of={passage.id: index for index, passage in enumerate(corpus.passages)},
        )

    @property
    def supports_weights(self) -> bool:
        """Per-term query weights are applied exactly."""
        return True

    @property
    def vocabulary_size(self) -> int:
        """The number of distinct index terms."""
        return len(self._vocab)

    def scores_of(self, query: Query) -> npt.NDArray[np.float64]:
        """The score of every passage for `query`, in collection order (read-only)."""
        known = self._recent.get(query)
        if known is not None:
            self._recent.move_to_end(query)
            return known
        totals = column_sums(
            self._data, self._indices, self._indptr, self._term_weights(query), len(self.corpus)
        )
        totals.flags.writeable = False
        self._recent[query] = totals
        if len(self._recent) > _REMEMBERED_QUERIES:
            self._recent.popitem(last=False)
        return totals

    def _term_weights(self, query: Query) -> list[tuple[int, float]]:
        # The query's index terms with their weights, in first-appearance order; terms the
        # index lacks and terms of weight 0 add nothing.
        weighted = []
        for term, weight in weighted_terms(query, self.stemming).items():
            term_id = self._vocab.get(term)
            if term_id is not None and weight != 0.0:
                weighted.append((term_id, weight))
        return weighted

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Compute the score vectors of the queries of `searches` and their rankings at the
        depths planned (the last `_REMEMBERED_QUERIES` of them), remembered for the `search`
        and `score` calls that follow: the same vectors and rankings those calls compute,
        earlier. A fused retriever runs this beside the dense part's encoding (numpy's sums
        release the GIL), so the top k is no longer read after the encoding."""
        planned = tuple(dict.fromkeys((each.query, each.depth) for each in searches))
        for query, depth in planned[-_REMEMBERED_QUERIES:]:
            self._rankings[(query, depth)] = self._ranked(query, depth)
            self._rankings.move_to_end((query, depth))
        while len(self._rankings) > _REMEMBERED_QUERIES:
            self._rankings.popitem(last=False)

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages with a positive score for `query`."""
        return self.search_placed(query, k).ranking

    def search_placed(self, query: Query, k: int) -> Placed:
        """`search`'s ranking with the collection position of each of its hits."""
        known = self._rankings.get((query, k))
        if known is not None:
            return known
        return self._ranked(query, k)

    def _ranked(self, query: Query, k: int) -> Placed:
        return top_positive_placed(self.corpus.passages, self.scores_of(query), k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The BM25 score of each of `doc_ids` (KeyError for an id not in the corpus)."""
        return scores_by_id(self._index_of, doc_ids, lambda: self.scores_of(query))

    def scores_in_order(self, query: Query, doc_ids: Sequence[str]) -> npt.NDArray[np.float64]:
        """`score`'s values in the order of `doc_ids`, as float64 (the same numbers)."""
        return self.scores_at(query, self.positions(doc_ids))

    def positions(self, doc_ids: Sequence[str]) -> list[int]:
        """The collection position of each of `doc_ids` (KeyError for an unknown id)."""
        return positions_of(self._index_of, doc_ids)

    def scores_at(self, query: Query, positions: Sequence[int]) -> npt.NDArray[np.float64]:
        """The scores of the passages at `positions`, in their order, as float64."""
        picked: npt.NDArray[np.float64] = self.scores_of(query)[list(positions)]
        return picked

    def save(self, directory: Path, content_hash: str = "") -> Result[Path, IndexStoreError]:
        """Write the index to `directory` (bm25s's files plus memcore's manifest and ids).

        `content_hash` (from `corpus_io`) is stored so `load` can tell a stale index, and the
        SHA-256 of every file so it can tell a changed or truncated one. The folder appears
        whole or not at all (see `store.write_directory`); an index already
        there is replaced.
        """
        ids = [passage.id for passage in self.corpus.passages]
        manifest = {
            "format": INDEX_FORMAT,
            "backend": "bm25s",
            "tokenizer": TOKENIZER_VERSION,
            "k1": self.params.k1,
            "b": self.params.b,
            "include_title": self.include_title,
            "content_hash": content_hash,
            "doc_count": len(ids),
        }
        if self.stemming is not Stemming.NONE:
            # Written only when stemmed, so an unstemmed index is saved as before.
            manifest["stemming"] = self.stemming.value

        def write(folder: Path) -> None:
            engine = bm25s.BM25(k1=self.params.k1, b=self.params.b, method="lucene")
            engine.scores = {
                "data": self._data,
                "indices": self._indices,
                "indptr": self._indptr,
                "num_docs": len(self.corpus),
            }
            engine.vocab_dict = dict(self._vocab)
            engine.nonoccurrence_array = None
            engine.save(folder, show_progress=False)
            finish_saved_index(folder, ids, manifest, DOC_IDS_NAME, MANIFEST_NAME)

        return write_directory(directory, write)

    @classmethod
    def load(
        cls,
        directory: Path,
        corpus: Corpus,
        content_hash: str | None = None,
        mmap: bool = False,
        stemming: Stemming = Stemming.NONE,
    ) -> Result[Bm25sRetriever, IndexStoreError]:
        """Reopen an index saved by `save` for `corpus`, tokenised under `stemming`.

        Fails (as a value) when the directory holds no memcore index, was made by another
        tokeniser version or another stemming, holds other passage ids, has files whose
        SHA-256 differs from the manifest's, holds a matrix inconsistent with itself or the
        corpus, or, when `content_hash` is given, was built from different corpus content.
        """
        return _read_manifest(directory).bind(
            lambda manifest: _check_and_open(
                cls, directory, corpus, manifest, content_hash, mmap, stemming
            )
        )


def _read_manifest(directory: Path) -> Result[dict[str, Any], IndexStoreError]:
    path = directory / MANIFEST_NAME
    if not path.exists():
        return Failure(IndexStoreError(str(path), "no memcore index here (manifest missing)"))
    read = read_json_file(path)
    if isinstance(read, Failure):
        return Failure(IndexStoreError(str(path), f"unreadable manifest: {read.failure()}"))
    manifest = read.unwrap()
    if not isinstance(manifest, dict):
        return Failure(IndexStoreError(str(path), "manifest is not a JSON object"))
    return Success(manifest)


def _mismatch(
    manifest: Mapping[str, Any], corpus: Corpus, content_hash: str | None, stemming: Stemming
) -> str | None:
    if manifest.get("format") != INDEX_FORMAT or manifest.get("backend") != "bm25s":
        return f"not a bm25s index of format {INDEX_FORMAT}"
    if manifest.get("tokenizer") != TOKENIZER_VERSION:
        return (
            f"built with tokenizer {manifest.get('tokenizer')!r}, "
            f"this memcore uses {TOKENIZER_VERSION!r}"
        )
    saved_stemming = manifest.get("stemming", Stemming.NONE.value)
    if saved_stemming != stemming.value:
        return f"built with stemming {saved_stemming!r}, {stemming.value!r} was asked for"
    if content_hash is not None and manifest.get("content_hash") != content_hash:
        return "built from different corpus content (content_hash differs)"
    if manifest.get("doc_count") != len(corpus):
        return f"holds {manifest.get('doc_count')} passages, the corpus has {len(corpus)}"
    return None


def _matrix_problem(vocab: object, scores: object, doc_count: int) -> str | None:
    """Why a loaded vocabulary and score matrix cannot be searched safely, or None.

    The checksums catch files changed on disk; this catches a consistent-looking index that
    would still crash a search or index out of bounds (a manifest rewritten along with them).
    """
    if not isinstance(vocab, dict) or not all(
        isinstance(term, str) and type(term_id) is int for term, term_id in vocab.items()
    ):
        return "the vocabulary is not a mapping of terms to ids"
    term_ids = np.fromiter(vocab.values(), dtype=np.int64, count=len(vocab))
    if not np.array_equal(np.sort(term_ids), np.arange(len(vocab))):
        return "the vocabulary's term ids are not 0 to its size"
    if not isinstance(scores, dict) or not {"data", "indices", "indptr"} <= set(scores):
        return "the score matrix is incomplete"
    data, indices, indptr = (np.asarray(scores[name]) for name in ("data", "indices", "indptr"))
    if data.dtype.kind != "f" or indices.dtype.kind not in "iu" or indptr.dtype.kind not in "iu":
        return "the score matrix has arrays of the wrong type"
    if data.ndim != 1 or indices.shape != data.shape or indptr.shape != (len(vocab) + 1,):
        return "the score matrix's arrays have inconsistent shapes"
    if indptr[0] != 0 or indptr[-1] != data.size or np.any(np.diff(indptr) < 0):
        return "the score matrix's column offsets are inconsistent"
    if indices.size and (indices.min() < 0 or indices.max() >= doc_count):
        return "the score matrix names passages outside the corpus"
    return non_finite_problem(data, "the score matrix")


def _check_and_open(
    cls: type[Bm25sRetriever],
    directory: Path,
    corpus: Corpus,
    manifest: Mapping[str, Any],
    content_hash: str | None,
    mmap: bool,
    stemming: Stemming,
) -> Result[Bm25sRetriever, IndexStoreError]:
    problem = _mismatch(manifest, corpus, content_hash, stemming) or checksum_problem(
        directory, MANIFEST_NAME, manifest.get("files")
    )
    if problem is not None:
        return Failure(IndexStoreError(str(directory), problem))
    try:
        saved_ids = json.loads((directory / DOC_IDS_NAME).read_text(encoding="utf-8"))
        engine = bm25s.BM25.load(directory, mmap=mmap, show_progress=False)
    # bm25s reading bytes from disk may raise anything (a wrong type, a short array).
    except Exception as error:
        return Failure(IndexStoreError(str(directory), f"unreadable index files: {error}"))
    if saved_ids != [passage.id for passage in corpus.passages]:
        return Failure(IndexStoreError(str(directory), "passage ids differ from the corpus"))
    inconsistent = _matrix_problem(engine.vocab_dict, engine.scores, len(corpus))
    if inconsistent is not None:
        return Failure(IndexStoreError(str(directory), inconsistent))
    try:
        params = BM25Parameters(k1=manifest["k1"], b=manifest["b"])
    except (KeyError, ValueError, TypeError) as error:
        return Failure(IndexStoreError(str(directory), f"bad BM25 parameters: {error}"))
    return Success(
        cls._assemble(
            corpus,
            params,
            bool(manifest.get("include_title", True)),
            stemming,
            engine.vocab_dict,
            engine.scores,
        )
    )
