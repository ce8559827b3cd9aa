"""Training the contextual term scorer (`learned-context`): the lexical scorer's turns and
labels, each candidate's row extended by MiniLM token-vector features (`term_vectors.py`).

A linear head over the raw 384-dimensional term vector, fitted on under a thousand positive
terms, learns little beyond the lexical features (measured on this branch: out-of-fold micro
F1 0.271 against 0.268). The head here reads the term vector through its first `DIRECTIONS`
principal directions (fitted without labels on the training candidates' vectors), beside the
lexical and similarity features; once fitted, the projection is folded into the weights of
the raw vector, so the shipped model is an ordinary logistic model over `CONTEXT_FEATURES`
and the writer needs no projection of its own.

The threshold is chosen on out-of-fold probabilities (the training conversations cut into
`FOLDS` by their position, each fold scored by a head, projection included, fitted on the
others), still on the tuning data only. The shipped head is then fitted on every training turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

from memcore.eval.datasets.rewrites import RewriteConversation
from memcore.eval.training.fit import best_threshold, check_indices, fit
from memcore.eval.training.train_terms import (
    TermExample,
    document_frequencies,
    gold_terms,
    histories,
    selection_f1,
)
from memcore.writers.learned.model import FloatArray, LogisticModel
from memcore.writers.learned.term_reader import TokenCache
from memcore.writers.learned.term_vectors import CONTEXT_FEATURES, VECTOR_START
from memcore.writers.learned.terms import Rarity, candidates, rarity_from_counts

FOLDS = 5
# Principal directions of the term vector the head reads (8, 16 and 32 measured out of fold on
# the tuning data: 0.279, 0.292, 0.295 micro F1; 16 keeps the head small).
DIRECTIONS = 16
FOUND_COLUMN = CONTEXT_FEATURES.index("vector_found")


@attrs.frozen
class ConversationExamples:
    """The labelled turns of one training conversation."""

    examples: tuple[TermExample, ...]


def context_examples(
    conversations: Sequence[RewriteConversation], rarity: Rarity, cache: TokenCache
) -> tuple[ConversationExamples, ...]:
    """Every labelled turn of `conversations`, grouped by conversation, with vector features
    read through `cache`."""
    grouped: list[ConversationExamples] = []
    for conversation in conversations:
        found: list[TermExample] = []
        for history, rewrite in histories(conversation):
            gold = gold_terms(history, rewrite)
            extended = cache.extended(history, candidates(history, rarity))
            found.append(TermExample(extended, tuple(c.term in gold for c in extended), gold))
        grouped.append(ConversationExamples(tuple(found)))
    return tuple(grouped)


@attrs.frozen(eq=False)
class Projection:
    """The term vector's centre and its first principal directions (one per row)."""

    centre: FloatArray
    directions: FloatArray

    @classmethod
    def of(cls, vectors: FloatArray, count: int) -> Projection:
        """The `count` directions of most variance of `vectors` (rows). Each direction's sign
        is fixed so that its largest coordinate is positive (the folded head does not depend
        on it, the projected rows do)."""
        centre = vectors.mean(axis=0)
        centred = vectors - centre
        values, columns = np.linalg.eigh(centred.T @ centred / max(len(vectors), 1))
        order = np.argsort(-values, kind="stable")[:count]
        directions = columns[:, order].T
        signs = np.sign(directions[np.arange(len(directions)), np.abs(directions).argmax(axis=1)])
        return cls(centre, directions * signs[:, None])

    def rows(self, matrix: FloatArray) -> FloatArray:
        """`matrix` (rows of `CONTEXT_FEATURES`) with the term vector replaced by its
        coordinates on the directions."""
        projected = (matrix[:, VECTOR_START:] - self.centre) @ self.directions.T
        result: FloatArray = np.hstack([matrix[:, :VECTOR_START], projected])
        return result

    def folded(self, model: LogisticModel) -> LogisticModel:
        """`model` (fitted on `rows`) as an equal model over `CONTEXT_FEATURES`: the raw
        vector unscaled, its weights the directions weighed by the projected weights, the
        projection's offsets moved into the bias."""
        head = VECTOR_START
        projected = model.weights[head:] / model.scale[head:]
        weights = np.concatenate([model.weights[:head], projected @ self.directions])
        offset = float(projected @ (self.directions @ self.centre + model.mean[head:]))
        weights[0] -= offset
        size = len(CONTEXT_FEATURES) - head
        mean = np.concatenate([model.mean[:head], np.zeros(size)])
        scale = np.concatenate([model.scale[:head], np.ones(size)])
        return LogisticModel(CONTEXT_FEATURES, weights, mean, scale, model.threshold)


