"""The run specification: built once from the options, a JSON round trip, typed errors; and
every search option reaches the spec from `memcore run` and `memcore eval` by itself."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from memcore.cli import build_parser, main
from memcore.cli.run import run_spec
from memcore.eval.errors import EvalErrorCode
from memcore.eval.runs.session import run_system
from memcore.eval.runs.spec import (
    RunSpec,
    SystemName,
    execution_problem,
    spec_from_json,
    spec_to_json,
)
from memcore.search.backends.open import open_retriever
from memcore.search.config import (
    DEFAULT_SEARCH,
    PAPER,
    SearchConfig,
    SearchOption,
    search_options,
)
from memcore.search.retrieval import (
    TUNED_DENSE_WEIGHT,
    TUNED_LEXICAL_WEIGHT,
    Backend,
    Execution,
    Retrieval,
    RetrievalErrorCode,
    RetrieverKind,
    known_fusion_weights,
    known_retrieval,
)
from memcore.writers.factory import DEFAULT_WRITER, WriterChoice, WriterKind

RUN = ["run", "--corpus", "c.jsonl", "--questions", "q.jsonl", "--output", "r.trec"]
EVAL = ["eval", "--corpus", "c.jsonl", "--questions", "q.jsonl", "--output-dir", "out"]


@st.composite
def search_configs(draw: st.DrawFn) -> SearchConfig:
    chosen = {option.field: draw(st.sampled_from(option.choices)) for option in search_options()}
    depth = draw(st.integers(1, 500))
    return attrs.evolve(PAPER, candidate_depth=depth, **chosen)


SPECS = st.builds(
    RunSpec,
    st.sampled_from(SystemName),
    st.sampled_from(["rules", "openai", "openai:m", "recorded:r.jsonl"]).map(
        lambda name: WriterChoice.parse(name).unwrap()
    ),
    st.builds(
        Retrieval,
        st.sampled_from(Backend),
        shards=st.integers(1, 64),
        retriever=st.sampled_from(RetrieverKind),
        lexical_weight=st.floats(0, 10),
        dense_weight=st.floats(0, 10),
    ),
    search_configs(),
    st.none() | st.integers(1, 9),
    st.integers(1, 1000),
)


@given(SPECS)
def test_a_spec_survives_json(spec: RunSpec) -> None:
    text = json.dumps(spec_to_json(spec))
    assert spec_from_json(json.loads(text)).unwrap() == spec


def test_a_spec_with_a_misspelt_field_or_value_is_refused() -> None:
    document = spec_to_json(RunSpec())
    for wrong in ({"sytem": "memrevise"}, {"system": "memrevize"}, {"k": "100"}, {"k": 0}):
        read = spec_from_json({**document, **wrong})
        assert isinstance(read, Failure)
        assert read.failure().code is EvalErrorCode.BAD_SPEC


@pytest.mark.parametrize("command", [RUN, EVAL])
def test_the_defaults_are_the_papers_search_with_the_tuned_hybrid(
    command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    arguments = build_parser().parse_args(command)
    hybrid = Retrieval(retriever=RetrieverKind.HYBRID)
    # Where the encoder is installed the default writer is learned-minilm (a `RunSpec` built
    # in code defaults to learned, which needs no encoder).
    expected = RunSpec(writer=DEFAULT_WRITER, retrieval=hybrid)
    assert run_spec(arguments, "memrevise").unwrap() == expected
    assert (hybrid.lexical_weight, hybrid.dense_weight) == (
        TUNED_LEXICAL_WEIGHT,
        TUNED_DENSE_WEIGHT,
    )


@pytest.mark.parametrize("command", [RUN, EVAL])
@pytest.mark.parametrize("option", search_options(), ids=lambda option: option.flag)
def test_every_search_option_reaches_the_spec(command: list[str], option: SearchOption) -> None:
    for choice in option.choices:
        arguments = build_parser().parse_args([*command, option.flag, choice.value])
        spec = run_spec(arguments, "memrevise").unwrap()
        assert getattr(spec.search, option.field) is choice
        assert spec_to_json(spec)["search"][option.field] == choice.value


def test_the_spec_reads_every_run_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    options = ["--writer", "recorded:w.jsonl", "--k", "7", "--horizon", "2", "--backend", "memory"]
    weights = ["--retriever", "hybrid", "--fusion-weights", "bm25=0.25,dense=0.75"]
    arguments = build_parser().parse_args([*RUN, *options, *weights])
    spec = run_spec(arguments, "rrf").unwrap()
    retrieval = Retrieval(
        Backend.MEMORY, retriever=RetrieverKind.HYBRID, lexical_weight=0.25, dense_weight=0.75
    )
    recorded = WriterChoice(WriterKind.RECORDED, "w.jsonl")
    assert spec == RunSpec(SystemName.RRF, recorded, retrieval, DEFAULT_SEARCH, 2, 7)
    assert spec_to_json(spec)["retrieval"]["dense_weight"] == 0.75


@pytest.mark.parametrize(
    ("system", "options", "code", "message"),
    [
        ("bogus", [], EvalErrorCode.UNKNOWN_SYSTEM, "system 'bogus': unknown system (known: "),
        ("original", ["--writer", "gpt-9"], EvalErrorCode.BAD_WRITER, "--writer: "),
        ("original", ["--backend", "faiss"], EvalErrorCode.UNKNOWN_BACKEND, "unknown backend"),
    ],
)
def test_unusable_options_are_typed_errors(
    system: str, options: list[str], code: EvalErrorCode, message: str
) -> None:
    arguments = build_parser().parse_args([*RUN, *options])
    error = run_spec(arguments, system).failure()
    assert error.code is code
    assert str(error).startswith(message)


def test_a_run_refuses_an_index_of_another_backend(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"_id": "a", "title": "A", "text": "apollo landed"}) + "\n")
    index = open_retriever(corpus, Backend.MEMORY).unwrap()
    refused = run_system(index, (), RunSpec(retrieval=Retrieval(Backend.BM25S)))
    assert refused.failure().code is EvalErrorCode.BAD_SPEC
    assert run_system(index, (), RunSpec(retrieval=Retrieval(Backend.MEMORY))).unwrap()


@pytest.mark.parametrize("command", [RUN, EVAL])
@pytest.mark.parametrize("kind", list(RetrieverKind))
def test_the_retriever_option_reaches_the_spec(
    command: list[str], kind: RetrieverKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    arguments = build_parser().parse_args([*command, "--retriever", kind.value])
    assert run_spec(arguments, "original").unwrap().retrieval == Retrieval(retriever=kind)


@pytest.mark.parametrize("command", [RUN, EVAL])
def test_hybrid_is_the_default_retriever_where_the_encoder_is_installed(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    arguments = build_parser().parse_args(command)
    assert run_spec(arguments, "original").unwrap().retrieval.retriever is RetrieverKind.HYBRID
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [RUN, EVAL])
def test_without_the_encoder_the_default_is_bm25_with_one_note(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: False)
    arguments = build_parser().parse_args(command)
    assert run_spec(arguments, "original").unwrap().retrieval.retriever is RetrieverKind.BM25
    note = capsys.readouterr().err
    assert note.count("\n") == 1
    assert "dense encoder not installed (pip install 'memcore[dense]')" in note
    assert "using --retriever bm25" in note


@pytest.mark.parametrize(
    ("weights", "expected"),
    [
        ("bm25=0.3,dense=0.7", (0.3, 0.7)),
        ("dense=2, bm25=0", (0.0, 2.0)),
        ("bm25=1,dense=1", (1.0, 1.0)),
    ],
)
def test_fusion_weights_are_read_by_part_name(weights: str, expected: tuple[float, float]) -> None:
    assert known_fusion_weights(weights).unwrap() == expected


@pytest.mark.parametrize(
    "weights",
    [
        "bm25=0.3",
        "bm25=0.3,dense=0.7,dense=0.7",
        "bm25=0.3,splade=0.7",
        "bm25:0.3,dense:0.7",
        "bm25=x,dense=1",
        "bm25=-0.1,dense=1",
        "bm25=nan,dense=1",
        "bm25=inf,dense=1",
        "bm25=0,dense=0",
        "",
    ],
)
@pytest.mark.parametrize("command", [RUN, EVAL])
def test_bad_fusion_weights_exit_2_with_one_line(
    command: list[str], weights: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The corpus does not exist: the weights are refused before it is read.
    assert main([*command, "--retriever", "hybrid", "--fusion-weights", weights]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--fusion-weights" in error


@pytest.mark.parametrize("kind", [RetrieverKind.BM25, RetrieverKind.DENSE])
def test_fusion_weights_are_refused_for_a_retriever_that_fuses_nothing(
    kind: RetrieverKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    options = ["--retriever", kind.value, "--fusion-weights", "bm25=1,dense=1"]
    arguments = build_parser().parse_args([*RUN, *options])
    refused = run_spec(arguments, "original").failure()
    assert refused.code is EvalErrorCode.BAD_SPEC and "--retriever hybrid" in refused.message


@given(st.floats(0, 100), st.floats(0, 100))
def test_written_fusion_weights_read_back(lexical: float, dense: float) -> None:
    # What `repr` writes of a weight, `--fusion-weights` reads back exactly.
    text = f"bm25={lexical!r},dense={dense!r}"
    read = known_fusion_weights(text)
    if lexical == dense == 0.0:
        assert isinstance(read, Failure)
    else:
        assert read.unwrap() == (lexical, dense)


def test_without_the_encoder_hybrid_becomes_bm25_with_a_note(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: False)
    arguments = build_parser().parse_args([*RUN, "--retriever", "hybrid"])
    assert run_spec(arguments, "original").unwrap().retrieval.retriever is RetrieverKind.BM25
    note = capsys.readouterr().err
    assert note.count("\n") == 1
    assert "needs the `dense` extra" in note


@pytest.mark.parametrize("command", [RUN, EVAL])
def test_an_unknown_retriever_exits_2(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The corpus does not exist: the name is refused before it is read.
    assert main([*command, "--retriever", "splade"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "unknown retriever 'splade'" in error


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--retriever", "lucene"], Retrieval(Backend.LUCENE)),
        (["--retriever", "sharded:3"], Retrieval(Backend.SHARDED, shards=3)),
        (["--retriever", "lucene", "--backend", "lucene"], Retrieval(Backend.LUCENE)),
        (
            ["--backend", "sharded:2"],
            Retrieval(Backend.SHARDED, shards=2, retriever=RetrieverKind.HYBRID),
        ),
        (
            ["--backend", "lucene", "--retriever", "hybrid"],
            Retrieval(Backend.LUCENE, retriever=RetrieverKind.HYBRID),
        ),
        (
            ["--backend", "sharded:2", "--retriever", "hybrid"],
            Retrieval(Backend.SHARDED, shards=2, retriever=RetrieverKind.HYBRID),
        ),
    ],
)
def test_backend_and_retriever_options_combine(
    options: list[str], expected: Retrieval, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `--retriever lucene|sharded:N` is bm25 on that backend; `--backend` is the lexical part.
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    arguments = build_parser().parse_args([*RUN, *options])
    assert run_spec(arguments, "original").unwrap().retrieval == expected


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (["--retriever", "lucene", "--backend", "bm25s"], EvalErrorCode.BAD_SPEC),
        (["--retriever", "sharded:2", "--backend", "sharded:3"], EvalErrorCode.BAD_SPEC),
        (["--retriever", "sharded"], EvalErrorCode.UNKNOWN_BACKEND),
        (["--retriever", "sharded:0"], EvalErrorCode.UNKNOWN_BACKEND),
        (["--retriever", "memory"], EvalErrorCode.UNKNOWN_BACKEND),
    ],
)
def test_a_backend_retriever_that_does_not_fit_is_refused(
    options: list[str], code: EvalErrorCode
) -> None:
    arguments = build_parser().parse_args([*RUN, *options])
    assert run_spec(arguments, "original").failure().code is code


def test_chat_and_demo_take_no_backend_retriever() -> None:
    # They search an in-memory BM25: a backend name is no retriever there.
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "--retriever", "lucene"])


def test_a_dense_run_does_not_refuse_forked_workers_for_its_unused_backend() -> None:
    dense = Retrieval(Backend.LUCENE, retriever=RetrieverKind.DENSE)
    assert execution_problem(RunSpec(retrieval=dense), Execution(2)) is None
    hybrid = attrs.evolve(dense, retriever=RetrieverKind.HYBRID)
    assert execution_problem(RunSpec(retrieval=hybrid), Execution(2)) is not None


@pytest.mark.parametrize("weight", [-1.0, float("nan"), float("inf")])
def test_fusion_weights_must_be_finite_and_not_negative(weight: float) -> None:
    with pytest.raises(ValueError, match="dense_weight must be finite"):
        Retrieval(dense_weight=weight)


def test_a_run_refuses_an_index_of_another_retriever(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"_id": "a", "title": "A", "text": "apollo landed"}) + "\n")
    index = open_retriever(corpus, Backend.MEMORY).unwrap()
    hybrid = Retrieval(Backend.MEMORY, retriever=RetrieverKind.HYBRID)
    assert run_system(index, (), RunSpec(retrieval=hybrid)).failure().code is EvalErrorCode.BAD_SPEC


@pytest.mark.parametrize(
    ("workers", "ray", "refused"),
    [(2, None, True), (1, None, False), (2, "local", False), (3, "127.0.0.1:6379", False)],
)
def test_lucene_runs_in_one_process_or_on_ray(workers: int, ray: str | None, refused: bool) -> None:
    # A forked child would inherit the parent's Java VM without its threads.
    spec = RunSpec(retrieval=Retrieval(Backend.LUCENE))
    problem = execution_problem(spec, Execution(workers, ray))
    assert (problem is not None) is refused
    if problem is not None:
        assert problem.code is EvalErrorCode.BAD_SPEC and "--ray" in str(problem)
    assert execution_problem(RunSpec(), Execution(workers, ray)) is None


@pytest.mark.parametrize("command", [RUN, EVAL])
def test_the_commands_refuse_lucene_with_forked_workers_before_any_work(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The corpus does not exist: the refusal comes before it is read.
    assert main([*command, "--backend", "lucene", "--workers", "2"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "cannot use forked --workers" in error


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bm25s", Retrieval(Backend.BM25S)),
        ("lucene", Retrieval(Backend.LUCENE)),
        ("sharded:4", Retrieval(Backend.SHARDED, shards=4)),
    ],
)
def test_backend_names_give_the_retrieval(name: str, expected: Retrieval) -> None:
    assert known_retrieval(name).unwrap() == expected


@pytest.mark.parametrize("name", ["sharded", "sharded:0", "sharded:x", "sharded:", "bm25s:2"])
def test_a_bad_shard_count_is_a_typed_error(name: str) -> None:
    error = known_retrieval(name).failure()
    assert error.code is RetrievalErrorCode.UNKNOWN_BACKEND


def test_a_sharded_run_cannot_fork_workers() -> None:
    spec = RunSpec(retrieval=Retrieval(Backend.SHARDED, shards=2))
    assert execution_problem(spec, Execution(2, "127.0.0.1:6379")) is not None
    assert execution_problem(spec, Execution(1, "127.0.0.1:6379")) is None
    assert Execution(1, "127.0.0.1:6379").ray_address == "127.0.0.1:6379"
    assert Execution(1, "local").ray_address is None


_ARGUMENTS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789/._-:", min_size=1, max_size=20)


@st.composite
def writer_choices(draw: st.DrawFn) -> WriterChoice:
    kind = draw(st.sampled_from(WriterKind))
    if kind is WriterKind.RULES:
        return WriterChoice(kind)
    optional = kind in (
        WriterKind.LEARNED,
        WriterKind.LEARNED_STEPS,
        WriterKind.LEARNED_MINILM,
        WriterKind.OPENAI,
    )
    argument = draw(st.just("") | _ARGUMENTS) if optional else draw(_ARGUMENTS)
    return WriterChoice(kind, argument)


@given(writer_choices())
def test_a_writer_choice_is_written_by_its_name_and_read_back(choice: WriterChoice) -> None:
    written = spec_to_json(RunSpec(writer=choice))
    assert written["writer"] == str(choice)
    assert WriterChoice.parse(str(choice)).unwrap() == choice
    assert spec_from_json(written).unwrap().writer == choice


def test_metadata_written_before_the_typed_choice_still_loads() -> None:
    # Runs written when the writer was a plain string hold its name; an object form reads too.
    old = spec_to_json(RunSpec()) | {"writer": "learned-steps:/models"}
    assert spec_from_json(old).unwrap().writer == WriterChoice(WriterKind.LEARNED_STEPS, "/models")
    as_object = spec_to_json(RunSpec()) | {"writer": {"kind": "rules", "argument": ""}}
    assert spec_from_json(as_object).unwrap().writer == WriterChoice(WriterKind.RULES)


@pytest.mark.parametrize("name", ["rule", "rules:x", "transformers", "recorded:", 7])
def test_a_bad_writer_in_metadata_is_a_bad_spec(name: object) -> None:
    document = spec_to_json(RunSpec()) | {"writer": name}
    assert spec_from_json(document).failure().code is EvalErrorCode.BAD_SPEC
