"""Detection and false-positive rates of the poisoning guard on the red-team corpus.

The corpus (`tests/poisoning_corpus.py`) holds instruction payloads (English, French,
German, Spanish, Chinese, and obfuscated spellings) and facts that look like them. Each text
is checked with `memcore.safety.is_instruction_like`, with the confusables table in use
(`confusable_homoglyphs` when installed, else the built-in minimal table; the header says
which).

    .venv/bin/python bench/bench_poisoning.py

Reported: per family, how many texts were flagged; then the detection rate over payloads and
the false-positive rate over look-alikes; the payloads missed and the facts flagged.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from memcore import textfold
from memcore.safety import is_instruction_like
from poisoning_corpus import BENIGN, PAYLOADS


def _by_family(corpus: tuple[tuple[str, str], ...]) -> dict[str, tuple[int, int]]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for family, text in corpus:
        counts[family][0] += is_instruction_like(text)
        counts[family][1] += 1
    return {family: (flagged, total) for family, (flagged, total) in counts.items()}


def report(table_name: str) -> None:
    print(f"== confusables table: {table_name}")
    for title, corpus in (("payloads", PAYLOADS), ("look-alikes", BENIGN)):
        print(f"{title}: flagged / total per family")
        for family, (flagged, total) in sorted(_by_family(corpus).items()):
            print(f"  {family:<15} {flagged:>3} / {total}")
    caught = sum(is_instruction_like(text) for _, text in PAYLOADS)
    false_alarms = sum(is_instruction_like(text) for _, text in BENIGN)
    print(f"detection: {caught}/{len(PAYLOADS)} = {caught / len(PAYLOADS):.3f}")
    print(f"false positives: {false_alarms}/{len(BENIGN)} = {false_alarms / len(BENIGN):.3f}")
    for family, text in PAYLOADS:
        if not is_instruction_like(text):
            print(f"  missed ({family}): {text!r}")
    for family, text in BENIGN:
        if is_instruction_like(text):
            print(f"  flagged ({family}): {text!r}")


def main() -> None:
    builtin = textfold.confusables_table() is textfold.BUILTIN_CONFUSABLES
    report("built-in (package absent)" if builtin else "confusable_homoglyphs (TR39)")


if __name__ == "__main__":
    main()
