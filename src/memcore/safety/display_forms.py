"""Readings of a text as a screen shows it or a program decodes it.

See spec/poisoning.md#poisoning.display.

Three forms hide words from a reader of the stored characters but not from the reader the
text is meant for: text stored backwards inside a right-to-left override (or isolate) shows
forwards on screen; escape sequences left in code or JSON (`\\u0069`, `\\x69`, `\\151`, CSS
`\\69 `, `U+0069`) decode to the letters they name; invisible characters inside a word
(`ev\\u00adery`, `Ex\\u200dport`) are drawn as nothing, so the word reads whole. Each reading is
made only where its sign is present: ordinary text gets none.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata

from memcore.textfold import is_ignorable

# A right-to-left override or embedding runs to the pop (or the line's end); a right-to-left
# isolate runs to its pop. The characters inside are stored in the reverse of reading order.
_RIGHT_TO_LEFT = re.compile(r"[\u202e\u202b]([^\u202c\n]*)\u202c?|\u2067([^\u2069\n]*)\u2069?")


def bidi_reading(text: str) -> str | None:
    """`text` with each span inside a right-to-left override, embedding or isolate put back in
    reading order (reversed), the controls dropped; None where it holds no such control."""
    if not _RIGHT_TO_LEFT.search(text):
        return None
    return _RIGHT_TO_LEFT.sub(
        lambda span: (span.group(1) if span.group(1) is not None else span.group(2))[::-1], text
    )


# Code-style escapes: `\uXXXX` (or `\u{X..}`), `\UXXXXXXXX`, `\xXX`, three octal digits, and a
# code point written `U+XXXX`; CSS escapes: one to six hexadecimal digits and an optional space.
_CODE_ESCAPE = re.compile(
    r"\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})|\\x([0-9A-Fa-f]{2})"
    r"|\\([0-7]{3})|(?<![\w+])U\+([0-9A-Fa-f]{4,6})(?![0-9A-Fa-f])"
)
_CSS_ESCAPE = re.compile(r"\\([0-9A-Fa-f]{1,6}) ?")
_MIN_ESCAPES = 2


def _character(digits: str, base: int) -> str | None:
    point = int(digits, base)
    if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
        return None
    character = chr(point)
    return character if character.isprintable() or character.isspace() else None


def _code_escape(escape: re.Match[str]) -> str:
    index = next(number for number, group in enumerate(escape.groups()) if group is not None)
    decoded = _character(escape.groups()[index], 8 if index == 4 else 16)
    return escape.group() if decoded is None else decoded


def _css_escape(escape: re.Match[str]) -> str:
    decoded = _character(escape.group(1), 16)
    return escape.group() if decoded is None else decoded


def escape_readings(text: str) -> tuple[str, ...]:
    """`text` (HTML character references read first) with its escape sequences decoded, once
    as code escapes and once as CSS escapes, where it holds at least two of that kind; each
    reading that differs from the text, once."""
    plain = html.unescape(text) if "&" in text else text
    found: list[str] = []
    for pattern, decode in ((_CODE_ESCAPE, _code_escape), (_CSS_ESCAPE, _css_escape)):
        if len(pattern.findall(plain)) >= _MIN_ESCAPES:
            found.append(pattern.sub(decode, plain))
    return tuple(dict.fromkeys(reading for reading in found if reading != text))


def glued_reading(text: str) -> str | None:
    """`text` without the invisible characters that stand between two letters (a word
    written with a zero-width or soft-hyphen character inside reads whole); None where no
    invisible character stands between letters. The guard's other readings take such a
    character as a space, as it does where it stands for one."""
    kept: list[str] = []
    glued = False
    position = 0
    while position < len(text):
        if not is_ignorable(text[position]):
            kept.append(text[position])
            position += 1
            continue
        end = position
        while end < len(text) and is_ignorable(text[end]):
            end += 1
        between_letters = bool(kept) and kept[-1][-1:].isalpha() and text[end : end + 1].isalpha()
        glued = glued or between_letters
        if not between_letters:
            kept.append(text[position:end])
        position = end
    return "".join(kept) if glued else None


# The letter styles a run of words can be written in: a style's name starts the letters'
# Unicode names; any other Latin letter (accented or not) is plain, and a letter of another
# script is that script.
_STYLES = (
    ("LATIN LETTER SMALL CAPITAL", "small capitals"),
    ("FULLWIDTH", "fullwidth"),
    ("MATHEMATICAL", "mathematical"),
    ("MODIFIER LETTER", "tiny"),
    ("SUPERSCRIPT", "tiny"),
    ("SUBSCRIPT", "tiny"),
    ("LATIN SUBSCRIPT", "tiny"),
    ("GREEK SUBSCRIPT", "tiny"),
    ("CIRCLED", "boxed"),
    ("NEGATIVE", "boxed"),
    ("PARENTHESIZED", "boxed"),
    ("SQUARED", "boxed"),
    ("REGIONAL INDICATOR", "boxed"),
    ("LATIN", "plain"),
)
_WORD_RUN = re.compile(r"\S+")
_MIN_STYLED_RUN = 3


@functools.lru_cache(maxsize=4096)
def _letter_style(letter: str) -> str:
    if letter.isascii():
        return "plain"
    name = unicodedata.name(letter, "")
    for prefix, style in _STYLES:
        if name.startswith(prefix):
            return style
    return name.split(" ", 1)[0]


def _word_style(word: str) -> str | None:
    styles = {_letter_style(character) for character in word if character.isalpha()}
    if not styles:
        return None
    return styles.pop() if len(styles) == 1 else "mixed"


def styled_run_reading(text: str) -> str | None:
    """`text` with a line break where a run of at least three words written in one letter style
    (fullwidth, mathematical, superscript, small capitals, boxed letters, another script or
    letters of several scripts mixed) meets words in another: a payload written in its own style
    after an ordinary title or answer is read as a part of its own. None where there is no
    such run beside other words."""
    words = [(match, _word_style(match.group())) for match in _WORD_RUN.finditer(text)]
    styled = [(match, style) for match, style in words if style is not None]
    runs: list[tuple[int, int, str]] = []
    for match, style in styled:
        if runs and runs[-1][2] == style:
            runs[-1] = (runs[-1][0], match.end(), style)
        else:
            runs.append((match.start(), match.end(), style))
    if len(runs) < 2 or not any(
        style != "plain" and len(_WORD_RUN.findall(text[start:end])) >= _MIN_STYLED_RUN
        for start, end, style in runs
    ):
        return None
    pieces = [text[: runs[1][0]]]
    for (start, _end, _style), following in zip(runs[1:], [*runs[2:], None], strict=True):
        stop = following[0] if following is not None else len(text)
        pieces.append("\n" + text[start:stop])
    return "".join(pieces)


# Data laid out in fields: JSON string values, `key = value` lines, table rows' last cells.
_JSON_VALUE = re.compile(r'"[^"\n]{1,40}"\s*:\s*"((?:[^"\\\n]|\\.)*)"')
_KEY_VALUE_LINE = re.compile(r"(?m)^[ \t]*[\w.-]{1,40}[ \t]*[=:][ \t]*(.+?)[ \t]*$")
_TABLE_ROW = re.compile(r"(?m)^[^|\n]*\|(?:[^|\n]*\|)*[ \t]*([^|\n]*?)[ \t]*\|?[ \t]*$")
_MIN_FIELDS = 3


def field_readings(text: str) -> tuple[str, ...]:
    """The values of `text`'s fields read on as one text, where it holds at least three of a
    kind (JSON string values, `key = value` lines, table rows' last cells): an instruction
    split across fields reads whole as a renderer shows the values. None for other text."""
    found: list[str] = []
    for pattern in (_JSON_VALUE, _KEY_VALUE_LINE, _TABLE_ROW):
        values = [value.strip() for value in pattern.findall(text) if value.strip()]
        if len(values) >= _MIN_FIELDS:
            found.append(" ".join(values))
    return tuple(dict.fromkeys(reading for reading in found if reading != text))


def display_readings(text: str) -> tuple[str, ...]:
    """`text` read as shown or decoded (`bidi_reading`, `escape_readings`, `glued_reading`),
    with its runs of styled words apart (`styled_run_reading`) and its fields' values read on
    (`field_readings`), each once; none for ordinary text."""
    found: list[str] = []
    runs = styled_run_reading(text)
    if runs is not None:
        found.append(runs)
    shown = bidi_reading(text)
    if shown is not None:
        found.append(shown)
    found.extend(escape_readings(text))
    glued = glued_reading(text)
    if glued is not None:
        found.append(glued)
    found.extend(field_readings(text))
    return tuple(dict.fromkeys(reading for reading in found if reading != text))
