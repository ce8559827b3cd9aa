"""Training the contextual term scorer (`learned-context`): the lexical scorer's turns and
labels, each candidate's row extended by MiniLM token-vector features (`term_vectors.py`).

The head has a few hundred weights against a few dozen for the lexical scorer, so a threshold
chosen on the rows it was fitted to would be optimistic: the threshold is chosen on
out-of-fold probabilities instead (the training conversations cut into `FOLDS` by their
position, each fold scored by a head fitted on the others), still on the tuning data only.
The shipped head is then fitted on every training turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.eval.datasets.rewrites import RewriteConversation
from memcore.eval.training.fit import best_threshold, fit
from memcore.eval.training.train_terms import (
    TermExample,
    document_frequencies,
    gold_terms,
    histories,
    selection_f1,
)
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.term_reader import PairReader, read_pairs
from memcore.writers.learned.term_vectors import CONTEXT_FEATURES, with_vectors
from memcore.writers.learned.terms import Rarity, candidates, rarity_from_counts

FOLDS = 5


@attrs.frozen
class ConversationExamples:
    """The labelled turns of one training conversation."""

    examples: tuple[TermExample, ...]


def context_examples(
    conversations: Sequence[RewriteConversation], rarity: Rarity, reader: PairReader
) -> tuple[ConversationExamples, ...]:
    """Every labelled turn of `conversations`, grouped by conversation, with vector features
    read by `reader`."""
    grouped: list[ConversationExamples] = []
    for conversation in conversations:
        found: list[TermExample] = []
        for history, rewrite in histories(conversation):
            gold = gold_terms(history, rewrite)
            lexical = candidates(history, rarity)
            extended = (
                with_vectors(lexical, history, read_pairs(reader, history)) if lexical else ()
            )
            found.append(TermExample(extended, tuple(c.term in gold for c in extended), gold))
        grouped.append(ConversationExamples(tuple(found)))
    return tuple(grouped)


def _fitted(examples: Sequence[TermExample]) -> LogisticModel:
    rows = [c.features for e in examples for c in e.candidates]
    labels = [y for e in examples for y in e.labels]
    return fit(CONTEXT_FEATURES, rows, labels)


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
    reader: PairReader,
    meta: dict[str, object] | None = None,
    folds: int = FOLDS,
) -> LogisticModel:
    """The contextual term scorer fitted on `conversations` (deterministic for one reader).
    Rarity is computed as the lexical scorer's training computes it; the writer reads the
    lexical scorer's shipped table, so this model ships none."""
    counts, documents = document_frequencies(conversations)
    grouped = context_examples(conversations, rarity_from_counts(counts, documents), reader)
    examples = [e for g in grouped for e in g.examples]
    fitted = _fitted(examples)
    threshold, held_out_f1 = out_of_fold_threshold(grouped, folds)
    described = {
        **fitted.meta,
        **(meta or {}),
        "turns": len(examples),
        "candidates": sum(len(e.candidates) for e in examples),
        "positives": sum(sum(e.labels) for e in examples),
        "threshold_from": f"out-of-fold probabilities, {folds} folds of conversations",
        "out_of_fold_f1": held_out_f1,
    }
    return attrs.evolve(fitted, threshold=threshold, meta=described)
