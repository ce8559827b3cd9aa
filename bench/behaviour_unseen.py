"""Read learned-minilm models on behaviour sets their training did not see, beside the shipped
models, case by case.

A model folder trained with `memcore train-writer --behaviour-templates` has seen the cases of
those folders; only the other sets say whether it learned anything that carries. This script
runs bench/behaviour.py once per set (in `--jobs` processes) with two writers on the same cases:
`learned-minilm` (the shipped models) and `learned-minilm:DIR` (the models read), and prints
each set's `all` line for both and how many cases one passes and the other fails.

    PYTHONPATH=src .venv/bin/python bench/behaviour_unseen.py --models DIR
        [--sets blind20:73,blind21:79,blind22:83,blind23:89,blind25:101] [--jobs 2]
        [--out FOLDER]

`--out` keeps each set's output and failing cases (`<set>.out`, `<set>.fail`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEHAVIOUR = ROOT / "tests" / "behaviour"
UNSEEN = "blind20:73,blind21:79,blind22:83,blind23:89,blind25:101"
SHIPPED = "learned-minilm"


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", required=True, type=Path, help="the model folder to read")
    parser.add_argument("--sets", default=UNSEEN, help="set:seed pairs, comma-separated")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="keep each set's output and failures here")
    return parser.parse_args(argv)


def failing(text: str) -> dict[str, set[str]]:
    """The failing cases of a bench/behaviour.py failures file, by writer: each case as its
    lines without the decision and the reasons (what the writers were asked)."""
    found: dict[str, set[str]] = {}
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        if not lines or not lines[0].startswith("writer "):
            continue
        asked = [line for line in lines[1:] if not line.strip().startswith(("->", "FAIL"))]
        found.setdefault(lines[0][len("writer ") :], set()).add("\n".join(asked))
    return found


def _run(name: str, seed: str, models: Path, out: Path) -> str:
    templates = BEHAVIOUR / ("templates" if name == "tuning" else f"templates_{name}")
    split = "tuning" if name == "tuning" else "test"
    read = f"{SHIPPED}:{models}"
    command = [
        sys.executable,
        str(ROOT / "bench" / "behaviour.py"),
        *("--split", split, "--seed", seed, "--templates", str(templates)),
        *("--writers", f"{SHIPPED},{read}", "--failures", str(out / f"{name}.fail")),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=os.environ)
    (out / f"{name}.out").write_text(done.stdout + done.stderr, encoding="utf-8")
    if done.returncode != 0:
        return f"{name}: bench/behaviour.py failed ({done.returncode})"
    total = [line for line in done.stdout.splitlines() if line.startswith("| **all**")]
    fails = failing((out / f"{name}.fail").read_text(encoding="utf-8"))
    before, after = fails.get(SHIPPED, set()), fails.get(read, set())
    return (
        f"{name} (seed {seed}): {total[0] if total else '?'}  shipped | read; "
        f"fixed {len(before - after)}, broken {len(after - before)}"
    )


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(argv)
    pairs = [item.split(":") for item in arguments.sets.split(",") if item]
    with tempfile.TemporaryDirectory(prefix="behaviour-unseen-") as scratch:
        out = arguments.out or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        with ThreadPoolExecutor(max_workers=max(arguments.jobs, 1)) as pool:
            lines = list(
                pool.map(lambda pair: _run(pair[0], pair[1], arguments.models, out), pairs)
            )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
