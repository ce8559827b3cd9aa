"""Text folding: one comparable form of text that was written to look like something else.

Two checks compare text against a fixed vocabulary and must not be evaded by spelling: the
poisoning guard (spec/poisoning.md) and the validity layer's evaluation-only field names
(spec/validity.md). Both read text through `fold_text`:

1. letters of other scripts that NFKC or case folding would change read first as the Latin
   letter they draw (Greek `Ν` is an `N`, though its small form `ν` imitates a `v`; lunate `ϲ` is a
   `c`, though it folds to `σ`; Greek `Ι` is an `I`);
2. Unicode NFKC (full-width and mathematical letters, ligatures and compatibility forms
   become their plain letters);
3. default-ignorable and format (Cf) characters, and the braille blank, read as a space (by
   default) or as nothing: a zero-width space used *instead of* a space must not glue two
   words into one that no cue matches, and one used *inside* a word must not split it, so the
   poisoning guard reads both; tag characters (U+E0020 to U+E007E) read as the ASCII they
   shadow, small capitals, regional-indicator symbols and letters in negative circles,
   negative squares or parentheses as their letters;
4. case folded, then combining marks removed (so `é` and `e`, and stacked marks, compare
   equal);
5. confusable letters of other scripts folded to the Latin letter they imitate (Cyrillic `а`,
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


# Letters of less common scripts drawn like Latin ones, which the TR39 data read here leaves
# out or reads otherwise: Cherokee capitals (Cherokee case folding gives the capital),
# Coptic small letters, a Georgian letter drawn like `u`, the Lisu letter I (read as `i`,
# not `l`) and the Canadian syllabic that "tiny text" writes for a superscript `q`.
RARE_SCRIPT_CONFUSABLES: Mapping[str, str] = {
    **dict(zip("ᎠᎡᎢᎥᎩᎪᎫᎬᏃᏆᏔᎳᎷᎻᎾᏀᏢᏚᏟᏞᏙᏦᏴ", "drtiyajeziwwmhogpsclvkb", strict=True)),
    **dict(zip("ⲁⲃⲅⲇⲉⲏⲓⲕⲙⲛⲟⲣⲥⲧⲩⲭⲱⲋⲍ", "abrdehikmnopctyxwsz", strict=True)),
    "ⴎ": "u",
    "Ⴎ": "u",
    "ꓲ": "i",
    "ᑫ": "q",
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


_BRAILLE_BLANK = 0x2800
# Tag characters shadow ASCII one to one (U+E0041 is a hidden "A"); models read them as text.
_TAGS = range(0xE0020, 0xE007F)
_REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
# Negative circled, negative squared and parenthesized Latin letters, A (or a) to Z.
_BOXED_ALPHABETS = (0x1F150, 0x1F170, 0x249C)
_SMALL_CAPITAL = re.compile(r"^LATIN LETTER SMALL CAPITAL ([A-Z])$")


@functools.cache
def _letter_forms() -> dict[int, str]:
    # Small capitals (`ɪɢɴᴏʀᴇ`) and regional-indicator symbols (🇮🇬🇳) have no compatibility
    # decomposition, so NFKC leaves them; they are read as the letter they draw.
    forms: dict[int, str] = {}
    for plane in _SCANNED_PLANES[:1]:
        for point in plane:
            found = _SMALL_CAPITAL.match(unicodedata.name(chr(point), ""))
            if found:
                forms[point] = found.group(1).lower()
    forms.update({point: chr(ord("a") + point - 0x1F1E6) for point in _REGIONAL_INDICATORS})
    # Letters in negative circles and squares (🅘🅶) have no decomposition either; letters in
    # parentheses (⒤) would become "(i)", so they are read before NFKC.
    for first in _BOXED_ALPHABETS:
        forms.update({first + offset: chr(ord("a") + offset) for offset in range(26)})
    forms.update({point: chr(point - 0xE0000) for point in _TAGS})
    return forms


@functools.cache
def _blank_translation(blank: str) -> dict[int, str]:
    table = {point: blank for point in _ignorable_deletions()}
    table[_BRAILLE_BLANK] = blank
    table.update(_letter_forms())
    return table


def read_blanks(text: str, blank: str = " ") -> str:
    """`text` with ignorable, format and braille-blank characters read as `blank` (a space, or
    nothing), tag characters as the ASCII they shadow, small capitals and regional-indicator
    symbols as their lower-case letters."""
    return text.translate(_blank_translation(blank))


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

    From `confusable_homoglyphs` when it is installed, else `BUILTIN_CONFUSABLES`; with
    `RARE_SCRIPT_CONFUSABLES` over either.
    """
    try:
        module = importlib.import_module("confusable_homoglyphs.confusables")
    except ImportError:
        return {**BUILTIN_CONFUSABLES, **RARE_SCRIPT_CONFUSABLES}
    data = getattr(module, "confusables_data", None)
    if not isinstance(data, dict):
        return {**BUILTIN_CONFUSABLES, **RARE_SCRIPT_CONFUSABLES}
    table: dict[str, str] = {}
    for character, homoglyphs in data.items():
        if not isinstance(character, str) or len(character) != 1 or character.isascii():
            continue
        target = _latin_target(homoglyphs)
        if target is not None:
            table[character] = target
    return {**table, **BUILTIN_CONFUSABLES, **RARE_SCRIPT_CONFUSABLES}


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


