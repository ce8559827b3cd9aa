"""Write MTRAG's built question sets and per-domain corpora to a directory."""

from __future__ import annotations

import json
from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.atomic_write import write_text_atomically
from memcore.eval.datasets.build import build_all
from memcore.eval.datasets.families import assignment
from memcore.eval.datasets.mtrag import load_conversations, load_pool, load_rewrites, write_corpus
from memcore.eval.datasets.questions import write_questions
from memcore.eval.datasets.split import split_conversations
from memcore.eval.errors import FormatError

Counts = dict[str, dict[str, dict[str, int]]]


def build_mtrag(data: Path | str, out: Path | str, seed: int) -> Result[Counts, FormatError]:
    """Build every set from the MTRAG folder `data` and write it under `out`.

    Layout: `corpus/<domain>.jsonl` (BEIR), `<part>/<domain>.jsonl` (questions of every tier,
    part = dev, test, or a held-out part (`fresh`, `fresh2`, ..., one per wording file): the
    test part re-worded, each in its own held-out families),
    `split.json` (conversation ids per split part), `families.json` (each wording kind's tuning
    and test families, and each held-out part's) and `counts.json` (questions per part, domain
    and tier, also returned).
    """
    source = Path(data)
    loaded = load_conversations(source)
    if isinstance(loaded, Failure):
        return Failure(loaded.failure())
    conversations = loaded.unwrap()
    split = split_conversations(((c.id, c.domain) for c in conversations), seed)
    built = build_all(conversations, load_rewrites(source), load_pool(source), split, seed)
    target = Path(out)
    for domain, passages in sorted(built.corpora.items()):
        write_corpus(target / "corpus" / f"{domain}.jsonl", passages)
    counts: Counts = {}
    for (part, domain), questions in sorted(built.questions.items()):
        write_questions(target / part / f"{domain}.jsonl", questions)
        tiers: dict[str, int] = {}
        for question in questions:
            tiers[question.judgement.tier] = tiers.get(question.judgement.tier, 0) + 1
        counts.setdefault(part, {})[domain] = tiers
    write_text_atomically(
        target / "split.json",
        json.dumps({"seed": seed, "dev": sorted(split.dev), "test": sorted(split.test)}, indent=1),
    )
    write_text_atomically(target / "families.json", json.dumps(assignment(), indent=1))
    write_text_atomically(target / "counts.json", json.dumps(counts, indent=1, sort_keys=True))
    return Success(counts)
