"""How the rule writer handles MTRAG's real "Clarification" turns (../shared/data/mtrag).

For every user turn labelled Multi-Turn "Clarification", the rule writer reads the turns
before it (questions and agent answers, each once) and then writes the clarification as the
final turn. Reported: how many get a correction operation (Abandon, with Reactivate or Revise),
how many carry an explicit correction cue, and, for turns with gold passages, MRR@10 of plain
BM25 (bm25s) over the domain's passages of `corpus_pool.jsonl` with four queries: the turn as
typed, the rule writer's query, memcore's full final-turn search with the rule writer's
memory, and the human rewrite (an upper reference). Examples are printed for reading.

    .venv/bin/python bench/measure_mtrag_clarifications.py [--data ../shared/data/mtrag]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from memcore.operations import OpKind
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.corpus import Corpus
from memcore.search.pipeline import search_final_turn
from memcore.search.values import Passage, Query
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.rules import RuleWriter, TitleVocabulary
from memcore.writers.rules.text import any_match

DOMAINS = {"clapnq": "clapnq", "govt": "govt", "fiqa": "fiqa", "ibmcloud": "cloud"}


def domain_of(collection: str) -> str:
    for key, domain in DOMAINS.items():
        if f"-{key}-" in collection:
            return domain
    raise ValueError(f"unknown MTRAG domain in {collection!r}")


def load_tasks(
    root: Path,
) -> tuple[dict[tuple[str, int, str], str], dict[str, str], dict[str, set[str]]]:
    """(domain, user turn, text) -> task id; task id -> human rewrite; task id -> gold ids."""
    tasks: dict[tuple[str, int, str], str] = {}
    rewrites: dict[str, str] = {}
    gold: dict[str, set[str]] = defaultdict(set)
    base = root / "ibm" / "mtrag-human" / "retrieval_tasks"
    for domain in DOMAINS.values():
        for line in (base / domain / f"{domain}_lastturn.jsonl").read_text().splitlines():
            row = json.loads(line)
            turn = int(row["_id"].rsplit("<::>", 1)[1])
            text = row["text"].removeprefix("|user|:").strip()
            tasks[(domain, turn, text)] = row["_id"]
        for line in (base / domain / f"{domain}_rewrite.jsonl").read_text().splitlines():
            row = json.loads(line)
            rewrites[row["_id"]] = row["text"].removeprefix("|user|:").strip()
        for line in (base / domain / "qrels" / "dev.tsv").read_text().splitlines()[1:]:
            query_id, doc_id, score = line.split("\t")
            if int(score) > 0:
                gold[query_id].add(doc_id)
    return tasks, rewrites, gold


def load_corpora(root: Path) -> dict[str, Corpus]:
    passages: dict[str, list[Passage]] = defaultdict(list)
    with (root / "corpus_pool.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            passages[row["domain"]].append(Passage(row["_id"], row["text"], row.get("title", "")))
    return {domain: Corpus(found) for domain, found in passages.items()}


def reciprocal_rank(ids: tuple[str, ...], gold: set[str]) -> float:
    for rank, doc_id in enumerate(ids[:10], start=1):
        if doc_id in gold:
            return 1.0 / rank
    return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[2] / "shared" / "data" / "mtrag"
    parser.add_argument("--data", type=Path, default=default)
    parser.add_argument("--examples", type=int, default=12)
    arguments = parser.parse_args()
    root: Path = arguments.data
    if not (root / "conversations").is_dir():
        print(f"no MTRAG data at {root}", file=sys.stderr)
        return 2
    tasks, rewrites, gold = load_tasks(root)
    corpora = load_corpora(root)
    retrievers = {domain: Bm25sRetriever.build(corpus) for domain, corpus in corpora.items()}
    rows: list[dict[str, Any]] = []
    for path in sorted((root / "conversations").glob("*.json"), key=lambda p: int(p.stem)):
        document = json.loads(path.read_text(encoding="utf-8"))
        domain = domain_of(document["domain"])
        retriever = retrievers[domain]
        corpus = corpora[domain]
        vocabulary = TitleVocabulary.of(corpus.titles()) if corpus.has_titles else None
        writer = RuleWriter(vocabulary)
        driver = Driver(writer, retriever=retriever)
        plain = Driver(writer)
        messages = document["messages"]
        conversation = Conversation()
        user_turn = 0
        for index, message in enumerate(messages):
            if message["speaker"] != "user":
                continue
            user_turn += 1
            question = message["text"]
            answer = next((m["text"] for m in messages[index + 1 :] if m["speaker"] == "agent"), "")
            labels = message.get("enrichments", {}).get("Multi-Turn") or []
            if "Clarification" in labels:
                final = plain.final_turn(conversation, question).unwrap()
                node = final.node
                kinds = [operation.kind for operation in node.operations]
                task = tasks.get((domain, user_turn, question.strip()))
                row: dict[str, Any] = {
                    "file": path.name,
                    "domain": domain,
                    "turn": user_turn,
                    "question": question,
                    "previous": conversation.memory.nodes[-1].question
                    if conversation.memory.nodes
                    else "",
                    "operations": [str(operation) for operation in node.operations],
                    "topic": node.topic or "",
                    "query": node.query,
                    "cue": any_match(cues.CORRECTION, cues.normalise_turn(question)),
                    "abandon": OpKind.ABANDON in kinds,
                    "task": task,
                }
                if task is not None and gold.get(task):
                    relevant = gold[task]
                    searched = search_final_turn(conversation.memory, node, retriever).unwrap()
                    row["mrr"] = {
                        "turn": reciprocal_rank(
                            retriever.search(Query.of(question), 10).ids(), relevant
                        ),
                        "writer query": reciprocal_rank(
                            retriever.search(Query.of(node.query or question), 10).ids(), relevant
                        ),
                        "memcore search": reciprocal_rank(searched.ids(10), relevant),
                        "human rewrite": reciprocal_rank(
                            retriever.search(Query.of(rewrites.get(task, question)), 10).ids(),
                            relevant,
                        ),
                    }
                rows.append(row)
            outcome = driver.history_turn(conversation, Turn(question, answer)).unwrap()
            conversation = outcome.conversation
    report(rows, arguments.examples)
    return 0


def report(rows: list[dict[str, Any]], examples: int) -> None:
    total = len(rows)
    abandoned = sum(row["abandon"] for row in rows)
    cued = [row for row in rows if row["cue"]]
    cued_abandon = sum(row["abandon"] for row in cued)
    print(f"clarification turns: {total}")
    print(f"with a correction operation (Abandon): {abandoned} ({abandoned / total:.1%})")
    print(f"with an explicit correction cue: {len(cued)}; of these with Abandon: {cued_abandon}")
    changed = sum(row["query"].strip() != row["question"].strip() for row in rows)
    print(f"query differs from the turn as typed: {changed} ({changed / total:.1%})")
    worded = sum(row["topic"] == row["topic"].casefold() for row in rows)
    print(f"topic made from the question's words (no name found): {worded} ({worded / total:.1%})")
    scored = [row for row in rows if "mrr" in row]
    print(f"with gold passages (MRR@10, plain BM25 on corpus_pool, per domain): {len(scored)}")
    for system in ("turn", "writer query", "memcore search", "human rewrite"):
        mean = sum(row["mrr"][system] for row in scored) / len(scored)
        print(f"  {system:15s} {mean:.3f}")
    print("\nturns with a correction cue:")
    for row in cued:
        print(f"- [{row['domain']} {row['file']} t{row['turn']}] {row['question']!r}")
        print(f"    previous: {row['previous']!r}")
        print(f"    ops: {row['operations']}  query: {row['query']!r}")
    print("\nother examples:")
    for row in [row for row in rows if not row["cue"]][:examples]:
        print(f"- [{row['domain']} {row['file']} t{row['turn']}] {row['question']!r}")
        print(f"    ops: {row['operations']}  query: {row['query']!r}")


if __name__ == "__main__":
    sys.exit(main())
