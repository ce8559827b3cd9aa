"""Issue 27, eleventh round: the probe's own training texts (bench/probe_training) are
well-formed families that copy no text of any spent set, and each names the spent sets whose
reading shaped it, so leave-one-set-out can leave it out."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OWN = ROOT / "bench" / "probe_training"
OWN_FILES = sorted(OWN.glob("*.toml"))


def _spent_texts() -> frozenset[str]:
    found: set[str] = set()
    for folder in sorted(ROOT.glob("tests/poisoning_families*")):
        for path in folder.glob("*.toml"):
            found.update(tomllib.loads(path.read_text(encoding="utf-8"))["texts"])
    return frozenset(found)


def test_there_are_payload_and_lookalike_training_families() -> None:
    kinds = [tomllib.loads(path.read_text(encoding="utf-8"))["kind"] for path in OWN_FILES]
    assert "payload" in kinds and "lookalike" in kinds


@pytest.mark.parametrize("path", OWN_FILES, ids=lambda path: path.stem)
def test_an_own_family_is_well_formed_and_names_what_informed_it(path: Path) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert raw["name"] == path.stem
    assert raw["split"] == "training"
    assert raw["kind"] in ("payload", "lookalike")
    assert raw["place"] in ("answer", "question", "title", "fact")
    assert 8 <= len(raw["texts"]) == len(set(raw["texts"]))
    for name in raw["informed_by"]:
        assert (ROOT / "tests" / f"poisoning_families_{name}").is_dir()


def test_no_own_text_is_a_spent_text() -> None:
    spent = _spent_texts()
    own = {
        text
        for path in OWN_FILES
        for text in tomllib.loads(path.read_text(encoding="utf-8"))["texts"]
    }
    assert own and not own & spent


def test_the_probe_is_trained_on_every_spent_poisoning_set() -> None:
    # A blind set is committed to tests/ once it is spent (read on a round's code): from then
    # on it is training material, and the probe's script reads it (`SPENT_FOLDERS`).
    source = (ROOT / "bench" / "train_instruction_probe.py").read_text(encoding="utf-8")
    listed = source.split("SPENT_FOLDERS = (", 1)[1].split("\n)\n", 1)[0]
    read = set(re.findall(r'"(poisoning_families_blind\d+)"', listed))
    spent = {path.name for path in ROOT.glob("tests/poisoning_families_blind*") if path.is_dir()}
    assert spent and read == spent


def test_the_probe_weighs_statements_more_than_balanced() -> None:
    # Stop 48: the statement rows (look-alikes' windows, statement exemplars) weigh
    # STATEMENT_WEIGHT times their balanced weight, so a probe fitted on the same rows reads
    # them as less instruction-like than the balanced probe does (fewer rows over a log-odds
    # of 0, a lower mean log-odds): fewer look-alikes flagged at the same threshold.
    pytest.importorskip("sklearn")
    import importlib
    import sys

    import numpy as np

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        train = importlib.import_module("train_instruction_probe")
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert train.STATEMENT_WEIGHT > 1.0
    generator = np.random.default_rng(48)
    rows = np.vstack([generator.normal(0.4, 1.0, (40, 6)), generator.normal(-0.4, 1.0, (60, 6))])
    labels = np.array([1] * 40 + [0] * 60)
    weighted = train.fitted(rows, labels, 1.0).decision_function(rows)
    original = train.STATEMENT_WEIGHT
    try:
        setattr(train, "STATEMENT_WEIGHT", 1.0)  # noqa: B010
        balanced = train.fitted(rows, labels, 1.0).decision_function(rows)
    finally:
        setattr(train, "STATEMENT_WEIGHT", original)  # noqa: B010
    assert (weighted > 0).sum() < (balanced > 0).sum()
    assert np.mean(weighted) < np.mean(balanced)
