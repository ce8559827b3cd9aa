"""A bm25s index over one shard of a collection, scored with the whole collection's statistics.

BM25 depends on the collection through N (the passage count), each term's document frequency
and the average passage length. A shard indexed on its own would use its own, and its scores
would differ from the single index's. Here every shard reports its `ShardStatistics`, they are
summed once into `GlobalStatistics`, and each shard's score matrix is computed with those: a
passage then gets exactly the score the single bm25s index gives it (same float32 values,
same arithmetic as bm25s's "lucene" method; a test compares them bit for bit).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import attrs
import numpy as np

from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.params import BM25Parameters
from memcore.search.corpus import Corpus
from memcore.search.tokenize import Stemming, passage_tokens, term_counts


@attrs.frozen
class ShardStatistics:
    """What one shard contributes to the collection statistics."""

    doc_count: int
    total_length: int
    doc_frequencies: Mapping[str, int]


@attrs.frozen
class GlobalStatistics:
    """The collection's N, average passage length and document frequencies."""

    doc_count: int
    average_length: float
    doc_frequencies: Mapping[str, int]


def shard_statistics(corpus: Corpus, include_title: bool = True) -> ShardStatistics:
    """Passage count, summed length and document frequencies of `corpus`."""
    frequencies: dict[str, int] = {}
    total = 0
    for passage in corpus.passages:
        tokens = passage_tokens(passage, include_title)
        total += len(tokens)
        for term in set(tokens):
            frequencies[term] = frequencies.get(term, 0) + 1
    return ShardStatistics(len(corpus), total, frequencies)


def merge_statistics(shards: Iterable[ShardStatistics]) -> GlobalStatistics:
    """The statistics of the union of disjoint shards.

    Lengths are whole numbers, so their float64 sum is exact and the average equals the
    single index's `mean` of the lengths bit for bit.
    """
    count, total, frequencies = 0, 0, dict[str, int]()
    for shard in shards:
        count += shard.doc_count
        total += shard.total_length
        for term, frequency in shard.doc_frequencies.items():
            frequencies[term] = frequencies.get(term, 0) + frequency
    average = float(np.float64(total) / count) if count else 0.0
    return GlobalStatistics(count, average, frequencies)


def build_shard(
    corpus: Corpus,
    statistics: GlobalStatistics,
    params: BM25Parameters | None = None,
    include_title: bool = True,
) -> Bm25sRetriever:
    """A bm25s index of the shard `corpus` whose scores use the collection's `statistics`.

    Each (passage, term) score is computed as bm25s computes it: a float32 idf times the
    term-frequency part in float64, stored as float32.
    """
    params = params if params is not None else BM25Parameters()
    vocabulary: dict[str, int] = {}
    rows: list[int] = []
    columns: list[int] = []
    frequencies: list[int] = []
    lengths: list[int] = []
    for row, passage in enumerate(corpus.passages):
        tokens = passage_tokens(passage, include_title)
        for term, count in term_counts(tokens).items():
            rows.append(row)
            columns.append(vocabulary.setdefault(term, len(vocabulary)))
            frequencies.append(count)
        lengths.append(len(tokens))
    idf = np.zeros(len(vocabulary), dtype=np.float32)
    for term, column in vocabulary.items():
        idf[column] = _lucene_idf(statistics.doc_frequencies[term], statistics.doc_count)
    row_of = np.asarray(rows, dtype=np.int32)
    column_of = np.asarray(columns, dtype=np.int64)
    tf = np.asarray(frequencies, dtype=np.float32)
    length = np.asarray(lengths, dtype=np.int64)[row_of]
    k1, b = params.k1, params.b
    average = np.float64(statistics.average_length)
    # bm25s: tf / (k1 * ((1 - b) + b * l_d / l_avg) + tf), the idf a float32 array.
    norm = k1 * ((1 - b) + b * length.astype(np.float64) / average)
    scores = (idf[column_of] * (tf / (norm + tf))).astype(np.float32)
    order = np.argsort(column_of, kind="stable")
    indptr = np.zeros(len(vocabulary) + 1, dtype=np.int64)
    np.cumsum(np.bincount(column_of, minlength=len(vocabulary)), out=indptr[1:])
    matrix = {"data": scores[order], "indices": row_of[order], "indptr": indptr}
    # Sharded indexes are unstemmed (`Retrieval` refuses stemming on the sharded backend).
    return Bm25sRetriever._assemble(
        corpus, params, include_title, Stemming.NONE, vocabulary, matrix
    )


def _lucene_idf(frequency: int, count: int) -> float:
    return math.log(1 + (count - frequency + 0.5) / (frequency + 0.5))