def _matrix(examples: Sequence[TermExample]) -> tuple[FloatArray, list[bool]]:
    rows = [c.features for e in examples for c in e.candidates]
    return np.array(rows, dtype=np.float64), [y for e in examples for y in e.labels]


def _fitted(examples: Sequence[TermExample]) -> LogisticModel:
    """The head fitted on `examples` through their own projection, folded."""
    matrix, labels = _matrix(examples)
    found = matrix[:, FOUND_COLUMN] > 0
    projection = Projection.of(matrix[found][:, VECTOR_START:], DIRECTIONS)
    projected = projection.rows(matrix)
    names = (*CONTEXT_FEATURES[:VECTOR_START], *(f"direction_{i}" for i in range(DIRECTIONS)))
    fitted = fit(names, projected.tolist(), labels)
    return projection.folded(fitted)


def _with_check(model: LogisticModel, matrix: FloatArray) -> LogisticModel:
    """`model` with its probabilities for a few of its training rows (`fit.check_indices`)."""
    probabilities = model.probabilities(matrix.tolist())
    rows = [list(map(float, matrix[index])) for index in check_indices(probabilities)]
    scores = [float(p) for p in model.probabilities(rows)]
    return attrs.evolve(model, meta={"check": {"rows": rows, "probabilities": scores}})


def out_of_fold_threshold(
    grouped: Sequence[ConversationExamples], folds: int = FOLDS
) -> tuple[float, float]:
    """The threshold with the best micro F1 over out-of-fold probabilities (conversation `i`
    in fold `i % folds`), and that F1."""
    scored: list[tuple[TermExample, list[float]]] = []
    for fold in range(folds):
        held = [g for index, g in enumerate(grouped) if index % folds == fold]
        kept = [e for index, g in enumerate(grouped) if index % folds != fold for e in g.examples]
        if not held or not kept:
            continue
        model = _fitted(kept)
        for group in held:
            for example in group.examples:
                rows = [c.features for c in example.candidates]
                scored.append((example, model.probabilities(rows).tolist()))
    threshold = best_threshold(lambda at: selection_f1(scored, at))
    return threshold, selection_f1(scored, threshold)


def train_context_terms(
    conversations: Sequence[RewriteConversation],
    cache: TokenCache,
    meta: dict[str, object] | None = None,
    folds: int = FOLDS,
) -> LogisticModel:
    """The contextual term scorer fitted on `conversations` (deterministic for one reader).
    Rarity is computed as the lexical scorer's training computes it; the writer reads the
    lexical scorer's shipped table, so this model ships none."""
    counts, documents = document_frequencies(conversations)
    grouped = context_examples(conversations, rarity_from_counts(counts, documents), cache)
    examples = [e for g in grouped for e in g.examples]
    fitted = _with_check(_fitted(examples), _matrix(examples)[0])
    threshold, held_out_f1 = out_of_fold_threshold(grouped, folds)
    described = {
        **fitted.meta,
        **(meta or {}),
        "turns": len(examples),
        "candidates": sum(len(e.candidates) for e in examples),
        "positives": sum(sum(e.labels) for e in examples),
        "directions": DIRECTIONS,
        "threshold_from": f"out-of-fold probabilities, {folds} folds of conversations",
        "out_of_fold_f1": held_out_f1,
        "texts_read": cache.reads,
    }
    return attrs.evolve(fitted, threshold=threshold, meta=described)
