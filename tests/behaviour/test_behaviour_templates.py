"""The behavioural suite's data: capabilities, families, slots and real questions."""

from __future__ import annotations

import random

import pytest
from behaviour_harness import RandomChooser, generate_case
from behaviour_templates import (
    MTRAG_SOURCE,
    SPLITS,
    TEST,
    TUNING,
    CheckType,
    RealQuestion,
    apollo_titles,
    load_capabilities,
    load_real_questions,
    load_slots,
)

REQUIRED_CAPABILITIES = {
    "self_repair",
    "rejection_intent",
    "intent_phrase",
    "positions",
    "return_no_cue",
    "stands_alone",
    "topic_shift",
    "value_revision",
    "robustness",
}


def test_every_required_capability_has_tuning_and_test_families() -> None:
    capabilities = {capability.name: capability for capability in load_capabilities()}
    assert set(capabilities) >= REQUIRED_CAPABILITIES
    for capability in capabilities.values():
        for split in SPLITS:
            assert capability.families_in(split), f"{capability.name} has no {split} family"


def test_families_are_split_about_sixty_forty() -> None:
    families = [family for capability in load_capabilities() for family in capability.families]
    tuning_share = sum(family.split == TUNING for family in families) / len(families)
    assert 0.5 <= tuning_share <= 0.7


def test_family_names_are_unique_within_a_capability() -> None:
    for capability in load_capabilities():
        names = [family.name for family in capability.families]
        assert len(names) == len(set(names)), capability.name


def test_the_suite_has_every_checklist_test_type() -> None:
    # CheckList: MFT everywhere, and at least one INV or DIR family across the suite.
    kinds = {family.test for capability in load_capabilities() for family in capability.families}
    assert kinds == set(CheckType)


def test_every_family_fills_without_leftover_placeholders() -> None:
    slots = load_slots()
    fake_real = (RealQuestion("how tall is the Eiffel Tower?", "About 330 metres.", None),)
    chooser = RandomChooser(random.Random(5))
    for capability in load_capabilities():
        for family in capability.families:
            for _ in range(12):
                case = generate_case(family, slots, chooser, fake_real)
                texts = [case.final, *(t.question for t in case.history)]
                texts += [t.answer for t in case.history]
                if case.base_final is not None:
                    texts.append(case.base_final)
                assert not any("{" in text or "}" in text for text in texts), texts
                assert case.final.strip()


def test_apollo_names_are_pages_of_the_fixture() -> None:
    slots = load_slots()
    titles = apollo_titles()
    from_fixture = {"Neil Armstrong", "Buzz Aldrin", "Apollo 11", "Apollo 12", "Apollo 13"}
    names = {entity.name for entity in slots.entities}
    assert from_fixture <= names
    assert from_fixture <= titles


def test_every_kind_has_enough_names_for_every_role() -> None:
    slots = load_slots()
    for kind in slots.kinds:
        assert len(slots.of_kind(kind)) >= 6, kind
        assert len(slots.kinds[kind].stems) >= 2, kind


@pytest.mark.shared_data
def test_real_questions_come_from_both_parts_of_the_split() -> None:
    real_questions = load_real_questions()
    if real_questions is None:
        pytest.skip("shared data absent: ../shared/data/mtrag")
    tuning = {question.text for question in real_questions[TUNING]}
    test = {question.text for question in real_questions[TEST]}
    assert tuning and test
    # Real-question families exist in both splits, so each split reads its own conversations.
    families = [f for c in load_capabilities() for f in c.families if f.source == MTRAG_SOURCE]
    assert {family.split for family in families} == set(SPLITS)
