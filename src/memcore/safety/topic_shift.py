"""A topic-shift signal writers can use: is a new message still about the current topic?

Lexical: the share of the message's index terms (memcore's tokeniser) that occur among the
current topic's name, facts and turns. A message with a pronoun that points back ("he",
"it", "that") continues the topic whatever its words, and a message without content terms
is no evidence of a shift. Embedding-based (with the dense extra): the cosine similarity
between the message and the topic's texts, through any `TextEncoder`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Protocol

import attrs
import numpy as np
import numpy.typing as npt

from memcore.node import Memory
from memcore.replay import replay
from memcore.search.tokenize import tokenize

_ANAPHORA = re.compile(
    r"\b(?:he|she|it|they|him|her|them|his|hers|its|their|theirs|that one|this one|there"
    r"|the same|the former|the latter)\b",
    re.IGNORECASE,
)

DEFAULT_LEXICAL_THRESHOLD = 0.2
DEFAULT_EMBEDDING_THRESHOLD = 0.3


class ShiftMethod(enum.Enum):
    """How the signal was computed."""

    LEXICAL = "lexical"
    EMBEDDING = "embedding"


@attrs.frozen
class TopicShift:
    """The signal: `similarity` to the current topic in [0, 1] for lexical overlap (cosine for
    embeddings), and whether it says the user moved to another topic."""

    method: ShiftMethod
    similarity: float
    shifted: bool
    reason: str


def refers_back(message: str) -> bool:
    """Whether `message` holds a pronoun or phrase that points to something said before."""
    return _ANAPHORA.search(message) is not None


def topic_texts(memory: Memory) -> tuple[str, ...]:
    """The current topic's name and facts, then the questions and answers of its turns."""
    state = replay(memory)
    current = state.current
    if current is None:
        return ()
    turns = set(current.turns)
    exchanges = [
        text
        for node in memory.nodes
        if node.turn in turns
        for text in (node.question, node.answer)
        if text
    ]
    return (current.name, *current.facts, *exchanges)


def lexical_overlap(message: str, reference: Sequence[str]) -> float | None:
    """The share of `message`'s distinct terms found in `reference`; None without terms."""
    terms = set(tokenize(message))
    if not terms:
        return None
    known: set[str] = set()
    for text in reference:
        known.update(tokenize(text))
    return len(terms & known) / len(terms)


def lexical_shift(
    message: str, memory: Memory, threshold: float = DEFAULT_LEXICAL_THRESHOLD
) -> TopicShift:
    """The lexical signal for `message` against the memory's current topic."""
    reference = topic_texts(memory)
    if not reference:
        return TopicShift(ShiftMethod.LEXICAL, 0.0, False, "no current topic to shift from")
    if refers_back(message):
        overlap = lexical_overlap(message, reference)
        similarity = 1.0 if overlap is None else overlap
        return TopicShift(ShiftMethod.LEXICAL, similarity, False, "refers back with a pronoun")
    overlap = lexical_overlap(message, reference)
    if overlap is None:
        return TopicShift(ShiftMethod.LEXICAL, 1.0, False, "no content terms")
    shifted = overlap < threshold
    reason = (
        f"{overlap:.2f} of its terms belong to the current topic "
        f"({'below' if shifted else 'at or above'} {threshold:g})"
    )
    return TopicShift(ShiftMethod.LEXICAL, overlap, shifted, reason)


class TextEncoder(Protocol):
    """Anything that turns texts into vectors of one dimension (a dense encoder): rows of a
    matrix or a sequence of sequences."""

    def encode(self, texts: Sequence[str]) -> npt.ArrayLike:
        """One vector per text, in order."""
        ...


def cosine(first: npt.ArrayLike, second: npt.ArrayLike) -> float:
    """Cosine similarity; 0 when either vector is zero."""
    left = np.asarray(first, dtype=np.float64)
    right = np.asarray(second, dtype=np.float64)
    norms = float(np.linalg.norm(left) * np.linalg.norm(right))
    return 0.0 if norms == 0.0 else float(left @ right) / norms


def embedding_shift(
    message: str,
    memory: Memory,
    encoder: TextEncoder,
    threshold: float = DEFAULT_EMBEDDING_THRESHOLD,
) -> TopicShift:
    """The embedding signal: the best cosine between `message` and one of the topic's texts."""
    reference = topic_texts(memory)
    if not reference:
        return TopicShift(ShiftMethod.EMBEDDING, 0.0, False, "no current topic to shift from")
    vectors = np.asarray(encoder.encode([message, *reference]), dtype=np.float64)
    similarity = max(cosine(vectors[0], vector) for vector in vectors[1:])
    shifted = similarity < threshold
    reason = (
        f"closest topic text at cosine {similarity:.2f} "
        f"({'below' if shifted else 'at or above'} {threshold:g})"
    )
    return TopicShift(ShiftMethod.EMBEDDING, similarity, shifted, reason)
