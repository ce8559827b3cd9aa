"""Cost of the conversation driver with the rule writer as a conversation grows.

Synthetic conversations of 10, 100 and 1,000 turns cycle through what real ones do: a new
named topic, follow-ups by pronoun, a list answer, a correction to a list member, a return to
an earlier topic by description, and a value revision. The driver reads each turn once and
carries the replay state, so the cost per turn should stay flat; the rendered memory (what an
LLM writer would read) grows with every turn, and its size is reported.

    .venv/bin/python bench/bench_driver.py [--sizes 10 100 1000] [--repeat 3]

Reported per size: the median wall time per turn over the first and the last tenth of the
turns and over all of them (best of `--repeat` runs), the same for a baseline that replays
the memory from scratch before every turn, and the rendered input's size at the last turn.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator

from memcore.render import render_input
from memcore.replay import replay
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.rules import RuleWriter

FIRST = ("Ada", "Boris", "Clara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas")
LAST = ("Kask", "Lind", "Moreau", "Novak", "Okafor", "Petrov", "Quint", "Rossi", "Saar")


def synthetic_turns(count: int) -> Iterator[Turn]:
    """A deterministic conversation of `count` turns, in blocks of eight."""
    block = 0
    produced = 0
    while produced < count:
        a = f"Orion {block}"
        b = f"{FIRST[block % len(FIRST)]} {LAST[block % len(LAST)]}"
        c = f"{FIRST[(block + 3) % len(FIRST)]} {LAST[(block + 5) % len(LAST)]}"
        script = (
            Turn(f"tell me about {a}", f"{a} was a research mission launched in {1950 + block}."),
            Turn("who led it?", f"{b} and {c} led the mission together."),
            Turn("where is he based?", f"{c} is based in Tallinn."),
            Turn("no, i meant the first one", f"{b} is based in Tartu."),
            Turn("what did he build?", f"{b} built the first relay of the network."),
            Turn("back to the mission, when did it end?", f"{a} ended after two years."),
            Turn(f"sorry, i meant {block + 1}", f"Orion {block + 1} was the follow-up mission."),
            Turn("how long did it last?", "It lasted three years."),
        )
        for turn in script:
            if produced >= count:
                return
            produced += 1
            yield turn
        block += 1


def timed_run(count: int, from_scratch: bool) -> tuple[list[float], int]:
    """Per-turn seconds, and the rendered input's length at the last turn."""
    driver = Driver(RuleWriter())
    conversation = Conversation()
    costs: list[float] = []
    for turn in synthetic_turns(count):
        started = time.perf_counter()
        if from_scratch:
            conversation = Conversation(conversation.memory, replay(conversation.memory))
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
        costs.append(time.perf_counter() - started)
    rendered = render_input(conversation.memory, "and then?", "", True, conversation.state)
    return costs, len(rendered)


def summary(costs: list[float]) -> tuple[float, float, float]:
    tenth = max(1, len(costs) // 10)
    # Medians: the machine is shared, and a mean picks up every pause of the garbage
    # collector or a neighbour's burst.
    return (
        statistics.median(costs[:tenth]),
        statistics.median(costs[-tenth:]),
        statistics.median(costs),
    )


def best(count: int, from_scratch: bool, repeat: int) -> tuple[tuple[float, float, float], int]:
    runs = [timed_run(count, from_scratch) for _ in range(repeat)]
    summaries = [summary(costs) for costs, _ in runs]
    return min(summaries, key=lambda s: s[2]), runs[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description="driver cost per turn as conversations grow")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print(
        "| turns | median per turn, first 10% | last 10% | all turns "
        "| replay from scratch: last 10% | rendered input at the last turn |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for count in arguments.sizes:
        (first, last, mean), rendered = best(count, False, arguments.repeat)
        (_, scratch_last, _), _ = best(count, True, arguments.repeat)
        print(
            f"| {count:,} | {first * 1e3:.2f} ms | {last * 1e3:.2f} ms | {mean * 1e3:.2f} ms "
            f"| {scratch_last * 1e3:.2f} ms | {rendered:,} chars (~{rendered // 4:,} tokens) |"
        )


if __name__ == "__main__":
    main()
