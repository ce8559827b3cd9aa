"""Per-tier MRR@10 and stale-first, with 95% intervals, for every tier of a `memcore eval` run.

`memcore eval` gives intervals only to sets of at least 30 questions and averages only those;
the paper tiers' splice sets are smaller, so this reads the runs back and reports every tier,
and the unweighted mean over all of them, resampling question groups as `memcore eval` does.

    .venv/bin/python bench/paper_tiers_table.py --run OUT --systems memrevise,oracle,original \\
        --questions DIR/paper-test/clapnq.jsonl --questions DIR/paper-test/govt.jsonl

Each questions file's stem names its part (the runs are `<part>.<system>.trec` under `runs/`).
A run made with `memcore eval --limit N` holds only the first N questions of each tier of each
file: give the same `--limit N` here, or the questions left out are scored 0.
Prints a markdown table: one row per system, MRR@10 [low, high] per tier and mean of tiers,
then stale-first [low, high] per tier.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memcore.eval.datasets.questions import Question, first_per_tier, read_questions
from memcore.eval.runs.trec import read_run
from memcore.eval.scores.bootstrap import Interval, Observation, bootstrap
from memcore.eval.scores.metrics import PRIMARY, score_run, stale_outranks_gold


def observations(
    folder: Path, system: str, part: str, questions: tuple[Question, ...]
) -> tuple[list[Observation], list[Observation]]:
    """Each question's MRR@10 and (where it has stale passages) stale-first as 0/1."""
    run = read_run(folder / "runs" / f"{part}.{system}.trec").unwrap()
    judgements = {question.id: question.judgement for question in questions}
    scores = score_run(judgements, run)
    ranks, stale = [], []
    for question in questions:
        tier, group = question.judgement.tier, question.group
        value = scores[question.id].values[PRIMARY] if question.id in scores else 0.0
        ranks.append(Observation(tier, group, value))
        ranking = run.get(question.id)
        outranks = None if ranking is None else stale_outranks_gold(ranking, question.judgement)
        if outranks is not None:
            stale.append(Observation(tier, group, float(outranks)))
    return ranks, stale


def _cell(interval: Interval) -> str:
    return f"{interval.mean:.3f} [{interval.low:.3f}, {interval.high:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--run", type=Path, required=True, help="a `memcore eval` output folder")
    parser.add_argument("--systems", default="memrevise,oracle,original")
    parser.add_argument("--questions", type=Path, action="append", required=True)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        help="the per-tier cut the run was made with (`memcore eval --limit`): the questions "
        "past it were not run and are left out, not scored 0",
    )
    arguments = parser.parse_args()
    loaded = [
        (path.stem, first_per_tier(read_questions(path).unwrap(), arguments.limit))
        for path in arguments.questions
    ]
    tiers = sorted({q.judgement.tier for _, questions in loaded for q in questions})
    sizes = {
        tier: sum(q.judgement.tier == tier for _, questions in loaded for q in questions)
        for tier in tiers
    }
    header = " | ".join(f"{tier} (n={sizes[tier]})" for tier in tiers)
    mrr_rows, stale_rows = [], []
    for system in arguments.systems.split(","):
        ranks: list[Observation] = []
        stale: list[Observation] = []
        for part, questions in loaded:
            found = observations(arguments.run, system, part, questions)
            ranks += found[0]
            stale += found[1]
        per_tier, overall = bootstrap(ranks, arguments.samples)
        cells = " | ".join(_cell(per_tier[tier]) for tier in tiers)
        mrr_rows.append(f"| {system} | {_cell(overall)} | {cells} |")
        stale_tier, _ = bootstrap(stale, arguments.samples)
        cells = " | ".join(_cell(stale_tier[tier]) if tier in stale_tier else "-" for tier in tiers)
        stale_rows.append(f"| {system} | {cells} |")
    print(f"MRR@10 | system | mean of tiers | {header} |")
    print("\n".join(mrr_rows))
    print(f"\nstale-first | system | {header} |")
    print("\n".join(stale_rows))


if __name__ == "__main__":
    main()
