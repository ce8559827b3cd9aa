"""A larger tuning pool for the paper's return and splice tiers, from tuning conversations only.

`memcore build-mtrag --seed 13` gives 44 paper-tuning items on the return tiers and spliced
corrections (about 12 a tier): too few to see whether a change to returns helps. Other seeds
splice the same MTRAG conversations differently. This script builds the sets for several seeds
and keeps, from each seed's paper-tuning and paper-test parts, every item of those tiers whose
every source conversation is one of seed 13's tuning conversations (its MTRAG dev split and
the conversations its paper-tuning items come from); an item equal to one kept before (same
final question and history) is left out, and an id seen before gets a suffix. Nothing of a
test conversation enters, so the pool is tuning material; a paper-fresh set (built from test
conversations outside that pool) stays a held-out check.

    PYTHONPATH=src .venv/bin/python bench/paper_tuning_pool.py --data ../shared/data/mtrag \
        --builds /tmp/builds --out /tmp/pool [--seeds 7-35]

Then `memcore eval --corpus BUILD13/corpus/clapnq.jsonl --questions OUT/clapnq.jsonl --corpus
BUILD13/corpus/govt.jsonl --questions OUT/govt.jsonl --systems memrevise,oracle,original ...`
and `bench/paper_tiers_table.py` read it as any paper part. Stop 68's pool (seeds 7 to 35):
899 items (Return-1 180, Return-2+ 331, return by description 198, spliced 190).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from returns.result import Failure

from memcore.eval.datasets.write_sets import build_mtrag

TUNING_SEED = 13
DOMAINS = ("clapnq", "govt")
TIERS = frozenset({"return-1", "return-2plus", "return-description", "spliced-correction"})
_CONVERSATION = re.compile(r"[0-9a-f]{32}")


def _items(build: Path, part: str) -> Iterator[tuple[str, dict[str, object]]]:
    for domain in DOMAINS:
        path = build / part / f"{domain}.jsonl"
        if path.exists():
            with path.open(encoding="utf-8") as lines:
                for line in lines:
                    yield domain, json.loads(line)


def _conversations(item: dict[str, object]) -> set[str]:
    said = " ".join(str(item[key]) for key in ("id", "conversation_id", "source"))
    return set(_CONVERSATION.findall(said))


def _built(data: Path, builds: Path, seed: int) -> Path:
    folder = builds / f"s{seed}"
    if not (folder / "paper-tuning").exists():
        result = build_mtrag(data, folder, seed)
        if isinstance(result, Failure):
            raise SystemExit(f"build-mtrag --seed {seed}: {result.failure()}")
    return folder


def _seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, type=Path, help="the MTRAG folder")
    parser.add_argument("--builds", required=True, type=Path, help="where the builds go")
    parser.add_argument("--out", required=True, type=Path, help="where the pool goes")
    parser.add_argument("--seeds", default="7-35", help="a seed or a range, e.g. 7-35")
    arguments = parser.parse_args(argv)
    tuning_build = _built(arguments.data, arguments.builds, TUNING_SEED)
    split = json.loads((tuning_build / "split.json").read_text(encoding="utf-8"))
    tuning = set(split["dev"])
    for _, item in _items(tuning_build, "paper-tuning"):
        tuning |= _conversations(item)
    kept: dict[str, dict[tuple[str, str], dict[str, object]]] = {d: {} for d in DOMAINS}
    for seed in _seeds(arguments.seeds):
        build = _built(arguments.data, arguments.builds, seed)
        for part in ("paper-tuning", "paper-test"):
            for domain, item in _items(build, part):
                if item["tier"] not in TIERS or not _conversations(item) <= tuning:
                    continue
                key = (str(item["final"]), json.dumps(item["turns"], sort_keys=True))
                kept[domain].setdefault(key, item)
    arguments.out.mkdir(parents=True, exist_ok=True)
    for domain, items in kept.items():
        seen: Counter[str] = Counter()
        rows = []
        for item in items.values():
            seen[str(item["id"])] += 1
            if seen[str(item["id"])] > 1:
                item = {**item, "id": f"{item['id']}.v{seen[str(item['id'])]}"}
                item["conversation_id"] = item["id"]
            rows.append(json.dumps(item) + "\n")
        (arguments.out / f"{domain}.jsonl").write_text("".join(rows), encoding="utf-8")
        tiers = Counter(str(item["tier"]) for item in items.values())
        print(f"{domain}: {len(rows)} items, {dict(sorted(tiers.items()))}", file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
