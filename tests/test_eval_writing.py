"""Rule-writer memories for the evaluated systems: reuse is exact, horizons truncate."""

from __future__ import annotations

from pathlib import Path

from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn
from memcore.eval.runs.runner import run_questions
from memcore.eval.runs.spec import SystemName
from memcore.eval.runs.systems import Original, WithMemory, make_system
from memcore.eval.runs.writing import memory_builders
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.writers.factory import WriterChoice, WriterKind

CORPUS = Corpus(
    (
        Passage("a1", "Apollo 11 landed on the Moon in July 1969.", "Apollo 11"),
        Passage("a2", "Neil Armstrong commanded Apollo 11.", "Apollo 11"),
        Passage("b1", "Apollo 12 landed in the Ocean of Storms.", "Apollo 12"),
        Passage("b2", "Pete Conrad commanded Apollo 12.", "Apollo 12"),
        Passage("g1", "Gemini 8 performed the first docking in orbit.", "Gemini 8"),
    )
)
RETRIEVER = InMemoryBM25.build(CORPUS)
RULES = WriterChoice(WriterKind.RULES)
TURNS = (
    Turn("When did Apollo 11 land?", "Apollo 11 landed in July 1969."),
    Turn("Who commanded Apollo 12?", "Pete Conrad commanded Apollo 12."),
    Turn("What did Gemini 8 do?", "It performed the first docking in orbit."),
)


def test_reused_prefixes_give_the_memory_written_from_scratch() -> None:
    shared = memory_builders(RULES, RETRIEVER)(None).unwrap()
    for count in range(len(TURNS) + 1):
        shared(Dialogue(TURNS[:count], "who commanded it?"))
    fresh = memory_builders(RULES, RETRIEVER)(None).unwrap()
    dialogue = Dialogue(TURNS, "no, I meant Apollo 11")
    assert shared(dialogue) == fresh(dialogue)
    memory, final = fresh(dialogue).unwrap()
    assert [node.turn for node in memory.nodes] == [1, 2, 3]
    assert final.turn == 4 and final.query


def test_a_horizon_keeps_the_last_nodes_only() -> None:
    memory, final = (
        memory_builders(RULES, RETRIEVER)(1).unwrap()(Dialogue(TURNS, "who commanded it?")).unwrap()
    )
    assert [node.turn for node in memory.nodes] == [3]
    assert final.turn == 4


def test_unknown_writer_is_refused_by_name() -> None:
    assert "unknown writer 'gpt-9'" in str(WriterChoice.parse("gpt-9").failure())


def test_a_writer_that_cannot_be_built_is_a_failure_value(tmp_path: Path) -> None:
    absent = WriterChoice(WriterKind.RECORDED, str(tmp_path / "absent.jsonl"))
    made = make_system(SystemName.TEMPLATE, RETRIEVER, memory_builders(absent, RETRIEVER))
    assert f"writer 'recorded:{tmp_path / 'absent.jsonl'}' is not available" in str(made.failure())


def test_memrevise_with_workers_matches_one_process() -> None:
    finals = ("no, I meant Apollo 11", "who commanded it?", "and Gemini 8?", "when did it land?")
    questions = tuple(
        Question(
            f"q{n}",
            f"c{n % 3}",
            Dialogue(TURNS[: 1 + n % 3], finals[n % 4]),
            Judgement("natural", ("a1",), ()),
        )
        for n in range(12)
    )
    system = make_system(
        SystemName.MEMREVISE,
        RETRIEVER,
        memory_builders(RULES, RETRIEVER),
    ).unwrap()
    assert isinstance(system, WithMemory)
    single = run_questions(questions, system, Original(RETRIEVER), k=5)
    again = make_system(
        SystemName.MEMREVISE,
        RETRIEVER,
        memory_builders(RULES, RETRIEVER),
    ).unwrap()
    spread = run_questions(questions, again, Original(RETRIEVER), k=5, workers=2)
    assert single.failures == ()
    assert spread == single
