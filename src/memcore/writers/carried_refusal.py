"""Refusals that trickle in one name at a time after the question
(spec/writer-cues-roles.md#writer-cues-roles.carried-refusal).

"when did Apollo 12 launch?\\n\\nApollo 13's out btw. Gemini 8 too. and Soyuz 11, now I think
about it.", "(Apollo 13 - no. Gemini 8 - also no.)", "Apollo 13 - no thanks. Soyuz 11... also
no.": after one name is turned down, a bare name with "too", "as well" or "now I think about
it" carries the same refusal, and a name with only "no" ("- no", "... also no") is turned down
by it. The readers bind a refusal to the name it stands beside; these parts have none of their
own, so the final turn is handed on with each written as "not X.".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.writers import cues
from memcore.writers.final_question import names_of, with_final_question_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary

# The parts of a turn: sentences (a mark, an ellipsis), lines and brackets.
_PARTS = re.compile(r"[^.!?\u2026\n()]+[.!?\u2026]*")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
# What may stand beside a name whose refusal is carried over from the part before.
_CARRIED = frozenset(
    {"too", "as", "well", "also", "either", "and", "now", "i", "think", "about", "it", "btw"}
)
# What may stand beside a name turned down by a bare "no".
_BARE_NO = frozenset({"no", "nope", "nah", "also", "and", "thanks", "btw", "too"})
_NOES = frozenset({"no", "nope", "nah"})
# The words that carry the refusal over: without one, a bare name is no refusal ("Chinatown.").
_CARRYING = frozenset({"too", "also", "either", "well", "think"})
_REFUSING = cues.NEGATING_WORDS | cues.REJECTING_VERBS | {"out", "off", "skip", "drop"}


def _rest_words(part: str, name: str) -> list[str]:
    rest = re.sub(rf"(?<!\w){re.escape(name)}(?:['\u2019]s)?(?!\w)", " ", part, flags=re.I)
    return [word.casefold().replace("\u2019", "'") for word in _WORD.findall(rest)]


def _name_first(part: str, name: str) -> bool:
    """Whether `name` stands in `part` before its first word that says "no"."""
    at = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", part, re.IGNORECASE)
    no = re.search(r"\b(?:no|nope|nah)\b", part, re.IGNORECASE)
    return at is not None and no is not None and at.start() < no.start()


def carried_refusals(text: str, names: Sequence[str]) -> str:
    """`text` with each part that turns a name down only by "no", or only by carrying over the
    refusal of the part before ("X too."), written as "not X."; `text` itself where it has
    none."""
    original = text
    # "X... also no": the ellipsis pauses before the verdict on X, it ends no sentence.
    text = re.sub(r"(?:\u2026|\.{3})\s*((?:also\s+)?(?:no|nope|nah)\b)", r" - \1", text, flags=re.I)
    pieces: list[str] = []
    refusing = False
    changed = False
    at = 0
    for found in _PARTS.finditer(text):
        part = found.group()
        typed = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", part, re.I)]
        rest = _rest_words(part, typed[0]) if len(typed) == 1 else []
        # The verdict follows the name ("X - no"); "no, X" before it is a repair to X.
        bare_no = (
            bool(rest)
            and set(rest) <= _BARE_NO
            and bool(set(rest) & _NOES)
            and _name_first(part, typed[0])
        )
        carried = (
            refusing and len(typed) == 1 and set(rest) <= _CARRIED and bool(set(rest) & _CARRYING)
        )
        pieces.append(text[at : found.start()])
        if len(typed) == 1 and (bare_no or carried):
            lead = re.match(r"\s*", part)
            pieces.append(f"{lead.group() if lead else ''}not {typed[0]}.")
            changed = True
            refusing = True
        else:
            pieces.append(part)
            words = {w.casefold() for w in _WORD.findall(part)}
            refusing = bool(typed) and bool(words & _REFUSING) and "?" not in part
        at = found.end()
    pieces.append(text[at:])
    return "".join(pieces) if changed else original


def with_carried_refusals(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's carried and bare refusals written out
    (`carried_refusals`); `request` itself otherwise."""
    return with_final_question_named(
        request, vocabulary, lambda text, mentions: carried_refusals(text, names_of(mentions))
    )
