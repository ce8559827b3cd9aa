"""Text spelled in runes read as the Latin letters they stand for
(spec/poisoning.md#poisoning.runes).

A run of runes (U+16A0 to U+16F8) spells words to anyone who knows the futhark, and to a
model, while no word of it matches a cue. The guard reads such a run back letter by letter.
Three runes stand for more than one Latin letter as English is spelled with them (ᚲ for c, k
or q, ᚹ for v or w, ᛃ for j or y), so the text gets a few readings, one for each way of
choosing among those letters throughout; the other runes have one letter each (ᚦ "th", ᛜ
"ng"). It is a decoding made only where several runes stand in the text, not a list of
payloads: ordinary text gets no extra reading.
"""

from __future__ import annotations

from memcore.safety.script_letters import letter_readings

# The Elder Futhark, with the common Younger Futhark and Anglo-Saxon forms of the same sounds.
_ONE_READING = {
    "\u16a0": "f",  # fehu
    "\u16a2": "u",  # uruz
    "\u16a6": "th",  # thurisaz
    "\u16a8": "a",  # ansuz
    "\u16a9": "o",  # os
    "\u16aa": "a",  # ac
    "\u16ab": "ae",  # aesc
    "\u16ac": "o",
    "\u16ad": "o",
    "\u16ae": "o",
    "\u16b1": "r",  # raido
    "\u16b7": "g",  # gebo
    "\u16ba": "h",  # hagalaz
    "\u16bb": "h",
    "\u16bc": "h",
    "\u16be": "n",  # naudiz
    "\u16bf": "n",
    "\u16c1": "i",  # isaz
    "\u16c2": "i",
    "\u16c5": "a",
    "\u16c6": "a",
    "\u16c7": "ei",  # eihwaz
    "\u16c8": "p",  # perthro
    "\u16c9": "z",  # algiz
    "\u16ca": "s",  # sowilo
    "\u16cb": "s",
    "\u16cc": "s",
    "\u16cf": "t",  # tiwaz
    "\u16d0": "t",
    "\u16d2": "b",  # berkanan
    "\u16d3": "b",
    "\u16d6": "e",  # ehwaz
    "\u16d7": "m",  # mannaz
    "\u16d8": "m",
    "\u16da": "l",  # laguz
    "\u16dc": "ng",  # ingwaz
    "\u16dd": "ng",
    "\u16de": "d",  # dagaz
    "\u16df": "o",  # othala
    "\u16e6": "r",
    "\u16e7": "r",
}
# The runes English spellings give more than one letter, with the letters in order of use.
_CHOICES = {
    "\u16b2": ("k", "c"),  # kaunan
    "\u16b9": ("w", "v"),  # wunjo
    "\u16c3": ("y", "j"),  # jera
}
# Runic punctuation marks divide words.
_WORD_DIVIDERS = "\u16eb\u16ec\u16ed"
# Fewer runes than this are a symbol or two, not a spelled text.
_MIN_RUNES = 4
# The rune each Latin letter is written with ("th" is one rune, ᚦ; x is two).
_SPELLING = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        "\u16a8\u16d2\u16b2\u16de\u16d6\u16a0\u16b7\u16ba\u16c1\u16c3\u16b2\u16da\u16d7"
        "\u16be\u16df\u16c8\u16b2\u16b1\u16ca\u16cf\u16a2\u16b9\u16b9\u16b2\u16c3\u16c9",
        strict=True,
    )
)
_SPELLING["x"] = "\u16b2\u16ca"


def runes_of(text: str) -> str:
    """`text` spelled in Elder Futhark runes, one rune per letter ("th" one rune), anything
    else left as it is: the inverse of `rune_readings`, for tests and the spec."""
    spelled: list[str] = []
    at = 0
    folded = text.casefold()
    while at < len(folded):
        if folded.startswith("th", at):
            spelled.append("\u16a6")
            at += 2
            continue
        char = folded[at]
        spelled.append(_SPELLING.get(char, text[at]) if char.isalpha() else text[at])
        at += 1
    return "".join(spelled)


def rune_readings(text: str) -> tuple[str, ...]:
    """`text` with its runes read as Latin letters, once for each way of choosing the letters
    of the runes that stand for more than one; none where it holds fewer than a few runes."""
    return letter_readings(text, _ONE_READING, _CHOICES, _WORD_DIVIDERS, _MIN_RUNES)
