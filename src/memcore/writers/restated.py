"""A question asked again in the same words with one part changed: the later one replaces
the earlier ("did Rome win any prizes? ugh, once more: did Paris win any prizes?"), whatever
words stand between them (spec/writer-cues-self-repair.md#writer-cues-self-repair.asked-again).

Two questions of one turn that share every word but one span in each, the later span short
enough to be a name and holding a capitalised word, with words of the user's between them,
are one question asked twice: the user restarted it to change what it is about. No cue word
is needed: the shape of the repeat says it. Two such questions back to back ("how old is
Rome? how old is Paris?") ask both, and a changed word that names nothing ("how old is Rome?
hmm, how big is Rome?") asks another thing of the same name.
"""

from __future__ import annotations

import re

_QUESTION = re.compile(r"[^.?!]*\?")
_WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
MAX_CHANGED_WORDS = 5
"""The changed span of a repeated question is at most this many words (a name)."""
MIN_SHARED_WORDS = 2
# Words that join a second question to the first, so that both are asked.
_ADDING = frozenset(("and", "or", "also", "plus", "then", "but", "too", "as"))
"""A repeat shares at least this many words with the question it repeats."""


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _one_span_changed(earlier: list[str], later: list[str]) -> bool:
    """Whether `later` is `earlier` (case aside) with one span of at most
    `MAX_CHANGED_WORDS` words replaced by another that holds a capitalised word after the
    question's first, around at least `MIN_SHARED_WORDS` shared words."""
    typed = later
    earlier = [word.casefold() for word in earlier]
    later = [word.casefold() for word in later]
    prefix = 0
    while prefix < min(len(earlier), len(later)) and earlier[prefix] == later[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(earlier), len(later)) - prefix
        and earlier[-1 - suffix] == later[-1 - suffix]
    ):
        suffix += 1
    old, new = len(earlier) - prefix - suffix, len(later) - prefix - suffix
    changed = typed[max(prefix, 1) : len(typed) - suffix]
    return (
        prefix + suffix >= MIN_SHARED_WORDS
        and 0 < old <= MAX_CHANGED_WORDS
        and 0 < new <= MAX_CHANGED_WORDS
        and any(word[:1].isupper() for word in changed)
    )


def _restart(earlier: list[str], later: list[re.Match[str]]) -> int | None:
    """Where in the later question (its words, `later`) the repeat of `earlier` starts: the
    first word from which the rest is `earlier` with one span changed; the words before it
    lead into the repeat ("gah, let me try that again: did ..."). None where it repeats
    nothing."""
    opening = earlier[0].casefold() if earlier else ""
    for index, word in enumerate(later):
        # "and who founded Y?": a coordinator right before the repeat adds a question.
        if index > 0 and later[index - 1].group().casefold() in _ADDING:
            continue
        if word.group().casefold() == opening and _one_span_changed(
            earlier, [w.group() for w in later[index:]]
        ):
            return index
    return None


def asked_again_at(text: str, words_between: bool = True) -> int | None:
    """Where the last question of `text` that repeats an earlier one with one span changed
    (`_one_span_changed`) starts, after words of the user's that follow the earlier one
    (`words_between`: needed; a query whose chatter is already gone needs none); None where
    no question is asked again so."""
    questions = [m for m in _QUESTION.finditer(text)]
    found: int | None = None
    for index, question in enumerate(questions):
        later = list(_WORD.finditer(text, question.start(), question.end()))
        for earlier in questions[:index]:
            at = _restart(_words(earlier.group()), later)
            if at is None:
                continue
            between = at > 0 or bool(_words(text[earlier.end() : question.start()]))
            if between or not words_between:
                found = later[at].start()
    return found
