"""Training the step choice on turns with page titles: the final turns of built question sets
and every user turn of natural tuning conversations.

Every step's proposal for a turn (`rules.proposals`) is labelled by whether its topic names the
page of the turn's gold passages. Only turns where some proposals do and others
do not teach anything about which to take: where none names the gold page, or all do, the
choice cannot be right or wrong, and such turns are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

from memcore.eval.training.conversation_turns import ConversationTurns
from memcore.eval.training.final_turns import TitledTurns, names_page
from memcore.eval.training.fit import fit
from memcore.writers import cues
from memcore.writers.learned.model import LogisticModel
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.proposals import (
    HAND_SET_PROPOSALS,
    PROPOSAL_FEATURES,
    Proposal,
    proposals,
)
from memcore.writers.rules.scorer import CandidateScorer
from memcore.writers.rules.view import View


@attrs.frozen
class StepExample:
    """A turn's proposals and which of them name the gold page."""

    proposals: tuple[Proposal, ...]
    right: tuple[bool, ...]


def step_example(
    request: WriterRequest, gold: frozenset[str], vocabulary: TitleVocabulary
) -> StepExample | None:
    """The proposals for `request`'s turn labelled by `gold` (None: they do not disagree)."""
    text = cues.normalise_turn(request.turn.question)
    made = proposals(text, View.of(request, vocabulary), "")
    right = tuple(names_page(p.decision.topic, gold) for p in made)
    return StepExample(made, right) if any(right) and not all(right) else None


def step_examples(titled: TitledTurns) -> tuple[StepExample, ...]:
    """The final turns of `titled` whose proposals disagree about the gold page."""
    found = (step_example(t.request, t.gold, titled.vocabulary) for t in titled.turns)
    return tuple(example for example in found if example is not None)


def conversation_step_examples(asked: ConversationTurns) -> tuple[StepExample, ...]:
    """The conversation turns of `asked` whose proposals disagree about the gold page."""
    found = (step_example(t.request, t.gold, asked.vocabulary) for t in asked.turns)
    return tuple(example for example in found if example is not None)


def choice_accuracy(scorer: CandidateScorer, examples: Sequence[StepExample]) -> float:
    """The share of `examples` where the proposal `scorer` rates best (first of equal ones)
    names the gold page."""
    right = 0
    for example in examples:
        scores = scorer.scores([p.features for p in example.proposals])
        right += example.right[int(np.argmax(scores))]
    return right / max(len(examples), 1)


def train_steps(
    examples: Sequence[StepExample], meta: dict[str, object] | None = None
) -> LogisticModel:
    """The step-choice model (deterministic): a proposal is positive where it names the gold
    page."""
    model = fit(
        PROPOSAL_FEATURES,
        [p.features for e in examples for p in e.proposals],
        [y for e in examples for y in e.right],
    )
    described = {
        **(meta or {}),
        "turns": len(examples),
        "proposals": sum(len(e.proposals) for e in examples),
        "accuracy": round(choice_accuracy(model, examples), 4),
        "hand_set_accuracy": round(choice_accuracy(HAND_SET_PROPOSALS, examples), 4),
    }
    return attrs.evolve(model, meta={**model.meta, **described})
