"""Whether a retrained model reproduces a shipped one (memcore.eval.training.model_agreement)."""

from __future__ import annotations

import attrs
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.training.fit import CHECK_ROWS, check_indices, fit
from memcore.eval.training.model_agreement import (
    BLAS_PATH,
    ENCODER_PATH,
    against_shipped,
    check_rows,
    compare,
    training_environment,
)
from memcore.writers.learned.bundle import INTENDED, REJECTED, STEPS, TERMS, shipped_bundle
from memcore.writers.learned.model import LogisticModel

FEATURES = ("bias", "signal", "noise")


def _model(size: int = 80) -> LogisticModel:
    rows = [(1.0, float(i % 2) + 0.01 * (i % 7), float(i % 3)) for i in range(size)]
    labels = [(i % 2 == 1) != (i % 11 == 0) for i in range(size)]
    return fit(FEATURES, rows, labels)


def _scaled(model: LogisticModel, relative: float) -> LogisticModel:
    return attrs.evolve(model, weights=model.weights * (1.0 + relative))


def test_a_model_reproduces_itself_under_either_tolerance() -> None:
    model = _model()
    for tolerance in (BLAS_PATH, ENCODER_PATH):
        agreement = compare("toy", model, model, tolerance)
        assert agreement.problems(tolerance) == ()
        assert agreement.rows == CHECK_ROWS and agreement.weight_gap == 0.0


@given(st.floats(min_value=-1e-10, max_value=1e-10))
def test_a_gap_in_the_last_digits_still_reproduces(relative: float) -> None:
    model = _model()
    assert compare("toy", _scaled(model, relative), model, BLAS_PATH).problems(BLAS_PATH) == ()


@given(st.floats(min_value=1e-4, max_value=1e-2))
def test_a_gap_the_blas_path_cannot_make_is_reported(relative: float) -> None:
    model = _model()
    problems = compare("toy", _scaled(model, relative), model, BLAS_PATH).problems(BLAS_PATH)
    assert any("weights differ" in line for line in problems)


def test_decisions_that_flip_clear_of_the_threshold_are_counted() -> None:
    model = _model()
    scores = model.probabilities(check_rows(model))
    assert scores.min() < 0.3 and scores.max() > 0.7  # the check rows span the threshold
    strict = attrs.evolve(model, threshold=0.95)
    agreement = compare("toy", strict, model, ENCODER_PATH)
    expected = int(np.sum((scores >= 0.5 + ENCODER_PATH.margin) & (scores < 0.95)))
    assert agreement.flipped == expected > 0
    problems = agreement.problems(ENCODER_PATH)
    assert any("thresholds differ" in line for line in problems)
    assert any(f"{expected} of {CHECK_ROWS} check rows" in line for line in problems)


def test_a_shipped_model_without_check_rows_cannot_be_judged() -> None:
    model = _model()
    bare = attrs.evolve(model, meta={})
    assert check_rows(bare) == []
    assert any(
        "no check rows" in line
        for line in compare("toy", model, bare, BLAS_PATH).problems(BLAS_PATH)
    )


@given(st.lists(st.floats(min_value=0.0, max_value=1.0), max_size=200))
def test_check_rows_sit_at_spread_ranks_and_cover_both_ends(scores: list[float]) -> None:
    chosen = check_indices(np.array(scores))
    assert chosen == sorted(set(chosen))
    assert len(chosen) == min(len(scores), CHECK_ROWS) or len(scores) > CHECK_ROWS
    assert len(chosen) <= CHECK_ROWS
    if scores:
        picked = [scores[i] for i in chosen]
        assert min(picked) == min(scores) and max(picked) == max(scores)


def test_the_shipped_models_reproduce_themselves() -> None:
    judged = against_shipped(shipped_bundle().unwrap()).unwrap()
    assert [one.agreement.name for one in judged] == [TERMS, INTENDED, REJECTED, STEPS]
    assert all(one.problems() == () for one in judged)


def test_the_environment_names_the_float_path() -> None:
    found = training_environment(("numpy", "no-such-package-memcore"))
    assert found["numpy"] == np.__version__
    assert {"python", "blas", "machine"} <= set(found)
    assert "no-such-package-memcore" not in found
