"""What memrevise's search rules add to a query as good as the human rewrite: a ceiling.

Each question's memory is written by the writer as `memcore eval` writes it; then the final
node's query is replaced by the question's human rewrite and the memrevise pipeline searches
with that memory, exactly as `memcore eval --systems memrevise` does. The run is written as
`<output-dir>/runs/<part>.memrevise.trec`, so `bench/compare_runs.py` pairs it with an eval
folder: `--b-system oracle` against the human rewrite alone, `--b-system memrevise` against
the writer's own query.

This reads the human rewrites, which no system may see: it is an analysis of what a writer as
good as the rewrite could reach, not a system. Questions without a rewrite keep the writer's
query.

    .venv/bin/python bench/rewrite_ceiling.py --corpus DIR/corpus/ikat.jsonl \\
        --questions DIR/dev/ikat.jsonl --retriever hybrid --output-dir OUT
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import attrs
from returns.result import Failure

from memcore.eval.datasets.questions import Question, read_questions
from memcore.eval.runs.systems import memory_search
from memcore.eval.runs.trec import write_run
from memcore.eval.runs.writing import memory_builders
from memcore.search.backends.open import open_retriever
from memcore.search.config import DEFAULT_SEARCH
from memcore.search.retrieval import known_retrieval_options
from memcore.search.values import Ranking
from memcore.writers.factory import WriterChoice

DEPTH = 100


def ceiling_run(
    questions: tuple[Question, ...], corpus: Path, retriever: str, writer: str
) -> dict[str, Ranking]:
    """Each question's memrevise ranking with the human rewrite as the final query."""
    retrieval = known_retrieval_options(None, retriever).unwrap()
    opened = open_retriever(corpus, retrieval).unwrap()
    build = memory_builders(WriterChoice.parse(writer).unwrap(), opened.retriever)(None).unwrap()
    run: dict[str, Ranking] = {}
    for question in questions:
        built = build(question.dialogue)
        if isinstance(built, Failure):
            sys.exit(f"{question.id}: {built.failure()}")
        memory, final = built.unwrap()
        rewrite = question.judgement.rewrite
        if rewrite is not None and rewrite.strip():
            final = attrs.evolve(final, query=rewrite)
        searched = memory_search(memory, final, opened.retriever, DEFAULT_SEARCH, DEPTH)
        if isinstance(searched, Failure):
            sys.exit(f"{question.id}: {searched.failure()}")
        run[question.id] = searched.unwrap()
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, action="append", required=True)
    parser.add_argument("--questions", type=Path, action="append", required=True)
    parser.add_argument("--retriever", default="hybrid", help="bm25, dense or hybrid")
    parser.add_argument("--writer", default="learned")
    parser.add_argument("--output-dir", type=Path, required=True)
    arguments = parser.parse_args()
    if len(arguments.corpus) != len(arguments.questions):
        parser.error("give --corpus and --questions in pairs")
    for corpus, path in zip(arguments.corpus, arguments.questions, strict=True):
        questions = read_questions(path).unwrap()
        run = ceiling_run(questions, corpus, arguments.retriever, arguments.writer)
        target = arguments.output_dir / "runs" / f"{path.stem}.memrevise.trec"
        write_run(target, run, "memrevise-rewrite-ceiling")
        print(f"{path.stem}: {len(run)} questions -> {target}")


if __name__ == "__main__":
    main()
