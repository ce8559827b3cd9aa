"""The behavioural suite by capability, on its tuning families, for `rules` and `learned`.

Pass rates are measured and reported by bench/behaviour.py, not asserted: the first test
only checks that each capability's suite runs and yields a rate. The hypothesis tests check
the capabilities that a writer passes in full on the tuning families (measured with the bench
before these tests were written), so a regression there fails. Run them derandomised with
HYPOTHESIS_PROFILE=ci.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from behaviour_harness import (
    case_strategy,
    default_writer,
    describe,
    generate_cases,
    run_case,
    tally,
)
from behaviour_templates import (
    TUNING,
    Capability,
    CheckType,
    Family,
    RealQuestion,
    load_capabilities,
    load_real_questions,
    load_slots,
)
from hypothesis import given
from hypothesis import strategies as st

CAPABILITIES = load_capabilities()
# The writers the pytest part runs; learned-minilm (dense extra) is measured by the bench.
SUITE_WRITERS = ("rules", "learned")
CASES_PER_RUN = 10
SEED = 1

# (writer, capability) pairs at 100% on the tuning families in bench/behaviour.py: 40 cases
# at seed 26 and 300 at seed 99. Rules on topic_shift was 40/40 at seed 26 but 291/300 at
# seed 99 (hypothesis found the same misses), so it is measured, not asserted.
FULL_PASS = (
    ("learned", "intent_phrase"),
    ("learned", "rejection_intent"),
)


def _tuning_mft_families(capability: str) -> list[Family]:
    chosen = {c.name: c for c in CAPABILITIES}[capability]
    return [f for f in chosen.families_in(TUNING) if f.test is CheckType.MFT and f.source is None]


@pytest.mark.parametrize("writer_name", SUITE_WRITERS)
@pytest.mark.parametrize("capability", CAPABILITIES, ids=lambda c: c.name)
def test_each_capability_runs_and_gives_a_pass_rate(
    capability: Capability, writer_name: str
) -> None:
    real_questions = load_real_questions()
    questions: Sequence[RealQuestion] = real_questions[TUNING] if real_questions else ()
    cases = generate_cases(capability, TUNING, CASES_PER_RUN, SEED, load_slots(), questions)
    assert len(cases) == CASES_PER_RUN
    assert all(case.split == TUNING for case in cases)
    results = [run_case(case, default_writer(writer_name)) for case in cases]
    counted = tally(results)
    assert counted.total == CASES_PER_RUN
    assert counted.rate is not None and 0.0 <= counted.rate <= 1.0
    # Every failure says why, so the bench's examples can be read.
    assert all(result.passed or result.reasons for result in results)


@pytest.mark.parametrize(
    ("writer_name", "family"),
    [
        (writer, family)
        for writer, capability in FULL_PASS
        for family in _tuning_mft_families(capability)
    ],
    ids=lambda value: value if isinstance(value, str) else f"{value.capability}/{value.name}",
)
@given(data=st.data())
def test_writer_keeps_a_capability_it_passes_on_tuning_families(
    writer_name: str,
    family: Family,
    data: st.DataObject,
) -> None:
    case = data.draw(case_strategy(family, load_slots()))
    result = run_case(case, default_writer(writer_name))
    assert result.passed, describe(result)
