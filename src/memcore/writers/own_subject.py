"""A question that fixes its own subject without naming a page (spec/writer-standalone.md).

"What was the most popular song in 2012?" and "how much did a loaf of bread cost in 1997?"
type no name, yet need nothing from the conversation: every thing they ask about is fixed by
their own words. A question leans on the conversation where it says "the X" with nothing to
fix which X ("what is the population?", "who was the president in 1997?": a year scopes a
question, it does not say whose president). So, with no name typed, a question fixes its
subject when:

- every "the" opens a phrase fixed in place: by a superlative ("the most popular song", "the
  biggest") or by a capitalised word or number after it ("the US president");
- and at least one thing anchors it: a superlative with a scope after it ("the most popular
  song in 2012", "the biggest cities of Europe"), an acronym typed inside the sentence ("US",
  "FICO"), or an indefinite phrase with its own "of" ("a loaf of bread").

The caller checks the rest of standing alone (asks, revises nothing, no pronoun, ellipsis,
return or position): `memcore.writers.standalone.stands_alone`.
"""

from __future__ import annotations

import re

from memcore.writers import cues
from memcore.writers.rules.superlatives import ranks

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# Words that open a scope after a superlative ("the most popular song in 2012").
_SCOPE_WORDS = frozenset(
    ["in", "of", "on", "for", "among", "from", "during", "since", "before", "after", "between"]
)
# Words that cannot fix a scope or a phrase themselves: they point somewhere else.
_UNFIXED = cues.LEANING_WORDS | frozenset(["the"])
_INDEFINITE = frozenset(["a", "an"])


def _fixed_definite(words: list[str], at: int) -> bool:
    """Whether the "the" at `at` opens a phrase fixed by its next word: a superlative, a
    capitalised word or a number."""
    following = words[at + 1] if at + 1 < len(words) else ""
    return ranks(following.casefold()) or following[:1].isupper() or following.isdigit()


def _scoped_superlative(folded: list[str], at: int) -> bool:
    """Whether the superlative at `at` has a scope later in the question: a scope word
    followed by a word that fixes something itself ("in 2012", "of Europe"; not "of the
    city", "in it")."""
    rest = folded[at + 1 :]
    return any(
        word in _SCOPE_WORDS and index + 1 < len(rest) and rest[index + 1] not in _UNFIXED
        for index, word in enumerate(rest)
    )


def _indefinite_of(folded: list[str], at: int) -> bool:
    """Whether the "a"/"an" at `at` opens a phrase with its own "of" ("a loaf of bread")."""
    return (
        at + 3 < len(folded)
        and folded[at + 2] == "of"
        and folded[at + 3] not in _UNFIXED | _INDEFINITE
    )


def _acronym(word: str) -> bool:
    return len(word) >= 2 and word.isalpha() and word.isupper()


def fixes_definites(words: list[str]) -> bool:
    """Whether every "the" among `words` (as typed) opens a phrase fixed in place by the word
    after it; a "the" with nothing after it to fix which one leans on the conversation."""
    folded = [word.casefold() for word in words]
    return all(word != "the" or _fixed_definite(words, at) for at, word in enumerate(folded))


def fixes_own_subject(question: str) -> bool:
    """Whether `question`, typing no name, fixes what it asks about by its own words (see the
    module docstring)."""
    words = _WORD.findall(cues.normalise_turn(question))
    folded = [word.casefold() for word in words]
    anchored = False
    for at, word in enumerate(folded):
        if word == "the" and not _fixed_definite(words, at):
            return False
        if ranks(word) and _scoped_superlative(folded, at):
            anchored = True
        if (at > 0 and _acronym(words[at])) or (word in _INDEFINITE and _indefinite_of(folded, at)):
            anchored = True
    return anchored
