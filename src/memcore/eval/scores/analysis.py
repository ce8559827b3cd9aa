"""Error analysis: for a fixed sample of failures per set, the memory, the query and the top
passages, so each can be read and assigned a cause (wrong topic, wrong request, right topic
but other passages first, a problem with the question)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from returns.result import Failure

from memcore.eval.datasets.questions import Question
from memcore.eval.runs.evaluate import Scored
from memcore.eval.runs.systems import System, WithMemory
from memcore.eval.scores.metrics import PRIMARY
from memcore.node import Memory, Node
from memcore.search.corpus import Corpus
from memcore.search.values import Ranking

SHOWN_PASSAGES = 5
SNIPPET_CHARS = 160


def sample_failures(
    scored: Sequence[Scored], per_set: int, seed: int = 0
) -> dict[str, tuple[Scored, ...]]:
    """Per set, up to `per_set` questions with no gold passage in the top 10, drawn by `seed`."""
    failing: dict[str, list[Scored]] = {}
    for item in scored:
        if item.scores.values[PRIMARY] == 0.0:
            failing.setdefault(item.set_name, []).append(item)
    drawn: dict[str, tuple[Scored, ...]] = {}
    for name in sorted(failing):
        members = sorted(failing[name], key=lambda item: (item.part, item.question_id))
        count = min(per_set, len(members))
        chosen = random.Random(f"{seed}:{name}").sample(members, count)
        drawn[name] = tuple(sorted(chosen, key=lambda item: item.question_id))
    return drawn


def _memory_lines(memory: Memory, final: Node) -> list[str]:
    lines = []
    for node in (*memory.nodes, final):
        operations = ", ".join(f"{op.kind.value} {op.topic}" for op in node.operations)
        lines.append(
            f"    turn {node.turn}: topics={list(node.topics)} ops=[{operations}] "
            f"facts={list(node.facts)[:2]}"
        )
    if final.query is not None:
        lines.append(f"    query: {final.query}")
    return lines


def _snippet(corpus: Corpus, doc_id: str) -> str:
    if doc_id not in corpus:
        return ""
    passage = corpus.passage(doc_id)
    text = " ".join(passage.text.split())[:SNIPPET_CHARS]
    title = f"[{passage.title}] " if passage.title else ""
    return f"{title}{text}"


def describe_failure(
    question: Question, ranking: Ranking, system: System | None, corpus: Corpus
) -> str:
    """One failure as text: conversation, memory (for memory systems), query, top passages."""
    judgement = question.judgement
    wording = f", {judgement.family} wording" if judgement.family else ""
    lines = [f"## {question.id} ({judgement.tier}{wording})"]
    for number, turn in enumerate(question.dialogue.turns, start=1):
        lines.append(f"  {number}. Q: {turn.question}")
    lines.append(f"  final: {question.dialogue.final}")
    if judgement.rewrite:
        lines.append(f"  human rewrite: {judgement.rewrite}")
    gold_titles = sorted({corpus.title_of(d) for d in judgement.gold if d in corpus})
    lines.append(f"  gold: {list(judgement.gold)[:5]} pages={gold_titles}")
    if judgement.stale:
        stale_titles = sorted({corpus.title_of(d) for d in judgement.stale if d in corpus})
        lines.append(f"  stale pages={stale_titles}")
    if isinstance(system, WithMemory):
        built = system.build_memory(question.dialogue)
        if isinstance(built, Failure):
            lines.append(f"  memory failed: {built.failure()}")
        else:
            lines.append("  memory:")
            lines.extend(_memory_lines(*built.unwrap()))
    gold, stale = set(judgement.gold), set(judgement.stale)
    lines.append("  top passages:")
    for rank, hit in enumerate(ranking.hits[:SHOWN_PASSAGES], start=1):
        mark = "G" if hit.doc_id in gold else "S" if hit.doc_id in stale else " "
        lines.append(f"   {rank} {mark} {hit.doc_id}: {_snippet(corpus, hit.doc_id)}")
    return "\n".join(lines)


def failure_report(
    samples: Mapping[str, Sequence[Scored]],
    questions: Mapping[tuple[str, str], Question],
    runs: Mapping[str, Mapping[str, Ranking]],
    systems: Mapping[str, System | None],
    corpora: Mapping[str, Corpus],
) -> str:
    """The sampled failures of every set as text, keyed by part where needed."""
    blocks = []
    for name, items in samples.items():
        blocks.append(f"# {name}: {len(items)} sampled failures")
        for item in items:
            question = questions[(item.part, item.question_id)]
            ranking = runs[item.part].get(item.question_id, Ranking())
            blocks.append(
                describe_failure(question, ranking, systems.get(item.part), corpora[item.part])
            )
    return "\n\n".join(blocks) + "\n"
