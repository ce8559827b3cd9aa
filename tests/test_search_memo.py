"""MemoRetriever: remembered searches give the same rankings with fewer inner searches."""

from __future__ import annotations

from memcore.search.corpus import Corpus
from memcore.search.memo import MemoRetriever
from memcore.search.retriever import Retriever
from memcore.search.values import Passage, Query
from search_support import TableRetriever

CORPUS = Corpus(Passage(d, "x", d.upper()) for d in "abcd")
TABLE = {"q": {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}, "r": {"d": 1.0}}


def test_remembers_and_truncates_deeper_results() -> None:
    inner = TableRetriever(CORPUS, TABLE)
    memo = MemoRetriever(inner)
    assert isinstance(memo, Retriever)
    assert memo.search(Query.of("q"), 3).ids() == ("a", "b", "c")
    assert memo.search(Query.of("q"), 2).ids() == ("a", "b")
    assert memo.search(Query.of("q"), 3).ids() == ("a", "b", "c")
    assert len(inner.sent) == 1
    assert memo.search(Query.of("q"), 4).ids() == ("a", "b", "c", "d")
    assert len(inner.sent) == 2
    assert memo.score(Query.of("q"), ["d"]) == {"d": 1.0}
    assert memo.corpus is CORPUS and memo.supports_weights


def test_forgets_the_least_recently_used() -> None:
    inner = TableRetriever(CORPUS, TABLE)
    memo = MemoRetriever(inner, capacity=1)
    memo.search(Query.of("q"), 2)
    memo.search(Query.of("r"), 2)
    memo.search(Query.of("q"), 2)
    assert [query.text for query in inner.sent] == ["q", "r", "q"]


def test_without_from_deeper_each_depth_is_searched_once() -> None:
    inner = TableRetriever(CORPUS, TABLE)
    memo = MemoRetriever(inner, from_deeper=False)
    assert memo.search(Query.of("q"), 3).ids() == ("a", "b", "c")
    assert memo.search(Query.of("q"), 2).ids() == ("a", "b")
    assert memo.search(Query.of("q"), 3).ids() == ("a", "b", "c")
    assert memo.search(Query.of("q"), 2).ids() == ("a", "b")
    # The top 2 is searched on its own, once; the top 3 is not searched again.
    assert [query.text for query in inner.sent] == ["q", "q"]
