"""Contextual token vectors of the history terms, for term selection that reads context.

QuReTeC (Voskarides et al., SIGIR 2020) reads the history and the question together with BERT
and classifies each history word. Here the packaged MiniLM (frozen) reads the question with the
history in a few pairs, `[CLS] question [SEP] history text [SEP]`: the earlier questions joined
(the latest ones that fit `QUESTIONS_CHARS`), and each of the last `ANSWER_TURNS` answers cut
as the lexical scorer cuts them. Each history word's vector is the mean of its word pieces'
vectors in the last hidden state, so it is the word *as read next to this question*; a term's
vector is the mean over its occurrences. A candidate's row is its lexical features
(`terms.FEATURES`) and then `VECTOR_FEATURES`: whether a vector was found (a word cut off by the
encoder's length has none), its cosine to the question's mean token vector, and the term vector
itself, coordinates scaled to unit length.

Everything here is pure: it says which pairs a turn needs read and turns their vectors into
features. Reading is the writer's effect (`term_reader.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from memcore.search.backends.encoder_types import PairTokens
from memcore.search.tokenize import tokenize
from memcore.writers.learned.terms import (
    ANSWER_CHARS,
    ANSWER_TURNS,
    FEATURES,
    QUESTION_TURNS,
    WORD,
    Candidate,
    History,
)

# The earlier questions are read in one pair, the latest first taken until this many
# characters (about 160 word pieces: with the question, the pair fits 256 tokens).
QUESTIONS_CHARS = 700
# MiniLM's hidden size.
DIMENSION = 384
VECTOR_FEATURES: tuple[str, ...] = (
    "vector_found",
    "question_cosine",
    *(f"vector_{index}" for index in range(DIMENSION)),
)
CONTEXT_FEATURES: tuple[str, ...] = (*FEATURES, *VECTOR_FEATURES)

Vector = npt.NDArray[np.float32]


def questions_text(history: History) -> str:
    """The earlier questions read together, oldest first: the latest that fit
    `QUESTIONS_CHARS` (at least the previous one)."""
    kept: list[str] = []
    total = 0
    for question in reversed(history.questions[-QUESTION_TURNS:]):
        if kept and total + len(question) + 1 > QUESTIONS_CHARS:
            break
        kept.append(question)
        total += len(question) + 1
    return " ".join(reversed(kept))


def texts_to_read(history: History) -> tuple[str, ...]:
    """The history texts each read beside the question: the questions joined, then the
    recent answers as the lexical scorer cuts them (empty ones left out)."""
    answers = [answer[:ANSWER_CHARS] for answer in history.answers[-ANSWER_TURNS:]]
    return tuple(text for text in (questions_text(history), *answers) if text.strip())


def _word_vectors(text: str, read: PairTokens) -> dict[str, list[Vector]]:
    """Per term of `text`, the vector of each occurrence that the encoder read (the mean of
    the word pieces inside the word's characters)."""
    found: dict[str, list[Vector]] = {}
    starts = np.array([start for start, _ in read.spans], dtype=np.int64)
    ends = np.array([end for _, end in read.spans], dtype=np.int64)
    for match in WORD.finditer(text):
        terms = tokenize(match.group(0))
        if len(terms) != 1:
            continue
        inside = np.nonzero((starts >= match.start()) & (ends <= match.end()) & (ends > starts))[0]
        if len(inside) == 0:
            continue
        found.setdefault(terms[0], []).append(read.second[inside].mean(axis=0))
    return found


def _unit(vector: Vector) -> Vector:
    norm = float(np.linalg.norm(vector))
    result: Vector = (vector / norm).astype(np.float32) if norm > 0 else vector
    return result


def vector_features(read: Sequence[tuple[str, PairTokens]]) -> dict[str, tuple[float, ...]]:
    """Per term read in any of the texts (each with its pair read beside the question), its
    `VECTOR_FEATURES` after the flag: the cosine to the question and the unit term vector.
    The question vector is the mean, scaled to unit length, of the question's mean token
    vector in each pair."""
    occurrences: dict[str, list[Vector]] = {}
    question_means: list[Vector] = []
    for text, pair in read:
        question_means.append(pair.first_mean)
        for term, vectors in _word_vectors(text, pair).items():
            occurrences.setdefault(term, []).extend(vectors)
    if not question_means:
        return {}
    question = _unit(np.mean(question_means, axis=0).astype(np.float32))
    features: dict[str, tuple[float, ...]] = {}
    for term, vectors in occurrences.items():
        term_vector = _unit(np.mean(vectors, axis=0).astype(np.float32))
        features[term] = (float(term_vector @ question), *map(float, term_vector))
    return features


def with_vectors(
    found: Sequence[Candidate], history: History, read: Mapping[str, PairTokens]
) -> tuple[Candidate, ...]:
    """`found` (the lexical candidates of `history`) with `VECTOR_FEATURES` appended, from
    `read`: the encoder's pair for each text of `texts_to_read(history)`. A candidate no pair
    read (cut off by the encoder's length) has the flag 0 and zeros."""
    features = vector_features([(text, read[text]) for text in texts_to_read(history)])
    missing = (0.0,) * (len(VECTOR_FEATURES) - 1)
    return tuple(
        Candidate(
            candidate.term,
            (
                *candidate.features,
                *(
                    (1.0, *features[candidate.term])
                    if candidate.term in features
                    else (0.0, *missing)
                ),
            ),
        )
        for candidate in found
    )
