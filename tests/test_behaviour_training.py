"""Behaviour cases as training turns for the learned writer's topic scorers
(`memcore.eval.training.behaviour_training`, `memcore train-writer --behaviour-templates`)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from memcore.cli import main
from memcore.eval.behaviour.cases import Bindings, RandomChooser, generate_case
from memcore.eval.behaviour.templates import Expectation, load_capabilities, load_slots
from memcore.eval.training.behaviour_training import (
    BehaviourSource,
    behaviour_cases,
    behaviour_examples,
    case_turns,
    labels,
)

REPOSITORY = Path(__file__).resolve().parents[1]
SLOTS = REPOSITORY / "tests" / "behaviour" / "templates" / "_slots.toml"
ROLES = ("A", "S", "R1", "R2", "X", "Z")

# A capability of our own wording: a planned visit given up for another, a typed-over name,
# and a directional pair whose base keeps the first topic.
CAPABILITY = """
capability = "rejection_intent"
title = "Own wording"
summary = "Plans change."

[[families]]
name = "own-plans-changed"
split = "test"
test = "MFT"
histories = [[["{ask A}", "{answer A}"]]]
finals = ["turns out {A} is a no-go for me this year. {ask S}"]
expect = { topic = "S", rejected = ["A"] }

[[families]]
name = "own-shouted"
split = "test"
test = "INV"
perturb = "lowercase"
histories = [[["{ask A}", "{answer A}"]]]
finals = ["scrap {A}, my friend says {S} is better. {ask S}"]
expect = { topic = "S", rejected = ["A"] }

[[families]]
name = "own-still-on"
split = "test"
test = "DIR"
histories = [[["{ask A}", "{answer A}"]]]
finals = ["I'm giving up on {A}. {ask S}"]
expect = { topic = "S", rejected = ["A"] }
base_finals = ["I'm not giving up on {A}. {ask2 A pronoun}"]
base_expect = { topic = "A", no_abandon = true }
"""


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "own"
    folder.mkdir()
    (folder / "rejection_intent.toml").write_text(CAPABILITY, encoding="utf-8")
    return folder


def _bindings(names: dict[str, str]) -> Bindings:
    slots = load_slots(SLOTS)
    by_name = {entity.name: entity for entity in slots.entities}
    stem = slots.kinds["person"].stems[0]
    return Bindings(
        {role: by_name[name] for role, name in names.items()},
        {kind: (stem, stem) for kind in slots.kinds},
        {"E": "Booker Prize", "Y1": "2016", "Y2": "2017"},
        slots.value_stems[0],
        "Toni Morrison",
        None,
    )


def test_labels_name_the_topic_meant_and_the_rejected_ones() -> None:
    bindings = _bindings({"A": "Apollo 11", "S": "Apollo 12"})
    gold, stale = labels(Expectation(topic="S", rejected=("A",)), bindings)
    assert (gold, stale) == (frozenset({"Apollo 12"}), frozenset({"Apollo 11"}))
    # A role the case does not bind labels nothing.
    assert labels(Expectation(topic="T", rejected=("R3",)), bindings) == (frozenset(), frozenset())


@given(
    st.permutations(ROLES),
    st.sampled_from(ROLES),
    st.lists(st.sampled_from(ROLES), max_size=3),
)
def test_labels_are_bound_names_and_never_both(
    order: list[str], topic: str, rejected: list[str]
) -> None:
    slots = load_slots(SLOTS)
    names = [entity.name for entity in slots.of_kind("spaceflight")][: len(order)]
    bound = dict(zip(order[: len(names)], names, strict=True))
    gold, stale = labels(Expectation(topic=topic, rejected=tuple(rejected)), _bindings(bound))
    assert not gold & stale
    assert gold | stale <= set(bound.values())


def test_a_perturbed_final_and_a_directional_base_are_turns_of_their_own(tmp_path: Path) -> None:
    slots = load_slots(SLOTS)
    families = {f.name: f for c in load_capabilities(_folder(tmp_path)) for f in c.families}
    chooser = RandomChooser(random.Random(7))
    shouted = generate_case(families["own-shouted"], slots, chooser)
    turns = case_turns(shouted)
    assert [t.final for t in turns] == [shouted.final, shouted.base_final]
    assert turns[0].gold == turns[1].gold == {shouted.bindings.text_of("S")}
    assert turns[0].stale == turns[1].stale == {shouted.bindings.text_of("A")}
    still = generate_case(families["own-still-on"], slots, chooser)
    plain, base = case_turns(still)
    assert plain.gold == {still.bindings.text_of("S")}
    assert (base.gold, base.stale) == (frozenset({still.bindings.text_of("A")}), frozenset())


def test_cases_are_drawn_per_family_and_reproducible(tmp_path: Path) -> None:
    folder, slots = _folder(tmp_path), load_slots(SLOTS)
    first = behaviour_cases([folder], slots, 13, 3)
    assert len(first) == 9
    assert [c.family for c in first] == [
        f for f in ("own-plans-changed", "own-shouted", "own-still-on") for _ in range(3)
    ]
    assert behaviour_cases([folder], slots, 13, 3) == first
    assert behaviour_cases([folder], slots, 14, 3) != first


def test_examples_label_the_candidates_by_page(tmp_path: Path) -> None:
    source = BehaviourSource((_folder(tmp_path),), SLOTS, 2)
    found = behaviour_examples(source, 13).unwrap()
    assert found.meta["behaviour_cases"] == 6
    assert found.meta["behaviour_turns"] == 10
    assert found.topics
    for example in found.topics:
        assert len(example.candidates) == len(example.intended) == len(example.rejected)
        assert not any(i and r for i, r in zip(example.intended, example.rejected, strict=True))
    assert any(any(example.rejected) for example in found.topics)
    again = behaviour_examples(source, 13).unwrap()
    assert again.meta == found.meta


def test_a_missing_folder_is_a_failure(tmp_path: Path) -> None:
    source = BehaviourSource((tmp_path / "absent",), SLOTS, 2)
    assert isinstance(behaviour_examples(source, 13), Failure)


def test_the_command_needs_slots_and_a_positive_count(tmp_path: Path) -> None:
    folder, out = _folder(tmp_path), tmp_path / "models"
    data = tmp_path / "data"
    data.mkdir()
    common = ["train-writer", "--data", str(data), "--out", str(out)]
    assert main([*common, "--behaviour-templates", str(folder)]) == 2
    assert (
        main(
            [
                *common,
                "--behaviour-templates",
                str(folder),
                "--behaviour-slots",
                str(SLOTS),
                "--behaviour-cases",
                "0",
            ]
        )
        == 2
    )
    assert not out.exists()
