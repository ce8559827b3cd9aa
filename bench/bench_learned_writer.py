"""Cost per turn of the learned writer against the rule writer.

The learned writer runs the rule cascade and then its trained scorers (topic candidates and
history-term features, two small dot products), so its cost is the rule writer's plus a
little. Measured per writer call, for history turns and final turns, on:

- the driver benchmark's synthetic conversation (no data needed), at 10, 100 and 1,000 turns;
- optionally, the questions of a built set over its corpus (`--corpus C --questions Q`): every
  question's history written once, then its final turn timed.

    .venv/bin/python bench/bench_learned_writer.py [--sizes 10 100 1000]
        [--corpus C.jsonl --questions Q.jsonl] [--limit N] [--no-minilm]

"steps" is the learned writer with its trained step choice on (every step's proposal scored).
"minilm" is the opt-in `learned-minilm` variant (MiniLM similarity features for the topic
scorers), timed where the dense extra is installed; its vector cache lives as long as the
writer, as in an evaluation, so a text is encoded once over the whole run. On a built set,
"minilm-cold" is the same with an empty cache for every question (a new conversation, nothing
encoded yet: its first scored turn encodes every name and question it compares). For both,
"encoding turns" are the turns whose call encoded something (the cache grew).

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
from returns.result import Success

from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.protocol import Writer, WriterRequest
from memcore.writers.rules import RuleWriter


def _minilm(writer: LearnedWriter) -> LearnedWriter | None:
    """`writer` as the learned-minilm variant, or None (with a note) without the dense extra."""
    from memcore.cache import cache_root
    from memcore.writers.learned.minilm import TopicSimilarity, shipped_minilm_models
    from memcore.writers.learned.vector_cache import VectorCache, minilm_encoder

    encoder = minilm_encoder(cache_root())
    if not isinstance(encoder, Success):
        print(f"minilm not timed: {encoder.failure()}", file=sys.stderr)
        return None
    similarity = TopicSimilarity(shipped_minilm_models().unwrap(), VectorCache(encoder.unwrap()))
    return attrs.evolve(writer, similarity=similarity)


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"p50 {statistics.median(ordered) * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms"


def _cached(writer: Writer) -> int:
    """How many texts the learned-minilm `writer` has cached (0 for any other writer)."""
    if isinstance(writer, LearnedWriter) and writer.similarity is not None:
        return len(writer.similarity.vectors)
    return 0


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


def _emptied(writer: Writer) -> Writer:
    """The learned-minilm `writer` with a new, empty vector cache (same encoder)."""
    from memcore.writers.learned.vector_cache import VectorCache

    assert isinstance(writer, LearnedWriter) and writer.similarity is not None
    cache = VectorCache(writer.similarity.vectors.encoder)
    return attrs.evolve(writer, similarity=attrs.evolve(writer.similarity, vectors=cache))


def built_set(corpus_path: Path, questions_path: Path, limit: int | None, minilm: bool) -> None:
    from memcore.eval.datasets.questions import read_questions
    from memcore.search.corpus_io import load_corpus

    corpus = load_corpus(corpus_path).unwrap().corpus
    questions = read_questions(questions_path).unwrap()[:limit]
    models = shipped_bundle().unwrap()
    writers: dict[str, Writer] = {
        "rules": RuleWriter.for_corpus(corpus),
        "learned": LearnedWriter.for_corpus(models, corpus),
        "steps": attrs.evolve(LearnedWriter.for_corpus(models, corpus), trained_steps=True),
    }
    variant = _minilm(LearnedWriter.for_corpus(models, corpus)) if minilm else None
    if variant is not None:
        writers["minilm"] = variant
        writers["minilm-cold"] = variant
    for name, writer in writers.items():
        driver = Driver(writer)
        history: list[float] = []
        final: list[float] = []
        encoding: list[float] = []
        for question in questions:
            if name == "minilm-cold":
                writer = _emptied(writer)
                driver = Driver(writer)
            conversation = Conversation()
            for turn in question.dialogue.turns:
                number = conversation.memory.next_turn
                before = _cached(writer)
                history.append(
                    _timed(writer, conversation, TurnInput(number, turn.question, turn.answer))
                )
                if _cached(writer) > before:
                    encoding.append(history[-1])
                written = driver.history_turn(conversation, Turn(turn.question, turn.answer))
                conversation = written.unwrap().conversation
            number = conversation.memory.next_turn
            turn_input = TurnInput(number, question.dialogue.final, "", True)
            before = _cached(writer)
            final.append(_timed(writer, conversation, turn_input))
            if _cached(writer) > before:
                encoding.append(final[-1])
        label = f"{questions_path.name} ({len(questions)} questions)"
        every = _percentiles(history + final)
        print(f"{label}  {name:11s} final {_percentiles(final)}; all turns {every}")
        if encoding:
            turns = f"{len(encoding)} of {len(history) + len(final)}"
            print(f"{label}  {name:11s} encoding turns ({turns}) {_percentiles(encoding)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--questions", type=Path)
    parser.add_argument("--limit", type=int, help="time the first N questions only")
    parser.add_argument("--no-minilm", action="store_true", help="leave out learned-minilm")
    arguments = parser.parse_args()
    models = shipped_bundle().unwrap()
    titles = ("Orion 0", "Orion 1", "Ada Kask", "Boris Lind")
    from memcore.writers.learned.topics import TitleIndex
    from memcore.writers.rules.names import TitleVocabulary

    vocabulary, index = TitleVocabulary.of(titles), TitleIndex.of(titles)
    writers: dict[str, Writer] = {
        "rules": RuleWriter(vocabulary),
        "learned": LearnedWriter(models, vocabulary, index),
        "steps": LearnedWriter(models, vocabulary, index, trained_steps=True),
    }
    variant = None if arguments.no_minilm else _minilm(LearnedWriter(models, vocabulary, index))
    if variant is not None:
        writers["minilm"] = variant
    synthetic(writers, arguments.sizes)
    if arguments.corpus is not None and arguments.questions is not None:
        built_set(arguments.corpus, arguments.questions, arguments.limit, not arguments.no_minilm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
