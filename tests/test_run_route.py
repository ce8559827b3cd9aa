"""The route of `memcore run` as it runs: the command line parses every flag (the writer's name
once in the writers, the retrieval and search flags once in the search) before the
evaluation is called; the evaluation checks the system's name first, stages the outputs, reads
the questions file before the corpus, builds the writer and writes the run into the staged
paths, which are published when the run is done."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest

from memcore import atomic_write
from memcore.cli import main
from memcore.eval.datasets import topics
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.eval.runs import session
from memcore.search import corpus_io
from memcore.search.backends import choice
from memcore.search.backends import open as search_open
from memcore.writers import factory
from test_run_outputs import run_arguments

# The steps watched, each by the function that does it.
STEPS: dict[object, str] = {
    factory.WriterChoice.parse.__code__: "writer parsed",
    choice.chosen_search.__code__: "search chosen",
    atomic_write._staged_destinations.__code__: "outputs staged",
    topics.load_questions.__code__: "questions read",
    search_open.open_retriever.__code__: "retriever opened",
    corpus_io.load_corpus.__code__: "corpus read",
    factory.build_writer.__code__: "writer built",
    session.write_run.__code__: "run written",
    atomic_write._publish_staged.__code__: "run published",
}


@contextmanager
def steps_taken() -> Iterator[list[str]]:
    """The watched steps, in the order their functions are first entered while the block
    runs."""
    taken: list[str] = []

    def watch(frame: FrameType, event: str, _argument: object) -> None:
        if event == "call" and frame.f_code in STEPS:
            step = STEPS[frame.f_code]
            if step not in taken:
                taken.append(step)

    previous: Callable[..., object] | None = sys.getprofile()
    sys.setprofile(watch)
    try:
        yield taken
    finally:
        sys.setprofile(previous)


def _arguments(tmp_path: Path, writer: str, system: str = "memrevise") -> list[str]:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    corpus.write_text(
        '{"_id": "nile1", "title": "Nile", "text": "The Nile is the longest river."}\n'
        '{"_id": "amz1", "title": "Amazon", "text": "The Amazon carries the most water."}\n'
    )
    dialogue = Dialogue((Turn("tell me about the amazon", "It is in South America."),), "and nile")
    write_questions(
        questions, (Question("q1", "c1", dialogue, Judgement("natural", ("nile1",), ("amz1",))),)
    )
    # The later --system wins over run_arguments' own.
    output = tmp_path / "out" / "r.trec"
    chosen = ["--system", system, "--writer", writer, "--k", "2", "--no-cache"]
    return [*run_arguments(corpus, questions, output), *chosen]


def test_every_flag_is_parsed_before_the_evaluation_and_checked_before_the_corpus_is_read(
    tmp_path: Path,
) -> None:
    with steps_taken() as taken:
        assert main(_arguments(tmp_path, "rules")) == 0
    assert taken == [
        "writer parsed",
        "search chosen",
        "outputs staged",
        "questions read",
        "retriever opened",
        "corpus read",
        "writer built",
        "run written",
        "run published",
    ]
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["r.meta.json", "r.trec"]


def test_a_misspelt_writer_is_refused_before_anything_else_is_looked_at(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with steps_taken() as taken:
        assert main(_arguments(tmp_path, "rule")) == 2
    assert "unknown writer 'rule'" in capsys.readouterr().err
    assert taken == ["writer parsed"]
    assert not (tmp_path / "out").exists()


def test_a_misspelt_system_is_named_before_a_misspelt_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(_arguments(tmp_path, "rule", system="nosuch")) == 2
    assert capsys.readouterr().err.startswith("memcore run: system 'nosuch': unknown system")
    assert not (tmp_path / "out").exists()


def test_a_run_that_fails_after_the_outputs_are_staged_publishes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = _arguments(tmp_path, f"recorded:{tmp_path / 'none.jsonl'}")
    with steps_taken() as taken:
        assert main(arguments) == 2
    assert "is not available" in capsys.readouterr().err
    assert "writer built" in taken and "run written" not in taken
    # The folder was made when the outputs were staged; nothing is left in it.
    assert list((tmp_path / "out").iterdir()) == []
