"""Registers read in plain modern English (spec/poisoning.md#poisoning.register).

An order to the machine keeps its grammar whatever the register it is written in: archaic
English ("thou shalt counsel him", "whosoever readeth this") and chat shorthand ("u gotta",
"if any1 asks u", "pls") put the same addressee, the same modal and the same act in other
spellings. Each register is a closed class of function words and verb endings, not a
topic's wording, so a text that shows a register's sign is also read with those words
written plainly ("you shall counsel him", "if anyone asks you"); the rules then read that
reading as they read any other view (`memcore.safety.poisoning.text_views`). A text without
the sign has no such reading, so ordinary prose is read as before.

Every function reads folded text (`memcore.textfold.fold_text`: lower case).
"""

from __future__ import annotations

import re

# The sign of archaic English: its second person and its verb forms that modern English lost.
_ARCHAIC_SIGN = re.compile(
    r"\b(?:thou|thee|thy|thine|ye|shalt|wilt|hast|hath|doth|dost|canst|art\s+thou"
    r"|\w{3,}eth|henceforth|whensoever|whosoever|evermore)\b"
)
_ARCHAIC_WORDS = (
    (r"\bthou\s+art\b", "you are"),
    (r"\b(?:thou|thee|ye)\b", "you"),
    (r"\b(?:thy|thine)\b", "your"),
    (r"\bshalt\b", "shall"),
    (r"\bwilt\b", "will"),
    (r"\b(?:hast|hath)\b", "has"),
    (r"\b(?:doth|dost)\b", "does"),
    (r"\bcanst\b", "can"),
    (r"\bunto\b", "to"),
    (r"\b(?:henceforth|hereafter|evermore|forevermore|from\s+this\s+day\s+forth)\b", "from now on"),
    (r"\bwhensoever\b", "whenever"),
    (r"\bwhosoever\b", "whoever"),
    (r"\b(?:bidden|charged|commanded)\s+to\b", "told to"),
    # Interjections that open an archaic address and carry no meaning of their own.
    (r"\b(?:hark|lo|verily|behold|o)\b\s*,?\s*", ""),
    # "-eth" and "-est" verbs ("readeth", "readest"): the modern third person.
    (r"\b(\w{3,}?)eth\b", r"\1s"),
    (r"\b(you|who|that)\s+(\w{3,}?)e?st\b", r"\1 \2"),
)

# The sign of chat shorthand: its spellings of pronouns and its fillers (not the ones that
# are also abbreviations of ordinary prose: "FR" a country code, "BC" a date, "RN" a nurse).
_CHAT_SIGN = re.compile(
    r"\b(?:u|ur|pls|plz|ppl|any1|some1|every1|gotta|gonna|wanna|lowkey|highkey|tbh|ngl"
    r"|bestie|lmk|periodt|no\s+cap|idk|imo|cuz)\b"
)
_CHAT_WORDS = (
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\b(?:pls|plz)\b", "please"),
    (r"\bppl\b", "people"),
    (r"\bany1\b", "anyone"),
    (r"\bsome1\b", "someone"),
    (r"\bevery1\b", "everyone"),
    (r"\bgotta\b", "have to"),
    (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"),
    (r"\b(?:cuz|bc)\b", "because"),
    (r"\brn\b", "right now"),
    (r"\blmk\b", "let me know"),
    # "tell them 2 call": a digit standing for the infinitive's "to" between two words.
    (r"(?<=[a-z])\s+2\s+(?=[a-z])", " to "),
    (r"\brecs?\b", "recommend"),
    (r"\bhype\b", "promote"),
    # Fillers that stand between a clause's start and its verb and carry no meaning.
    (r"\b(?:lowkey|highkey|tbh|ngl|fr|bestie|no\s+cap|periodt|for\s+real\s+tho|tho|imo)\b", ""),
)


def _rewritten(text: str, words: tuple[tuple[str, str], ...]) -> str:
    for pattern, plain in words:
        text = re.sub(pattern, plain, text)
    # Commas left alone where a filler stood ("also , from now on") are dropped.
    text = re.sub(r"\s*,\s*(?=[,.!?;:])", "", text)
    return " ".join(text.split())


def register_readings(folded: str) -> tuple[str, ...]:
    """The plain readings of `folded` for each register it shows the sign of (archaic
    English, chat shorthand), without `folded` itself; none for ordinary text."""
    found: list[str] = []
    if _ARCHAIC_SIGN.search(folded):
        found.append(_rewritten(folded, _ARCHAIC_WORDS))
    if _CHAT_SIGN.search(folded):
        found.append(_rewritten(folded, _CHAT_WORDS))
    return tuple(reading for reading in dict.fromkeys(found) if reading != folded)
