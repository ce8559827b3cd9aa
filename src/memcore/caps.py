"""Length caps, in characters: on the writer's input and output, and on the questions and
answers a questions file may hold."""

from __future__ import annotations

import attrs

# The paper caps inputs at 16,384 tokens and outputs at 800. memcore counts characters so the
# core needs no tokenizer; four characters per token is the documented estimate for English.
CHARS_PER_TOKEN = 4

# History answers are cut here, for every method of the paper (writer input, rule writer,
# CMT-RAG's trace memory).
HISTORY_ANSWER_CHARS = 600


def cut_answer(answer: str, limit: int = HISTORY_ANSWER_CHARS) -> str:
    """The part of a history answer every method reads: its first `limit` characters."""
    return answer[:limit]


@attrs.frozen
class Caps:
    """Character caps: `input_chars` for the rendered memory, `output_chars` for the JSON answer.

    `history_answer_chars` is where history answers are cut in the rendered input (600 in the
    paper, for every method).
    """

    input_chars: int = 16_384 * CHARS_PER_TOKEN
    output_chars: int = 800 * CHARS_PER_TOKEN
    history_answer_chars: int = HISTORY_ANSWER_CHARS


DEFAULT_CAPS = Caps()

# Caps on one question (a turn's or the final one) and one turn's answer in a questions file.
# Real conversations stay far below them (the longest MTRAG or iKAT question is about 420
# characters, the longest answer about 3,000), and they stop one oversized record from
# stalling a run: a 56 MB final question took almost four minutes.
QUESTION_CHARS = 16_384
ANSWER_CHARS = 65_536
