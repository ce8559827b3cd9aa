"""Length caps on the writer's input and output, in characters."""

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
