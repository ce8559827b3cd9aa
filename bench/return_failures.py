"""Where the memory loses a return: each Return-tier item the default writer ranks below the
human rewrite, or where a stale passage comes first, with the topic the writer chose, the
topic the search ended on (the referent stages may move it) and the writer's query.

Read a failure list by cause: the writer's topic is wrong (a pronoun or elided subject sent
to the wrong thread), the search moved a right topic away, or the topic is right and the
query is not (history terms that point elsewhere, a question that names its subject yet gets
the history appended).

    .venv/bin/python bench/return_failures.py --corpus DIR/corpus/clapnq.jsonl \\
        --questions DIR/paper-tuning/clapnq.jsonl --retriever bm25

Prints one block per failing item, then counts by tier: items, failures, and among the
failures those where the search moved the writer's topic; then each tier's mean MRR@10 of
memrevise and of the human rewrite, and its stale-first share.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import attrs
from returns.result import Failure

from memcore.eval.datasets.questions import Question, read_questions
from memcore.eval.runs.writing import memory_builders
from memcore.eval.scores.metrics import PRIMARY, score_run, stale_outranks_gold
from memcore.search.backends.open import open_retriever
from memcore.search.pipeline import memrevise_pipeline, search_final_turn
from memcore.search.retrieval import known_retrieval_options
from memcore.search.retriever import Retriever
from memcore.search.values import Query, Ranking
from memcore.writers.factory import default_writer

DEPTH = 100


@attrs.frozen
class Reading:
    """One return item as the default writer and the search handled it."""

    question: Question
    writer_topic: str | None
    search_topic: str | None
    writer_query: str
    memrevise: float
    oracle: float
    original: float
    stale_first: bool

    @property
    def fails(self) -> bool:
        """Below the human rewrite, or a stale passage above the gold one."""
        return self.memrevise < self.oracle or self.stale_first

    def block(self) -> str:
        """The item as the report prints it."""
        dialogue = self.question.dialogue
        lines = [
            f"## {self.question.id} ({self.question.judgement.tier}) memrevise "
            f"{self.memrevise:.2f} oracle {self.oracle:.2f} original {self.original:.2f}"
            f"{' stale-first' if self.stale_first else ''}",
            *(f"   turn: {turn.question[:110]}" for turn in dialogue.turns),
            f"   final: {dialogue.final}",
            f"   rewrite: {self.question.judgement.rewrite}",
            f"   writer topic: {self.writer_topic} | search topic: {self.search_topic}",
            f"   writer query: {self.writer_query[:200]}",
        ]
        return "\n".join(lines)


def reciprocal_rank(question: Question, ranking: Ranking) -> float:
    """MRR@10 of `ranking` for `question` (0 where it finds nothing judged)."""
    scores = score_run({question.id: question.judgement}, {question.id: ranking})
    return scores[question.id].values[PRIMARY] if question.id in scores else 0.0


def plain_search(retriever: Retriever, text: str | None) -> Ranking:
    """`text` searched as typed, no memory rule (nothing for an empty text)."""
    if text is None or not text.strip():
        return Ranking(())
    return retriever.search(Query.of(text), DEPTH)


def readings(questions: tuple[Question, ...], corpus: Path, retriever: str) -> list[Reading]:
    """Each Return-tier question of `questions` read with the default writer."""
    retrieval = known_retrieval_options(None, retriever).unwrap()
    opened = open_retriever(corpus, retrieval).unwrap()
    searcher = opened.retriever
    build = memory_builders(default_writer(), opened.retriever)(None).unwrap()
    pipeline = memrevise_pipeline(depth=DEPTH)
    found = []
    for question in questions:
        if not question.judgement.tier.startswith("return"):
            continue
        built = build(question.dialogue)
        if isinstance(built, Failure):
            sys.exit(f"{question.id}: {built.failure()}")
        memory, final = built.unwrap()
        searched = search_final_turn(memory, final, opened.retriever, pipeline)
        if isinstance(searched, Failure):
            sys.exit(f"{question.id}: {searched.failure()}")
        explained = searched.unwrap()
        ranking = Ranking.from_scores(((h.doc_id, h.score) for h in explained.hits), DEPTH)
        found.append(
            Reading(
                question,
                final.topic,
                explained.topic,
                explained.writer_query,
                reciprocal_rank(question, ranking),
                reciprocal_rank(
                    question, plain_search(opened.retriever, question.judgement.rewrite)
                ),
                reciprocal_rank(question, plain_search(searcher, question.dialogue.final)),
                bool(stale_outranks_gold(ranking, question.judgement)),
            )
        )
    return found


def counts(read: list[Reading]) -> Mapping[str, Counter[str]]:
    """Per tier: items, failures, and failures where the search moved the writer's topic."""
    table: dict[str, Counter[str]] = {}
    for reading in read:
        row = table.setdefault(reading.question.judgement.tier, Counter())
        row["items"] += 1
        if reading.fails:
            row["failures"] += 1
            if reading.writer_topic != reading.search_topic:
                row["moved by search"] += 1
    return table


def means(read: list[Reading]) -> Mapping[str, tuple[float, float, float]]:
    """Per tier: the mean MRR of memrevise and of the human rewrite, and the share of items
    with a stale passage first (the paper table's figures, for the Return tiers alone)."""
    rows: dict[str, list[Reading]] = {}
    for reading in read:
        rows.setdefault(reading.question.judgement.tier, []).append(reading)
    return {
        tier: (
            sum(r.memrevise for r in items) / len(items),
            sum(r.oracle for r in items) / len(items),
            sum(r.stale_first for r in items) / len(items),
        )
        for tier, items in rows.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, action="append", required=True)
    parser.add_argument("--questions", type=Path, action="append", required=True)
    parser.add_argument("--retriever", default="bm25", help="bm25, dense or hybrid")
    arguments = parser.parse_args()
    if len(arguments.corpus) != len(arguments.questions):
        parser.error("give --corpus and --questions in pairs")
    read: list[Reading] = []
    for corpus, path in zip(arguments.corpus, arguments.questions, strict=True):
        read.extend(readings(read_questions(path).unwrap(), corpus, arguments.retriever))
    for reading in read:
        if reading.fails:
            print(reading.block(), end="\n\n")
    for tier, row in sorted(counts(read).items()):
        print(tier, dict(row))
    for tier, (memrevise, oracle, stale) in sorted(means(read).items()):
        figures = f"memrevise {memrevise:.3f} oracle {oracle:.3f} stale-first {stale:.3f}"
        print(f"{tier}: MRR@10 {figures}")


if __name__ == "__main__":
    main()
