"""ScoreTable: a retriever over precomputed scores."""

from __future__ import annotations

from memcore.search.corpus import Corpus
from memcore.search.retriever import Retriever
from memcore.search.table import ScoreTable
from memcore.search.values import Passage, Query, QueryPart

CORPUS = Corpus((Passage("a", "x", "A"), Passage("b", "x", "B"), Passage("c", "x", "C")))
TABLE = ScoreTable(CORPUS, {"q": {"a": 1.0, "b": 2.0, "c": 0.0, "zz": 9.0}})


def test_is_a_retriever_without_weights() -> None:
    assert isinstance(TABLE, Retriever)
    assert not TABLE.supports_weights


def test_search_ranks_positive_scores_of_known_passages() -> None:
    assert TABLE.search(Query.of("q"), 10).ids() == ("b", "a")
    assert TABLE.search(Query.of("q"), 1).ids() == ("b",)
    assert TABLE.search(Query.of("unknown"), 10).ids() == ()


def test_score_reads_the_table_by_plain_text() -> None:
    weighted = Query((QueryPart("q", 2.0),))
    assert TABLE.score(weighted, ["a", "c", "b"]) == {"a": 1.0, "c": 0.0, "b": 2.0}
    assert TABLE.score(Query.of("other"), ["a"]) == {"a": 0.0}
