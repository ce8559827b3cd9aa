"""Training the term scorer on conversations with human rewrites (QuReTeC's distant labels).

A history term is labelled "needed" when the human rewrite of the turn contains it and the turn
as typed does not. Term rarity comes from the training conversations themselves (each
utterance and each response one document); the table ships with the model so that the same
rarity is computed at run time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from memcore.eval.datasets.rewrites import RewriteConversation
from memcore.eval.training.fit import best_threshold, f1, fit
from memcore.search.tokenize import tokenize
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.terms import (
    FEATURES,
    Candidate,
    History,
    Rarity,
    candidates,
    rarity_from_counts,
)

# Terms seen in fewer training documents than this are left out of the shipped rarity table
# (they count as rare anyway) to keep the package small.
KEPT_FREQUENCY = 2


@attrs.frozen
class TermExample:
    """One turn's candidates, whether the rewrite needs each, and every term it adds."""

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
    """Document frequency of every term over the utterances and responses, and the count of
    documents (each non-empty utterance and response is one)."""
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


def term_examples(
    conversations: Sequence[RewriteConversation], rarity: Rarity
) -> tuple[TermExample, ...]:
    """Every labelled turn of `conversations`."""
    found: list[TermExample] = []
    for conversation in conversations:
        for history, rewrite in histories(conversation):
            gold = gold_terms(history, rewrite)
            terms = candidates(history, rarity)
            found.append(TermExample(terms, tuple(c.term in gold for c in terms), gold))
    return tuple(found)


def selection_f1(scored: Sequence[tuple[TermExample, Sequence[float]]], threshold: float) -> float:
    """Micro F1 of the terms selected at `threshold` (each example with its candidates'
    probabilities) against the rewrites' added terms."""
    hits = chosen = gold = 0
    for example, probabilities in scored:
        picked = {
            c.term for c, p in zip(example.candidates, probabilities, strict=True) if p >= threshold
        }
        hits += len(picked & example.gold)
        chosen += len(picked)
        gold += len(example.gold)
    return f1(hits, chosen, gold)


def train_terms(
    conversations: Sequence[RewriteConversation], meta: dict[str, object] | None = None
) -> LogisticModel:
    """The term model fitted on `conversations` (deterministic)."""
    counts, documents = document_frequencies(conversations)
    examples = term_examples(conversations, rarity_from_counts(counts, documents))
    rows = [c.features for e in examples for c in e.candidates]
    labels = [y for e in examples for y in e.labels]
    fitted = fit(FEATURES, rows, labels)
    kept = {term: count for term, count in counts.items() if count >= KEPT_FREQUENCY}
    fitted = attrs.evolve(fitted, document_frequency=kept, documents=documents)
    scored = [
        (example, fitted.probabilities([c.features for c in example.candidates]).tolist())
        for example in examples
    ]
    threshold = best_threshold(lambda t: selection_f1(scored, t))
    described = {
        **fitted.meta,
        **(meta or {}),
        "turns": len(examples),
        "candidates": len(rows),
        "positives": sum(labels),
    }
    return attrs.evolve(fitted, threshold=threshold, meta=described)
