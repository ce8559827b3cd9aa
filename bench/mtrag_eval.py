"""Build the MTRAG sets and evaluate every system on one built part, all four domains.

    python bench/mtrag_eval.py --data ../shared/data/mtrag --out /tmp/mtrag-eval [--part test]

Writes the built sets under OUT/sets and the evaluation (metrics.json, report.md, runs/,
mrr_by_set.png, errors.md) under OUT/<part>. Equivalent to `memcore build-mtrag` followed by
`memcore eval` with one --corpus/--questions pair per domain.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from memcore.cli import eval as eval_command
from memcore.eval.datasets.build import BUILD_PARTS

SYSTEMS = (
    "memrevise,original,concat,template,writer-query,rrf,oracle,memrevise-h1,memrevise-h2,cmt-trace"
)
DOMAINS = ("clapnq", "govt", "cloud", "fiqa")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--part",
        default="test",
        choices=BUILD_PARTS,
    )
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--systems", default=SYSTEMS)
    parser.add_argument("--domains", default=",".join(DOMAINS))
    arguments = parser.parse_args()
    commands = argparse.ArgumentParser(prog="memcore").add_subparsers()
    eval_command.register(commands)
    sets = arguments.out / "sets"
    build = commands.choices["build-mtrag"].parse_args(
        ["--data", str(arguments.data), "--out", str(sets), "--seed", str(arguments.seed)]
    )
    if build.handler(build) != 0:
        return 2
    pairs = []
    for domain in arguments.domains.split(","):
        pairs += ["--corpus", str(sets / "corpus" / f"{domain}.jsonl")]
        pairs += ["--questions", str(sets / arguments.part / f"{domain}.jsonl")]
    evaluation = commands.choices["eval"].parse_args(
        [
            *pairs,
            "--systems",
            arguments.systems,
            "--output-dir",
            str(arguments.out / arguments.part),
        ]
    )
    status: int = evaluation.handler(evaluation)
    return status


if __name__ == "__main__":
    sys.exit(main())
