"""Shared test helpers for the search tests: a score-table retriever and the Apollo fixture."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from memcore.node import Node
from memcore.operations import abandon, add, reactivate, refine
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.tokenize import passage_tokens, tokenize
from memcore.search.values import Passage, Query, Ranking

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "apollo-corpus.jsonl"


@attrs.frozen
class TableRetriever:
    """A retriever whose scores are given as a table: query text -> passage id -> score.

    `search` ranks the passages with a positive score (ties by id); `score` reads the table
    (0 where it has no entry). Scores can then be worked out by hand.
    """

    corpus: Corpus
    table: Mapping[str, Mapping[str, float]]
    supports_weights: bool = True
    sent: list[Query] = attrs.field(factory=list, eq=False)

    def search(self, query: Query, k: int) -> Ranking:
        self.sent.append(query)
        row = self.table.get(query.text, {})
        return Ranking.from_scores(((d, s) for d, s in row.items() if s > 0), k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        row = self.table.get(query.text, {})
        return {doc_id: row.get(doc_id, 0.0) for doc_id in doc_ids}


@functools.cache
def apollo_corpus() -> Corpus:
    """The Apollo fixture corpus (fixtures/apollo-corpus.jsonl)."""
    with FIXTURE.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return Corpus(Passage(row["_id"], row["text"], row["title"]) for row in rows)


@functools.cache
def apollo_index() -> InMemoryBM25:
    """Exact BM25 over the Apollo fixture."""
    return InMemoryBM25.build(apollo_corpus())


# The paper's Figure 1 conversation, as a writer would store it.
TURN_1 = Node(
    1,
    "tell me about apollo 11",
    "Apollo 11 was the 1969 mission that first landed people on the Moon.",
    operations=(add("Apollo 11"),),
    topics=("Apollo 11",),
    kind="mission",
    facts=("Apollo 11 first landed people on the Moon in July 1969",),
)
TURN_2 = Node(
    2,
    "who walked on the moon",
    "Neil Armstrong and Buzz Aldrin walked on the Moon while Michael Collins stayed in orbit.",
    depends_on=(1,),
    operations=(refine("Apollo 11"),),
    topics=("Apollo 11",),
    facts=("Neil Armstrong and Buzz Aldrin walked on the Moon",),
)
TURN_3 = Node(
    3,
    "where did he grow up?",
    "He grew up in Montclair, New Jersey, and played football at Montclair High School.",
    depends_on=(2,),
    operations=(add("Buzz Aldrin"),),
    topics=("Buzz Aldrin",),
    kind="person",
    facts=("Buzz Aldrin grew up in Montclair, New Jersey",),
)
TURN_4 = Node(
    4,
    "no, i meant the second guy… wait, no, the first one. sorry",
    depends_on=(2, 3),
    contradicts=("Buzz Aldrin",),
    operations=(abandon("Buzz Aldrin"), reactivate("Neil Armstrong")),
    topics=("Neil Armstrong",),
    kind="person",
    query="where did Neil Armstrong grow up?",
)


@attrs.frozen
class WordOverlap:
    """A stand-in for a dense encoder: no term weights, and every passage gets a score (the
    share of the query's distinct words it contains), so rankings cover the collection."""

    corpus: Corpus

    @property
    def supports_weights(self) -> bool:
        return False

    def _score(self, query: Query, passage: Passage) -> float:
        words = set(tokenize(query.text))
        return len(words & set(passage_tokens(passage))) / len(words) if words else 0.0

    def search(self, query: Query, k: int) -> Ranking:
        assert not query.weighted, "weighted query sent to a retriever without weights"
        scores = ((passage.id, self._score(query, passage)) for passage in self.corpus.passages)
        return Ranking.from_scores(scores, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        assert not query.weighted, "weighted query sent to a retriever without weights"
        by_id = {passage.id: passage for passage in self.corpus.passages}
        return {doc_id: self._score(query, by_id[doc_id]) for doc_id in doc_ids}


def apollo_hybrid() -> FusedRetriever:
    """BM25 and the word-overlap stand-in fused with equal weights over the Apollo fixture."""
    corpus = apollo_corpus()
    parts = (FusedPart("bm25", InMemoryBM25.build(corpus)), FusedPart("dense", WordOverlap(corpus)))
    return FusedRetriever.of(parts).unwrap()
