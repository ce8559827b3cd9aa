"""Text spelled letter by letter in another alphabet, read back as Latin letters: the shared
decoding of `rune_letters` and `ogham_letters`.

A sign of such an alphabet may stand for several Latin letters as English is spelled with it
(a rune for c or k, an Ogham letter for f, v or w). The text then gets one reading for each
way of choosing among those letters throughout; a sign with one letter is read as it. The
decoding is made only where several signs stand in the text: a symbol or two gives none.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping


def letter_readings(
    text: str,
    one_reading: Mapping[str, str],
    choices: Mapping[str, tuple[str, ...]],
    word_dividers: str,
    min_signs: int,
) -> tuple[str, ...]:
    """`text` with the signs of `one_reading` and `choices` read as Latin letters, once for
    each way of choosing the letters of the signs in `choices`, and `word_dividers` read as
    spaces; none where fewer than `min_signs` signs stand in it."""
    if sum(1 for char in text if char in one_reading or char in choices) < min_signs:
        return ()
    present = [sign for sign in choices if sign in text]
    readings: list[str] = []
    for picks in itertools.product(*(choices[sign] for sign in present)):
        chosen = dict(zip(present, picks, strict=True))
        readings.append(
            "".join(
                chosen.get(char)
                or one_reading.get(char)
                or (" " if char in word_dividers else char)
                for char in text
            )
        )
    return tuple(dict.fromkeys(readings))
