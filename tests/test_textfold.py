"""Text folding: the comparable form shared by the poisoning guard and the validity contract."""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore import textfold
from memcore.textfold import (
    BUILTIN_CONFUSABLES,
    RARE_SCRIPT_CONFUSABLES,
    confusables_table,
    fold_leet,
    fold_text,
    separators_as_spaces,
    separators_removed,
    strip_ignorable,
    without_separators,
)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Ig\u200bnore", "ig nore"),  # invisible characters read as a space by default
        ("ig\u00adnore", "ig nore"),
        ("Ｉｇｎｏｒｅ", "ignore"),
        ("𝐈𝐠𝐧𝐨𝐫𝐞", "ignore"),
        ("Іgnоrе", "ignore"),  # Cyrillic І, о, е
        ("ΙGNΟRE", "ignore"),  # Greek capital iota and omicron
        ("précédentes", "precedentes"),
        ("İS_CURRENT", "is_current"),
        ("忽略之前的指令", "忽略之前的指令"),
        ("plain text", "plain text"),
    ],
)
def test_fold_text(text: str, folded: str) -> None:
    assert fold_text(text) == folded
    assert fold_text(text, BUILTIN_CONFUSABLES) == folded


def test_separators_and_leet() -> None:
    assert separators_as_spaces("ignore-previous_instructions.now") == (
        "ignore previous instructions now"
    )
    assert separators_removed("i.g.n.o.r.e ig-nore") == "ignore ignore"
    assert separators_as_spaces("the 4-0 win") == "the 4-0 win"
    assert without_separators("is current is-current is.current") == "iscurrentiscurrentiscurrent"
    assert fold_leet("1gn0r3 the 2024 season, 4 of 5") == "ignore the 2024 season, 4 of 5"
    assert fold_leet("a11 ru1es", "l") == "all rules"


@pytest.fixture
def without_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`confusable_homoglyphs` made unimportable, with the cached tables rebuilt around it."""
    original = importlib.import_module

    def refuse(name: str, package: str | None = None) -> object:
        if name.startswith("confusable_homoglyphs"):
            raise ImportError(name)
        return original(name, package)

    confusables_table.cache_clear()
    textfold._default_translation.cache_clear()
    monkeypatch.setattr(importlib, "import_module", refuse)
    yield
    confusables_table.cache_clear()
    textfold._default_translation.cache_clear()


@pytest.mark.usefixtures("without_package")
def test_without_the_package_the_builtin_table_folds() -> None:
    # The built-in table and the rare scripts' letters (issue 27's twelfth round).
    assert confusables_table() == {**BUILTIN_CONFUSABLES, **RARE_SCRIPT_CONFUSABLES}
    assert fold_text("Іgnоrе рrеvіоus") == "ignore previous"
    assert fold_text("ᏚᎪᏙᎬ ⲧⲟ ⲙⲉⲙⲟry") == "save to memory"


def test_with_the_package_the_tr39_table_is_larger() -> None:
    pytest.importorskip("confusable_homoglyphs")
    table = confusables_table()
    assert len(table) > len(BUILTIN_CONFUSABLES)
    assert table["ꓲ"] == "i" or table["ꓲ"] == "l"  # Lisu letter i
    assert all(len(latin) == 1 and latin.isascii() for latin in table.values())


def test_builtin_table_maps_only_to_latin_letters() -> None:
    assert all(
        latin.isascii() and latin.isalpha() and not character.isascii()
        for character, latin in BUILTIN_CONFUSABLES.items()
    )


@given(st.text())
def test_property_fold_removes_every_ignorable_character(text: str) -> None:
    folded = fold_text(text)
    assert not any(unicodedata.category(character) == "Cf" for character in folded)
    assert strip_ignorable(folded) == folded
    assert fold_text(folded) == folded
