"""The trained step choice: every proposal's feature row, the choice among proposals, training
and the shipped model, and the learned writer with the choice on and off."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.result import Failure

from memcore.eval.training.train_steps import StepExample, choice_accuracy, train_steps
from memcore.writer_output import TurnInput
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import STEPS, load_bundle, shipped_bundle
from memcore.writers.learned.steps import TrainedStepChoice
from memcore.writers.learned.topics import TitleIndex
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.decision import Decision
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.proposals import (
    HAND_SET_PROPOSALS,
    PROPOSAL_FEATURES,
    Proposal,
    choose,
    proposals,
)
from memcore.writers.rules.scorer import STEP_FEATURES, HandSetScorer, decide
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import RuleWriter

HISTORY = (
    Turn("who walked on the moon?", "Neil Armstrong and Buzz Aldrin walked on the Moon."),
    Turn("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
    Turn("what was Apollo 11?", "Apollo 11 was the spaceflight that first landed on the Moon."),
)
TITLES = ("Neil Armstrong", "Buzz Aldrin", "Apollo 11", "Apollo 12")
VOCABULARY = TitleVocabulary.of(TITLES)
PIECES = (
    "no, i meant",
    "the first one",
    "what about",
    "Apollo 12",
    "Neil Armstrong",
    "he",
    "it",
    "where did",
    "grow up",
    "sorry",
    "not",
    "back to",
    "13",
    "?",
)
turn_texts = st.lists(st.sampled_from(PIECES), max_size=8).map(" ".join)


def request_after(length: int, question: str) -> WriterRequest:
    driver = Driver(RuleWriter(VOCABULARY))
    conversation = Conversation()
    for turn in HISTORY[:length]:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    asked = TurnInput(conversation.memory.next_turn, question, "", True)
    return WriterRequest(conversation.memory, conversation.state, asked)


def rows_by_step(length: int, question: str) -> dict[str, dict[str, float]]:
    text = cues.normalise_turn(question)
    found = proposals(text, View.of(request_after(length, text), VOCABULARY), "")
    return {p.step: dict(zip(PROPOSAL_FEATURES, p.features, strict=True)) for p in found}


def test_each_proposal_row_says_its_step_and_how_its_topic_stands() -> None:
    # After "where did he grow up?" Buzz Aldrin is current; Apollo 11 is new and a page title.
    rows = rows_by_step(2, "what about Apollo 11?")
    assert set(rows) == {"ellipsis", "named_topic", "continuation"}
    ellipsis, continuation = rows["ellipsis"], rows["continuation"]
    assert ellipsis["ellipsis"] == 1.0 and sum(ellipsis[s] for s in STEP_FEATURES) == 1.0
    assert ellipsis["bias"] == 1.0
    assert (ellipsis["topic_typed"], ellipsis["topic_new"], ellipsis["topic_page"]) == (1, 1, 1)
    assert (ellipsis["topic_current"], ellipsis["rejects"]) == (0.0, 0.0)
    # Two other proposals; one (named topic) makes the same topic.
    assert ellipsis["agreement"] == 0.5 and continuation["agreement"] == 0.0
    assert (continuation["topic_current"], continuation["topic_typed"]) == (1.0, 0.0)
    assert continuation["topic_new"] == 0.0


def test_the_only_topic_typed_among_the_proposals_is_marked() -> None:
    # "he" reads as Buzz Aldrin (current, untyped); the continuation's Neil Armstrong is the
    # one page the turn writes. Where two proposals' topics are typed, neither is the only one.
    rows = rows_by_step(2, "did he meet Neil Armstrong?")
    assert rows["continuation"]["only_typed"] == 1.0
    assert rows["named_topic"]["only_typed"] == 0.0
    both = rows_by_step(2, "was Neil Armstrong on Apollo 11?")
    assert all(row["topic_typed"] == 1.0 for row in both.values())
    assert all(row["only_typed"] == 0.0 for row in both.values())
    assert all(row["only_typed"] == 0.0 for row in rows_by_step(2, "where was he born?").values())


def test_a_correction_rejects_and_a_set_aside_topic_is_marked() -> None:
    rows = rows_by_step(3, "no, i meant Neil Armstrong")
    correction = rows["correction"]
    assert correction["rejects"] == 1.0
    assert correction["topic_set_aside"] == 1.0 and correction["topic_new"] == 0.0
    assert all(row["rejects"] == 0.0 for step, row in rows.items() if step != "correction")


def _proposal(step: str, topic: str, **named: float) -> Proposal:
    row = tuple(
        named.get(name, 1.0 if name in ("bias", step) else 0.0) for name in PROPOSAL_FEATURES
    )
    return Proposal(step, Decision(topic=topic, operations=(), basis=""), row)


def test_choose_takes_the_best_topic_reached_by_the_first_step_that_makes_it() -> None:
    found = (
        _proposal("ellipsis", "Apollo 11"),
        _proposal("named_topic", "Apollo 11", topic_page=1.0),
        _proposal("continuation", "Buzz Aldrin"),
    )
    pages = HandSetScorer(PROPOSAL_FEATURES, {"topic_page": 1.0})
    assert choose(found, pages).step == "ellipsis"
    assert choose(found, HandSetScorer(PROPOSAL_FEATURES, {"continuation": 1.0})).step == (
        "continuation"
    )
    # Equal scores: the earliest proposal.
    assert choose(found, HandSetScorer(PROPOSAL_FEATURES, {})).step == "ellipsis"


@settings(deadline=None, max_examples=40)
@given(st.integers(0, len(HISTORY)), turn_texts)
def test_the_hand_set_weights_over_proposals_choose_what_the_cascade_decides(
    length: int, typed: str
) -> None:
    text = cues.normalise_turn(typed)
    view = View.of(request_after(length, text), VOCABULARY)
    assert choose(proposals(text, view, ""), HAND_SET_PROPOSALS).decision == decide(text, view, "")


@settings(deadline=None, max_examples=40)
@given(st.integers(0, len(HISTORY)), turn_texts)
def test_the_trained_choice_is_always_one_of_the_turns_proposals(length: int, typed: str) -> None:
    text = cues.normalise_turn(typed)
    view = View.of(request_after(length, text), VOCABULARY)
    found = proposals(text, view, "")
    assert found and found[-1].step == "continuation"  # a continuation always proposes
    chosen = TrainedStepChoice(shipped_bundle().unwrap().steps)(text, view, "")
    assert chosen in [p.decision for p in found]


def _examples() -> list[StepExample]:
    # The right proposal is the one whose topic is a page title, whichever step made it.
    return [
        StepExample(
            (_proposal("named_topic", "A"), _proposal("continuation", "B", topic_page=1.0)),
            (False, True),
        ),
        StepExample(
            (_proposal("reference", "C", topic_page=1.0), _proposal("continuation", "D")),
            (True, False),
        ),
        StepExample(
            (_proposal("correction", "E"), _proposal("named_topic", "F", topic_page=1.0)),
            (False, True),
        ),
    ]


def test_step_training_is_deterministic_and_learns_the_signal(tmp_path: Path) -> None:
    first, second = train_steps(_examples(), {"seed": 13}), train_steps(_examples())
    assert np.array_equal(first.weights, second.weights)
    assert first.features == PROPOSAL_FEATURES
    assert choice_accuracy(first, _examples()) == 1.0
    assert first.meta["turns"] == 3 and first.meta["proposals"] == 6
    assert first.meta["accuracy"] == 1.0 and first.meta["seed"] == 13
    # The hand-set order takes the first proposal: right on one turn of three.
    assert first.meta["hand_set_accuracy"] == round(1 / 3, 4)


def test_the_bundle_saves_and_loads_the_step_model(tmp_path: Path) -> None:
    shipped = shipped_bundle().unwrap()
    shipped.save(tmp_path)
    loaded = load_bundle(tmp_path).unwrap()
    rows = [p.features for e in _examples() for p in e.proposals]
    assert np.array_equal(loaded.steps.probabilities(rows), shipped.steps.probabilities(rows))
    (tmp_path / f"{STEPS}.json").unlink()
    missing = load_bundle(tmp_path)
    assert isinstance(missing, Failure) and STEPS in str(missing.failure())


def test_the_learned_writer_uses_the_step_model_only_when_asked() -> None:
    models = shipped_bundle().unwrap()
    titles = TitleIndex.of(TITLES)
    question = "did he meet Neil Armstrong?"
    request = request_after(2, question)
    default = LearnedWriter(models, VOCABULARY, titles).node(request)
    trained = LearnedWriter(models, VOCABULARY, titles, trained_steps=True).node(request)
    # The hand-set order takes the named topic's reading (he, Buzz Aldrin, is the subject);
    # the step model leaves the current topic for the newly named page.
    rule_node = RuleWriter(VOCABULARY).write(request).unwrap().node
    assert rule_node is not None and default.topic == rule_node.topic
    assert default.topic == "Buzz Aldrin" and trained.topic == "Neil Armstrong"
    assert LearnedWriter(models, VOCABULARY, titles).trained_steps is False
