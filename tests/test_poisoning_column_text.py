"""Text down columns (spec/poisoning.md#poisoning.obfuscations): a panel of one-letter cells
is read down its columns, and a text without a panel has no such reading."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.safety.column_text import column_reading

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=7)


def _panel(words: list[str]) -> str:
    depth = max(len(word) for word in words)
    rows = []
    for at in range(depth):
        cells = " ".join(word[at] if at < len(word) else " " for word in words)
        rows.append(f"|{cells}|")
    return "\n".join(rows)


@given(st.lists(WORD, min_size=2, max_size=8).filter(lambda w: max(map(len, w)) >= 3))
def test_a_panel_reads_as_its_column_words(words: list[str]) -> None:
    text = f"proof below:\n{_panel(words)}\ncheers"
    assert column_reading(text) == f"proof below:\n{' '.join(words)}.\ncheers"


@given(st.lists(WORD, min_size=1, max_size=12))
def test_prose_has_no_column_reading(words: list[str]) -> None:
    assert column_reading(" ".join(words) + ".") is None
