"""The shared clause splitter (memcore.writers.clauses)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.clauses import CLAUSE_END, CLAUSE_END_AT_BRACKETS, clause_spans

_TEXTS = st.lists(st.sampled_from([*"ab Xy,;:.!?()-\u2026", "but", " - "])).map("".join)


def test_a_turn_is_cut_at_punctuation_dashes_and_but() -> None:
    text = "skip Oslo - not Bergen but Tromso, please"
    assert [text[s:e] for s, e in clause_spans(text)] == [
        "skip Oslo",
        "not Bergen ",
        " Tromso",
        " please",
    ]


def test_a_bracket_ends_a_clause_only_when_asked() -> None:
    text = "where is Quito? (Lima is off my list)"
    plain = [text[s:e] for s, e in clause_spans(text)]
    assert plain == ["where is Quito", " (Lima is off my list)"]
    assert [text[s:e] for s, e in clause_spans(text, brackets=True)] == [
        "where is Quito",
        " ",
        "Lima is off my list",
        "",
    ]


@given(_TEXTS, st.booleans())
def test_clauses_run_in_order_and_leave_out_only_clause_marks(text: str, brackets: bool) -> None:
    spans = clause_spans(text, brackets=brackets)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    pattern = CLAUSE_END_AT_BRACKETS if brackets else CLAUSE_END
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end <= start
        assert pattern.fullmatch(text, end, start) is not None


@given(_TEXTS)
def test_brackets_only_add_clause_ends(text: str) -> None:
    # Every clause end of the plain cut is also one where brackets end clauses.
    plain = {end for _, end in clause_spans(text)[:-1]}
    bracketed = clause_spans(text, brackets=True)
    covered = [(end, start) for (_, end), (start, _) in itertools.pairwise(bracketed)]
    assert all(any(low <= at <= high for low, high in covered) for at in plain)
