"""Exact Lucene-formula BM25 in pure Python: the reference backend for specs and small corpora.

score(q, d) = sum over query terms t of  w_t * idf(t) * tf / (tf + k1 * (1 - b + b * dl / avgdl))

with idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5)), `w_t` the term's weight in the query
(`memcore.search.tokenize.weighted_terms`), `tf` its count in the passage, `dl` the passage's
length in index terms and `avgdl` the mean length over the collection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from memcore.search.backends.params import BM25Parameters, lucene_idf, lucene_tf_part
from memcore.search.corpus import Corpus
from memcore.search.tokenize import Stemming, passage_tokens, term_counts, weighted_terms
from memcore.search.values import Query, Ranking


def _postings(doc_terms: Sequence[Mapping[str, int]]) -> dict[str, tuple[tuple[int, int], ...]]:
    grouped: dict[str, list[tuple[int, int]]] = {}
    for index, counts in enumerate(doc_terms):
        for term, count in counts.items():
            grouped.setdefault(term, []).append((index, count))
    return {term: tuple(entries) for term, entries in grouped.items()}


@attrs.frozen
class InMemoryBM25:
    """A BM25 index held in Python dicts. Build it with `InMemoryBM25.build(corpus)`.

    `search` returns only passages with a positive score (at least one query term of
    positive weight), ranked by score descending, ties by passage id ascending. Passages and
    queries are tokenised under `stemming`.
    """

    corpus: Corpus
    params: BM25Parameters
    include_title: bool
    stemming: Stemming
    _doc_terms: tuple[Mapping[str, int], ...] = attrs.field(eq=False, repr=False)
    _doc_lengths: tuple[int, ...] = attrs.field(eq=False, repr=False)
    _mean_length: float = attrs.field(eq=False, repr=False)
    _postings: Mapping[str, tuple[tuple[int, int], ...]] = attrs.field(eq=False, repr=False)
    _index_of: Mapping[str, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        params: BM25Parameters | None = None,
        include_title: bool = True,
        stemming: Stemming = Stemming.NONE,
    ) -> InMemoryBM25:
        """Index every passage of `corpus` (title and text, unless `include_title` is False)."""
        doc_terms = tuple(
            term_counts(passage_tokens(passage, include_title, stemming))
            for passage in corpus.passages
        )
        lengths = tuple(sum(counts.values()) for counts in doc_terms)
        mean_length = sum(lengths) / len(lengths) if lengths else 0.0
        return cls(
            corpus=corpus,
            params=params if params is not None else BM25Parameters(),
            include_title=include_title,
            stemming=stemming,
            doc_terms=doc_terms,
            doc_lengths=lengths,
            mean_length=mean_length,
            postings=_postings(doc_terms),
            index_of={passage.id: index for index, passage in enumerate(corpus.passages)},
        )

    @property
    def supports_weights(self) -> bool:
        """Per-term query weights are applied exactly."""
        return True

    def idf(self, term: str) -> float:
        """The Lucene idf of an index term (as if df = 0 for a term no passage holds)."""
        return lucene_idf(len(self._doc_lengths), len(self._postings.get(term, ())))

    def _term_score(self, term: str, doc_index: int, term_freq: int) -> float:
        return self.idf(term) * lucene_tf_part(
            term_freq, self._doc_lengths[doc_index], self._mean_length, self.params
        )

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages with a positive score for `query`."""
        totals: dict[int, float] = {}
        for term, weight in weighted_terms(query, self.stemming).items():
            postings = self._postings.get(term, ())
            if not postings or weight == 0.0:
                continue
            idf = self.idf(term)
            for doc_index, term_freq in postings:
                tf_part = lucene_tf_part(
                    term_freq, self._doc_lengths[doc_index], self._mean_length, self.params
                )
                totals[doc_index] = totals.get(doc_index, 0.0) + weight * (idf * tf_part)
        passages = self.corpus.passages
        return Ranking.from_scores(
            ((passages[index].id, score) for index, score in totals.items() if score > 0.0), k
        )

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The BM25 score of each of `doc_ids` (KeyError for an id not in the corpus)."""
        terms = weighted_terms(query, self.stemming)
        scores: dict[str, float] = {}
        for doc_id in doc_ids:
            doc_index = self._index_of.get(doc_id)
            if doc_index is None:
                raise KeyError(f"passage id {doc_id!r} is not in the corpus")
            counts = self._doc_terms[doc_index]
            total = 0.0
            for term, weight in terms.items():
                if term in counts and weight != 0.0:
                    total += weight * self._term_score(term, doc_index, counts[term])
            scores[doc_id] = total
        return scores
