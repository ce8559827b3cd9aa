"""Training the term scorer: distant labels from human rewrites, a logistic model in numpy.

A history term is labelled "needed" when the human rewrite of the turn contains it and the
turn as typed does not (QuReTeC's distant supervision). The model is an L2-regularised
logistic regression fitted by full-batch gradient descent from zero weights: no randomness,
so the same conversations always give the same weights. The threshold is the probability that
maximises F1 of the selected terms on the training turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import numpy as np

from memcore.eval.rewrites import RewriteConversation
from memcore.search.tokenize import tokenize
from memcore.writers.learned.model import FloatArray, TermModel
from memcore.writers.learned.terms import (
    Candidate,
    History,
    Rarity,
    candidates,
    rarity_from_counts,
)

STEPS = 3000
LEARNING_RATE = 0.5
L2 = 1e-3


@attrs.frozen
class Example:
    """One turn's candidates and, per candidate, whether the rewrite needs it."""

    candidates: tuple[Candidate, ...]
    labels: tuple[bool, ...]
    gold: frozenset[str]


def histories(conversation: RewriteConversation) -> Iterable[tuple[History, str]]:
    """Each turn after the first as a history to resolve, with its human rewrite."""
    for index in range(1, len(conversation.turns)):
        earlier = conversation.turns[:index]
        turn = conversation.turns[index]
        yield (
            History.of(
                [t.utterance for t in earlier], [t.response for t in earlier], turn.utterance
            ),
            turn.rewrite,
        )


def gold_terms(history: History, rewrite: str) -> frozenset[str]:
    """Terms the rewrite adds to the turn as typed."""
    return frozenset(tokenize(rewrite)) - frozenset(tokenize(history.final))


def document_frequencies(
    conversations: Sequence[RewriteConversation],
) -> tuple[dict[str, int], int]:
    """Document frequency of every term over the conversations' utterances and responses,
    each utterance and each response one document; and the number of documents."""
    counts: dict[str, int] = {}
    documents = 0
    for conversation in conversations:
        for turn in conversation.turns:
            for text in (turn.utterance, turn.response):
                if not text:
                    continue
                documents += 1
                for term in set(tokenize(text)):
                    counts[term] = counts.get(term, 0) + 1
    return counts, documents


def examples(conversations: Sequence[RewriteConversation], rarity: Rarity) -> tuple[Example, ...]:
    """Every labelled turn of `conversations`."""
    found: list[Example] = []
    for conversation in conversations:
        for history, rewrite in histories(conversation):
            gold = gold_terms(history, rewrite)
            terms = candidates(history, rarity)
            found.append(Example(terms, tuple(c.term in gold for c in terms), gold))
    return tuple(found)


def _fit(features: FloatArray, labels: FloatArray) -> FloatArray:
    weights = np.zeros(features.shape[1])
    positives = max(float(labels.sum()), 1.0)
    # Positives are rare: weigh them so both classes count alike in the loss.
    sample = np.where(labels > 0, len(labels) / (2 * positives), len(labels) / (2 * max(len(labels) - positives, 1.0)))
    for _ in range(STEPS):
        probabilities = 1.0 / (1.0 + np.exp(-(features @ weights)))
        gradient = features.T @ ((probabilities - labels) * sample) / len(labels)
        gradient[1:] += L2 * weights[1:]
        weights -= LEARNING_RATE * gradient
    result: FloatArray = weights
    return result


def best_threshold(model: TermModel, found: Sequence[Example]) -> float:
    """The threshold (in steps of 0.01) with the best micro F1 of selected terms."""
    scored = [(model.probabilities(e.candidates), e) for e in found]
    best, best_f1 = 0.5, -1.0
    for step in range(5, 96):
        threshold = step / 100
        hits = chosen = gold = 0
        for probabilities, example in scored:
            picked = {c.term for c, p in zip(example.candidates, probabilities, strict=True) if p >= threshold}
            hits += len(picked & example.gold)
            chosen += len(picked)
            gold += len(example.gold)
        precision = hits / chosen if chosen else 0.0
        recall = hits / gold if gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        if f1 > best_f1 + 1e-12:
            best, best_f1 = threshold, f1
    return best


def train(
    conversations: Sequence[RewriteConversation], meta: dict[str, object] | None = None
) -> TermModel:
    """The term model fitted on `conversations` (deterministic)."""
    counts, documents = document_frequencies(conversations)
    rarity = rarity_from_counts(counts, documents)
    found = examples(conversations, rarity)
    rows = [c.features for e in found for c in e.candidates]
    labels = np.array([float(y) for e in found for y in e.labels])
    if not rows or labels.sum() == 0:
        raise ValueError("no labelled history terms to train on")
    features = np.array(rows, dtype=np.float64)
    mean = features.mean(axis=0)
    scale = features.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0  # the bias column stays 1
    scale[scale == 0] = 1.0
    weights = _fit((features - mean) / scale, labels)
    kept = {term: count for term, count in counts.items() if count >= 2}
    model = TermModel(weights, mean, scale, 0.5, kept, documents)
    threshold = best_threshold(model, found)
    described = {
        **(meta or {}),
        "turns": len(found),
        "candidates": len(rows),
        "positives": int(labels.sum()),
        "documents": documents,
    }
    return TermModel(weights, mean, scale, threshold, kept, documents, described)

