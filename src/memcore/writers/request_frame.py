"""The frame of a request addressed to the assistant
(spec/writer-cues-value-revision.md#writer-cues-value-revision.request-frame).

"Would you mind checking 2001 for me?", "could you pull up 2001?", "can I get 2001",
"anything for 1992?", "2001 too, if you could": a request asks the assistant to do a
generic act (check, look, try, get, find, show ...) on its object. The frame says how the
request is put - a modal that asks ("would", "could", "mind"), the generic act's verb in any
inflection ("checking", "checked", "tries"), an indefinite object ("anything", "something"),
the existential "there's", the words that add ("also", "well") - and nothing about what is
asked: the object does. A turn whose words are all frame words besides a value asks for the
value, as a bare value would.

The classes here are closed (modals, generic acts, indefinite pronouns), not the wording of
one set; a verb is read through its inflection, so no inflected form is listed.
"""

from __future__ import annotations

from memcore.writers import cues

_FRAME = cues.REQUEST_MODALS | cues.GENERIC_ACTS | cues.INDEFINITE_WORDS | frozenset({"there"})

# Inflections only a verb takes, longest first: a plural "-s" would read a noun ("shows",
# "checks") as the act, and a request to "you" never takes the third person's "-s".
_SUFFIXES = ("ing", "ied", "ed")


def _bases(word: str) -> frozenset[str]:
    """The forms `word` may inflect ("checking" -> "check", "tried" -> "try", "getting" ->
    "get"), with `word` itself."""
    found = {word}
    for suffix in _SUFFIXES:
        if not word.endswith(suffix) or len(word) - len(suffix) < 2:
            continue
        stem = word[: -len(suffix)]
        found.add(stem)
        found.add(stem + "e")
        if suffix == "ied":
            found.add(stem + "y")
        if len(stem) > 2 and stem[-1] == stem[-2]:
            found.add(stem[:-1])  # "getting", "pulled"
    return frozenset(found)


def frames_request(word: str) -> bool:
    """Whether `word` (case ignored, a contraction's "'s" or "'d" read apart) is a word of a
    request's frame, in any inflection."""
    folded = word.casefold().replace("\u2019", "'")
    for ending in ("'s", "'d", "'ll", "'re"):
        if folded.endswith(ending):
            folded = folded[: -len(ending)]
            break
    return bool(_bases(folded) & _FRAME)
