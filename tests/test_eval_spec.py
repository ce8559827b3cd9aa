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
from memcore.eval.index import open_index
from memcore.eval.session import run_system
from memcore.eval.spec import (
    Backend,
    Execution,
    Retrieval,
    RunSpec,
    SystemName,
    execution_problem,
    known_retrieval,
    spec_from_json,
    spec_to_json,
)
from memcore.search.config import PAPER, SearchConfig, SearchOption, search_options

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
    st.sampled_from(["rules", "openai", "openai:m", "recorded:r.jsonl"]),
    st.builds(Retrieval, st.sampled_from(Backend)),
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
def test_the_defaults_are_the_papers_search(command: list[str]) -> None:
    arguments = build_parser().parse_args(command)
    assert run_spec(arguments, "memrevise").unwrap() == RunSpec()


@pytest.mark.parametrize("command", [RUN, EVAL])
@pytest.mark.parametrize("option", search_options(), ids=lambda option: option.flag)
def test_every_search_option_reaches_the_spec(command: list[str], option: SearchOption) -> None:
    for choice in option.choices:
        arguments = build_parser().parse_args([*command, option.flag, choice.value])
        spec = run_spec(arguments, "memrevise").unwrap()
        assert getattr(spec.search, option.field) is choice
        assert spec_to_json(spec)["search"][option.field] == choice.value


def test_the_spec_reads_every_run_option() -> None:
    options = ["--writer", "recorded:w.jsonl", "--k", "7", "--horizon", "2", "--backend", "memory"]
    arguments = build_parser().parse_args([*RUN, *options])
    spec = run_spec(arguments, "rrf").unwrap()
    assert spec == RunSpec(
        SystemName.RRF, "recorded:w.jsonl", Retrieval(Backend.MEMORY), PAPER, 2, 7
    )


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
    index = open_index(corpus, Backend.MEMORY).unwrap()
    refused = run_system(index, (), RunSpec(retrieval=Retrieval(Backend.BM25S)))
    assert refused.failure().code is EvalErrorCode.BAD_SPEC
    assert run_system(index, (), RunSpec(retrieval=Retrieval(Backend.MEMORY))).unwrap()


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
        ("sharded:4", Retrieval(Backend.SHARDED, 4)),
    ],
)
def test_backend_names_give_the_retrieval(name: str, expected: Retrieval) -> None:
    assert known_retrieval(name).unwrap() == expected


@pytest.mark.parametrize("name", ["sharded", "sharded:0", "sharded:x", "sharded:", "bm25s:2"])
def test_a_bad_shard_count_is_a_typed_error(name: str) -> None:
    error = known_retrieval(name).failure()
    assert error.code is EvalErrorCode.UNKNOWN_BACKEND


def test_a_sharded_run_cannot_fork_workers() -> None:
    spec = RunSpec(retrieval=Retrieval(Backend.SHARDED, 2))
    assert execution_problem(spec, Execution(2, "127.0.0.1:6379")) is not None
    assert execution_problem(spec, Execution(1, "127.0.0.1:6379")) is None
    assert Execution(1, "127.0.0.1:6379").ray_address == "127.0.0.1:6379"
    assert Execution(1, "local").ray_address is None