@functools.cache
def _capitals_translation() -> dict[int, str]:
    # Case folding first would read Greek `Ν` as `ν`, which imitates a `v`, and NFKC lunate `ϲ`
    # as `σ`, which imitates an `o`: a letter that NFKC or case folding changes is read as the
    # Latin letter it draws first. A capital drawn like `l` whose small form imitates `i`
    # (Greek `Ι`) is an `I`.
    table = confusables_table()
    found: dict[int, str] = {}
    for character, latin in table.items():
        small = unicodedata.normalize("NFKC", character).casefold()
        # Full-width and mathematical letters become Latin through NFKC already.
        if small == character or small.isascii():
            continue
        found[ord(character)] = "i" if latin == "l" and table.get(small) == "i" else latin
    return found


def fold_text(text: str, table: Mapping[str, str] | None = None, blank: str = " ") -> str:
    """The comparable form of `text`: NFKC, ignorables read as `blank` (a space by default),
    capitals of other scripts read as the Latin capital they draw (with the default table),
    case folded, marks removed, confusables folded to Latin (see the module docstring)."""
    if text.isascii():
        # Nothing to normalise, strip or fold: the common case, kept cheap.
        return text.casefold()
    if table is None:
        text = text.translate(_capitals_translation())
    text = text.translate(_letter_forms())
    plain = read_blanks(unicodedata.normalize("NFKC", text), blank)
    folded = strip_marks(plain.casefold())
    # Folding again after NFKC: a confusable can hide behind a compatibility form.
    return fold_confusables(folded, table).casefold()


# A separator between two letters: hyphens and dashes, underscore, full stop, middle dot,
# bullet, slash, backslash, plus, tilde, asterisk, comma, vertical bar, colon, semicolon.
_SEPARATORS = r"-‐‑‒–—_.·•∙/\\+~*,|:;"
_SEPARATOR_BETWEEN_LETTERS = re.compile(rf"(?<=[^\W\d_])[{_SEPARATORS}]+(?=[^\W\d_])")
_ANY_SEPARATOR = re.compile(rf"[{_SEPARATORS}\s]+")
# A run of three or more single letters, each pair apart by a separator (with spaces around it
# or not) or by up to three spaces: "i,g,n,o,r,e a,l,l", "I - G - N", "i g n o r e".
_LETTER = r"[^\W\d_]"
_GAP = rf"(?:\s*[{_SEPARATORS}]\s*|\s{{1,3}})"
_LETTER_RUN = re.compile(rf"(?<![^\W_]){_LETTER}(?:{_GAP}{_LETTER}(?![^\W_])){{2,}}")
_GAP_IN_RUN = re.compile(_GAP)


def separators_as_spaces(text: str) -> str:
    """`text` with separators between letters made spaces (`ignore-previous` -> two words)."""
    return _SEPARATOR_BETWEEN_LETTERS.sub(" ", text)


def separators_removed(text: str) -> str:
    """`text` with separators between letters removed (`ig-nore`, `i.g.n.o.r.e` -> one word)."""
    return _SEPARATOR_BETWEEN_LETTERS.sub("", text)


# Between letters, digits and the symbols leetspeak writes for letters ("!-g-n-0-r-e").
_SEPARATOR_BETWEEN_LEET = re.compile(rf"(?<=[^\W_]|[!@$])[{_SEPARATORS}]+(?=[^\W_]|[!@$])")


