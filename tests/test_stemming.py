"""Stemmed BM25 (issue 28, item 5): PyStemmer's English stemmer through bm25s's tokeniser, an
explicit retrieval choice that reaches the index, its cache folder, the run spec and the
command lines, and leaves every unstemmed result as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import Stemmer
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from cli_support import BM25, write_run_inputs
from memcore.cli import build_parser, main
from memcore.cli.run import run_spec
from memcore.eval.errors import EvalErrorCode
from memcore.eval.runs.spec import RunSpec, spec_from_json, spec_to_json
from memcore.search.backends.bm25s_backend import MANIFEST_NAME, Bm25sRetriever
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.open import index_folder_name, open_retriever
from memcore.search.corpus import Corpus
from memcore.search.retrieval import (
    Backend,
    Retrieval,
    RetrievalErrorCode,
    RetrieverKind,
    known_stemming,
)
from memcore.search.tokenize import Stemming, index_terms, tokenize, weighted_terms
from memcore.search.values import Passage, Query, QueryPart

ENGLISH = Stemmer.Stemmer("english")
RUN = ["run", "--corpus", "c.jsonl", "--questions", "q.jsonl", "--output", "r.trec"]

FILMS = Corpus(
    (
        Passage("films", "The films of 1999 were shot in Prague.", "Cinema"),
        Passage("river", "A river runs through the valley.", "Geography"),
        Passage("runner", "Runners ran the marathon in record time.", "Sport"),
    )
)

TEXTS = st.text(
    alphabet=st.sampled_from([*"abcdefgilnorstuy", " ", "'", "\u2019", "-", "9", "É"]),
    max_size=60,
)


@given(TEXTS)
def test_unstemmed_terms_are_the_tokenisers_terms(text: str) -> None:
    assert index_terms(text) == tokenize(text)
    assert index_terms(text, Stemming.NONE) == tokenize(text)


@given(TEXTS)
def test_each_stemmed_term_is_the_english_stem_of_one_unstemmed_term(text: str) -> None:
    # The same words and stopwords as unstemmed; only each remaining word is stemmed.
    expected = tuple(ENGLISH.stemWord(term) for term in tokenize(text))
    assert index_terms(text, Stemming.ENGLISH) == expected


@given(TEXTS, TEXTS)
def test_stemmed_terms_do_not_depend_on_what_was_stemmed_before(first: str, second: str) -> None:
    # bm25s's tokeniser remembers the words it met; the terms of a text must not show it.
    alone = index_terms(second, Stemming.ENGLISH)
    index_terms(first, Stemming.ENGLISH)
    assert index_terms(second, Stemming.ENGLISH) == alone


def test_stopwords_go_before_stemming_and_inflections_share_a_stem() -> None:
    assert index_terms("The films were filmed by runners", Stemming.ENGLISH) == (
        "film",
        "film",
        "runner",
    )


def test_query_words_sharing_a_stem_are_one_term_with_summed_weights() -> None:
    query = Query((QueryPart("films filmed", 2.0), QueryPart("film", 1.0)))
    assert weighted_terms(query, Stemming.ENGLISH) == {"film": 5.0}
    assert weighted_terms(query) == {"films": 2.0, "filmed": 2.0, "film": 1.0}


@pytest.mark.parametrize(
    "build",
    [
        lambda stemming: Bm25sRetriever.build(FILMS, stemming=stemming),
        lambda stemming: InMemoryBM25.build(FILMS, stemming=stemming),
    ],
    ids=["bm25s", "memory"],
)
def test_a_stemmed_index_matches_other_inflections(build: object) -> None:
    assert callable(build)
    unstemmed, stemmed = build(Stemming.NONE), build(Stemming.ENGLISH)
    query = Query.of("who filmed it")
    assert unstemmed.search(query, 3).ids() == ()
    assert stemmed.search(query, 3).ids() == ("films",)
    assert stemmed.search(Query.of("running"), 3).ids() == ("river",)


def test_bm25s_and_memory_give_the_same_stemmed_scores() -> None:
    fast = Bm25sRetriever.build(FILMS, stemming=Stemming.ENGLISH)
    reference = InMemoryBM25.build(FILMS, stemming=Stemming.ENGLISH)
    query = Query.of("runner runs films")
    ids = [passage.id for passage in FILMS.passages]
    expected = reference.score(query, ids)
    assert fast.score(query, ids) == pytest.approx(expected, rel=1e-6)


def test_a_saved_index_opens_only_under_its_own_stemming(tmp_path: Path) -> None:
    stemmed_folder, plain_folder = tmp_path / "stemmed", tmp_path / "plain"
    Bm25sRetriever.build(FILMS, stemming=Stemming.ENGLISH).save(stemmed_folder).unwrap()
    Bm25sRetriever.build(FILMS).save(plain_folder).unwrap()
    manifest = json.loads((stemmed_folder / MANIFEST_NAME).read_text())
    assert manifest["stemming"] == "english"
    # An unstemmed index is saved exactly as before stemming could be chosen.
    assert "stemming" not in json.loads((plain_folder / MANIFEST_NAME).read_text())
    refused = Bm25sRetriever.load(stemmed_folder, FILMS)
    assert isinstance(refused, Failure) and "stemming 'english'" in str(refused.failure())
    assert isinstance(Bm25sRetriever.load(plain_folder, FILMS, stemming=Stemming.ENGLISH), Failure)
    reopened = Bm25sRetriever.load(stemmed_folder, FILMS, stemming=Stemming.ENGLISH).unwrap()
    assert reopened.search(Query.of("filmed"), 3).ids() == ("films",)


def test_stemmed_and_unstemmed_indexes_have_their_own_cache_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus, _ = write_run_inputs(tmp_path)
    stemmed = Retrieval(stemming=Stemming.ENGLISH)
    first = open_retriever(corpus, stemmed).unwrap()
    plain = open_retriever(corpus, Retrieval()).unwrap()
    again = open_retriever(corpus, stemmed).unwrap()
    assert (first.from_cache, plain.from_cache, again.from_cache) == (False, False, True)
    folders = sorted(path.name for path in (tmp_path / "cache" / "indexes").iterdir())
    digest = first.content_hash
    assert folders == [f"bm25s-{digest}", f"bm25s-stem-english-{digest}"]
    assert index_folder_name(Backend.BM25S, Stemming.ENGLISH, digest) == folders[1]
    assert again.retriever.search(Query.of("rivers"), 2).ids() == ("nile1",)
    assert plain.retriever.search(Query.of("rivers"), 2).ids() == ()


@pytest.mark.parametrize("backend", [Backend.LUCENE, Backend.SHARDED, Backend.RANK_BM25])
def test_backends_that_cannot_stem_refuse_it(backend: Backend) -> None:
    with pytest.raises(ValueError, match="needs the bm25s or memory backend"):
        Retrieval(backend, stemming=Stemming.ENGLISH)
    refused = Retrieval(backend).with_stemming("english").failure()
    assert refused.code is RetrievalErrorCode.BAD_SPEC
    assert refused.message == (
        f"--stem english needs the bm25s or memory backend, not {backend.value}"
    )


def test_dense_retrieval_refuses_stemming_and_none_is_always_accepted() -> None:
    dense = Retrieval(retriever=RetrieverKind.DENSE)
    refused = dense.with_stemming("english").failure()
    assert refused.code is RetrievalErrorCode.BAD_SPEC and "searches no BM25 index" in str(refused)
    assert dense.with_stemming("none").unwrap() == dense
    assert dense.with_stemming(None).unwrap() == dense


def test_an_unknown_stemming_lists_the_known_ones() -> None:
    assert str(known_stemming("porter").failure()) == (
        "unknown stemming 'porter' (known: none, english)"
    )


def test_the_spec_records_stemming_only_when_chosen() -> None:
    plain = spec_to_json(RunSpec())
    assert "stemming" not in plain["retrieval"]
    stemmed = RunSpec(retrieval=Retrieval(stemming=Stemming.ENGLISH))
    written = spec_to_json(stemmed)
    assert written["retrieval"]["stemming"] == "english"
    assert spec_from_json(json.loads(json.dumps(written))).unwrap() == stemmed
    assert spec_from_json(plain).unwrap() == RunSpec()


@pytest.mark.parametrize(
    ("options", "stemming"),
    [
        ([], Stemming.NONE),
        (["--stem", "none"], Stemming.NONE),
        (["--stem", "english"], Stemming.ENGLISH),
    ],
)
def test_run_and_eval_read_the_stem_option(options: list[str], stemming: Stemming) -> None:
    for command in (RUN, ["eval", "--corpus", "c", "--questions", "q", "--output-dir", "o"]):
        arguments = build_parser().parse_args([*command, *BM25, *options])
        assert run_spec(arguments, "original").unwrap().retrieval.stemming is stemming


def test_stemming_a_dense_run_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    arguments = build_parser().parse_args([*RUN, "--retriever", "dense", "--stem", "english"])
    refused = run_spec(arguments, "original").failure()
    assert refused.code is EvalErrorCode.BAD_SPEC and "--stem" in refused.message


@pytest.mark.parametrize("command", ["demo", "chat"])
def test_demo_and_chat_take_the_stem_option(command: str) -> None:
    arguments = build_parser().parse_args([command, "--stem", "english"])
    assert arguments.stem == "english"


def test_a_stemmed_run_records_it_and_finds_other_inflections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus, questions = write_run_inputs(tmp_path)
    # "rivers" meets the Nile passage's "river" only through its stem.
    record = json.loads(questions.read_text())
    record.update(final="what about rivers?", gold=["nile1"])
    questions.write_text(json.dumps(record) + "\n")
    base = ["run", "--corpus", str(corpus), "--questions", str(questions), *BM25]
    base += ["--system", "original", "--quiet"]
    plain, stemmed = tmp_path / "plain.trec", tmp_path / "stemmed.trec"
    assert main([*base, "--output", str(plain)]) == 0
    assert main([*base, "--output", str(stemmed), "--stem", "english"]) == 0
    capsys.readouterr()
    assert "nile1" not in plain.read_text()
    assert stemmed.read_text().split()[2] == "nile1"
    plain_meta = json.loads(plain.with_suffix(".meta.json").read_text())
    stemmed_meta = json.loads(stemmed.with_suffix(".meta.json").read_text())
    assert "stemming" not in plain_meta["spec"]["retrieval"]
    assert stemmed_meta["spec"]["retrieval"]["stemming"] == "english"
