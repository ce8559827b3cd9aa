"""The route of `memcore run` as it runs: every check by name, the output's and the questions
file's come before the corpus is read, and each check goes into its package through one call
whose value the later work uses (the parsed writer, the retriever's opening, the output's
`Replacement`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from returns.result import Success

from memcore import atomic_write
from memcore.eval.datasets import topics
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.eval.runs.command import RunRequest, SystemOptions, run_command
from memcore.search import corpus_io
from memcore.search.backends import choice
from memcore.search.retrieval import Execution
from memcore.writers import factory

# The steps watched, each by the function that does it.
STEPS: dict[object, str] = {
    factory.WriterChoice.parse.__code__: "writer parsed",
    choice.chosen_retrieval.__code__: "retrieval chosen",
    atomic_write.replacement.__code__: "output checked",
    topics.load_questions.__code__: "questions read",
    corpus_io.load_corpus.__code__: "corpus read",
    factory.build_writer.__code__: "writer built",
    atomic_write.Replacement.write.__code__: "run written",
}


@contextmanager
def steps_taken() -> Iterator[list[str]]:
    """The watched steps, in the order their functions are entered while the block runs."""
    taken: list[str] = []

    def watch(frame: FrameType, event: str, _argument: object) -> None:
        if event == "call" and frame.f_code in STEPS:
            taken.append(STEPS[frame.f_code])

    previous: Callable[..., object] | None = sys.getprofile()
    sys.setprofile(watch)
    try:
        yield taken
    finally:
        sys.setprofile(previous)


def _request(tmp_path: Path, writer: str) -> RunRequest:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    corpus.write_text(
        '{"_id": "nile1", "title": "Nile", "text": "The Nile is the longest river."}\n'
        '{"_id": "amz1", "title": "Amazon", "text": "The Amazon carries the most water."}\n'
    )
    dialogue = Dialogue((Turn("tell me about the amazon", "It is in South America."),), "and nile")
    write_questions(
        questions, (Question("q1", "c1", dialogue, Judgement("natural", ("nile1",), ("amz1",))),)
    )
    options = SystemOptions(
        writer=writer,
        backend="memory",
        retriever="bm25",
        fusion_weights=None,
        search=(),
        horizon=None,
        k=2,
        execution=Execution(),
        use_cache=False,
        progress=False,
    )
    return RunRequest(corpus, questions, tmp_path / "out" / "r.trec", "memrevise", options)


def test_every_check_comes_before_the_corpus_is_read(tmp_path: Path) -> None:
    request = _request(tmp_path, "rules")
    with steps_taken() as taken:
        done = run_command(request, lambda _: None)
    assert isinstance(done, Success) and isinstance(done.unwrap().saved, Success)
    assert taken == [
        "writer parsed",
        "retrieval chosen",
        "output checked",
        "questions read",
        "corpus read",
        "writer built",
        "run written",
    ]


def test_a_misspelt_writer_is_refused_before_anything_else_is_looked_at(tmp_path: Path) -> None:
    request = _request(tmp_path, "rule")
    with steps_taken() as taken:
        done = run_command(request, lambda _: None)
    assert "unknown writer 'rule'" in str(done.failure())
    assert taken == ["writer parsed"]
    assert not (tmp_path / "out").exists()
