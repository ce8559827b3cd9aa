"""Words a person reading the text does not see (spec/poisoning.md#poisoning.hidden).

Two readings of the raw characters, before any fold, because the fold is what erases the sign:

- **Words in tag characters.** U+E0020 to U+E007E shadow ASCII one to one and draw as nothing,
  so a person sees none of what they spell while a model reads it. Their one honest use is a
  subdivision flag (a waving black flag, tag letters, a cancel tag: the flag of Scotland).
  Any other run that spells two words or more is a message kept from the person: hidden on
  purpose, it is read as an instruction whatever it says.
- **A command disguised with look-alike letters.** A word that mixes Latin letters with
  letters of another script drawn alike (a Cyrillic "а" in "Ѕаy", a Greek "ο" in "Yοu") is
  written to look like an English word while not being one to a filter. A person writing
  Greek or Russian writes whole words in their script; mixing inside a word is the disguise.
  A part of the text (a sentence or a title's segment) that holds such a word and opens with
  an imperative, *you are now* or *remember*, is a command hidden from the filter.
"""

from __future__ import annotations

import re
import unicodedata

from memcore.safety.directive_target import IMPERATIVE
from memcore.textfold import fold_text

_TAG_RUN = re.compile(r"[\U000e0020-\U000e007e]+")
# A subdivision flag: a waving black flag, tag letters or digits, the cancel tag.
_FLAG = re.compile(r"\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]+\U000e007f")
_TWO_WORDS = re.compile(r"[a-z]{2,}[^a-z0-9]+[a-z0-9]", re.IGNORECASE)
_SHADOW = {point: point - 0xE0000 for point in range(0xE0020, 0xE007F)}


def tag_message(text: str) -> str | None:
    """The words `text` spells in tag characters outside a subdivision flag, where they are
    two words or more; None otherwise."""
    if not _TAG_RUN.search(text):
        return None
    runs = _TAG_RUN.findall(_FLAG.sub(" ", text))
    message = " ".join(run.translate(_SHADOW) for run in runs)
    return message if _TWO_WORDS.search(message) else None


_LETTERS = re.compile(r"[^\W\d_]+")


def _disguised(word: str) -> bool:
    # Latin letters beside letters of another script that fold to Latin ones.
    latin = foreign = False
    for letter in word:
        if letter.isascii():
            latin = True
        elif not unicodedata.name(letter, "").startswith("LATIN"):
            folded = fold_text(letter)
            foreign = foreign or (folded.isascii() and folded.isalpha())
    return latin and foreign


# A part of a text: a sentence, or a segment of a title between separators.
_PART_BREAK = re.compile(r"[.!?;:|·•()\[\]]|\s[-–—]\s")
_COMMAND_OPENING = re.compile(
    rf"^\W*(?:(?:please|now|just|also)\s+)?(?:{IMPERATIVE}\b|you\s+are\s+now\b|you're\s+now\b)",
    re.IGNORECASE,
)


def disguised_command(text: str) -> bool:
    """Whether a part of `text` holds a word of mixed Latin and look-alike letters and, read
    folded, opens with an imperative (*say*, *hide*, *remember*) or *you are now*."""
    if text.isascii():
        return False
    parts = _PART_BREAK.split(text)
    return any(
        any(_disguised(word) for word in _LETTERS.findall(part))
        and bool(_COMMAND_OPENING.search(fold_text(part)))
        for part in parts
    )


def hidden_from_the_reader(text: str) -> bool:
    """Whether `text` spells words in tag characters or disguises a command with look-alike
    letters (the module's two readings)."""
    return tag_message(text) is not None or disguised_command(text)
