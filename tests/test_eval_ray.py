"""The Ray path: a local Ray gives the single-process run (slow to start: marked `ray`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn
from memcore.eval.runs.session import run_system
from memcore.eval.runs.spec import RunSpec
from memcore.search.backends.open import open_retriever
from memcore.search.retrieval import Backend, Execution, Retrieval

pytestmark = pytest.mark.ray

PASSAGES = [
    {"_id": "a1", "title": "Apollo 11", "text": "Apollo 11 landed on the Moon in July 1969."},
    {"_id": "a2", "title": "Apollo 11", "text": "Neil Armstrong commanded Apollo 11."},
    {"_id": "b1", "title": "Apollo 12", "text": "Apollo 12 landed in the Ocean of Storms."},
    {"_id": "b2", "title": "Apollo 12", "text": "Pete Conrad commanded Apollo 12."},
]


def test_ray_run_matches_the_single_process_run(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(passage) + "\n" for passage in PASSAGES))
    turns = (
        Turn("When did Apollo 11 land?", "In July 1969."),
        Turn("Who commanded Apollo 12?", "Pete Conrad."),
    )
    finals = ("no, I meant Apollo 11", "who commanded it?", "when did it land?")
    questions = tuple(
        Question(
            f"q{n}",
            f"c{n % 3}",
            Dialogue(turns[: 1 + n % 2], finals[n % 3]),
            Judgement("natural", ("a2",), ()),
        )
        for n in range(9)
    )
    index = open_retriever(corpus, Backend.MEMORY).unwrap()
    spec = RunSpec(retrieval=Retrieval(Backend.MEMORY))
    single = run_system(index, questions, spec).unwrap()
    try:
        on_ray = run_system(index, questions, spec, Execution(2, "local")).unwrap()
    finally:
        ray.shutdown()
    assert on_ray.outcome == single.outcome
    assert on_ray.outcome.failures == ()
