"""Contextual token vectors of the history terms, for term selection that reads context.

QuReTeC (Voskarides et al., SIGIR 2020) reads the history and the question with BERT and
classifies each history word. Here the packaged MiniLM (frozen) reads each history text alone:
each earlier question (the last `QUESTION_TURNS`) and each of the last `ANSWER_TURNS` answers
cut as the lexical scorer cuts them, and the final question alone. A text read alone does not
depend on the question asked after it, so its vectors are read once per conversation and kept
(`term_reader.TokenCache`): a turn reads only the texts it is the first to see.

Each history word's vector is the mean of its word pieces' vectors in the last hidden state,
so it is the word as read in its own turn; a term's vector is the unit mean over its
occurrences. A candidate's row is its lexical features (`terms.FEATURES`) and then
`VECTOR_FEATURES`: whether a vector was found (a word cut off by the encoder's length has
none); its cosine to the final question's sentence vector (every token's mean, as the sentence
embedding pools them); its cosine to the mean of the question's own tokens; its best cosine to
any one of the question's words (the term as a match for a word the question types); and the
unit term vector itself. The trained head reads the term vector only through a few principal
directions of the training terms' vectors (`train_context_terms.py`), folded into its weights.

Everything here is pure: it says which texts a turn needs read and turns their vectors into
features. Reading is the writer's effect (`term_reader.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from memcore.search.backends.encoder_types import TextTokens
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

# MiniLM's hidden size.
DIMENSION = 384
SIMILARITY_FEATURES: tuple[str, ...] = (
    "vector_found",
    "question_cosine",
    "question_words_cosine",
    "question_word_best",
)
VECTOR_FEATURES: tuple[str, ...] = (
    *SIMILARITY_FEATURES,
    *(f"vector_{index}" for index in range(DIMENSION)),
)
CONTEXT_FEATURES: tuple[str, ...] = (*FEATURES, *VECTOR_FEATURES)
# Where the term vector starts in a row of `CONTEXT_FEATURES`.
VECTOR_START = len(FEATURES) + len(SIMILARITY_FEATURES)

Vector = npt.NDArray[np.float32]


def texts_to_read(history: History) -> tuple[str, ...]:
    """The history texts read for their token vectors, each alone: the earlier questions
    (the last `QUESTION_TURNS`), then the recent answers as the lexical scorer cuts them;
    empty ones and repeats left out."""
    answers = [answer[:ANSWER_CHARS] for answer in history.answers[-ANSWER_TURNS:]]
    texts = (*history.questions[-QUESTION_TURNS:], *answers)
    return tuple(dict.fromkeys(text for text in texts if text.strip()))


def word_vectors(text: str, read: TextTokens) -> dict[str, list[Vector]]:
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
        found.setdefault(terms[0], []).append(read.tokens[inside].mean(axis=0))
    return found


def unit(vector: Vector) -> Vector:
    """`vector` scaled to unit length (zero stays zero)."""
    norm = float(np.linalg.norm(vector))
    result: Vector = (vector / norm).astype(np.float32) if norm > 0 else vector
    return result


def question_words(question: str, read: TextTokens) -> npt.NDArray[np.float32]:
    """The unit vectors of the words the question reads (one row each; none: zero rows)."""
    rows = [unit(v) for vectors in word_vectors(question, read).values() for v in vectors]
    if not rows:
        return np.zeros((0, DIMENSION), dtype=np.float32)
    return np.stack(rows).astype(np.float32)


def vector_features(
    read: Sequence[tuple[str, TextTokens]], question: str, question_read: TextTokens
) -> dict[str, tuple[float, ...]]:
    """Per term read in any of the history texts (each with its tokens read alone), its
    `VECTOR_FEATURES` after the flag, from the final `question` read alone."""
    occurrences: dict[str, list[Vector]] = {}
    for text, tokens in read:
        for term, vectors in word_vectors(text, tokens).items():
            occurrences.setdefault(term, []).extend(vectors)
    sentence = unit(question_read.sentence)
    own = (
        unit(question_read.tokens.mean(axis=0).astype(np.float32))
        if len(question_read.tokens)
        else np.zeros_like(sentence)
    )
    words = question_words(question, question_read)
    features: dict[str, tuple[float, ...]] = {}
    for term, vectors in occurrences.items():
        term_vector = unit(np.mean(vectors, axis=0).astype(np.float32))
        best = float(np.max(words @ term_vector)) if len(words) else 0.0
        features[term] = (
            float(term_vector @ sentence),
            float(term_vector @ own),
            best,
            *map(float, term_vector),
        )
    return features


def with_vectors(
    found: Sequence[Candidate],
    history: History,
    read: Mapping[str, TextTokens],
    question_read: TextTokens,
) -> tuple[Candidate, ...]:
    """`found` (the lexical candidates of `history`) with `VECTOR_FEATURES` appended, from
    `read` (the tokens of each text of `texts_to_read(history)`) and `question_read` (the
    final question's). A candidate no text read (cut off by the encoder's length) has the
    flag 0 and zeros."""
    features = vector_features(
        [(text, read[text]) for text in texts_to_read(history)], history.final, question_read
    )
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
