"""The harness's checks, perturbations and runs, on hand-made decisions and conversations."""

from __future__ import annotations

import random

from behaviour_harness import (
    Bindings,
    Decision,
    RandomChooser,
    check,
    contains_name,
    default_writer,
    disagreements,
    generate_case,
    leaked_words,
    perturb,
    same_name,
)
from behaviour_templates import Expectation, RealQuestion, Slots, load_capabilities, load_slots

from memcore.writers.driver import Turn


def _bindings(slots: Slots, **roles: str) -> Bindings:
    by_name = {entity.name: entity for entity in slots.entities}
    first = slots.kinds["person"].stems[0]
    stems = {kind: (first, first) for kind in slots.kinds}
    return Bindings(
        {role: by_name[name] for role, name in roles.items()},
        stems,
        {"E": "Booker Prize", "Y1": "2016", "Y2": "2017"},
        slots.value_stems[0],
        "Toni Morrison",
        None,
    )


def test_a_name_is_found_in_any_case_and_in_the_possessive() -> None:
    assert contains_name("what was marie curie's first job?", "Marie Curie")
    assert contains_name("how much did the Polaroid SX-70 cost?", "Polaroid SX-70")
    assert not contains_name("what was Marie's first job?", "Marie Curie")


def test_a_word_shared_with_another_name_is_no_leak() -> None:
    assert leaked_words("when did Apollo 12 launch?", "Apollo 11", ["Apollo 12"]) == []
    assert leaked_words("when did Apollo 12 launch? 11", "Apollo 11", ["Apollo 12"]) == ["11"]
    assert leaked_words("Apollo 11 or 12", "Apollo 11", []) == ["Apollo 11"]


def test_topic_names_match_without_case_or_qualifier() -> None:
    assert same_name("apollo 13 (film)", "Apollo 13")
    assert not same_name("Apollo 13", "Apollo 12")
    assert same_name(None, None)
    assert not same_name(None, "Apollo 13")


def test_a_decision_that_meets_the_expectation_has_no_reasons() -> None:
    slots = load_slots()
    bindings = _bindings(slots, A="Lisbon", T="Kyoto")
    expect = Expectation(topic="T", rejected=("A",), query_has=("T",), query_lacks=("A",))
    good = Decision("Kyoto", ("Abandon(Lisbon)", "Revise(Kyoto)"), ("Lisbon",), "when? Kyoto")
    assert check(good, expect, bindings) == []


def test_each_way_of_missing_is_reported() -> None:
    slots = load_slots()
    bindings = _bindings(slots, A="Lisbon", T="Kyoto")
    expect = Expectation(
        topic="T",
        rejected=("A",),
        not_rejected=("T",),
        query_has=("T",),
        query_lacks=("A",),
        no_abandon=True,
    )
    bad = Decision("Lisbon", ("Abandon(Kyoto)",), ("Kyoto",), "what about Lisbon?")
    reasons = check(bad, expect, bindings)
    assert len(reasons) == 6, reasons


def test_roles_a_case_does_not_bind_are_not_checked() -> None:
    slots = load_slots()
    bindings = _bindings(slots, T="Kyoto")
    expect = Expectation(query_has=("T",), query_lacks=("R3",), topic="M")
    assert check(Decision("x", (), (), "Kyoto"), expect, bindings) == []


def test_typed_words_must_all_stay() -> None:
    slots = load_slots()
    real = "why do guinea pigs squeak at night"
    bindings = Bindings({}, {}, {}, slots.value_stems[0], "x", RealQuestion(real, "", None))
    expect = Expectation(keeps_words="M")
    assert check(Decision(None, (), (), real + " (Kyoto)"), expect, bindings) == []
    reasons = check(Decision(None, (), (), "why do pigs squeak"), expect, bindings)
    assert reasons == ["query dropped typed words ['guinea', 'night']"]


def test_disagreements_list_what_changed() -> None:
    slots = load_slots()
    bindings = _bindings(slots, A="Lisbon", T="Kyoto")
    base = Decision("Kyoto", (), ("Lisbon",), "population of Kyoto")
    same = Decision("kyoto", (), ("lisbon",), "POPULATION OF KYOTO")
    assert disagreements(base, same, bindings) == []
    moved = Decision("Lisbon", (), (), "population of Lisbon")
    assert len(disagreements(base, moved, bindings)) == 4


def test_perturbations_change_the_surface_but_never_misspell_a_name() -> None:
    slots = load_slots()
    robustness = {c.name: c for c in load_capabilities()}["robustness"]
    families = {family.name: family for family in robustness.families}
    bindings = _bindings(slots, A="Lisbon", T="Rosalind Franklin")
    text = "sorry, I meant Rosalind Franklin, not Lisbon!"
    chooser = RandomChooser(random.Random(3))
    assert perturb(families["lowercase"], text, bindings, chooser) == text.lower()
    stripped = perturb(families["no-punctuation"], text, bindings, chooser)
    assert stripped == "sorry I meant Rosalind Franklin not Lisbon"
    for _ in range(30):
        typed = perturb(families["typo"], text, bindings, chooser)
        assert typed != text
        assert "Rosalind Franklin" in typed and "Lisbon" in typed
    wrapped = perturb(families["politeness"], text, bindings, chooser)
    assert text in wrapped and wrapped != text


def test_same_seed_same_cases() -> None:
    slots = load_slots()
    family = load_capabilities()[0].families[0]
    first = [generate_case(family, slots, RandomChooser(random.Random(9))) for _ in range(3)]
    again = [generate_case(family, slots, RandomChooser(random.Random(9))) for _ in range(3)]
    assert first == again


def test_a_writer_decides_the_paper_example() -> None:
    # The MemRevise paper's turn 4 over the Apollo fixture: the harness drives the writer the
    # way the evaluation does and reads its decision.
    history = [
        Turn("who walked on the moon?", "Neil Armstrong and Buzz Aldrin walked on the Moon."),
        Turn("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
    ]
    final = "no, i meant the second guy… wait, no, the first one. sorry"
    decision = default_writer("rules").decide(history, final)
    assert decision.topic == "Neil Armstrong"
    assert decision.rejected == ("Buzz Aldrin",)
    assert "Neil Armstrong" in decision.query


def test_a_name_turned_down_one_message_before_stays_rejected_at_the_final_turn() -> None:
    # The status is derived by replaying the operations: "not Game Boy" abandoned it in its
    # own turn, the final turn picks another and takes nothing back, so the memory holds
    # Game Boy as dropped and the decision reads it as rejected (with no new Abandon).
    writer = default_writer("rules")
    history = [
        Turn(
            "what are some gadgets that changed everyday life?",
            "A few famous ones are Game Boy, Kindle and Tamagotchi.",
        ),
        Turn("not Game Boy", "Got it, not Game Boy. Which one would you like instead?"),
    ]
    decision = writer.decide(history, "go on then, Kindle:\nwho invented it?")
    assert "Abandon(Game Boy)" not in decision.operations
    assert decision.rejected == ()
    assert any(same_name("Game Boy", name) for name in decision.dropped)
    assert not any(same_name("Kindle", name) for name in decision.turned_down)
    slots = load_slots()
    bindings = _bindings(slots, A="Game Boy", T="Kindle")
    expect = Expectation(topic="T", rejected=("A",), query_has=("T",))
    assert check(decision, expect, bindings) == []
    # Without the earlier refusal nothing is dropped, so nothing reads as turned down.
    plain = writer.decide(history[:1], "go on then, Kindle:\nwho invented it?")
    assert plain.turned_down == ()
    assert check(plain, expect, bindings) != []
