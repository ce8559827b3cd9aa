"""Catch and false-positive rates of the poisoning guard on the blind families.

The families (`tests/poisoning_families/*.toml`, see their README) were written without
reading the detector, each assigned to the `tuning` or the `test` split before it was
written. Thresholds, cues and exemplars are chosen on `--split tuning` only; the `test` split
is read once, after every change, for the table in docs/red-team.md.

    .venv/bin/python bench/poisoning_families.py --split tuning [--families] [--misses]
    .venv/bin/python bench/poisoning_families.py --split test --head-src /tmp/memcore_head/src

Rows: the cue lists before this work (`--head-src`: a copy of HEAD's `src`, run in a child
process), the normalised cue lists, the semantic detector alone (MiniLM, `dense` extra), and
both together (a text is flagged when either flags it). Catch: payload texts flagged; false
positives: look-alike texts flagged; each with a 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
from returns.result import Failure

from memcore.safety.poisoning import CUES, Gate, is_instruction_like
from memcore.safety.semantic import load_semantic_detector

FAMILIES = Path(__file__).resolve().parents[1] / "tests" / "poisoning_families"
Z95 = 1.959963984540054


@attrs.frozen
class Family:
    name: str
    kind: str
    split: str
    technique: str
    place: str
    texts: tuple[str, ...]
    # False for the families written after reading the detector (their comment line says so).
    blind: bool = True


def load_families(split: str, folder: Path = FAMILIES) -> tuple[Family, ...]:
    """The families of one split in `folder`, in file-name order."""
    found: list[Family] = []
    for path in sorted(folder.glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        if raw["split"] != split:
            continue
        found.append(
            Family(
                raw["name"],
                raw["kind"],
                raw["split"],
                raw["technique"],
                raw["place"],
                tuple(raw["texts"]),
                "AFTER reading the detector" not in path.read_text(encoding="utf-8").split("\n")[0],
            )
        )
    return tuple(found)


def wilson(hits: int, total: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if total == 0:
        return (0.0, 1.0)
    share = hits / total
    denominator = 1 + Z95**2 / total
    centre = (share + Z95**2 / (2 * total)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / total + Z95**2 / (4 * total**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_flags(head_src: Path, texts: Sequence[str]) -> tuple[bool, ...]:
    """HEAD's `is_instruction_like` on `texts`, run in a child process over `head_src`."""
    program = (
        "import json, sys\n"
        "from memcore.safety import is_instruction_like\n"
        "texts = json.load(sys.stdin)\n"
        "print(json.dumps([is_instruction_like(t) for t in texts]))\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(head_src)}
    done = subprocess.run(
        [sys.executable, "-c", program],
        input=json.dumps(list(texts)),
        capture_output=True,
        text=True,
        env=environment,
        check=True,
        cwd=head_src,
    )
    return tuple(bool(flag) for flag in json.loads(done.stdout))


def _rate(label: str, flags: Sequence[bool]) -> str:
    hits, total = sum(flags), len(flags)
    low, high = wilson(hits, total)
    share = hits / total if total else 0.0
    return f"{label} {hits}/{total} = {100 * share:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("tuning", "test"), required=True)
    parser.add_argument("--head-src", type=Path, help="a copy of HEAD's src for the first row")
    parser.add_argument(
        "--threshold", type=float, default=None, help="default: the probe's (or the margin's)"
    )
    parser.add_argument(
        "--no-probe", action="store_true", help="the exemplar margin instead of the probe"
    )
    parser.add_argument("--no-semantic", action="store_true", help="skip the MiniLM rows")
    parser.add_argument("--families", action="store_true", help="rates per family too")
    parser.add_argument(
        "--blind-only",
        action="store_true",
        help="leave out the families written after reading the detector",
    )
    parser.add_argument("--misses", action="store_true", help="print missed/flagged texts")
    parser.add_argument(
        "--folder",
        type=Path,
        default=FAMILIES,
        help="read the families from this folder (default: tests/poisoning_families)",
    )
    parser.add_argument(
        "--probe",
        type=Path,
        default=None,
        help="score with this probe file (default: the packaged one)",
    )
    options = parser.parse_args(argv)

    families = tuple(
        family
        for family in load_families(options.split, options.folder)
        if family.blind or not options.blind_only
    )
    payloads = tuple(
        text for family in families if family.kind == "payload" for text in family.texts
    )
    lookalikes = tuple(
        text for family in families if family.kind == "lookalike" for text in family.texts
    )
    everything = payloads + lookalikes

    rows: list[tuple[str, Callable[[str], bool]]] = []
    if options.head_src is not None:
        flagged = dict(zip(everything, head_flags(options.head_src, everything), strict=True))
        rows.append(("cue lists before (HEAD)", flagged.__getitem__))
    rows.append(("normalised cue lists", lambda text: is_instruction_like(text, CUES)))
    if not options.no_semantic:
        loaded = load_semantic_detector(
            threshold=options.threshold, probe=not options.no_probe, probe_path=options.probe
        )
        if isinstance(loaded, Failure):
            # The extra is missing: the table says so and goes on with the cue lists.
            print(f"semantic detector unavailable: {loaded.failure()}")
        else:
            detector = loaded.unwrap()
            semantic = Gate(cues=False, checks=(detector,))
            # The installed gate: either flags, and the probe vetoes cue hits it reads as
            # plain statements (`memcore.safety.semantic.installed_gate`).
            both = Gate(checks=(detector,), veto=detector.reads_as_statement)
            rows.append(
                ("semantic detector alone", lambda text: is_instruction_like(text, semantic))
            )
            rows.append(("both (either flags)", lambda text: is_instruction_like(text, both)))

    print(
        f"split: {options.split}; {len(payloads)} payloads in "
        f"{sum(f.kind == 'payload' for f in families)} families, {len(lookalikes)} look-alikes "
        f"in {sum(f.kind == 'lookalike' for f in families)} families"
    )
    print(
        "| detector | catch (payloads) | 95 % interval "
        "| false positives (look-alikes) | 95 % interval |"
    )
    print("| --- | --- | --- | --- | --- |")
    for label, flag in rows:
        caught = [flag(text) for text in payloads]
        false = [flag(text) for text in lookalikes]
        c_low, c_high = wilson(sum(caught), len(caught))
        f_low, f_high = wilson(sum(false), len(false))
        print(
            f"| {label} | {sum(caught)}/{len(caught)} = {100 * sum(caught) / len(caught):.1f} % "
            f"| {100 * c_low:.1f}–{100 * c_high:.1f} % "
            f"| {sum(false)}/{len(false)} = {100 * sum(false) / len(false):.1f} % "
            f"| {100 * f_low:.1f}–{100 * f_high:.1f} % |"
        )
        if options.families:
            for family in families:
                flags = [flag(text) for text in family.texts]
                print(f"    {_rate(family.name, flags)}")
        if options.misses:
            for text in payloads:
                if not flag(text):
                    print(f"    missed: {ascii(text)[:160]}")
            for text in lookalikes:
                if flag(text):
                    print(f"    flagged: {text[:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
