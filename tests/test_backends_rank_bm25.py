"""The rank-bm25 adapter: rank-bm25's own scores, and how they differ from exact BM25."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

pytest.importorskip("rank_bm25")

from rank_bm25 import BM25Okapi

from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.rank_bm25_backend import RANK_BM25_DEFAULTS, RankBm25Retriever
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.retriever import Retriever
from memcore.search.tokenize import passage_tokens, tokenize
from memcore.search.values import Passage, Query, QueryPart, Ranking

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# N = 3, lengths 3, 2, 4 (avgdl 3). rank-bm25 idf = ln((N - df + 0.5) / (df + 0.5)):
# df 1 -> ln(5/3); df 2 -> ln(0.6) < 0, floored to 0.25 * mean idf. The vocabulary has four
# df-1 terms and two df-2 terms, so mean idf = (4 ln(5/3) + 2 ln(0.6)) / 6 = ln(5/3) / 3
# and the floor is ln(5/3) / 12. Term part with k1 = 1.5, b = 0.75:
# tf * 2.5 / (tf + 1.5 * (0.25 + 0.75 * dl / 3)).
CORPUS = Corpus(
    (
        Passage("d1", "apple banana apple"),
        Passage("d2", "banana cherry"),
        Passage("d3", "cherry date elderberry fig"),
    )
)
LN_5_3 = math.log(5 / 3)


@pytest.fixture(scope="module")
def index() -> RankBm25Retriever:
    return RankBm25Retriever.build(CORPUS)


def test_is_a_weighted_retriever_with_rank_bm25_defaults(index: RankBm25Retriever) -> None:
    assert isinstance(index, Retriever)
    assert index.supports_weights
    assert index.params == RANK_BM25_DEFAULTS == BM25Parameters(1.5, 0.75)
    assert index.epsilon == 0.25


def test_hand_worked_idf_floor_and_scores(index: RankBm25Retriever) -> None:
    assert index.idf("apple") == pytest.approx(LN_5_3)
    assert index.idf("banana") == pytest.approx(LN_5_3 / 12)
    apple = index.search(Query.of("apple"), 5)
    assert apple.ids() == ("d1",)
    # tf 2, dl = avgdl: 2 * 2.5 / (2 + 1.5) = 10/7.
    assert apple.hits[0].score == pytest.approx(LN_5_3 * 10 / 7)
    banana = index.search(Query.of("banana"), 5)
    # d2: 2.5 / (1 + 1.125) = 20/17; d1: 2.5 / (1 + 1.5) = 1.
    assert banana.ids() == ("d2", "d1")
    assert [hit.score for hit in banana.hits] == pytest.approx([LN_5_3 / 12 * 20 / 17, LN_5_3 / 12])


def test_weights_multiply_each_terms_score(index: RankBm25Retriever) -> None:
    query = Query((QueryPart("apple", 2.0), QueryPart("banana")))
    scores = index.score(query, ["d1", "d2", "d3"])
    assert scores == pytest.approx(
        {"d1": 2 * LN_5_3 * 10 / 7 + LN_5_3 / 12, "d2": LN_5_3 / 12 * 20 / 17, "d3": 0.0}
    )


def test_zero_idf_term_still_finds_its_passages() -> None:
    # N = 4, df(x) = 2: idf = ln(2.5 / 2.5) = 0, not negative, so no floor; both passages
    # hold the term and score 0, tied, so the lower id ranks first.
    corpus = Corpus(
        (Passage("p2", "x a"), Passage("p1", "x b"), Passage("p3", "c"), Passage("p4", "d"))
    )
    ranking = RankBm25Retriever.build(corpus).search(Query.of("x"), 5)
    assert ranking.ids() == ("p1", "p2")
    assert [hit.score for hit in ranking.hits] == [0.0, 0.0]


def test_empty_and_unknown(index: RankBm25Retriever) -> None:
    assert index.search(Query.of("zebra"), 5) == Ranking()
    empty = RankBm25Retriever.build(Corpus(()))
    assert empty.search(Query.of("apple"), 5) == Ranking()
    assert empty.score(Query.of("apple"), []) == {}
    with pytest.raises(KeyError, match="nope"):
        index.score(Query.of("apple"), ["nope"])


texts = st.lists(
    st.lists(st.sampled_from(["ant", "bee", "cat", "dog", "the"]), max_size=6).map(" ".join),
    min_size=1,
    max_size=8,
)


@given(texts, st.lists(st.sampled_from(["ant", "bee", "cat", "fox"]), min_size=1, max_size=4))
def test_plain_queries_score_exactly_as_rank_bm25(docs: list[str], words: list[str]) -> None:
    corpus = Corpus(Passage(f"p{i}", text) for i, text in enumerate(docs))
    tokens = [list(tokenize(text)) for text in docs]
    # BM25Okapi cannot index a corpus without terms (see test_empty_and_unknown).
    assume(any(tokens))
    query = Query.of(" ".join(words))
    expected = BM25Okapi(tokens).get_scores(list(tokenize(query.text))).tolist()
    adapter = RankBm25Retriever.build(corpus)
    assert list(adapter.score(query, [f"p{i}" for i in range(len(docs))]).values()) == expected
    holding = {f"p{i}" for i, doc in enumerate(tokens) if set(doc) & set(words)}
    assert set(adapter.search(query, len(docs)).ids()) == holding


def domain_corpus(domain: str) -> Corpus:
    path = DATA / "mtrag" / "corpus_pool.jsonl"
    if not path.exists():
        pytest.skip(f"shared data absent: {path}")
    with path.open(encoding="utf-8") as handle:
        ids = {record["_id"] for record in map(json.loads, handle) if record["domain"] == domain}
    pool = load_corpus(path).unwrap().corpus
    return Corpus(passage for passage in pool.passages if passage.id in ids)


def rewrites(domain: str, count: int) -> list[Query]:
    tasks = DATA / "mtrag" / "ibm" / "mtrag-human" / "retrieval_tasks" / domain
    lines = (tasks / f"{domain}_rewrite.jsonl").read_text(encoding="utf-8").splitlines()
    return [Query.of(json.loads(line)["text"].replace("|user|:", "")) for line in lines[:count]]


@pytest.fixture(scope="module")
def fiqa() -> Corpus:
    return domain_corpus("fiqa")


@pytest.mark.shared_data
def test_reproduces_rank_bm25_itself_on_real_text(fiqa: Corpus) -> None:
    corpus = Corpus(fiqa.passages[:1500])
    adapter = RankBm25Retriever.build(corpus)
    direct = BM25Okapi([list(passage_tokens(passage)) for passage in corpus.passages])
    ids = [passage.id for passage in corpus.passages]
    for query in rewrites("fiqa", 10):
        expected = direct.get_scores(list(tokenize(query.text)))
        assert list(adapter.score(query, ids).values()) == expected.tolist()
        best = sorted(range(len(ids)), key=lambda i: (-expected[i], ids[i]))[:10]
        assert adapter.search(query, 10).ids() == tuple(ids[i] for i in best)


@pytest.mark.shared_data
def test_top_10_overlap_with_exact_bm25_on_real_text(fiqa: Corpus) -> None:
    """Measured on MTRAG FiQA (5,774 passages, first 40 human rewrites).

    Same k1 = 0.9, b = 0.4: mean overlap 0.970 (only the idf and the constant (k1 + 1)
    factor differ). rank-bm25's own defaults (1.5, 0.75) against the default backend: 0.757.
    """
    exact = Bm25sRetriever.build(fiqa)
    same_params = RankBm25Retriever.build(fiqa, BM25Parameters(0.9, 0.4))
    own_defaults = RankBm25Retriever.build(fiqa)

    def mean_overlap(other: RankBm25Retriever) -> float:
        shares = []
        for query in rewrites("fiqa", 40):
            reference = set(exact.search(query, 10).ids())
            shares.append(len(reference & set(other.search(query, 10).ids())) / len(reference))
        return sum(shares) / len(shares)

    same = mean_overlap(same_params)
    own = mean_overlap(own_defaults)
    print(f"top-10 overlap with exact BM25: same k1/b {same:.3f}, rank-bm25 defaults {own:.3f}")
    assert 0.9 <= same < 1.0
    assert 0.65 <= own <= 0.85
    # Scores differ because the idf does: ln(x) against Lucene's ln(1 + x), lower by a
    # term-dependent amount, so no rescaling turns one ranking into the other.
    lucene = InMemoryBM25.build(fiqa)
    terms = tokenize("stock options capital gains tax mortgage")
    gaps = [lucene.idf(term) - same_params.idf(term) for term in terms]
    assert all(gap > 0 for gap in gaps)
    assert max(gaps) - min(gaps) > 1e-3


def _corpus_file(tmp_path: Path) -> Path:
    path = tmp_path / "corpus.jsonl"
    lines = [json.dumps({"_id": p.id, "title": p.title, "text": p.text}) for p in CORPUS.passages]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_open_retriever_builds_rank_bm25_in_memory(tmp_path: Path) -> None:
    from memcore.search.backends.open import open_retriever
    from memcore.search.retrieval import Backend, known_retrieval_options

    retrieval = known_retrieval_options("rank-bm25", "bm25").unwrap()
    assert retrieval.backend is Backend.RANK_BM25
    opened = open_retriever(_corpus_file(tmp_path), retrieval).unwrap()
    assert isinstance(opened.retriever, RankBm25Retriever)
    assert (opened.backend, opened.from_cache) == (Backend.RANK_BM25, False)
    query = Query.of("banana cherry")
    assert opened.retriever.search(query, 3) == RankBm25Retriever.build(CORPUS).search(query, 3)


def test_rank_bm25_without_its_extra_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from memcore.search.backends.open import open_retriever
    from memcore.search.retrieval import Backend, RetrievalErrorCode

    # A None entry makes the import fail as it does where the extra is not installed.
    monkeypatch.setitem(sys.modules, "memcore.search.backends.rank_bm25_backend", None)
    failure = open_retriever(_corpus_file(tmp_path), Backend.RANK_BM25).failure()
    assert failure.code is RetrievalErrorCode.MISSING_EXTRA
    assert failure.message.startswith("the rank-bm25 backend needs the `bm25` extra (")
    assert "\n" not in failure.message


def test_run_accepts_the_rank_bm25_backend(tmp_path: Path) -> None:
    from memcore.cli import main
    from memcore.eval.datasets.questions import Dialogue, Judgement, Question, write_questions

    questions = tmp_path / "questions.jsonl"
    dialogue = Dialogue((), "banana")
    write_questions(questions, (Question("q1", "c1", dialogue, Judgement("natural", ("d1",), ())),))
    output = tmp_path / "run.trec"
    arguments = ["run", "--retriever", "bm25", "--backend", "rank-bm25", "--system", "original"]
    paths = ["--corpus", str(_corpus_file(tmp_path)), "--questions", str(questions)]
    assert main([*arguments, *paths, "--output", str(output), "--quiet"]) == 0
    expected = RankBm25Retriever.build(CORPUS).search(Query.of("banana"), 100).ids()
    assert tuple(line.split()[2] for line in output.read_text().splitlines()) == expected
    meta = json.loads(output.with_name("run.meta.json").read_text())
    assert meta["backend"] == "rank-bm25"
