"""Text folding: one comparable form of text that was written to look like something else.

Two checks compare text against a fixed vocabulary and must not be evaded by spelling: the
poisoning guard (spec/poisoning.md) and the validity layer's evaluation-only field names
(spec/validity.md). Both read text through `fold_text`:

1. Unicode NFKC (full-width and mathematical letters, ligatures and compatibility forms
   become their plain letters);
2. default-ignorable and format (Cf) characters removed (zero-width spaces and joiners,
   soft hyphens, bidirectional controls, variation selectors, tag characters);
3. case folded, then combining marks removed (so `é` and `e`, and stacked marks, compare
   equal);
4. confusable letters of other scripts folded to the Latin letter they imitate (Cyrillic `а`,
   Greek `ο`, Cherokee, Lisu, ...).

The confusables table is the Unicode TR39 table shipped by the `confusable_homoglyphs`
package (the `safety` extra) when it is installed; without it a built-in minimal table of
the Cyrillic and Greek look-alikes of Latin letters is used. The package is imported on the
first fold, never by `import memcore`.
"""

from __future__ import annotations

import functools
import importlib
import re
import unicodedata
from collections.abc import Mapping

# Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt) as ranges; the
# format characters (category Cf) are removed as well, whatever their range.
_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)

# The built-in fold when `confusable_homoglyphs` is absent: lower-case Cyrillic and Greek
# letters that are drawn like a Latin letter (upper-case ones are case folded first).
BUILTIN_CONFUSABLES: Mapping[str, str] = {
    "а": "a",
    "в": "b",
    "с": "c",
    "ԁ": "d",
    "е": "e",
    "ё": "e",
    "һ": "h",
    "і": "i",
    "ї": "i",
    "ј": "j",
    "к": "k",
    "ӏ": "l",
    "м": "m",
    "н": "h",
    "о": "o",
    "р": "p",
    "ԛ": "q",
    "г": "r",
    "ѕ": "s",
    "т": "t",
    "ц": "u",
    "ѵ": "v",
    "ԝ": "w",
    "х": "x",
    "у": "y",
    "α": "a",
    "β": "b",
    "ε": "e",
    "η": "n",
    "ι": "i",
    "κ": "k",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "τ": "t",
    "υ": "u",
    "χ": "x",
    "γ": "y",
    "ɑ": "a",
    "ɡ": "g",
    "ı": "i",
    "ɩ": "i",
    "ȷ": "j",
    "ʟ": "l",
}


def is_ignorable(character: str) -> bool:
    """Whether `character` is default-ignorable or a format character (drawn as nothing)."""
    point = ord(character)
    if unicodedata.category(character) == "Cf":
        return True
    return any(low <= point <= high for low, high in _DEFAULT_IGNORABLE)


# Format characters and combining marks lie in planes 0, 1 and 14; scanning those once gives
# translation tables, so a fold is a few C-level passes instead of a Python loop per character.
_SCANNED_PLANES = (range(0x0, 0x20000), range(0xE0000, 0xE1000))


@functools.cache
def _ignorable_deletions() -> dict[int, None]:
    deletions: dict[int, None] = {
        point: None for low, high in _DEFAULT_IGNORABLE for point in range(low, high + 1)
    }
    for plane in _SCANNED_PLANES:
        for point in plane:
            if unicodedata.category(chr(point)) == "Cf":
                deletions[point] = None
    return deletions


@functools.cache
def _mark_deletions() -> dict[int, None]:
    return {
        point: None
        for plane in _SCANNED_PLANES
        for point in plane
        if unicodedata.combining(chr(point))
    }


def strip_ignorable(text: str) -> str:
    """`text` without its default-ignorable and format characters."""
    return text.translate(_ignorable_deletions())


def _latin_target(homoglyphs: object) -> str | None:
    # One entry of the TR39 data: a list of {"c": glyph, "n": name}; the first single ASCII
    # letter among the glyphs is the Latin letter imitated.
    if not isinstance(homoglyphs, list):
        return None
    for homoglyph in homoglyphs:
        glyph = homoglyph.get("c") if isinstance(homoglyph, dict) else None
        if isinstance(glyph, str) and len(glyph) == 1 and glyph.isascii() and glyph.isalpha():
            return glyph.lower()
    return None


