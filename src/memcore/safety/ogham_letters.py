"""Text spelled in Ogham read as the Latin letters it stands for
(spec/poisoning.md#poisoning.ogham).

Ogham (U+1680 to U+169C) writes one letter per stroke group, as the runes do
(`rune_letters`), and a run of it spells words to a model while no word of it matches a cue.
The guard reads it back letter by letter, the Ogham space mark as a space. Three letters
stand for more than one Latin letter as English is written with them (ᚃ fearn for f, v or
w; ᚉ coll for c or k; ᚔ iodhadh for i or y), so the text gets one reading per choice among
them; the forfeda are read by their usual values (ᚚ peith p, ᚙ x). The decoding is made only
where several Ogham letters stand in the text.
"""

from __future__ import annotations

from memcore.safety.script_letters import letter_readings

_ONE_READING = {
    "\u1681": "b",  # beith
    "\u1682": "l",  # luis
    "\u1684": "s",  # sail
    "\u1685": "n",  # nion
    "\u1686": "h",  # uath
    "\u1687": "d",  # dair
    "\u1688": "t",  # tinne
    "\u168a": "q",  # ceirt
    "\u168b": "m",  # muin
    "\u168c": "g",  # gort
    "\u168d": "ng",  # ngeadal
    "\u168e": "z",  # straif
    "\u168f": "r",  # ruis
    "\u1690": "a",  # ailm
    "\u1691": "o",  # onn
    "\u1692": "u",  # ur
    "\u1693": "e",  # eadhadh
    "\u1695": "ea",  # eabhadh
    "\u1696": "oi",  # or
    "\u1697": "ui",  # uilleann
    "\u1698": "p",  # ifin, read as p in later use
    "\u1699": "x",  # eamhancholl
    "\u169a": "p",  # peith
}
_CHOICES = {
    "\u1683": ("f", "v", "w"),  # fearn
    "\u1689": ("c", "k"),  # coll
    "\u1694": ("i", "y"),  # iodhadh
}
# The Ogham space mark and the feather marks that open and close a text divide words.
_WORD_DIVIDERS = "\u1680\u169b\u169c"
_MIN_LETTERS = 4
# The Ogham letter each Latin letter is written with (j, the one letter without, as i).
_SPELLING = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        "\u1690\u1681\u1689\u1687\u1693\u1683\u168c\u1686\u1694\u1694\u1689\u1682\u168b"
        "\u1685\u1691\u169a\u168a\u168f\u1684\u1688\u1692\u1683\u1683\u1699\u1694\u168e",
        strict=True,
    )
)


def ogham_of(text: str) -> str:
    """`text` spelled in Ogham, one letter per Latin letter, spaces as the Ogham space mark,
    anything else left as it is: the inverse of `ogham_readings`, for tests and the spec."""
    return "".join(
        _SPELLING.get(char, char) if char.isalpha() else ("\u1680" if char == " " else char)
        for char in text.casefold()
    )


def ogham_readings(text: str) -> tuple[str, ...]:
    """`text` with its Ogham read as Latin letters, once for each way of choosing the letters
    of the Ogham letters that stand for more than one; none where it holds fewer than a few."""
    return letter_readings(text, _ONE_READING, _CHOICES, _WORD_DIVIDERS, _MIN_LETTERS)
