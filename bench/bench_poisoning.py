"""Detection and false-positive rates of the poisoning guard on the red-team corpus.

The corpus (`tests/poisoning_corpus.py`) holds instruction payloads (English, French,
German, Spanish, Chinese, and obfuscated spellings) and facts that look like them. Each text
is checked with `memcore.safety.is_instruction_like`, with the confusables table in use
(`confusable_homoglyphs` when installed, else the built-in minimal table; the header says
which).

    .venv/bin/python bench/bench_poisoning.py
    .venv/bin/python bench/bench_poisoning.py --speed [--conversations 12] [--repeats 3]

Reported: per family, how many texts were flagged; then the detection rate over payloads and
the false-positive rate over look-alikes; the payloads missed and the facts flagged.

`--speed` times the installed gate (cue lists, the semantic detector and its veto, `dense`
extra) filtering real turns: MTRAG conversations from `../shared/data` (read, never copied),
each turn a node with the user's question, the agent's answer and its first three sentences
as facts, filtered turn by turn with a fresh detector (nothing remembered), once with each
sentence encoded on its own and once with each turn's windows encoded in one batch; also
whether both flag the same texts, and how many of these ordinary turns lose anything.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from memcore import textfold
from memcore.node import Node
from memcore.safety import filter_node, is_instruction_like, split_sentences
from poisoning_corpus import BENIGN, PAYLOADS

MTRAG = Path(__file__).resolve().parents[2] / "shared" / "data" / "mtrag" / "conversations"


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


def mtrag_turns(conversations: int) -> list[Node]:
    """One node per user turn of the first `conversations` MTRAG conversations (by number)."""
    nodes: list[Node] = []
    paths = sorted(MTRAG.glob("*.json"), key=lambda path: int(path.stem))[:conversations]
    for path in paths:
        messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
        for turn, (user, agent) in enumerate(zip(messages[::2], messages[1::2], strict=False)):
            answer = agent["text"]
            facts = tuple(s.strip() for s in split_sentences(answer)[:3] if s.strip())
            nodes.append(Node(turn + 1, user["text"], answer, facts=facts))
    return nodes


def speed(conversations: int, repeats: int) -> None:
    from memcore.safety.semantic import load_semantic_detector

    nodes = mtrag_turns(conversations)
    print(f"{len(nodes)} turns of {conversations} MTRAG conversations, {repeats} repeats")
    timings: dict[bool, list[float]] = {False: [], True: []}
    flagged: dict[bool, list[Node]] = {}
    for _ in range(repeats):
        for batched in (False, True):
            # A fresh detector and guard caches each time: every sentence is encoded anew.
            detector = load_semantic_detector().unwrap()
            gate = detector.gate(batched=batched)
            start = time.perf_counter()
            flagged[batched] = [filter_node(node, gate) for node in nodes]
            timings[batched].append(time.perf_counter() - start)
    for batched in (False, True):
        label = "one batch per turn" if batched else "one sentence per call"
        median = statistics.median(timings[batched])
        print(
            f"{label}: median {median:.2f} s ({1000 * median / len(nodes):.0f} ms per turn), "
            f"runs {', '.join(f'{t:.2f}' for t in timings[batched])} s"
        )
    print(f"speed-up: {statistics.median(timings[False]) / statistics.median(timings[True]):.2f}x")
    differing = sum(a != b for a, b in zip(flagged[False], flagged[True], strict=True))
    print(f"turns filtered differently: {differing} of {len(nodes)}")
    changed = [node for node, kept in zip(nodes, flagged[True], strict=True) if kept != node]
    print(f"turns with something withheld (ordinary conversations): {len(changed)} of {len(nodes)}")
    for node in changed:
        print(f"  turn {node.turn}: {node.question[:100]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="time batched against one by one")
    parser.add_argument("--conversations", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args()
    if options.speed:
        speed(options.conversations, options.repeats)
        return
    builtin = textfold.confusables_table() is textfold.BUILTIN_CONFUSABLES
    report("built-in (package absent)" if builtin else "confusable_homoglyphs (TR39)")


if __name__ == "__main__":
    main()
