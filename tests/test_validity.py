"""The validity layer: evidence from the memory, noisy-or scores, modes and contracts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from returns.result import Failure, Success

from memcore.codec import CONVERTER
from memcore.node import Memory, Node
from memcore.operations import abandon, add, reactivate, refine, revise
from memcore.search.values import Ranking
from memcore.validity import (
    EVAL_ONLY_FIELDS,
    Evidence,
    EvidenceKind,
    ValidityConfig,
    ValidityMode,
    leaked_fields,
    memory_evidence,
    noisy_or,
    validate_candidates,
    validate_ranking,
)

REJECTED = EvidenceKind.REJECTED_BY_CORRECTION
SUPERSEDED = EvidenceKind.SUPERSEDED_BY_REVISION
DROPPED = EvidenceKind.DROPPED_TOPIC

# Figure 1 of the paper: the user rejects Buzz Aldrin for Neil Armstrong at turn 3.
APOLLO = Memory(
    (
        Node(
            1,
            "who walked on the moon?",
            "Armstrong and Aldrin",
            operations=(add("Apollo 11"),),
            topics=("Apollo 11",),
        ),
        Node(
            2,
            "where did he grow up?",
            "Aldrin grew up in Montclair",
            operations=(add("Buzz Aldrin"),),
            topics=("Buzz Aldrin",),
        ),
        Node(
            3,
            "no, the first one",
            "Armstrong grew up in Wapakoneta",
            contradicts=("Buzz Aldrin",),
            operations=(abandon("Buzz Aldrin"), reactivate("Neil Armstrong")),
            topics=("Neil Armstrong",),
        ),
    )
)
APOLLO_TITLES = {
    "p1": "Buzz Aldrin",
    "p2": "Neil Armstrong",
    "p3": "Apollo 11",
    "p4": "Buzz Aldrin",
}
APOLLO_RANKING = Ranking.from_scores([("p1", 9.0), ("p2", 8.0), ("p3", 7.0), ("p4", 6.0)])

WORLD_CUP = Memory(
    (
        Node(
            1,
            "who won the 2010 world cup?",
            "Spain",
            operations=(add("2010 FIFA World Cup"),),
            topics=("2010 FIFA World Cup",),
        ),
        Node(
            2,
            "sorry, 2014",
            "Germany",
            operations=(revise("2014 FIFA World Cup"),),
            topics=("2014 FIFA World Cup",),
        ),
    )
)

# A switch to a different entity with the same name: Abandon the old, Revise to the new.
SAME_NAME = Memory(
    (
        Node(
            1,
            "who is jayson blair?",
            "a journalist",
            operations=(add("Jayson Blair"),),
            topics=("Jayson Blair",),
        ),
        Node(
            2,
            "i meant the actor",
            "an American actor",
            operations=(abandon("Jayson Blair"), revise("Jayson Blair (actor)")),
            topics=("Jayson Blair (actor)",),
        ),
    )
)


def _validated(ranking: Ranking, memory: Memory, titles: dict[str, str], mode: str) -> list[str]:
    result = validate_ranking(ranking, memory, titles, mode)
    assert isinstance(result, Success)
    return list(result.unwrap().ids())


def test_noisy_or_by_hand() -> None:
    assert noisy_or([]) == 0.0
    assert noisy_or([0.6]) == pytest.approx(0.6)
    # 1 - (1 - 0.9)(1 - 0.6) = 1 - 0.1 * 0.4 = 0.96
    assert noisy_or([0.9, 0.6]) == pytest.approx(0.96)
    # 1 - 0.5 * 0.5 * 0.5 = 0.875
    assert noisy_or([0.5, 0.5, 0.5]) == pytest.approx(0.875)


def test_correction_gives_rejection_and_drop_evidence() -> None:
    assert memory_evidence(APOLLO) == (
        Evidence(REJECTED, "Buzz Aldrin", 3),
        Evidence(DROPPED, "Buzz Aldrin", 3),
    )


def test_revision_supersedes_the_previous_current_topic() -> None:
    assert memory_evidence(WORLD_CUP) == (Evidence(SUPERSEDED, "2010 FIFA World Cup", 2),)


def test_revise_within_the_same_topic_supersedes_no_page() -> None:
    memory = Memory(
        (
            Node(1, "q", operations=(add("Apollo 11"),), topics=("Apollo 11",)),
            Node(2, "q", operations=(revise("Apollo 11"),), topics=("Apollo 11",)),
        )
    )
    assert memory_evidence(memory) == ()


def test_reactivation_cancels_earlier_evidence() -> None:
    memory = Memory(
        (
            Node(1, "q", operations=(add("A"),), topics=("A",)),
            Node(2, "q", operations=(add("B"),), topics=("B",)),
            Node(3, "q", contradicts=("B",), operations=(abandon("B"), reactivate("A"))),
            Node(4, "q", operations=(reactivate("B"),), topics=("B",)),
        )
    )
    assert memory_evidence(memory) == ()


def test_context_metadata_for_the_apollo_conversation() -> None:
    result = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, "context")
    assert isinstance(result, Success)
    view = result.unwrap()
    assert view.ids() == ("p1", "p2", "p3", "p4")
    first, second, third, fourth = view.validity
    assert first.outdated_score == pytest.approx(0.96)
    assert first.possibly_outdated
    assert first.dropped_topic == "Buzz Aldrin"
    assert first.rejected_at_turn == 3
    assert first.superseded_at_turn is None
    assert first.note == (
        "topic 'Buzz Aldrin' was rejected by a correction at turn 3; "
        "topic 'Buzz Aldrin' was dropped at turn 3"
    )
    assert (second.outdated_score, second.possibly_outdated, second.evidence) == (0.0, False, ())
    assert not third.possibly_outdated
    assert fourth.outdated_score == pytest.approx(0.96)


def test_superseded_passage_metadata() -> None:
    titles = {"a": "2010 FIFA World Cup", "b": "2014 FIFA World Cup"}
    ranking = Ranking.from_scores([("a", 2.0), ("b", 1.0)])
    view = validate_ranking(ranking, WORLD_CUP, titles).unwrap()
    assert view.mode is ValidityMode.CONTEXT
    assert view.validity[0].superseded_at_turn == 2
    assert view.validity[0].outdated_score == pytest.approx(0.8)
    assert view.validity[1].evidence == ()
    assert _validated(ranking, WORLD_CUP, titles, "demote") == ["b", "a"]


def test_same_name_switch_keeps_the_chosen_page_clean() -> None:
    titles = {
        "j": "Jayson Blair",
        "a": "Jayson Blair (actor)",
        "n": "Jayson Blair (journalist)",
    }
    ranking = Ranking.from_scores([("j", 3.0), ("n", 2.0), ("a", 1.0)])
    view = validate_ranking(ranking, SAME_NAME, titles).unwrap()
    scores = [validity.outdated_score for validity in view.validity]
    # dropped (0.6) and superseded (0.8): 1 - 0.4 * 0.2 = 0.92 for both other pages of the name
    assert scores == [pytest.approx(0.92), pytest.approx(0.92), 0.0]
    assert _validated(ranking, SAME_NAME, titles, "demote") == ["a", "j", "n"]


def test_threshold_decides_what_is_possibly_outdated() -> None:
    config = ValidityConfig(dropped_topic=0.3, threshold=0.5)
    memory = Memory(
        (
            Node(1, "q", operations=(add("A"),), topics=("A",)),
            Node(2, "q", operations=(abandon("A"), add("B")), topics=("B",)),
        )
    )
    ranking = Ranking.from_scores([("x", 2.0), ("y", 1.0)])
    view = validate_ranking(ranking, memory, {"x": "A", "y": "B"}, "demote", config).unwrap()
    assert view.ids() == ("x", "y")
    assert view.validity[0].outdated_score == pytest.approx(0.3)
    assert not view.validity[0].possibly_outdated


def test_passages_without_titles_get_no_evidence() -> None:
    view = validate_ranking(APOLLO_RANKING, APOLLO, None, "demote").unwrap()
    assert view.ids() == ("p1", "p2", "p3", "p4")
    assert all(not validity.evidence for validity in view.validity)


# --- Named contracts -------------------------------------------------------------------------


def test_contract_modes_accept_none_off_context_demote() -> None:
    assert validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, None).unwrap().mode is (
        ValidityMode.OFF
    )
    for name in ("off", "context", "demote"):
        assert validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, name).unwrap().mode is (
            ValidityMode(name)
        )


def test_contract_unknown_mode_is_refused() -> None:
    result = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, "Demote")
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("unknown_mode", "validity_mode")


def test_contract_bad_weight_is_refused() -> None:
    result = validate_ranking(
        APOLLO_RANKING, APOLLO, APOLLO_TITLES, "context", ValidityConfig(dropped_topic=1.5)
    )
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("bad_weight", "config.dropped_topic")


@pytest.mark.parametrize("mode", [None, "off"])
def test_contract_off_is_byte_identical_to_no_layer(mode: str | None) -> None:
    plain = json.dumps(CONVERTER.unstructure(APOLLO_RANKING))
    view = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, mode).unwrap()
    assert json.dumps(view.to_document()) == plain
    candidates = [
        {"doc_id": "p1", "score": 9.0, "title": "Buzz Aldrin", "gold": True},
        {"doc_id": "p2", "score": 8.0, "meta": {"source": "bm25"}},
    ]
    out = validate_candidates(candidates, APOLLO, APOLLO_TITLES, mode).unwrap()
    assert json.dumps(list(out)) == json.dumps(candidates)


def test_contract_context_preserves_set_and_order() -> None:
    view = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, "context").unwrap()
    assert view.hits == APOLLO_RANKING.hits


def test_contract_demote_moves_outdated_below_and_keeps_relative_order() -> None:
    view = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, "demote").unwrap()
    assert view.ids() == ("p2", "p3", "p1", "p4")
    assert sorted(view.hits, key=lambda hit: hit.doc_id) == sorted(
        APOLLO_RANKING.hits, key=lambda hit: hit.doc_id
    )


@pytest.mark.parametrize(
    "field",
    [
        *sorted(EVAL_ONLY_FIELDS),
        *(name.upper() for name in sorted(EVAL_ONLY_FIELDS)),
        *(f" {name.title()} " for name in sorted(EVAL_ONLY_FIELDS)),
        "Gold",
        "IS_STALE",
        " answer",
        "answer\t",
    ],
)
def test_contract_input_refuses_eval_fields(field: str) -> None:
    candidates = [{"doc_id": "p2", "score": 1.0}, {"doc_id": "p1", "score": 0.5, field: 1}]
    for mode in ("context", "demote"):
        result = validate_candidates(candidates, APOLLO, APOLLO_TITLES, mode)
        assert isinstance(result, Failure)
        error = result.failure()
        assert (error.code, error.field) == ("eval_only_field", f"candidates[1].{field}")
    assert leaked_fields(candidates) == (field,)


def test_contract_input_refuses_nested_eval_fields() -> None:
    candidates = [{"doc_id": "p1", "meta": [{"source": "x"}, {"teacher_score": 0.3}]}]
    result = validate_candidates(candidates, APOLLO, APOLLO_TITLES)
    assert isinstance(result, Failure)
    assert result.failure().field == "candidates[0].meta[1].teacher_score"


def test_contract_input_refuses_a_candidate_without_id() -> None:
    result = validate_candidates([{"score": 1.0}], APOLLO, APOLLO_TITLES)
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("missing_id", "candidates[0].doc_id")


def test_contract_output_has_no_eval_fields() -> None:
    candidates = [
        {"doc_id": "p1", "score": 9.0, "title": "Buzz Aldrin", "meta": {"source": "bm25"}},
        {"id": "p2", "score": 8.0},
    ]
    for mode in ("context", "demote"):
        out = validate_candidates(candidates, APOLLO, APOLLO_TITLES, mode).unwrap()
        assert leaked_fields(list(out)) == ()
        assert {candidate.get("doc_id", candidate.get("id")) for candidate in out} == {"p1", "p2"}
    view = validate_ranking(APOLLO_RANKING, APOLLO, APOLLO_TITLES, "demote").unwrap()
    assert leaked_fields(view.to_document()) == ()


def test_candidate_output_is_input_plus_validity() -> None:
    candidates = [
        {"doc_id": "p1", "score": 9.0, "title": "Buzz Aldrin"},
        {"doc_id": "p2", "score": 8.0},
    ]
    out = validate_candidates(candidates, APOLLO, APOLLO_TITLES, "demote").unwrap()
    assert [candidate["doc_id"] for candidate in out] == ["p2", "p1"]
    assert out[1]["validity"]["rejected_by_correction_at_turn"] == 3
    assert out[1]["validity"]["dropped_topic"] == "Buzz Aldrin"
    assert {key: value for key, value in out[1].items() if key != "validity"} == candidates[0]
    assert out[0]["validity"]["possibly_outdated"] is False


def test_refine_does_not_cancel_evidence_about_another_topic() -> None:
    memory = Memory(
        (
            Node(1, "q", operations=(add("A"),), topics=("A",)),
            Node(2, "q", operations=(abandon("A"), add("B")), topics=("B",)),
            Node(3, "q", operations=(refine("B"),), topics=("B",)),
        )
    )
    assert memory_evidence(memory) == (Evidence(DROPPED, "A", 2),)


# --- Malformed input is a typed failure, in every mode --------------------------------------


@pytest.mark.parametrize("mode", [None, "off", "context", "demote"])
def test_non_mapping_candidate_is_refused_in_every_mode(mode: str | None) -> None:
    candidates: list[Any] = [{"doc_id": "p1"}, ["doc_id", "p2"]]
    result = validate_candidates(candidates, APOLLO, APOLLO_TITLES, mode)
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("not_a_mapping", "candidates[1]")


@pytest.mark.parametrize("mode", ["context", "demote"])
def test_non_string_title_is_a_typed_failure(mode: str) -> None:
    titles: dict[str, Any] = {"p1": "Buzz Aldrin", "p2": None}
    ranked = validate_ranking(APOLLO_RANKING, APOLLO, titles, mode)
    assert isinstance(ranked, Failure)
    assert (ranked.failure().code, ranked.failure().field) == ("bad_title", "titles['p2']")
    candidates = validate_candidates([{"doc_id": "p2"}], APOLLO, titles, mode)
    assert isinstance(candidates, Failure)
    assert candidates.failure().code == "bad_title"
    # A candidate's own string title is used, so the bad mapping entry is never read.
    own = validate_candidates([{"doc_id": "p2", "title": "Neil Armstrong"}], APOLLO, titles, mode)
    assert isinstance(own, Success)


def test_self_containing_candidate_is_a_typed_failure() -> None:
    candidate: dict[str, Any] = {"doc_id": "p1", "meta": {}}
    candidate["meta"]["parent"] = candidate
    result = validate_candidates([candidate], APOLLO, APOLLO_TITLES, "context")
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == (
        "cyclic_value",
        "candidates[0].meta.parent",
    )
    listed: list[Any] = [{"doc_id": "p1"}]
    listed.append(listed)
    assert leaked_fields({"gold": listed, "x": listed}) == ("gold",)


def test_too_deep_candidate_is_a_typed_failure() -> None:
    nested: dict[str, Any] = {"doc_id": "p1"}
    for _ in range(5000):
        nested = {"inner": nested}
    nested["doc_id"] = "p0"
    result = validate_candidates([nested], APOLLO, APOLLO_TITLES, "demote")
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("too_deep", "candidates[0]")


# Spellings of evaluation-only names that passed when keys were compared up to case and
# spacing only (issue 12, item 7).
DISGUISED_EVAL_FIELDS = [
    "isCurrent",
    "is-current",
    "is current",
    "ceScore",
    "ｇｏｌｄ",
    "gold\u200b",
    "İS_CURRENT",
    "Is.Stale",
    "teacher\u00adscore",
    "gоld",  # Cyrillic о
    "goldIds",
    "gold_id",
    "is_gold",
    "stale_ids",
]


@pytest.mark.parametrize("field", DISGUISED_EVAL_FIELDS)
def test_contract_input_refuses_disguised_eval_fields(field: str) -> None:
    candidates = [{"doc_id": "p1", "score": 0.5, field: 1}]
    result = validate_candidates(candidates, APOLLO, APOLLO_TITLES, "context")
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == (
        "eval_only_field",
        f"candidates[0].{field}",
    )
    assert leaked_fields(candidates) == (field,)


def test_contract_leaked_fields_lists_every_variant() -> None:
    assert leaked_fields({"isCurrent": 1, "is-current": 1, "GOLD": 1}) == (
        "isCurrent",
        "is-current",
        "GOLD",
    )


@pytest.mark.parametrize(
    "field", ["doc_id", "score", "title", "text", "answers", "golden_gate", "current", "ce"]
)
def test_contract_ordinary_fields_are_not_eval_fields(field: str) -> None:
    assert leaked_fields({field: 1}) == ()