@functools.cache
def confusables_table() -> Mapping[str, str]:
    """Non-ASCII letter -> the lower-case Latin letter it imitates.

    From `confusable_homoglyphs` when it is installed, else `BUILTIN_CONFUSABLES`.
    """
    try:
        module = importlib.import_module("confusable_homoglyphs.confusables")
    except ImportError:
        return BUILTIN_CONFUSABLES
    data = getattr(module, "confusables_data", None)
    if not isinstance(data, dict):
        return BUILTIN_CONFUSABLES
    table: dict[str, str] = {}
    for character, homoglyphs in data.items():
        if not isinstance(character, str) or len(character) != 1 or character.isascii():
            continue
        target = _latin_target(homoglyphs)
        if target is not None:
            table[character] = target
    return {**table, **BUILTIN_CONFUSABLES}


@functools.cache
def _default_translation() -> dict[int, str]:
    return {ord(character): latin for character, latin in confusables_table().items()}


def fold_confusables(text: str, table: Mapping[str, str] | None = None) -> str:
    """`text` with every letter of `table` (default: `confusables_table()`) replaced."""
    if table is None:
        return text.translate(_default_translation())
    return text.translate({ord(character): latin for character, latin in table.items()})


def strip_marks(text: str) -> str:
    """`text` without combining marks, after canonical decomposition (`é` -> `e`)."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", decomposed.translate(_mark_deletions()))


def fold_text(text: str, table: Mapping[str, str] | None = None) -> str:
    """The comparable form of `text`: NFKC, ignorables removed, case folded, marks removed,
    confusables folded to Latin (see the module docstring)."""
    if text.isascii():
        # Nothing to normalise, strip or fold: the common case, kept cheap.
        return text.casefold()
    plain = strip_ignorable(unicodedata.normalize("NFKC", text))
    folded = strip_marks(plain.casefold())
    # Folding again after NFKC: a confusable can hide behind a compatibility form.
    return fold_confusables(folded, table).casefold()


# A separator between two letters: hyphens and dashes, underscore, full stop, middle dot,
# slash, plus, tilde, asterisk.
_SEPARATOR_BETWEEN_LETTERS = re.compile(r"(?<=[^\W\d_])[-‐‑‒–—_.·/+~*]+(?=[^\W\d_])")
_ANY_SEPARATOR = re.compile(r"[-‐‑‒–—_.·/+~*\s]+")


def separators_as_spaces(text: str) -> str:
    """`text` with separators between letters made spaces (`ignore-previous` -> two words)."""
    return _SEPARATOR_BETWEEN_LETTERS.sub(" ", text)


def separators_removed(text: str) -> str:
    """`text` with separators between letters removed (`ig-nore`, `i.g.n.o.r.e` -> one word)."""
    return _SEPARATOR_BETWEEN_LETTERS.sub("", text)


def without_separators(text: str) -> str:
    """`text` with every separator and space removed (`is current` -> `iscurrent`)."""
    return _ANY_SEPARATOR.sub("", text)


# Digits and symbols written for letters. `1` stands for `i` or `l` ("1gnore", "a11"), so
# the fold is made once for each reading.
_LEET_COMMON = {"0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
_LEET_WORD = re.compile(r"[\w@$]+")


def fold_leet(text: str, one_as: str = "i") -> str:
    """`text` with leetspeak digits and symbols folded to letters inside words that have a
    letter (`1gn0re` -> `ignore`); `one_as` is the letter read for `1`. A token without a
    letter ("2024", "4") is kept, so numbers stay numbers."""
    table = str.maketrans({**_LEET_COMMON, "1": one_as})

    def fold(word: re.Match[str]) -> str:
        token = word.group(0)
        if not any(character.isalpha() for character in token):
            return token
        return token.translate(table)

    return _LEET_WORD.sub(fold, text)
