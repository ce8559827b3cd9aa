"""Behavioural pass rates of the writers, per capability, split and writer (issue 26 item 2).

The suite (tests/behaviour/) holds CheckList-style templates: for each capability several
wording families, each tagged `tuning` or `test`. This script draws a fixed number of cases
per capability and split with a fixed seed (the same cases for every writer), runs each
writer over them and prints a markdown table of pass rates with counts. The test families
are meant to be read once, for the final table; tune on `--split tuning`.

    .venv/bin/python bench/behaviour.py [--split tuning|test|both] [--cases 40] [--seed 26]
        [--writers rules,learned,learned-minilm] [--failures FILE] [--templates DIR]

A writer that is not installed here (learned-minilm without the `dense` extra) is left out
with a note. Families built on real MTRAG questions run only where ../shared/data is present.
`--failures FILE` writes every failing case, readable, for the write-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "behaviour"))

from behaviour_harness import (
    CaseResult,
    SuiteWriter,
    Tally,
    describe,
    generate_cases,
    open_writer,
    run_case,
    suite_corpus,
    tally,
)
from behaviour_templates import (
    SPLITS,
    Capability,
    load_capabilities,
    load_real_questions,
    load_slots,
)

DEFAULT_WRITERS = ("rules", "learned", "learned-minilm")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=(*SPLITS, "both"), default="tuning")
    parser.add_argument("--cases", type=int, default=40, help="cases per capability and split")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--writers", default=",".join(DEFAULT_WRITERS))
    parser.add_argument("--failures", type=Path, help="write every failing case to this file")
    parser.add_argument(
        "--templates",
        type=Path,
        help="read the capability files from this folder instead of the suite's own (families "
        "written elsewhere, e.g. blind; the suite's slot fillers are used)",
    )
    return parser.parse_args(argv)


def _families_line(capability: Capability, split: str) -> str:
    names = [family.name for family in capability.families_in(split)]
    return f"{capability.name} ({split}): " + ", ".join(names)


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(argv)
    splits = SPLITS if arguments.split == "both" else (arguments.split,)
    slots = load_slots()
    real = load_real_questions()
    if real is None:
        print("note: ../shared/data/mtrag is absent; real-question families are left out")
    every_real = [question for part in (real or {}).values() for question in part]
    corpus = suite_corpus(slots, every_real)
    capabilities = (
        load_capabilities(arguments.templates)
        if arguments.templates is not None
        else load_capabilities()
    )

    writers: list[SuiteWriter] = []
    for name in arguments.writers.split(","):
        opened = open_writer(name.strip(), corpus)
        if isinstance(opened, str):
            print(f"note: writer {name!r} left out: {opened}")
        else:
            writers.append(opened)

    tallies: dict[tuple[str, str, str], Tally] = {}
    failures: list[tuple[str, CaseResult]] = []
    started = time.perf_counter()
    for capability in capabilities:
        for split in splits:
            questions = real[split] if real is not None else ()
            cases = generate_cases(
                capability, split, arguments.cases, arguments.seed, slots, questions
            )
            for writer in writers:
                results = [run_case(case, writer) for case in cases]
                tallies[(capability.name, split, writer.name)] = tally(results)
                failures.extend(
                    _tagged(result, writer.name) for result in results if not result.passed
                )

    columns = [(writer.name, split) for writer in writers for split in splits]
    print()
    print(
        f"Pass rate per capability (seed {arguments.seed}, {arguments.cases} cases per "
        "capability and split, the same cases for every writer)"
    )
    print()
    print("| capability | " + " | ".join(f"{w} {s}" for w, s in columns) + " |")
    print("| --- | " + " | ".join("---:" for _ in columns) + " |")
    for capability in capabilities:
        cells = [str(tallies[(capability.name, s, w)]) for w, s in columns]
        print(f"| {capability.name} | " + " | ".join(cells) + " |")
    totals = [
        Tally(
            sum(tallies[(c.name, s, w)].passed for c in capabilities),
            sum(tallies[(c.name, s, w)].total for c in capabilities),
        )
        for w, s in columns
    ]
    print("| **all** | " + " | ".join(str(total) for total in totals) + " |")
    print()
    print("Families:")
    for capability in capabilities:
        for split in splits:
            print(f"- {_families_line(capability, split)}")
    print(f"\n{len(failures)} failing cases; {time.perf_counter() - started:.1f} s")
    if arguments.failures is not None:
        text = "\n\n".join(f"writer {tag}\n{describe(result)}" for tag, result in failures)
        arguments.failures.write_text(text + "\n", encoding="utf-8")
    return 0


def _tagged(result: CaseResult, writer: str) -> tuple[str, CaseResult]:
    return writer, result


if __name__ == "__main__":
    raise SystemExit(main())
