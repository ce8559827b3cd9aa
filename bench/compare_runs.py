"""Paired bootstrap of MRR@10 between two `memcore eval` output folders on the same questions.

`memcore eval` reports each system's intervals, and paired differences between systems of one
call; two calls (say `--retriever dense` and `--retriever hybrid`) are compared here, question
by question, resampling source conversations as `memcore eval` does.

    .venv/bin/python bench/compare_runs.py --a OUT_DENSE --b OUT_HYBRID --system memrevise \\
        --questions DIR/fresh2/clapnq.jsonl [--questions ...]

`--a-system` names a different system for the `--a` folder (say the oracle, against the run of
`bench/rewrite_ceiling.py`).

Each questions file's stem names its part (the runs are `<part>.<system>.trec` under `runs/`).
Reported: b - a per set and over the sets `memcore eval` averages (sets of at least 30
questions, clarification left out), with 95% intervals.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from memcore.eval.datasets.questions import Question, read_questions
from memcore.eval.runs.evaluate import MIN_SET_SIZE, REPORT_ONLY_PREFIX, set_name
from memcore.eval.runs.trec import read_run
from memcore.eval.scores.bootstrap import Interval, bootstrap, paired_differences
from memcore.eval.scores.metrics import PRIMARY, score_run


def reciprocal_ranks(
    folder: Path, system: str, part: str, questions: tuple[Question, ...]
) -> dict[str, float]:
    """Each question's MRR@10 in the run `folder/runs/<part>.<system>.trec`."""
    run = read_run(folder / "runs" / f"{part}.{system}.trec").unwrap()
    judgements = {question.id: question.judgement for question in questions}
    return {qid: scores.values[PRIMARY] for qid, scores in score_run(judgements, run).items()}


def _row(name: str, interval: Interval) -> str:
    mark = " *" if interval.excludes_zero else ""
    return f"{name:16s} {interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]{mark}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", type=Path, required=True, help="the reference output folder")
    parser.add_argument("--b", type=Path, required=True, help="the compared output folder")
    parser.add_argument("--system", default="memrevise")
    parser.add_argument("--a-system", help="the system read from --a (default: --system)")
    parser.add_argument("--questions", type=Path, action="append", required=True)
    parser.add_argument("--samples", type=int, default=1000)
    arguments = parser.parse_args()
    a_system = arguments.a_system or arguments.system
    a: dict[str, float] = {}
    b: dict[str, float] = {}
    sets: dict[str, str] = {}
    groups: dict[str, str] = {}
    for path in arguments.questions:
        part = path.stem
        questions = read_questions(path).unwrap()
        a |= reciprocal_ranks(arguments.a, a_system, part, questions)
        b |= reciprocal_ranks(arguments.b, arguments.system, part, questions)
        sets |= {question.id: set_name(question, part) for question in questions}
        groups |= {question.id: question.group for question in questions}
    sizes: Mapping[str, int] = {
        name: list(sets.values()).count(name) for name in set(sets.values())
    }
    averaged = {
        name
        for name, size in sizes.items()
        if size >= MIN_SET_SIZE and not name.startswith(REPORT_ONLY_PREFIX)
    }
    differences = paired_differences(b, a, sets, groups)
    per_set, _ = bootstrap(differences, arguments.samples)
    _, overall = bootstrap([d for d in differences if d.set_name in averaged], arguments.samples)
    print(
        f"{arguments.system} in {arguments.b} minus {a_system} in {arguments.a}, MRR@10 "
        "(* : interval excludes 0)"
    )
    for name in sorted(per_set):
        print(_row(f"{name} ({sizes[name]})", per_set[name]))
    print(_row("overall", overall))


if __name__ == "__main__":
    main()
