"""Wording families: enough phrasings, placeholders filled, a fixed split, no leak across parts."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets import build, wording
from memcore.eval.datasets.families import (
    FAMILY_SEED,
    FRESH,
    FRESH2,
    FRESH3,
    FRESH4,
    HELD_OUT_KINDS,
    TUNING,
    assignment,
    filled_names,
    placeholders,
    read_wording,
    split_kind,
)
from memcore.eval.datasets.questions import Dialogue, parse_questions, question_record
from memcore.eval.datasets.split import TEST
from wording_support import (
    CONVERSATIONS,
    MTRAG_QUESTIONS,
    POOL,
    SAMPLE,
    SPLIT,
    matches,
    phrasing_patterns,
)


def _kind(name: str) -> wording.Kind:
    return next(kind for kind in wording.KINDS if kind.name == name)


def test_every_kind_has_at_least_40_phrasings_in_at_least_8_families() -> None:
    for kind in wording.KINDS:
        names = [family.name for family in kind.families]
        phrasings = [text for family in kind.families for text in family.phrasings]
        assert len(names) >= 8 and len(set(names)) == len(names), kind.name
        assert len(phrasings) >= 40 and len(set(phrasings)) == len(phrasings), kind.name


def test_every_phrasing_uses_its_kinds_placeholders_and_fills_completely() -> None:
    for kind in wording.KINDS:
        for family in kind.families:
            for text in family.phrasings:
                used = placeholders(text)
                assert set(kind.required) <= filled_names(text), text
                assert used <= set(kind.required) | set(kind.optional), text
                filled = text.format(**SAMPLE)
                assert "{" not in filled and "}" not in filled, text
                assert filled.strip() == filled and filled, text


def test_the_fixed_split_is_deterministic_disjoint_and_about_half() -> None:
    for kind in wording.KINDS:
        split = split_kind(kind)
        assert split == split_kind(kind, FAMILY_SEED)
        assert not set(split.tuning) & set(split.test)
        assert set(split.tuning) | set(split.test) == {family.name for family in kind.families}
        assert len(split.tuning) >= 4 and len(split.test) >= 4
        assert abs(len(split.tuning) - len(split.test)) <= 1


@given(st.integers(min_value=0, max_value=10_000))
def test_any_seed_splits_every_kind_into_disjoint_halves(seed: int) -> None:
    for kind in wording.KINDS:
        split = split_kind(kind, seed)
        assert split == split_kind(attrs.evolve(kind, families=kind.families[::-1]), seed)
        assert not set(split.tuning) & set(split.test)
        assert len(split.tuning) == len(kind.families) // 2
        assert len(split.tuning) + len(split.test) == len(kind.families)


TUNING_PATTERNS = phrasing_patterns(
    wording.KINDS, lambda kind, family: family.name in split_kind(kind).tuning
)
TEST_PATTERNS = phrasing_patterns(
    wording.KINDS, lambda kind, family: family.name in split_kind(kind).test
)


def test_no_phrasing_of_one_side_reads_as_a_phrasing_of_the_other() -> None:
    for kind in wording.KINDS:
        split = split_kind(kind)
        for family in kind.families:
            other = TEST_PATTERNS if family.name in split.tuning else TUNING_PATTERNS
            for text in family.phrasings:
                filled = text.format(**SAMPLE)
                assert not matches(other, filled), (kind.name, family.name, text)
                assert not matches(other, filled.lower()), (kind.name, family.name, text)


@given(st.integers(min_value=0, max_value=1_000))
def test_a_dev_build_holds_only_tuning_wording_and_a_test_build_only_test_wording(
    seed: int,
) -> None:
    built = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, seed)
    for (part, _), questions in built.questions.items():
        if part in HELD_OUT_KINDS:
            continue  # held-out wording, tested in test_wording_fresh
        own, other = (
            (TUNING_PATTERNS, TEST_PATTERNS) if part == "dev" else (TEST_PATTERNS, TUNING_PATTERNS)
        )
        side = TUNING if part == "dev" else TEST
        tiers = {question.judgement.tier for question in questions}
        assert {build.CORRECTION, build.LATER_REPAIR, build.FOLLOW_UP} <= tiers
        assert {build.VALUE_REVISION, build.RETURN_2PLUS} <= tiers
        for question in questions:
            written = [
                text for text in question.dialogue.questions() if text not in MTRAG_QUESTIONS
            ]
            for text in written:
                assert matches(own, text), (part, text)
                assert not matches(other, text), (part, text)
            family = question.judgement.family
            if question.judgement.tier in build.FINAL_KINDS and family is not None:
                kind = build.FINAL_KINDS[question.judgement.tier]
                assert family in split_kind(kind).side(side)
            if question.dialogue.final not in MTRAG_QUESTIONS:
                assert family is not None


def test_every_written_tier_records_a_family_and_the_family_reaches_no_system() -> None:
    built = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, 13)
    questions = [q for found in built.questions.values() for q in found]
    families = {q.judgement.tier: q.judgement.family for q in questions if q.judgement.family}
    assert set(families) >= {build.CORRECTION, build.LATER_REPAIR, build.FOLLOW_UP}
    assert all(q.judgement.family is None for q in questions if q.judgement.tier == "natural")
    written = next(q for q in questions if q.judgement.family)
    record = question_record(written)
    assert record["family"] == written.judgement.family
    (read,) = parse_questions([json.dumps(record)]).unwrap()
    assert read == written
    # A system receives the Dialogue alone, and it has no field for the family.
    assert {field.name for field in attrs.fields(Dialogue)} == {"turns", "final"}


def test_a_family_must_be_an_id() -> None:
    record = {
        "id": "q",
        "conversation_id": "c",
        "tier": "correction",
        "turns": [],
        "final": "x",
        "gold": ["a"],
        "stale": [],
        "family": "two words",
    }
    problems = parse_questions([json.dumps(record)]).failure()
    assert [error.field for error in problems.errors] == ["family"]


def test_the_assignment_record_names_every_family_once() -> None:
    record = assignment()
    assert record["seed"] == FAMILY_SEED
    assert record["parts"] == {
        "dev": TUNING,
        "test": TEST,
        **{part: part for part in (FRESH, FRESH2, FRESH3, FRESH4)},
        **{f"fresh{number}": f"fresh{number}" for number in range(5, 11)},
    }
    for kind in wording.KINDS:
        entry = record["kinds"][kind.name]
        assert sorted(entry[TUNING] + entry[TEST]) == sorted(entry["phrasings"])
        assert entry[TUNING] == list(split_kind(kind).tuning)
    assert json.loads(json.dumps(record)) == record


DOCS = Path(__file__).resolve().parents[1] / "docs" / "evaluation.md"


def test_the_documented_assignment_is_the_real_one() -> None:
    text = DOCS.read_text()
    assert f"`memcore.eval.datasets.families.FAMILY_SEED` ({FAMILY_SEED};" in text
    for kind in wording.KINDS:
        split = split_kind(kind)
        row = f"| `{kind.name}` | {', '.join(split.tuning)} | {', '.join(split.test)} |"
        assert row in text, row
        phrasings = sum(len(family.phrasings) for family in kind.families)
        assert f"| {len(kind.families)} ({phrasings}) |" in text


def test_the_read_wording_pools_every_read_family_and_no_other() -> None:
    pooled = read_wording(13, (FRESH, FRESH3))
    for kind in wording.KINDS:
        found = {phrasings[0].family for phrasings in pooled.families[kind.name]}
        read = {family.name for family in kind.families}
        for part in (FRESH, FRESH3):
            read |= {
                family.name
                for held_out in HELD_OUT_KINDS[part]
                if held_out.name == kind.name
                for family in held_out.families
            }
        assert found == read
        unread = {
            family.name
            for held_out in HELD_OUT_KINDS[FRESH2]
            if held_out.name == kind.name
            for family in held_out.families
        }
        assert not found & unread


def test_the_learned_writer_trains_only_on_read_wording_of_tuning_conversations() -> None:
    from memcore.eval.training.train_writer import READ_PARTS

    assert set(READ_PARTS) < set(HELD_OUT_KINDS)  # at least one held-out part stays unread
    pooled = read_wording(13, READ_PARTS)
    dev = [c for c in CONVERSATIONS if SPLIT.part_of(c.id) == "dev"]
    questions = build.build_domain(dev, {}, POOL, 13, "dev", pooled)
    families = {q.judgement.family for q in questions if q.judgement.family is not None}
    pooled_families = {p[0].family for found in pooled.families.values() for p in found}
    assert families and families <= pooled_families


def test_the_wording_parts_are_the_files_of_the_wording_folder(tmp_path: Path) -> None:
    shipped = {entry.name for entry in wording.wording_folder().iterdir()}
    assert shipped == {"base.toml", *(f"{part}.toml" for part in HELD_OUT_KINDS)}
    assert wording.load_part(wording.BASE).kinds == wording.KINDS
    for name in ("fresh", "fresh2", "fresh10", "fresh9", "other", "base"):
        (tmp_path / f"{name}.toml").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    # Ordered as written (by number), the split part and other files left out.
    assert wording.held_out_part_names(tmp_path) == (
        "fresh",
        "fresh2",
        "fresh9",
        "fresh10",
        "other",
    )


def test_a_wording_file_round_trips_and_a_malformed_one_is_refused() -> None:
    part = wording.read_part(
        'about = "x"\n[[kinds]]\nname = "k"\nrequired = ["target"]\noptional = []\n'
        '[[kinds.families]]\nname = "f"\nphrasings = ["About {target}?"]\nlower_names = true\n'
    )
    family = wording.Family("f", ("About {target}?",), lower_names=True)
    assert part == wording.WordingPart("x", (wording.Kind("k", ("target",), (), (family,)),))
    for broken in (
        'about = "x"\n[[kinds]]\nname = "k"\nrequired = []\noptional = []\nfamiles = []\n',
        'about = "x"\n[[kinds]]\nname = 3\nrequired = []\noptional = []\nfamilies = []\n',
        'about = "x"\nkinds = [',
    ):
        with pytest.raises(ValueError, match="unreadable wording part"):
            wording.read_part(broken)
