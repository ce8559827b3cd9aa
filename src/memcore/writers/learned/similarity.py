"""MiniLM similarity features of the topic candidates, for the opt-in `learned-minilm` writer.

Two features join each candidate's `TOPIC_FEATURES`: the best cosine between the final turn
and the memory's user questions about the candidate (the nodes whose `topics` include it),
and the cosine between the turn and the candidate's name. A turn that re-asks an earlier
question in other words ("no, the one about the fish, not the dam") resembles the questions
of the topic it means even where it types no name.

Everything here is pure: it says which texts a turn needs encoded and turns given vectors into
floats. Encoding is the writer's effect (`minilm.py`, `vector_cache.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from memcore.writers.learned.topics import NODE_WINDOW, TOPIC_FEATURES, TopicCandidate
from memcore.writers.protocol import WriterRequest

SIMILARITY_FEATURES: tuple[str, ...] = ("question_similarity", "name_similarity")
MINILM_TOPIC_FEATURES: tuple[str, ...] = (*TOPIC_FEATURES, *SIMILARITY_FEATURES)
# Texts are cut to this many characters before encoding: the encoder reads at most its first
# 128 tokens anyway (the fast path), and a bounded text keeps tokenising and the cache's keys
# small.
TEXT_CHARS = 1000

Vector = npt.NDArray[np.float32]


@attrs.frozen
class CandidateTexts:
    """What a candidate is compared with: its name and the user's questions about it."""

    name: str
    questions: tuple[str, ...]


def cut_text(text: str) -> str:
    """`text` as it is encoded (and cached): stripped, at most `TEXT_CHARS` characters."""
    return text.strip()[:TEXT_CHARS]


def candidate_texts(
    request: WriterRequest, found: Sequence[TopicCandidate]
) -> tuple[CandidateTexts, ...]:
    """For each candidate, its name and the questions of the nodes (in the writer's window)
    whose topics include it, in turn order, each once."""
    nodes = request.memory.nodes[-NODE_WINDOW:]
    asked: dict[str, list[str]] = {}
    for node in nodes:
        question = cut_text(node.question)
        for topic in {t.casefold() for t in node.topics}:
            if question and question not in asked.setdefault(topic, []):
                asked[topic].append(question)
    return tuple(
        CandidateTexts(cut_text(c.name), tuple(asked.get(c.name.casefold(), ()))) for c in found
    )


def texts_to_encode(turn: str, texts: Sequence[CandidateTexts]) -> tuple[str, ...]:
    """Every text a turn's features need, each once: the turn first, then names and questions
    in candidate order. Empty texts are left out (they have no vector; see `cosine`)."""
    wanted = [turn, *(text for t in texts for text in (t.name, *t.questions))]
    return tuple(text for text in dict.fromkeys(wanted) if text)


def cosine(first: Vector, second: Vector) -> float:
    """The cosine of two vectors; 0 when either is zero."""
    norms = float(np.linalg.norm(first) * np.linalg.norm(second))
    return 0.0 if norms == 0.0 else float(np.dot(first, second)) / norms


def similarity_features(
    turn: Vector, questions: Sequence[Vector], name: Vector
) -> tuple[float, float]:
    """(best cosine between the turn and a question about the candidate, cosine between the
    turn and the candidate's name); a candidate nobody asked about scores 0 for the first."""
    best = max((cosine(turn, question) for question in questions), default=0.0)
    return best, cosine(turn, name)


def with_similarity(
    found: Sequence[TopicCandidate],
    texts: Sequence[CandidateTexts],
    turn: str,
    vectors: Mapping[str, Vector],
) -> tuple[TopicCandidate, ...]:
    """The candidates with `SIMILARITY_FEATURES` appended (as `MINILM_TOPIC_FEATURES`), from
    the vectors of `texts_to_encode(turn, texts)`; a text without a vector (an empty one)
    resembles nothing."""
    turn_vector = vectors.get(turn)
    extended: list[TopicCandidate] = []
    for candidate, text in zip(found, texts, strict=True):
        features = (0.0, 0.0)
        if turn_vector is not None:
            questions = [vectors[question] for question in text.questions if question in vectors]
            name = vectors.get(text.name, np.zeros_like(turn_vector))
            features = similarity_features(turn_vector, questions, name)
        extended.append(attrs.evolve(candidate, features=(*candidate.features, *features)))
    return tuple(extended)
