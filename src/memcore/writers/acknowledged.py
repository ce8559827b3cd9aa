"""Words that take the assistant's answer as given and take back nothing the user named
(spec/writer-cues-roles.md#writer-cues-roles.answer-acknowledged).

Three kinds, each followed by a question on something else:

- an admission that a belief the assistant corrected was wrong ("Huh, good to know I was
  wrong", "Oh, I had that wrong then!", "ah, my mistake", "I stand corrected"), where the
  last answer disagreed with the user ("Not at all - ...", "That's not really the consensus");
- a note that the assistant already answered what the turn began to ask again ("how long is
  X? ...wait, you already told me that. different one then: ..."): the note withdraws the
  repeated question, and everything before it;
- a teaser ("you'll never guess what came up at dinner... Y").

Their words ("wrong", "wait", "no", "never") are the readers' repair and negation words, and
read as such they make the turn look like a correction that turns down the topic it leaves.
The final turn is handed on without them, so the topic the turn moves from is left behind,
not rejected.
"""

from __future__ import annotations

import re

from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest

_FLAGS = re.IGNORECASE
# The assistant's answer opens by disagreeing with what the user took for granted.
_DISAGREES = re.compile(
    r"^\W*(?:not\s+(?:at\s+all|really|quite|exactly)|actually\b|that(?:'s|\s+is)\s+not\b"
    r"|that\s+isn't\b|no\b|nope\b|in\s+fact\b|contrary\b|it(?:'s|\s+is)\s+(?:a\s+)?(?:common\s+)?"
    r"(?:myth|misconception)\b)",
    _FLAGS,
)
_ADMITTED = re.compile(
    r"\b(?:(?:good|nice|glad)\s+to\s+know\s+)?"
    r"(?:i\s+(?:was|am|'m|had\s+(?:that|it|this)|got\s+(?:that|it|this))"
    r"\s+(?:so\s+|totally\s+|completely\s+|all\s+|way\s+)?wrong|i\s+stand\s+corrected"
    r"|(?:i\s+)?learn(?:ed|t)\s+something\s+new|my\s+(?:mistake|bad))"
    r"(?:\s+(?:then|there|on\s+that|about\s+that|again))?",
    _FLAGS,
)
_ALREADY_ANSWERED = re.compile(
    r"\byou(?:'ve|\s+have)?\s+(?:already\s+)?(?:told\s+me|answered|said|covered|explained)"
    r"\s+(?:that|this|it)(?:\s+already)?\b[^.!?:\n]*(?:[.!?:]+|\n|$)",
    _FLAGS,
)
_TEASER = re.compile(
    r"\b(?:you(?:'ll|\s+will)\s+never\s+guess|you\s+won'?t\s+believe|guess\s+what)\b", _FLAGS
)
_ASKS = re.compile(r"\?|^\W*(?:who|what|when|where|why|how|which)\b", _FLAGS)


def without_acknowledgement(text: str, answer: str = "") -> str:
    """`text` without the words that take the last `answer` as given (an admission of a
    belief it corrected, a note that it already answered, a teaser), where a question
    follows them; `text` itself otherwise."""
    rest = text
    if _DISAGREES.match(answer):
        rest = _ADMITTED.sub(" ", rest)
    answered = list(_ALREADY_ANSWERED.finditer(rest))
    if answered:
        rest = rest[answered[-1].end() :]
    rest = _TEASER.sub(" ", rest)
    if rest == text or _ASKS.search(rest) is None:
        return text
    return rest.strip()


def with_acknowledgement_left_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn read without its acknowledgement of the last answer
    (`without_acknowledgement`); `request` itself otherwise."""
    nodes = request.memory.nodes
    answer = nodes[-1].answer if nodes else ""
    return with_final_question(request, lambda text: without_acknowledgement(text, answer))
