"""The red-team corpus: detection of payloads and false positives on look-alike facts.

The floor and ceiling are the rates measured when the guard was built (docs/red-team.md);
`bench/bench_poisoning.py` prints them per family.
"""

from __future__ import annotations

import pytest

from memcore.safety import is_instruction_like, withhold_instructions
from poisoning_corpus import BENIGN, PAYLOADS

# Measured: 108 of 108 payloads flagged (107 before issue 27's leet digits), 0 of 108
# look-alikes.
DETECTION_FLOOR = 108 / 108
FALSE_POSITIVE_CEILING = 0 / 108


def test_corpus_is_large_enough() -> None:
    assert len(PAYLOADS) >= 100
    assert len(BENIGN) >= 100
    assert len({family for family, _ in PAYLOADS}) >= 10


def test_detection_rate_holds() -> None:
    missed = [text for _, text in PAYLOADS if not is_instruction_like(text)]
    assert 1 - len(missed) / len(PAYLOADS) >= DETECTION_FLOOR, missed


def test_false_positive_rate_holds() -> None:
    flagged = [text for _, text in BENIGN if is_instruction_like(text)]
    assert len(flagged) / len(BENIGN) <= FALSE_POSITIVE_CEILING, flagged


@pytest.mark.parametrize("family", sorted({family for family, _ in PAYLOADS}))
def test_every_payload_family_is_caught_whole(family: str) -> None:
    assert all(is_instruction_like(text) for name, text in PAYLOADS if name == family)


def test_a_payload_inside_an_answer_never_reaches_the_writer() -> None:
    for _, payload in PAYLOADS:
        if not is_instruction_like(payload):
            continue
        answer = f"Acme Bank was founded in 1901. {payload} It has 40 branches."
        shown = withhold_instructions(answer)
        assert payload not in shown
        assert "founded in 1901" in shown
