"""Text spelled in braille cells read as the letters they stand for
(spec/poisoning.md#poisoning.braille).

The Unicode braille patterns (U+2801 to U+28FF) draw the six dots of a cell; a run of them
spells words to anyone who knows the alphabet, and to a model, while no word of it matches a
cue. The guard reads such a run back in the uncontracted (grade 1) English alphabet, with the
capital sign dropped, the number sign turning the letters a to j after it into digits, and the
common marks. It is a decoding made only where several braille letters stand in the text, not a
list of payloads: ordinary text gets no extra reading.
"""

from __future__ import annotations

import re

# The dots of each letter's cell (dot 1 to 3 down the left column, 4 to 6 down the right).
_LETTER_DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15", "f": "124", "g": "1245",
    "h": "125", "i": "24", "j": "245", "k": "13", "l": "123", "m": "134", "n": "1345",
    "o": "135", "p": "1234", "q": "12345", "r": "1235", "s": "234", "t": "2345",
    "u": "136", "v": "1236", "w": "2456", "x": "1346", "y": "13456", "z": "1356",
}  # fmt: skip
_MARK_DOTS = {",": "2", ";": "23", ":": "25", ".": "256", "!": "235", "?": "236", "'": "3"}
_CAPITAL_DOTS = "6"
_NUMBER_DOTS = "3456"
_DIGITS = dict(zip("abcdefghij", "1234567890", strict=True))
_BLANK = 0x2800
# Fewer braille letters than this are a symbol or two, not a spelled text.
_MIN_LETTERS = 4
_CELL_RUN = re.compile(r"[\u2800-\u28ff]+")


def _cell(dots: str) -> str:
    return chr(_BLANK + sum(1 << (int(dot) - 1) for dot in dots))


_LETTERS = {_cell(dots): letter for letter, dots in _LETTER_DOTS.items()}
_MARKS = {_cell(dots): mark for mark, dots in _MARK_DOTS.items()}
_CAPITAL = _cell(_CAPITAL_DOTS)
_NUMBER = _cell(_NUMBER_DOTS)


def braille_cells(text: str) -> str:
    """`text` (letters, digits, spaces and the common marks) spelled in braille cells, a
    capital sign before each capital and a number sign before each run of digits: the
    inverse of `braille_reading`, for tests and the spec."""
    cells: list[str] = []
    in_number = False
    for char in text:
        if char.isdigit():
            if not in_number:
                cells.append(_NUMBER)
                in_number = True
            letter = next(letter for letter, digit in _DIGITS.items() if digit == char)
            cells.append(_cell(_LETTER_DOTS[letter]))
            continue
        in_number = False
        if char.lower() in _LETTER_DOTS:
            if char.isupper():
                cells.append(_CAPITAL)
            cells.append(_cell(_LETTER_DOTS[char.lower()]))
        elif char in _MARK_DOTS:
            cells.append(_cell(_MARK_DOTS[char]))
        elif char == " ":
            cells.append(" ")
        else:
            cells.append(char)
    return "".join(cells)


def _run_read(run: str) -> str:
    read: list[str] = []
    in_number = False
    capital = False
    for cell in run:
        if cell == _NUMBER:
            in_number = True
            continue
        if cell == _CAPITAL:
            capital = True
            continue
        if ord(cell) == _BLANK:
            read.append(" ")
            in_number = False
            continue
        letter = _LETTERS.get(cell)
        if letter is not None:
            if in_number and letter in _DIGITS:
                read.append(_DIGITS[letter])
            else:
                in_number = False
                read.append(letter.upper() if capital else letter)
        else:
            read.append(_MARKS.get(cell, " "))
        capital = False
    return "".join(read)


def braille_reading(text: str) -> str | None:
    """`text` with its runs of braille cells read as letters, digits and marks; None where it
    holds fewer than a few braille letters."""
    if sum(1 for char in text if char in _LETTERS) < _MIN_LETTERS:
        return None
    return _CELL_RUN.sub(lambda run: _run_read(run.group()), text)
