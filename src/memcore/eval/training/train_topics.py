"""Training the topic scorers on built question sets with page titles.

Each training question's final turn (`final_turns`: its history written by the rule writer
exactly as the evaluation writes it) has its candidates labelled:
*intended* when the candidate names the page of the question's gold passages, *rejected* when
it names the page of its stale passages (corrections, self-repairs and returns have them).
Only questions over titled corpora teach anything, since a page is known by its title.
The `learned-minilm` variant's referent scorer learns from the turns only the variant decides:
those the topic scorers leave to the cascade that name none of the several topics the memory
holds (`similarity.refers_back`: follow-ups by pronoun or description, returns), their
candidates extended by the similarity features exactly as the variant extends them
(`minilm.similar_candidates`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.eval.training.final_turns import TitledTurns, names_page
from memcore.eval.training.fit import best_threshold, f1, fit
from memcore.writers import cues
from memcore.writers.learned.minilm import similar_candidates
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.similarity import MINILM_TOPIC_FEATURES, refers_back
from memcore.writers.learned.topics import TOPIC_FEATURES, TopicCandidate, topic_candidates
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.learned.writer import scored_here
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import write_node


@attrs.frozen
class TopicExample:
    """A final turn's candidates, and which name the gold and stale pages."""

    candidates: tuple[TopicCandidate, ...]
    intended: tuple[bool, ...]
    rejected: tuple[bool, ...]


def topic_examples(
    titled: TitledTurns, vectors: VectorCache | None = None
) -> tuple[TopicExample, ...]:
    """The labelled final turns of `titled` that the writer's topic scorers decide; with
    `vectors`, those the variant's referent scorer decides instead, their candidates carrying
    the similarity features (`similar_candidates`)."""
    found: list[TopicExample] = []
    for turn in titled.turns:
        request = turn.request
        rule_node = write_node(request, titled.vocabulary)
        final = request.turn.question
        text = cues.normalise_turn(final)
        view = View.of(request, titled.vocabulary)
        candidates = topic_candidates(request, text, rule_node, view.mentions(text), titled.titles)
        decided = scored_here(rule_node, candidates, final)
        if vectors is not None:
            # The variant's referent scorer decides exactly the turns the others leave.
            if decided or not candidates or not refers_back(candidates):
                continue
            candidates = similar_candidates(vectors, request, candidates)
        elif not decided:
            continue  # the writer leaves such turns to the cascade; nothing to learn there
        found.append(
            TopicExample(
                candidates,
                tuple(names_page(c.name, turn.gold) for c in candidates),
                tuple(names_page(c.name, turn.stale) for c in candidates),
            )
        )
    return tuple(found)


def _intended_accuracy(model: LogisticModel, examples: Sequence[TopicExample]) -> float:
    right = 0
    for example in examples:
        scores = model.probabilities([c.features for c in example.candidates])
        right += bool(example.candidates) and example.intended[int(scores.argmax())]
    return right / max(len(examples), 1)


def _rejection_f1(
    model: LogisticModel, examples: Sequence[TopicExample], threshold: float
) -> float:
    hits = chosen = gold = 0
    for example in examples:
        if not example.candidates:
            continue
        scores = model.probabilities([c.features for c in example.candidates])
        best = int(scores.argmax())
        hits += bool(scores[best] >= threshold and example.rejected[best])
        chosen += bool(scores[best] >= threshold)
        gold += any(example.rejected)
    return f1(hits, chosen, gold)


def train_referents(
    examples: Sequence[TopicExample], meta: dict[str, object] | None = None
) -> LogisticModel:
    """The variant's referent scorer over `MINILM_TOPIC_FEATURES`: which candidate names the
    gold page, learned from the turns where one does; deterministic."""
    reachable = [e for e in examples if any(e.intended)]
    model = fit(
        MINILM_TOPIC_FEATURES,
        [c.features for e in reachable for c in e.candidates],
        [y for e in reachable for y in e.intended],
    )
    described = {
        **(meta or {}),
        "turns": len(examples),
        "candidates": sum(len(e.candidates) for e in examples),
        "reachable_turns": len(reachable),
        "accuracy": round(_intended_accuracy(model, reachable), 4),
        "cascade_accuracy": round(_cascade_accuracy(reachable), 4),
    }
    return attrs.evolve(model, meta={**model.meta, **described})


_RULE_TOPIC = TOPIC_FEATURES.index("rule_topic")


def _cascade_accuracy(examples: Sequence[TopicExample]) -> float:
    """How often the cascade's own topic names the gold page (what the scorer replaces)."""
    right = sum(
        any(
            y and c.features[_RULE_TOPIC] > 0 for c, y in zip(e.candidates, e.intended, strict=True)
        )
        for e in examples
    )
    return right / max(len(examples), 1)


def train_topics(
    examples: Sequence[TopicExample],
    meta: dict[str, object] | None = None,
    features: tuple[str, ...] = TOPIC_FEATURES,
) -> tuple[LogisticModel, LogisticModel]:
    """The intended-topic and rejected-topic models over `features` (what the examples'
    candidates carry), deterministic."""
    rows = [c.features for e in examples for c in e.candidates]
    # A turn whose gold page no candidate names teaches nothing about which candidate is meant.
    reachable = [e for e in examples if any(e.intended)]
    intended = fit(
        features,
        [c.features for e in reachable for c in e.candidates],
        [y for e in reachable for y in e.intended],
    )
    rejected = fit(features, rows, [y for e in examples for y in e.rejected])
    threshold = best_threshold(lambda t: _rejection_f1(rejected, examples, t))
    described = {**(meta or {}), "turns": len(examples), "candidates": len(rows)}
    return (
        attrs.evolve(
            intended,
            meta={
                **intended.meta,
                **described,
                "reachable_turns": len(reachable),
                "accuracy": round(_intended_accuracy(intended, reachable), 4),
            },
        ),
        attrs.evolve(rejected, threshold=threshold, meta={**rejected.meta, **described}),
    )
