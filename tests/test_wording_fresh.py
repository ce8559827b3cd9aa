"""Held-out wording: new families and phrasings, and the held-out parts (`fresh`, `fresh2`, ...,
`fresh10`, one file each), each of which re-words `test` in its own held-out families."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.eval.datasets import build, wording
from memcore.eval.datasets.families import (
    FRESH,
    HELD_OUT_KINDS,
    REWORDS,
    assignment,
    filled_names,
    held_out_wording,
    placeholders,
    wording_for_part,
)
from memcore.eval.datasets.questions import read_questions
from memcore.eval.datasets.split import TEST
from memcore.eval.datasets.write_sets import build_mtrag
from wording_support import (
    CONVERSATIONS,
    MTRAG_QUESTIONS,
    POOL,
    SAMPLE,
    SPLIT,
    matches,
    phrasing_patterns,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "mtrag"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "evaluation-wording.md"
OLD_PATTERNS = phrasing_patterns(wording.KINDS)
HELD_OUT_PARTS = tuple(HELD_OUT_KINDS)
PATTERNS = {part: phrasing_patterns(kinds) for part, kinds in HELD_OUT_KINDS.items()}


def _plain(text: str) -> str:
    """A phrasing without case, punctuation or spacing differences."""
    return " ".join(re.sub(r"[^\w{} ]", " ", text.casefold()).split())


def _held_out_kind(part: str, name: str) -> wording.Kind:
    return next(kind for kind in HELD_OUT_KINDS[part] if kind.name == name)


def _other_wordings(part: str) -> list[Sequence[wording.Kind]]:
    """The builder's wording and every other held-out part's: all that `part` must not repeat."""
    return [wording.KINDS, *(kinds for other, kinds in HELD_OUT_KINDS.items() if other != part)]


def _other_patterns(part: str) -> list[re.Pattern[str]]:
    return [
        *OLD_PATTERNS,
        *(p for other, found in PATTERNS.items() if other != part for p in found),
    ]


def test_every_held_out_part_is_built_and_recorded_as_a_rewording_of_test() -> None:
    assert HELD_OUT_PARTS == (
        FRESH,
        "fresh2",
        "fresh3",
        "fresh4",
        "fresh5",
        "fresh6",
        "fresh7",
        "fresh8",
        "fresh9",
        "fresh10",
    )
    assert build.BUILD_PARTS[-len(HELD_OUT_PARTS) :] == HELD_OUT_PARTS
    assert all(build.CONVERSATIONS_OF[part] == REWORDS == TEST for part in HELD_OUT_PARTS)
    assert HELD_OUT_KINDS[FRESH] is wording.load_part(FRESH).kinds


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_every_held_out_kind_is_its_namesake_with_the_same_placeholders(part: str) -> None:
    kinds = HELD_OUT_KINDS[part]
    assert [kind.name for kind in kinds] == [kind.name for kind in wording.KINDS]
    for held_out, old in zip(kinds, wording.KINDS, strict=True):
        assert (held_out.required, held_out.optional) == (old.required, old.optional), part


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_every_held_out_kind_has_at_least_40_phrasings_in_at_least_8_families(part: str) -> None:
    for kind in HELD_OUT_KINDS[part]:
        names = [family.name for family in kind.families]
        phrasings = [_plain(text) for family in kind.families for text in family.phrasings]
        assert len(names) >= 8 and len(set(names)) == len(names), kind.name
        assert len(phrasings) >= 40 and len(set(phrasings)) == len(phrasings), kind.name


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_held_out_family_names_are_new(part: str) -> None:
    ours = {family.name for kind in HELD_OUT_KINDS[part] for family in kind.families}
    for kinds in _other_wordings(part):
        theirs = {family.name for kind in kinds for family in kind.families}
        assert not ours & theirs, (part, ours & theirs)


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_no_held_out_phrasing_repeats_one_of_another_wording(part: str) -> None:
    others = {
        _plain(text)
        for kinds in _other_wordings(part)
        for kind in kinds
        for family in kind.families
        for text in family.phrasings
    }
    for kind in HELD_OUT_KINDS[part]:
        for family in kind.families:
            for text in family.phrasings:
                assert _plain(text) not in others, (kind.name, family.name, text)


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_no_filled_held_out_phrasing_reads_as_another_wordings_or_the_other_way(
    part: str,
) -> None:
    checks: list[tuple[Sequence[wording.Kind], list[re.Pattern[str]]]] = [
        (HELD_OUT_KINDS[part], _other_patterns(part))
    ]
    checks += [(kinds, PATTERNS[part]) for kinds in _other_wordings(part)]
    for kinds, other in checks:
        for kind in kinds:
            for family in kind.families:
                for text in family.phrasings:
                    filled = text.format(**SAMPLE)
                    assert not matches(other, filled), (part, kind.name, family.name, text)
                    assert not matches(other, filled.lower()), (part, kind.name, family.name, text)


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_every_held_out_phrasing_uses_its_kinds_placeholders_and_fills_completely(
    part: str,
) -> None:
    for kind in HELD_OUT_KINDS[part]:
        for family in kind.families:
            for text in family.phrasings:
                assert set(kind.required) <= filled_names(text), text
                assert placeholders(text) <= set(kind.required) | set(kind.optional), text
                filled = text.format(**SAMPLE)
                assert "{" not in filled and "}" not in filled, text
                assert filled.strip() == filled and filled, text


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_a_lower_case_family_restates_no_request(part: str) -> None:
    # A restated request is written by a named-question family, capitals and all.
    for kind in HELD_OUT_KINDS[part]:
        for family in kind.families:
            if family.lower_names:
                assert all("request" not in placeholders(text) for text in family.phrasings)
                assert all(text == text.lower() for text in family.phrasings), family.name


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
@given(
    st.integers(min_value=0, max_value=1_000),
    st.lists(st.sampled_from([*wording.KINDS, None]), max_size=30),
)
def test_a_held_out_wording_decides_as_the_test_wording(
    part: str, seed: int, steps: list[wording.Kind | None]
) -> None:
    held_out, test = held_out_wording(part, seed), wording_for_part(TEST, seed)
    assert wording_for_part(part, seed) == held_out
    for step in steps:
        if step is None:
            assert held_out.chance() == test.chance()
        else:
            drawn = held_out.draw(step)
            test.draw(step)
            kind = _held_out_kind(part, step.name)
            assert drawn.family in {family.name for family in kind.families}


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
# Each example builds every part of the fixture conversations: no per-example deadline.
@settings(deadline=None)
@given(st.integers(min_value=0, max_value=1_000))
def test_a_held_out_part_is_the_test_part_reworded_in_its_own_families(
    part: str, seed: int
) -> None:
    built = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, seed)
    ours_all, test = built.questions[(part, "clapnq")], built.questions[(REWORDS, "clapnq")]
    assert [q.id for q in ours_all] == [q.id for q in test]
    assert {build.CORRECTION, build.LATER_REPAIR, build.FOLLOW_UP, build.VALUE_REVISION} <= {
        q.judgement.tier for q in ours_all
    }
    for ours, theirs in zip(ours_all, test, strict=True):
        assert ours.conversation_id == theirs.conversation_id
        ours_judged, theirs_judged = ours.judgement, theirs.judgement
        assert (ours_judged.tier, ours_judged.gold, ours_judged.stale) == (
            theirs_judged.tier,
            theirs_judged.gold,
            theirs_judged.stale,
        )
        assert (ours_judged.rewrite, ours_judged.source) == (
            theirs_judged.rewrite,
            theirs_judged.source,
        )
        assert len(ours.dialogue.turns) == len(theirs.dialogue.turns)
        assert (ours_judged.family is None) == (theirs_judged.family is None), ours.id
        if ours_judged.family is not None:
            kind = _held_out_kind(part, build.FINAL_KINDS[ours_judged.tier].name)
            assert ours_judged.family in {family.name for family in kind.families}
        for text in ours.dialogue.questions():
            if text not in MTRAG_QUESTIONS:
                assert matches(PATTERNS[part], text), text
                assert not matches(_other_patterns(part), text), text


def test_every_held_out_part_is_deterministic_and_worded_apart_from_the_others() -> None:
    first = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, 13)
    again = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, 13)
    for part in HELD_OUT_PARTS:
        assert first.questions[(part, "clapnq")] == again.questions[(part, "clapnq")]
    finals = {
        part: [q.dialogue.final for q in first.questions[(part, "clapnq")] if q.judgement.family]
        for part in HELD_OUT_PARTS
    }
    for part, other in itertools.combinations(HELD_OUT_PARTS, 2):
        assert finals[part] and not set(finals[part]) & set(finals[other]), (part, other)


@pytest.mark.parametrize("part", HELD_OUT_PARTS)
def test_the_assignment_records_every_held_out_family_with_its_phrasings(part: str) -> None:
    record = assignment()
    assert record["parts"][part] == part
    assert record[part]["rewords"] == TEST
    for kind in HELD_OUT_KINDS[part]:
        assert record[part]["kinds"][kind.name] == {
            family.name: len(family.phrasings) for family in kind.families
        }


@pytest.mark.parametrize(
    ("part", "heading"),
    [
        ("fresh", "## Fresh wording (held-out)"),
        ("fresh2", "## Second fresh wording (held-out)"),
        ("fresh3", "## Third fresh wording (held-out)"),
        ("fresh4", "## Fourth fresh wording (held-out)"),
        ("fresh5", "## Fifth fresh wording (held-out)"),
        ("fresh6", "## Sixth fresh wording (held-out)"),
        ("fresh7", "## Seventh fresh wording (held-out)"),
        ("fresh8", "## Eighth fresh wording (held-out)"),
        ("fresh9", "## Ninth fresh wording (held-out)"),
        ("fresh10", "## Tenth fresh wording (held-out)"),
    ],
)
def test_the_documented_held_out_families_are_the_real_ones(part: str, heading: str) -> None:
    text = DOCS.read_text()
    assert heading in text
    section = text.split(heading, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    for kind in HELD_OUT_KINDS[part]:
        phrasings = sum(len(family.phrasings) for family in kind.families)
        names = ", ".join(sorted(family.name for family in kind.families))
        row = f"| `{kind.name}` | {len(kind.families)} ({phrasings}) | {names} |"
        assert row in section, row


@pytest.mark.shared_data
def test_every_built_held_out_part_pairs_with_the_test_part(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared MTRAG data is not beside this checkout")
    counts = build_mtrag(SHARED, tmp_path, seed=13).unwrap()
    record = json.loads((tmp_path / "families.json").read_text())
    for part in HELD_OUT_PARTS:
        assert counts[part] == counts[TEST]
        assert json.loads((tmp_path / "counts.json").read_text())[part] == counts[part]
        written = 0
        for domain in counts[TEST]:
            ours = read_questions(tmp_path / part / f"{domain}.jsonl").unwrap()
            test = read_questions(tmp_path / TEST / f"{domain}.jsonl").unwrap()
            assert [q.id for q in ours] == [q.id for q in test]
            assert [q.judgement.gold for q in ours] == [q.judgement.gold for q in test]
            assert [q.judgement.stale for q in ours] == [q.judgement.stale for q in test]
            for question in ours:
                family = question.judgement.family
                if family is not None:
                    kind = build.FINAL_KINDS[question.judgement.tier].name
                    assert family in record[part]["kinds"][kind]
                    written += 1
        assert written > 0, part
