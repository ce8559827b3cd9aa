"""Write MTRAG's built question sets and per-domain corpora to a directory."""

from __future__ import annotations

import json
from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.atomic_write import write_text_atomically
from memcore.eval.datasets.build import build_all
from memcore.eval.datasets.families import assignment
from memcore.eval.datasets.mtrag import load_conversations, load_pool, load_rewrites, write_corpus
from memcore.eval.datasets.paper_tiers import build_paper_all, paper_assignment
from memcore.eval.datasets.questions import write_questions
from memcore.eval.datasets.split import split_conversations
from memcore.eval.errors import FormatError

Counts = dict[str, dict[str, dict[str, int]]]


def build_mtrag(data: Path | str, out: Path | str, seed: int) -> Result[Counts, FormatError]:
    """Build every set from the MTRAG folder `data` and write it under `out`.

    Layout: `corpus/<domain>.jsonl` (BEIR), `<part>/<domain>.jsonl` (questions of every tier,
    part = dev, test, or a held-out part (`fresh`, `fresh2`, ..., one per wording file): the
    test part re-worded, each in its own held-out families; `paper-tuning` and `paper-test`:
    the paper's tiers (`memcore.eval.datasets.paper_tiers`) from the dev conversations in
    tuning families and from the test conversations in test families),
    `split.json` (conversation ids per split part), `families.json` (each wording kind's tuning
    and test families, and each held-out part's), `paper-families.json` (the same for the
    paper tiers' kinds) and `counts.json` (questions per part, domain
    and tier, also returned).
    """
    source = Path(data)
    loaded = load_conversations(source)
    if isinstance(loaded, Failure):
        return Failure(loaded.failure())
    conversations = loaded.unwrap()
    rewrites, pool = load_rewrites(source), load_pool(source)
    split = split_conversations(((c.id, c.domain) for c in conversations), seed)
    built = build_all(conversations, rewrites, pool, split, seed)
    target = Path(out)
    for domain, passages in sorted(built.corpora.items()):
        write_corpus(target / "corpus" / f"{domain}.jsonl", passages)
    paper = build_paper_all(conversations, rewrites, pool, split, seed)
    counts: Counts = {}
    for (part, domain), questions in sorted({**built.questions, **paper}.items()):
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
    write_text_atomically(target / "paper-families.json", json.dumps(paper_assignment(), indent=1))
    write_text_atomically(target / "counts.json", json.dumps(counts, indent=1, sort_keys=True))
    return Success(counts)