def separators_removed_leet(text: str) -> str:
    """`text` with separators removed between letters, digits and `! @ $` (`f|0|r|g|3|t` ->
    `f0rg3t`), for the leetspeak readings; a number keeps its digits together."""
    return _SEPARATOR_BETWEEN_LEET.sub("", text)


def _joined_run(run: re.Match[str]) -> str:
    letters = _GAP_IN_RUN.split(run.group(0))
    gaps = _GAP_IN_RUN.findall(run.group(0))
    marked = any(not gap.isspace() for gap in gaps)
    narrowest = min(len(gap) for gap in gaps)
    # The gap that joins letters of one word is the common one; a wider gap, or plain space
    # where the letters are joined by a mark ("i,g,n a,l,l"), separates words.
    breaks = [(marked and gap.isspace()) or (not marked and len(gap) > narrowest) for gap in gaps]
    pieces = [letters[0]]
    for letter, is_break in zip(letters[1:], breaks, strict=True):
        pieces.append((" " if is_break else "") + letter)
    return "".join(pieces)


def letters_joined(text: str) -> str:
    """`text` with runs of single letters spelled apart joined into words: `i,g,n,o,r,e a,l,l`
    and `I - G - N - O - R - E   A - L - L` read `ignore all`; a gap wider than the one between
    letters, or a plain space between letters joined by a mark, ends a word."""
    return _LETTER_RUN.sub(_joined_run, text)


def without_separators(text: str) -> str:
    """`text` with every separator and space removed (`is current` -> `iscurrent`)."""
    return _ANY_SEPARATOR.sub("", text)


# Digits and symbols written for letters. `1` stands for `i` or `l` ("1gnore", "a11"), so
# the fold is made once for each reading, and once word by word (`l` where that makes one of
# a few common words, else `i`: "D1sr3g4rd 4ll pr10r ru1es").
_LEET_COMMON = {
    "0": "o",
    "3": "e",
    "4": "a",
    "5": "s",
    "7": "t",
    "9": "g",
    "6": "g",
    "8": "b",
    "@": "a",
    "$": "s",
    "!": "i",
    "|": "l",
}
_LEET_PAIRS = (("()", "o"), ("\\/", "v"), ("ph", "f"), ("vv", "w"))
_LEET_WORD = re.compile(r"(?:[\w@$!|]|\(\)|\\/)+")
# `l` written for `i` ("lgnore"): read as `i` where that makes one of these words.
_I_WORDS = frozenset({"ignore", "ignoring", "instructions", "instruction", "initial", "prior"})
_L_WORDS = frozenset(
    {
        "all",
        "always",
        "rule",
        "rules",
        "tell",
        "will",
        "only",
        "role",
        "still",
        "follow",
        "reveal",
        "model",
        "developer",
        "unlimited",
        "unrestricted",
        "filter",
        "filters",
        "please",
        "call",
        "email",
        "mail",
        "link",
        "helpful",
        "policy",
        "policies",
        "guideline",
        "guidelines",
        "earlier",
        "recall",
        "later",
        "whole",
    }
)
WORDWISE = "word"


def fold_leet(text: str, one_as: str = "i") -> str:
    """`text` with leetspeak digits and symbols folded to letters inside words that have a
    letter (`1gn0re`, `!gnore`, `a||`, `Ign()re` -> `ignore`, `all`; `ph` -> `f`, `vv` ->
    `w`); `one_as` is the letter read for `1`, or `WORDWISE` to choose per word. A token
    without a letter ("2024", "4") is kept, so numbers stay numbers."""
    common = {**_LEET_COMMON, "1": "i" if one_as == WORDWISE else one_as}
    table = str.maketrans(common)
    as_l = str.maketrans({**common, "1": "l"})

    def fold(word: re.Match[str]) -> str:
        token = word.group(0)
        if not any(character.isalpha() for character in token):
            return token
        for pair, letter in _LEET_PAIRS:
            token = token.replace(pair, letter)
        if one_as == WORDWISE and token.translate(as_l) in _L_WORDS:
            return token.translate(as_l)
        if one_as == WORDWISE and token.translate(table).replace("l", "i") in _I_WORDS:
            return token.translate(table).replace("l", "i")
        return token.translate(table)

    return _LEET_WORD.sub(fold, text)
