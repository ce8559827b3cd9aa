"""Cost per turn of the learned writer against the rule writer.

The learned writer runs the rule cascade and then its trained scorers (topic candidates and
history-term features, two small dot products), so its cost is the rule writer's plus a
little. Measured per writer call, for history turns and final turns, on:

- the driver benchmark's synthetic conversation (no data needed), at 10, 100 and 1,000 turns;
- optionally, the questions of a built set over its corpus (`--corpus C --questions Q`): every
  question's history written once, then its final turn timed.

    .venv/bin/python bench/bench_learned_writer.py [--sizes 10 100 1000]
        [--corpus C.jsonl --questions Q.jsonl]

"steps" is the learned writer with its trained step choice on (every step's proposal scored).

Reported: median and 90th percentile of the wall time of one writer call, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import attrs
from bench_driver import synthetic_turns

from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.protocol import Writer, WriterRequest
from memcore.writers.rules import RuleWriter


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"p50 {statistics.median(ordered) * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms"


def _timed(writer: Writer, conversation: Conversation, turn: TurnInput) -> float:
    request = WriterRequest(conversation.memory, conversation.state, turn)
    start = time.perf_counter()
    writer.write(request)
    return time.perf_counter() - start


def synthetic(writers: dict[str, Writer], sizes: list[int]) -> None:
    for size in sizes:
        turns = list(synthetic_turns(size))
        for name, writer in writers.items():
            driver = Driver(writer)
            conversation = Conversation()
            history: list[float] = []
            final: list[float] = []
            for turn in turns:
                number = conversation.memory.next_turn
                final.append(
                    _timed(writer, conversation, TurnInput(number, turn.question, "", True))
                )
                history.append(
                    _timed(writer, conversation, TurnInput(number, turn.question, turn.answer))
                )
                conversation = driver.history_turn(conversation, turn).unwrap().conversation
            print(
                f"synthetic {size:>5} turns  {name:8s} history {_percentiles(history)}; "
                f"final {_percentiles(final)}"
            )


def built_set(corpus_path: Path, questions_path: Path) -> None:
    from memcore.eval.questions import read_questions
    from memcore.search.corpus_io import load_corpus

    corpus = load_corpus(corpus_path).unwrap().corpus
    questions = read_questions(questions_path).unwrap()
    models = shipped_bundle().unwrap()
    writers: dict[str, Writer] = {
        "rules": RuleWriter.for_corpus(corpus),
        "learned": LearnedWriter.for_corpus(models, corpus),
        "steps": attrs.evolve(LearnedWriter.for_corpus(models, corpus), trained_steps=True),
    }
    for name, writer in writers.items():
        driver = Driver(writer)
        final: list[float] = []
        for question in questions:
            conversation = Conversation()
            for turn in question.dialogue.turns:
                written = driver.history_turn(conversation, Turn(turn.question, turn.answer))
                conversation = written.unwrap().conversation
            number = conversation.memory.next_turn
            turn_input = TurnInput(number, question.dialogue.final, "", True)
            final.append(_timed(writer, conversation, turn_input))
        label = f"{questions_path.name} ({len(questions)} questions)"
        print(f"{label}  {name:8s} final {_percentiles(final)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--questions", type=Path)
    arguments = parser.parse_args()
    models = shipped_bundle().unwrap()
    titles = ("Orion 0", "Orion 1", "Ada Kask", "Boris Lind")
    from memcore.writers.learned.topics import TitleIndex
    from memcore.writers.rules.names import TitleVocabulary

    writers: dict[str, Writer] = {
        "rules": RuleWriter(TitleVocabulary.of(titles)),
        "learned": LearnedWriter(models, TitleVocabulary.of(titles), TitleIndex.of(titles)),
        "steps": LearnedWriter(
            models, TitleVocabulary.of(titles), TitleIndex.of(titles), trained_steps=True
        ),
    }
    synthetic(writers, arguments.sizes)
    if arguments.corpus is not None and arguments.questions is not None:
        built_set(arguments.corpus, arguments.questions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
