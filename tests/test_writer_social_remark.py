"""A social remark takes nothing back (spec/writer-learned.md#writer-learned.social-remark):
the pure sentence reader and margin decision, the margins of the packaged MiniLM on remarks of
this file's own wording, and the `learned-minilm` writer's named shift after such a remark.
None of the wordings is a behaviour set's."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.api import only_social_remarks, social_remarks
from memcore.writers.learned.remark_meaning import (
    REPAIR_REMARKS,
    SOCIAL_MARGIN,
    SOCIAL_REMARKS,
    all_social,
    only_social,
    social_margin,
    texts_to_encode,
)
from memcore.writers.learned.similarity import Vector
from minilm_writer import minilm_writer, packaged_vectors_or_skip

_EXEMPLARS = (*REPAIR_REMARKS, *SOCIAL_REMARKS)


def _basis(index: int, size: int) -> Vector:
    vector = np.zeros(size, dtype=np.float32)
    vector[index] = 1.0
    return vector


def _exemplar_vectors(size: int) -> dict[str, Vector]:
    return {text: _basis(i, size) for i, text in enumerate(_EXEMPLARS)}


@given(st.sampled_from(SOCIAL_REMARKS))
def test_a_remark_that_reads_as_a_social_exemplar_is_social(exemplar: str) -> None:
    size = len(_EXEMPLARS) + 1
    vectors = _exemplar_vectors(size)
    vectors["my remark"] = vectors[exemplar]
    assert social_margin("my remark", vectors) == pytest.approx(1.0)
    assert only_social(["my remark"], vectors)


@given(st.sampled_from(REPAIR_REMARKS))
def test_a_remark_that_reads_as_a_repair_is_not_social(exemplar: str) -> None:
    size = len(_EXEMPLARS) + 1
    vectors = _exemplar_vectors(size)
    vectors["my remark"] = vectors[exemplar]
    assert social_margin("my remark", vectors) == pytest.approx(-1.0)
    assert not only_social(["my remark"], vectors)


@given(st.lists(st.floats(-1.0, 1.0), max_size=5))
def test_every_margin_must_reach_the_threshold(margins: list[float]) -> None:
    assert all_social(margins) == (bool(margins) and min(margins) >= SOCIAL_MARGIN)


@given(st.lists(st.floats(-1.0, 1.0), min_size=1, max_size=5), st.integers(0, 4), st.floats(0, 1))
def test_raising_a_margin_never_turns_a_social_turn_into_a_repair(
    margins: list[float], at: int, rise: float
) -> None:
    raised = list(margins)
    raised[at % len(raised)] += rise
    assert all_social(raised) or not all_social(margins)


def test_no_correcting_words_means_nothing_to_read() -> None:
    assert social_remarks("who directed Vertigo?") == []
    assert not only_social_remarks("who directed Vertigo?", {})


def test_a_remark_is_cut_before_the_question_it_opens() -> None:
    assert social_remarks("so sorry about earlier when did Vertigo come out?") == [
        "so sorry about earlier"
    ]


def test_texts_to_encode_hold_the_remarks_and_every_exemplar() -> None:
    texts = texts_to_encode(["so sorry about earlier"])
    assert texts[0] == "so sorry about earlier"
    assert set(_EXEMPLARS) <= set(texts)


# --- with the packaged MiniLM ------------------------------------------------------------------

# Remarks of this file's own wording, none an exemplar.
_SOCIAL = (
    "Sorry I was so snappy earlier.",
    "Forgive the grumpy tone a minute ago.",
    "My apologies for being short with you before.",
    "Sorry, had to step away.",
)
_REPAIRS = ("No, I didn't mean that one.", "Oops, that was the wrong name.")


def _margins(remarks: Sequence[str]) -> list[float]:
    vectors = packaged_vectors_or_skip().vectors(texts_to_encode(remarks))
    return [social_margin(remark, vectors) for remark in remarks]


def test_the_packaged_model_reads_our_apologies_as_social() -> None:
    assert all_social(_margins(_SOCIAL))


def test_the_packaged_model_reads_our_repairs_as_repairs() -> None:
    assert all(margin < SOCIAL_MARGIN for margin in _margins(_REPAIRS))


def _final(question: str) -> tuple[str | None, set[str]]:
    titles = ["Vertigo", "Rashomon"]
    writer = minilm_writer(titles)
    driver = Driver(writer)
    history = [Turn("how long is Rashomon?", "Rashomon runs a little under two hours.")]
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    node = driver.final_turn(conversation, question).unwrap().node
    rejected = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    return node.topic, rejected | set(node.contradicts)


@pytest.mark.parametrize("remark", _SOCIAL)
def test_a_shift_after_an_apology_leaves_the_old_topic_unrejected(remark: str) -> None:
    topic, rejected = _final(f"{remark} New question: who directed Vertigo?")
    assert topic == "Vertigo"
    assert "Rashomon" not in rejected


def test_a_shift_after_a_repair_still_rejects_the_old_topic() -> None:
    topic, rejected = _final("No, I didn't mean that one. who directed Vertigo?")
    assert topic == "Vertigo"
    assert "Rashomon" in rejected
