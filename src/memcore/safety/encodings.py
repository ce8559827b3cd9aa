"""Readings of text written in a reversible encoding (spec/poisoning.md#poisoning.folding).

An instruction can be written backwards ("snoitcurtsni suoiverp erongi"), upside down
("suoıʇɔnɹʇsuı snoıʌǝɹd ǝɹouƃı"), in ROT13 ("vtaber cerivbhf vafgehpgvbaf") or in base64.
`encoded_readings` returns the text decoded in each encoding it shows signs of, so the rules
read the words a model would read. A sign is cheap to look for and ordinary text shows none,
so ordinary text gets no extra reading.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re

# Words an instruction is made of: written backwards or in ROT13 inside a text, they are a
# sign that the text is in that encoding.
_CUE_WORDS = (
    "ignore",
    "disregard",
    "instruction",
    "previous",
    "prompt",
    "recommend",
    "always",
    "assistant",
    "system",
    "from now on",
)
_BACKWARDS = tuple(word[::-1] for word in _CUE_WORDS)
_ROT13 = tuple(codecs.encode(word, "rot13") for word in _CUE_WORDS)

# Letters turned upside down, and the letter each one is when turned back. Only letters that
# no alphabet writes upright count as a sign; `d`, `p`, `n`, `u` ... turn into each other.
_UPSIDE_DOWN = {
    "ɐ": "a",
    "q": "b",
    "ɔ": "c",
    "p": "d",
    "ǝ": "e",
    "ɟ": "f",
    "ƃ": "g",
    "ɥ": "h",
    "ᴉ": "i",
    "ı": "i",
    "ɾ": "j",
    "ʞ": "k",
    "ɯ": "m",
    "u": "n",
    "d": "p",
    "b": "q",
    "ɹ": "r",
    "ʇ": "t",
    "n": "u",
    "ʌ": "v",
    "ʍ": "w",
    "ʎ": "y",
    "˙": ".",
    "¡": "!",
    "¿": "?",
}
_TURNED_ONLY = frozenset("ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ")
_TURN_BACK = str.maketrans(_UPSIDE_DOWN)
_MIN_TURNED = 3

_BASE64_RUN = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{16,}={0,2}(?![A-Za-z0-9+/=])")
_PRINTABLE_SHARE = 0.9


def _base64_text(run: str) -> str | None:
    padded = run + "=" * (-len(run) % 4)
    try:
        decoded = base64.b64decode(padded, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    printable = sum(character.isprintable() or character.isspace() for character in decoded)
    # Decoded words, not bytes that happen to be valid UTF-8.
    if " " not in decoded or printable < _PRINTABLE_SHARE * len(decoded):
        return None
    return decoded


def _words_reversed(text: str) -> str:
    return re.sub(r"\w+", lambda word: word.group()[::-1], text)


def encoded_readings(text: str) -> tuple[str, ...]:
    """`text` read backwards, turned back upside up, decoded from ROT13 and with its base64
    runs decoded, each only where `text` shows a sign of that encoding (a cue word backwards
    or in ROT13, three letters written upside down, a run of base64 that decodes to words)."""
    lowered = text.casefold()
    found: list[str] = []
    if any(word in lowered for word in _BACKWARDS):
        # The whole text backwards, or each word backwards in its place.
        found.extend((text[::-1], _words_reversed(text)))
    if sum(character in _TURNED_ONLY for character in lowered) >= _MIN_TURNED:
        # Turned as a whole (the words in reverse order), word by word, or letter by letter.
        turned_back = lowered.translate(_TURN_BACK)
        found.extend((turned_back[::-1], _words_reversed(turned_back), turned_back))
    if any(word in lowered for word in _ROT13):
        found.append(codecs.encode(text, "rot13"))
    decoded_runs = [
        (run, decoded)
        for run in _BASE64_RUN.finditer(text)
        if (decoded := _base64_text(run.group())) is not None
    ]
    if decoded_runs:
        pieces: list[str] = []
        start = 0
        for run, decoded in decoded_runs:
            pieces.extend((text[start : run.start()], f" {decoded} "))
            start = run.end()
        found.append("".join(pieces) + text[start:])
    return tuple(found)
