"""Writer calls and tokens per turn: a live conversation against the old two-call flow.

The Apollo 11 demo conversation (eight turns) and a synthetic one of 40 turns (the blocks of
`bench_driver.py`) are driven two ways with the rule writer, through a wrapper that counts
what an LLM writer would be charged for each call: the chat messages it would be sent (the
system prompt and the rendered input, `memcore.writers.prompt.messages`) and the text it
answers, both at four characters per token (`memcore.caps.CHARS_PER_TOKEN`, the estimate the
OpenAI writer reports when the server gives no usage).

- live: `Driver.live_turn`, one call per turn that completes the previous turn and writes
  the new one (what `memcore chat`, `memcore demo` and the integrations do);
- two calls: `final_turn` for the query, then `history_turn` once the answer is known (what
  the chat and demo did before).

    .venv/bin/python bench/bench_live.py [--turns 40]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import attrs
from bench_driver import synthetic_turns
from returns.result import Result

from memcore.caps import CHARS_PER_TOKEN
from memcore.writers.driver import Conversation, Driver, LiveConversation, Turn
from memcore.writers.examples import APOLLO11, DEMO_EXTRA
from memcore.writers.prompt import messages
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules import RuleWriter


@attrs.define
class Charged:
    """Wraps a writer; counts its calls and the tokens an LLM writer would send and get."""

    inner: RuleWriter
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        self.calls += 1
        sent = "\n".join(message["content"] for message in messages(request))
        self.tokens_in += -(-len(sent) // CHARS_PER_TOKEN)
        reply = self.inner.write(request)
        self.tokens_out += -(-len(reply.unwrap().text) // CHARS_PER_TOKEN)
        return reply


def live(turns: Sequence[Turn]) -> Charged:
    writer = Charged(RuleWriter())
    driver = Driver(writer)
    conversation, answer = LiveConversation(), ""
    for turn in turns:
        conversation = driver.live_turn(conversation, turn.question, answer).unwrap().conversation
        answer = turn.answer
    return writer


def two_calls(turns: Sequence[Turn]) -> Charged:
    writer = Charged(RuleWriter())
    driver = Driver(writer)
    conversation = Conversation()
    for turn in turns:
        driver.final_turn(conversation, turn.question).unwrap()
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return writer


def row(name: str, flow: str, turns: int, writer: Charged) -> str:
    return (
        f"| {name} | {flow} | {writer.calls / turns:.1f} | {writer.tokens_in / turns:,.0f} | "
        f"{writer.tokens_out / turns:,.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=40, help="synthetic conversation length")
    arguments = parser.parse_args()
    conversations = {
        "Apollo 11 demo (8 turns)": [*APOLLO11, *DEMO_EXTRA],
        f"synthetic ({arguments.turns} turns)": list(synthetic_turns(arguments.turns)),
    }
    print(
        "| conversation | flow | writer calls per turn | tokens in per turn | tokens out per turn |"
    )
    print("| --- | --- | ---: | ---: | ---: |")
    for name, turns in conversations.items():
        print(row(name, "live (one call)", len(turns), live(turns)))
        print(row(name, "final + history (two calls)", len(turns), two_calls(turns)))


if __name__ == "__main__":
    main()
