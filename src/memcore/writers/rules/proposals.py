"""Every step's proposal for a turn, each as a candidate row of named features.

The rule writer never needs this: with its hand-set weights the first step that proposes wins
(`scorer.decide`), so it stops there. A scorer whose weights read more than which step made a
proposal must see them all: `proposals` runs every step, and `choose` takes the proposal the
scorer rates best (ties, and steps that agree on its topic: the spec pages' order).

A proposal's features are its step (one-hot over `STEP_FEATURES`) and what differs between
the proposals of one turn; what is the same for all of them (how long the turn is, whether it
has a correction cue) cannot change which one scores best, so it is left out.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

from memcore.operations import OpKind
from memcore.replay import Status
from memcore.writers.rules.decision import Decision
from memcore.writers.rules.scorer import (
    HAND_SET_WEIGHTS,
    STEP_FEATURES,
    STEPS,
    CandidateScorer,
    HandSetScorer,
)
from memcore.writers.rules.view import View

PROPOSAL_FEATURES: tuple[str, ...] = (
    "bias",
    *STEP_FEATURES,
    "topic_typed",  # the proposal's topic is written in the turn (any case)
    "topic_current",  # it is the current topic
    "topic_set_aside",  # the memory holds it as an earlier or a dropped topic
    "topic_new",  # the memory does not hold it as a topic
    "topic_page",  # a page title of the corpus names it (titled corpora only)
    "agreement",  # the share of the other proposals that make the same topic
    "rejects",  # the proposal abandons or contradicts a topic
    "only_typed",  # its topic is the only one of the turn's proposals written in the turn
)

# The rule writer's weights over these rows: `choose` with it takes what `scorer.decide` takes.
HAND_SET_PROPOSALS = HandSetScorer(PROPOSAL_FEATURES, HAND_SET_WEIGHTS)


@attrs.frozen
class Proposal:
    """One step's decision for the turn, and its row (as `PROPOSAL_FEATURES`)."""

    step: str
    decision: Decision
    features: tuple[float, ...]


def _rejects(decision: Decision) -> bool:
    return bool(decision.contradicts) or any(
        op.kind is OpKind.ABANDON for op in decision.operations
    )


def _row(
    step: str, decision: Decision, text: str, view: View, topics: Sequence[str]
) -> list[float]:
    topic = decision.topic
    key = topic.casefold()
    folded = text.casefold()
    typed = {other for other in topics if other and other in folded}
    held = view.state.get(topic)
    others = len(topics) - 1
    agreeing = sum(1 for other in topics if other == key) - 1
    return [
        1.0,
        *(1.0 if name == step else 0.0 for name in STEP_FEATURES),
        1.0 if key in typed else 0.0,
        1.0 if topic == view.current else 0.0,
        1.0 if held is not None and held.status in (Status.EARLIER, Status.DROPPED) else 0.0,
        1.0 if held is None else 0.0,
        1.0 if view.vocabulary is not None and view.vocabulary.pages_named(topic) else 0.0,
        agreeing / others if others else 0.0,
        1.0 if _rejects(decision) else 0.0,
        # "did he meet Neil Armstrong?": of "he" (the current topic) and the page typed, the
        # page is the one the turn names in words.
        1.0 if typed == {key} and len(set(topics)) > 1 else 0.0,
    ]


def proposals(text: str, view: View, answer: str) -> tuple[Proposal, ...]:
    """Every step's proposal for the turn `text`, in the spec pages' order (a continuation
    always proposes, so there is at least one)."""
    made = [(name, STEPS[name](text, view, answer)) for name in STEP_FEATURES]
    found = [(name, decision) for name, decision in made if decision is not None]
    topics = [decision.topic.casefold() for _, decision in found]
    return tuple(
        Proposal(name, decision, tuple(_row(name, decision, text, view, topics)))
        for name, decision in found
    )


def choose(found: Sequence[Proposal], scorer: CandidateScorer) -> Proposal:
    """The proposal `scorer` rates best (the first of equal ones), or the first proposal of
    the same topic: a trained scorer learns which topic is right, not how to reach it, so the
    spec pages' order settles between steps that agree on the topic."""
    scores = scorer.scores([proposal.features for proposal in found])
    best = found[int(np.argmax(scores))]
    key = best.decision.topic.casefold()
    return next(p for p in found if p.decision.topic.casefold() == key)
