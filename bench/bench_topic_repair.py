"""Cost of topic repair as a conversation grows: with the driver's carried replay state, and
replaying the history on every call as it did before the state was passed.

The conversation is `bench_driver.py`'s synthetic one, driven with the rule writer and the
Apollo fixture as the corpus (its pages have titles, so every history turn from the second on
is repaired). At each turn the same `repair_topic` call is timed twice, on the same history
and node: once given the driver's state, once without it.

    .venv/bin/python bench/bench_topic_repair.py [--turns 1000]

Reported: the median milliseconds per call over the first and the last tenth of the turns.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench_driver import synthetic_turns

from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus_io import load_corpus
from memcore.search.topic_repair import repair_topic
from memcore.writers.driver import Conversation, Driver
from memcore.writers.rules import RuleWriter

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "apollo-corpus.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description="topic repair cost per turn")
    parser.add_argument("--turns", type=int, default=1000)
    arguments = parser.parse_args()
    retriever = InMemoryBM25.build(load_corpus(CORPUS).unwrap().corpus)
    # The writer alone (no retriever): the bench times the repair call itself.
    driver = Driver(RuleWriter())
    conversation = Conversation()
    carried: list[float] = []
    replaying: list[float] = []
    for turn in synthetic_turns(arguments.turns):
        node = driver.history_turn(conversation, turn).unwrap().node
        started = time.perf_counter()
        with_state = repair_topic(conversation.memory, node, retriever, state=conversation.state)
        carried.append(time.perf_counter() - started)
        started = time.perf_counter()
        without = repair_topic(conversation.memory, node, retriever)
        replaying.append(time.perf_counter() - started)
        assert with_state == without, "the carried state must not change the repair"
        conversation = conversation.with_node(with_state.node)
    tenth = max(1, len(carried) // 10)
    print("| topic repair per call | first 10% | last 10% |")
    print("| --- | ---: | ---: |")
    for label, costs in (("carried state", carried), ("replaying the history", replaying)):
        first = statistics.median(costs[:tenth]) * 1e3
        last = statistics.median(costs[-tenth:]) * 1e3
        print(f"| {label} | {first:.2f} ms | {last:.2f} ms |")


if __name__ == "__main__":
    main()
