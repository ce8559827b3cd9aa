"""Held-out wording: new families and phrasings, and a `fresh` part that re-words `test`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval import build, wording
from memcore.eval.families import (
    FRESH,
    REWORDS,
    assignment,
    filled_names,
    fresh_wording,
    placeholders,
    wording_for_part,
)
from memcore.eval.questions import read_questions
from memcore.eval.split import TEST
from memcore.eval.wording_fresh import FRESH_KINDS
from memcore.eval.write_sets import build_mtrag
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
DOCS = Path(__file__).resolve().parents[1] / "docs" / "evaluation.md"
OLD_PATTERNS = phrasing_patterns(wording.KINDS)
FRESH_PATTERNS = phrasing_patterns(FRESH_KINDS)


def _plain(text: str) -> str:
    """A phrasing without case, punctuation or spacing differences."""
    return " ".join(re.sub(r"[^\w{} ]", " ", text.casefold()).split())


def _fresh_kind(name: str) -> wording.Kind:
    return next(kind for kind in FRESH_KINDS if kind.name == name)


def test_every_fresh_kind_is_its_namesake_with_the_same_placeholders() -> None:
    assert [kind.name for kind in FRESH_KINDS] == [kind.name for kind in wording.KINDS]
    for fresh, old in zip(FRESH_KINDS, wording.KINDS, strict=True):
        assert (fresh.required, fresh.optional) == (old.required, old.optional), fresh.name


def test_every_fresh_kind_has_at_least_40_phrasings_in_at_least_8_families() -> None:
    for kind in FRESH_KINDS:
        names = [family.name for family in kind.families]
        phrasings = [_plain(text) for family in kind.families for text in family.phrasings]
        assert len(names) >= 8 and len(set(names)) == len(names), kind.name
        assert len(phrasings) >= 40 and len(set(phrasings)) == len(phrasings), kind.name


def test_fresh_family_names_are_new() -> None:
    old = {family.name for kind in wording.KINDS for family in kind.families}
    fresh = {family.name for kind in FRESH_KINDS for family in kind.families}
    assert not old & fresh, old & fresh


def test_no_fresh_phrasing_repeats_one_of_the_builders_wording() -> None:
    old = {_plain(text) for kind in wording.KINDS for f in kind.families for text in f.phrasings}
    for kind in FRESH_KINDS:
        for family in kind.families:
            for text in family.phrasings:
                assert _plain(text) not in old, (kind.name, family.name, text)


def test_no_filled_fresh_phrasing_reads_as_an_old_one_or_the_other_way() -> None:
    for kinds, other in ((FRESH_KINDS, OLD_PATTERNS), (wording.KINDS, FRESH_PATTERNS)):
        for kind in kinds:
            for family in kind.families:
                for text in family.phrasings:
                    filled = text.format(**SAMPLE)
                    assert not matches(other, filled), (kind.name, family.name, text)
                    assert not matches(other, filled.lower()), (kind.name, family.name, text)


def test_every_fresh_phrasing_uses_its_kinds_placeholders_and_fills_completely() -> None:
    for kind in FRESH_KINDS:
        for family in kind.families:
            for text in family.phrasings:
                assert set(kind.required) <= filled_names(text), text
                assert placeholders(text) <= set(kind.required) | set(kind.optional), text
                filled = text.format(**SAMPLE)
                assert "{" not in filled and "}" not in filled, text
                assert filled.strip() == filled and filled, text


def test_a_lower_case_family_restates_no_request() -> None:
    # A restated request is written by a named-question family, capitals and all.
    for kind in FRESH_KINDS:
        for family in kind.families:
            if family.lower_names:
                assert all("request" not in placeholders(text) for text in family.phrasings)
                assert all(text == text.lower() for text in family.phrasings), family.name


@given(
    st.integers(min_value=0, max_value=1_000),
    st.lists(st.sampled_from([*wording.KINDS, None]), max_size=30),
)
def test_the_fresh_wording_decides_as_the_test_wording(
    seed: int, steps: list[wording.Kind | None]
) -> None:
    fresh, test = fresh_wording(seed), wording_for_part(TEST, seed)
    for step in steps:
        if step is None:
            assert fresh.chance() == test.chance()
        else:
            drawn = fresh.draw(step)
            test.draw(step)
            assert drawn.family in {family.name for family in _fresh_kind(step.name).families}


@given(st.integers(min_value=0, max_value=1_000))
def test_the_fresh_part_is_the_test_part_reworded_in_fresh_families(seed: int) -> None:
    built = build.build_all(CONVERSATIONS, {}, POOL, SPLIT, seed)
    fresh, test = built.questions[(FRESH, "clapnq")], built.questions[(REWORDS, "clapnq")]
    assert [q.id for q in fresh] == [q.id for q in test]
    assert {build.CORRECTION, build.SELF_REPAIR, build.FOLLOW_UP, build.VALUE_REVISION} <= {
        q.judgement.tier for q in fresh
    }
    for ours, theirs in zip(fresh, test, strict=True):
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
            kind = _fresh_kind(build.FINAL_KINDS[ours_judged.tier].name)
            assert ours_judged.family in {family.name for family in kind.families}
        for text in ours.dialogue.questions():
            if text not in MTRAG_QUESTIONS:
                assert matches(FRESH_PATTERNS, text), text
                assert not matches(OLD_PATTERNS, text), text


def test_the_assignment_records_every_fresh_family_with_its_phrasings() -> None:
    record = assignment()
    assert record["parts"][FRESH] == FRESH
    assert record[FRESH]["rewords"] == TEST
    for kind in FRESH_KINDS:
        assert record[FRESH]["kinds"][kind.name] == {
            family.name: len(family.phrasings) for family in kind.families
        }


def test_the_documented_fresh_families_are_the_real_ones() -> None:
    text = DOCS.read_text()
    assert "### Fresh wording (held-out)" in text
    for kind in FRESH_KINDS:
        phrasings = sum(len(family.phrasings) for family in kind.families)
        names = ", ".join(sorted(family.name for family in kind.families))
        row = f"| `{kind.name}` | {len(kind.families)} ({phrasings}) | {names} |"
        assert row in text, row


@pytest.mark.shared_data
def test_the_built_fresh_part_pairs_with_the_test_part(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared MTRAG data is not beside this checkout")
    counts = build_mtrag(SHARED, tmp_path, seed=13).unwrap()
    assert counts[FRESH] == counts[TEST]
    record = json.loads((tmp_path / "families.json").read_text())
    assert json.loads((tmp_path / "counts.json").read_text())[FRESH] == counts[FRESH]
    written = 0
    for domain in counts[TEST]:
        fresh = read_questions(tmp_path / FRESH / f"{domain}.jsonl").unwrap()
        test = read_questions(tmp_path / TEST / f"{domain}.jsonl").unwrap()
        assert [q.id for q in fresh] == [q.id for q in test]
        assert [q.judgement.gold for q in fresh] == [q.judgement.gold for q in test]
        for question in fresh:
            family = question.judgement.family
            if family is not None:
                kind = build.FINAL_KINDS[question.judgement.tier].name
                assert family in record[FRESH]["kinds"][kind]
                written += 1
    assert written > 0
