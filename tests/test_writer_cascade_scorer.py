"""The cascade's scorer: the hand-set step weights are a lexicographic order (the first step
that proposes wins), other weights reorder the steps, and the learned writer's trained topic
scorers answer through the same protocol."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writer_output import TurnInput
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules import RuleWriter
from memcore.writers.rules.scorer import (
    HAND_SET,
    HAND_SET_WEIGHTS,
    STEP_FEATURES,
    STEPS,
    CandidateScorer,
    HandSetScorer,
    decide,
    pick_topics,
    step_order,
)
from memcore.writers.rules.view import View

HISTORY = (
    Turn("who walked on the moon?", "Neil Armstrong and Buzz Aldrin walked on the Moon."),
    Turn("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
    Turn("what was Apollo 11?", "Apollo 11 was the spaceflight that first landed on the Moon."),
)
PIECES = (
    "no, i meant",
    "the first one",
    "the second guy",
    "what about",
    "Apollo 12",
    "Neil Armstrong",
    "he",
    "it",
    "the mission",
    "where did",
    "grow up",
    "sorry",
    "not",
    "back to",
    "?",
)
turn_texts = st.lists(st.sampled_from(PIECES), max_size=8).map(" ".join)
history_lengths = st.integers(0, len(HISTORY))


def view_after(length: int, question: str) -> View:
    driver = Driver(RuleWriter())
    conversation = Conversation()
    for turn in HISTORY[:length]:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    asked = TurnInput(conversation.memory.next_turn, question, "", True)
    return View.of(WriterRequest(conversation.memory, conversation.state, asked), None)


def test_each_hand_set_weight_outweighs_every_later_step_together() -> None:
    weights = [HAND_SET_WEIGHTS[name] for name in STEP_FEATURES]
    assert all(weight > sum(weights[index + 1 :]) for index, weight in enumerate(weights))
    assert step_order(HAND_SET) == STEP_FEATURES


@settings(deadline=None)
@given(history_lengths, turn_texts)
def test_the_hand_set_scorer_takes_the_first_step_that_proposes(length: int, typed: str) -> None:
    text = cues.normalise_turn(typed)
    view = view_after(length, text)
    proposals = [STEPS[name](text, view, "") for name in STEP_FEATURES]
    first = next(proposal for proposal in proposals if proposal is not None)
    assert decide(text, view, "") == first


def test_other_weights_reorder_the_steps() -> None:
    # Continuation first: every turn goes on with the current topic, even a correction.
    continuing = HandSetScorer(STEP_FEATURES, {"continuation": 1.0})
    assert step_order(continuing)[0] == "continuation"
    view = view_after(2, "no, i meant the first one")
    text = "no, i meant the first one"
    # After "where did he grow up?" (Buzz Aldrin), "the first one" is Neil Armstrong.
    assert decide(text, view, "").topic == "Neil Armstrong"
    assert decide(text, view, "", continuing) == STEPS["continuation"](text, view, "")
    assert decide(text, view, "", continuing).topic == "Buzz Aldrin"


def test_pick_topics_takes_the_best_row_and_rejects_only_above_the_threshold() -> None:
    features = ("meant", "negated")
    intended = HandSetScorer(features, {"meant": 1.0})
    rejected = HandSetScorer(features, {"negated": 1.0})
    rows = [[0.0, 1.0], [1.0, 0.0], [0.0, 0.5]]
    assert pick_topics(rows, intended, rejected, 0.8) == (1, 0)
    assert pick_topics(rows, intended, rejected, 1.5) == (1, None)
    # The intended row is never the rejected one, however high its rejection score.
    assert pick_topics([[1.0, 9.0], [0.0, 1.0]], intended, rejected, 0.5) == (0, 1)


def test_the_trained_topic_scorers_answer_through_the_same_protocol() -> None:
    models = shipped_bundle().unwrap()
    scorer: CandidateScorer = models.intended
    rows = [[0.5] * len(scorer.features), [1.0] * len(scorer.features)]
    assert np.array_equal(scorer.scores(rows), models.intended.probabilities(rows))
