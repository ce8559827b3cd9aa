"""Where memrevise loses to the raw question on natural conversations, turn by turn, by cause.

For each natural question (MTRAG natural-*, iKAT 2023), the default writer reads the history
and writes the final turn; the reciprocal ranks (MRR@10) of memrevise, of the writer's query
searched plainly, of the raw question and of the human rewrite are compared. A turn where
memrevise is below the raw question gets one cause:

- `search`: the writer's query has the question's words and no other, so the search stage
  (template, title prior, facts vote, referent) moved the ranking;
- `name removed`: a word the user typed with a capital is missing from the query;
- `word lost`: another content word of the question is missing from the query;
- `history appended`: the query keeps every word of the question and adds terms.

Turns where the human rewrite beats both memrevise and the raw question are listed with the
terms the rewrite adds, each marked by where the history has it: an earlier question (`q`),
an answer (`a`) or a memory topic's name (`t`); a term in none of them is the annotator's own.

    .venv/bin/python bench/natural_losses.py --retriever hybrid \\
        --corpus /tmp/ikat/corpus/ikat.jsonl --questions /tmp/ikat/dev/ikat.jsonl
"""

from __future__ import annotations

import argparse
import enum
import sys
from collections import Counter
from pathlib import Path

import attrs
from return_failures import plain_search, reciprocal_rank
from returns.result import Failure

from memcore.eval.datasets.questions import Question, read_questions
from memcore.eval.runs.writing import memory_builders
from memcore.node import Memory, Node
from memcore.search.backends.open import open_retriever
from memcore.search.pipeline import memrevise_pipeline, search_final_turn
from memcore.search.retrieval import known_retrieval_options
from memcore.search.tokenize import tokenize
from memcore.search.values import Ranking
from memcore.writers.factory import default_writer

DEPTH = 100


class Cause(enum.Enum):
    """Why memrevise ranks below the raw question on a turn (see the module docstring)."""

    SEARCH = "search"
    NAME_REMOVED = "name removed"
    WORD_LOST = "word lost"
    HISTORY_APPENDED = "history appended"


def cause_of(question: str, query: str) -> Cause:
    """The cause of a loss, read from the question as typed and the writer's query alone."""
    asked = tokenize(question)
    sent = set(tokenize(query))
    lost = [term for term in asked if term not in sent]
    if lost:
        # A capital past the first word marks a name the user typed, not a sentence start.
        words = [word.strip(".,;:!?'\"()") for word in question.split()]
        capitalised = {word.casefold() for word in words[1:] if word[:1].isupper()}
        return Cause.NAME_REMOVED if set(lost) & capitalised else Cause.WORD_LOST
    return Cause.HISTORY_APPENDED if sent - set(asked) else Cause.SEARCH


def rewrite_sources(question: Question, memory: Memory) -> tuple[str, ...]:
    """The terms the human rewrite adds to the raw question, each with where the history has
    it ("fodmaps[a]", "rome[qt]", "vegetarian[]")."""
    rewrite = question.judgement.rewrite or ""
    asked = set(tokenize(question.dialogue.final))
    turns = question.dialogue.turns
    questions = {t for turn in turns for t in tokenize(turn.question)}
    answers = {t for turn in turns for t in tokenize(turn.answer)}
    topics = {t for node in memory.nodes for name in node.topics for t in tokenize(name)}
    added = dict.fromkeys(t for t in tokenize(rewrite) if t not in asked)
    marks = (("q", questions), ("a", answers), ("t", topics))
    return tuple(
        f"{term}[{''.join(mark for mark, held in marks if term in held)}]" for term in added
    )


@attrs.frozen
class Turn:
    """One natural question as memrevise and the plain searches ranked it."""

    question: Question
    final: Node
    memory: Memory
    memrevise: float
    writer: float
    raw: float
    rewrite: float

    @property
    def loses(self) -> bool:
        return self.memrevise < self.raw

    @property
    def rewrite_wins(self) -> bool:
        return self.rewrite > max(self.memrevise, self.raw)

    def block(self) -> str:
        query = self.final.query or self.question.dialogue.final
        head = (
            f"{self.question.id} memrevise {self.memrevise:.2f} writer {self.writer:.2f} "
            f"raw {self.raw:.2f} rewrite {self.rewrite:.2f}"
        )
        lines = [
            head,
            f"   final: {self.question.dialogue.final}",
            f"   query: {query[:200]}",
            f"   topic: {self.final.topic} {[str(op) for op in self.final.operations]}",
            f"   rewrite: {self.question.judgement.rewrite}",
        ]
        if self.loses:
            lines.append(f"   cause: {cause_of(self.question.dialogue.final, query).value}")
        if self.rewrite_wins:
            added = " ".join(rewrite_sources(self.question, self.memory))
            lines.append(f"   rewrite adds: {added}")
        return "\n".join(lines)


def turns(questions: tuple[Question, ...], corpus: Path, retriever: str) -> list[Turn]:
    """Each natural question of `questions` read with the default writer."""
    retrieval = known_retrieval_options(None, retriever).unwrap()
    opened = open_retriever(corpus, retrieval).unwrap()
    searcher = opened.retriever
    build = memory_builders(default_writer(), opened.retriever)(None).unwrap()
    pipeline = memrevise_pipeline(depth=DEPTH)
    found = []
    for question in questions:
        if question.judgement.tier != "natural":
            continue
        built = build(question.dialogue)
        if isinstance(built, Failure):
            sys.exit(f"{question.id}: {built.failure()}")
        memory, final = built.unwrap()
        searched = search_final_turn(memory, final, opened.retriever, pipeline)
        if isinstance(searched, Failure):
            sys.exit(f"{question.id}: {searched.failure()}")
        hits = searched.unwrap().hits
        ranking = Ranking.from_scores(((h.doc_id, h.score) for h in hits), DEPTH)
        found.append(
            Turn(
                question,
                final,
                memory,
                reciprocal_rank(question, ranking),
                reciprocal_rank(
                    question, plain_search(opened.retriever, final.query or final.question)
                ),
                reciprocal_rank(question, plain_search(searcher, question.dialogue.final)),
                reciprocal_rank(
                    question, plain_search(opened.retriever, question.judgement.rewrite)
                ),
            )
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, action="append", required=True)
    parser.add_argument("--questions", type=Path, action="append", required=True)
    parser.add_argument("--retriever", default="hybrid", help="bm25, dense or hybrid")
    arguments = parser.parse_args()
    if len(arguments.corpus) != len(arguments.questions):
        parser.error("give --corpus and --questions in pairs")
    read: list[Turn] = []
    for corpus, path in zip(arguments.corpus, arguments.questions, strict=True):
        read.extend(turns(read_questions(path).unwrap(), corpus, arguments.retriever))
    for turn in read:
        if turn.loses or turn.rewrite_wins:
            print(turn.block(), end="\n\n")
    causes = Counter(
        cause_of(t.question.dialogue.final, t.final.query or t.question.dialogue.final).value
        for t in read
        if t.loses
    )
    print(f"{len(read)} turns; memrevise below the raw question on {sum(causes.values())}")
    for cause, count in causes.most_common():
        print(f"  {cause}: {count}")
    print(f"the rewrite above both on {sum(t.rewrite_wins for t in read)}")
    for name, value in (
        ("memrevise", sum(t.memrevise for t in read)),
        ("writer query", sum(t.writer for t in read)),
        ("raw question", sum(t.raw for t in read)),
        ("rewrite", sum(t.rewrite for t in read)),
    ):
        print(f"  {name}: MRR@10 {value / max(1, len(read)):.3f}")


if __name__ == "__main__":
    main()
