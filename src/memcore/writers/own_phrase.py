"""A phrase typed as a search: a turn that asks nothing yet names what it wants
(spec/writer-standalone.md#writer-standalone.own-phrase).

Users of a search box type keywords: "speed limit", "bonds versus stocks", "compost
temperature requirement", "open a small business". Such a phrase asks nothing (no question
mark, no asking word), but its words are the subject the user wants found: a head with a
word that narrows it, or two things set side by side. A careful reader takes it as the new
search, not as a word to hang on the old topic. A fragment still goes on with what came
before where its grammar says so:

- it opens with a preposition or a conjunction ("in water", "for vets", "and the price",
  "but cheaper"): the phrase attaches to something said earlier;
- it opens with a reply ("yes, the second one", "ok ...", "indeed the fabric shops"): it
  answers the assistant;
- it has a single word of content ("Value", "Gifting"), or is names alone ("Celts", "Lake
  Baikal", "Rome, Italy"; a capitalised word after the first is a name, and so is the
  first beside one): an attribute or a name alone says no more than what to look at next,
  the rest is the conversation's;
- it says "the X" with nothing that fixes which X ("the reunification"), or holds a
  pronoun, demonstrative, "other" (`cues.LEANING_WORDS`), "ditto", or a word that places
  it relative to something said ("next", "previous", "following");
- its content is a number ("ditto, 2001", "next up: 2009"): a value revises the question
  before, it names no subject.

The caller checks that the turn takes nothing back and has no ellipsis, return or position:
`memcore.writers.standalone.stands_alone`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memcore.search.words import STOPWORDS
from memcore.writers import cues
from memcore.writers.own_subject import fixes_definites
from memcore.writers.replies import REACTION_WORDS
from memcore.writers.rules.spans import NUMBERISH

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# A fragment that opens with one of these attaches to what was said before ("in water",
# "and the price?", "but cheaper").
_ATTACHING = _words(
    "in on at by for from to into onto with without about regarding re near during under over"
    " between among against towards toward of than like per via after before since until"
    " and or but so also plus then nor yet"
)
# A fragment that opens with one of these replies to the assistant ("yes, the second one").
_REPLYING = _words(
    "yes yeah yep yup no nope nah ok okay sure indeed right alright exactly maybe perhaps"
    " great cool fine good nice wow hmm oh ah well"
)
# Adverbs of degree and time that narrow no subject ("I'm still nervous").
_DEGREE = _words("still really very too quite rather even already now")
# Words that carry nothing of a subject: the user, politeness, function words, and a
# reaction to the answer ("interesting, go on": appraisal asks for more of the same).
_EMPTY = (
    STOPWORDS | cues.FIRST_PERSON | cues.POLITENESS | cues.GREETING_WORDS | _DEGREE | REACTION_WORDS
)
_MIN_CONTENT = 2
# Words that say "as before" ("ditto, 2001") or place the phrase after or before something
# said ("next row: 2007", "the previous step"): the phrase goes on from the question before.
_SAME_AGAIN = _words("ditto likewise next previous following preceding prior subsequent")


def content_words(text: str) -> list[str]:
    """The words of `text` that can name a subject: not a function word, not the user, not
    politeness, not a number (a number gives a value, as in "ditto, 2001" or "next up: 2009",
    and revises the question before rather than naming a subject)."""
    return [
        word
        for word in _WORD.findall(text)
        if word.casefold().replace("\u2019", "'") not in _EMPTY and not NUMBERISH.match(word)
    ]


def _without_names(text: str, names: Iterable[str]) -> tuple[str, int]:
    """`text` with each of `names` it types taken out, and 1 where it types any: the names
    together count as one word of content, however many words they have ("Rome, Italy" is
    one place named, not a phrase)."""
    typed = 0
    for name in sorted({name.strip() for name in names if name.strip()}, key=len, reverse=True):
        pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in name.split()) + r"(?!\w)"
        text, found = re.subn(pattern, " ", text, flags=re.IGNORECASE)
        typed = 1 if found else typed
    return text, typed


def names_own_phrase(question: str, names: Iterable[str] = ()) -> bool:
    """Whether `question`, a turn that asks nothing, names the subject it wants searched by
    its own phrase (see the module docstring); the `names` it types (the names found in it)
    count as one word of content together: names alone ("Celts", "Lake Baikal", "Rome,
    Italy") are no phrase."""
    text = cues.normalise_turn(question)
    words = _WORD.findall(text)
    folded = [word.casefold().replace("\u2019", "'") for word in words]
    if not folded or folded[0] in _ATTACHING | _REPLYING:
        return False
    if "?" in text or set(folded) & cues.ASKING_WORDS:
        return False
    if set(folded) & (cues.LEANING_WORDS | _SAME_AGAIN) or not fixes_definites(words):
        return False
    rest, typed = _without_names(text, names)
    content = content_words(rest)
    # A capitalised word after the first is a name the finder did not know ("Italy" in "Rome,
    # Italy."), and so is a capitalised first word beside one ("Ghent and Bruges"): the
    # phrase needs a common word of its own, not names alone.
    capitalised = [word for word in words[1:] if word[:1].isupper()]
    common = [
        word for word in content if not word[:1].isupper() or (word == words[0] and not capitalised)
    ]
    names_typed = typed or len(content) > len(common)
    return bool(common) and len(common) + int(names_typed) >= _MIN_CONTENT
