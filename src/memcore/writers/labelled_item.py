"""An item an answer labels, picked by its label (spec/writer-cues-positions.md, "An item
picked by the label the answer gave it").

An answer may set one name apart from its list with a label before a colon: "Here are three:
X, Y and Z. Bonus if you have time: W.", "... One wildcard as well: W.", "And a bonus one:
W." A user who then says "the bonus one", "your bonus pick", "the wildcard" or "not the
bonus" points at W by the word the answer labelled it with: the final turn is read with W
written where the phrase stood ("W sounds fun. who made that one?"), so that the writers read
it as a turn that types the name. Only a label word the answer puts before a colon, right
before the name, counts, and only in the newest answer that has one. A phrase the list reader
reads as a place and finds W at ("the bonus one" after a main list and W given apart,
`rules.lists`) is left to it: one reader per phrase.
"""

from __future__ import annotations

import re

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.referents import position_referent
from memcore.writers.rules.view import View

# How far back the answers are read for a label.
_ANSWERS_BACK = 2
# A label: the words of a clause before a colon that sets one name apart ("Bonus if you have
# time:", "One bonus pick as well:", "And a wildcard:"), at most this many words.
_LABEL_WORDS = 8
_LABELLED = re.compile(r"(?:^|(?<=[.!?\n]))[ \t]*(?P<label>[^.!?:\n]{1,80}):[ \t]*", re.MULTILINE)
# Words of a label clause that label nothing themselves.
_NOT_LABELS = frozenset(
    re.findall(
        r"\S+",
        """a an the and one ones if you have time as well also too more here are is
        three two four five my your our pick picks choice suggestion suggestions option options
        item items name names entry list of for to with in on at but or so then""",
    )
)
# The user's phrase for the labelled item: "the bonus one", "your bonus pick", "that wildcard
# suggestion", "the bonus" (the head noun left out).
_HEADS = r"(?:one|pick|choice|suggestion|option|item|entry|name)"


# What may follow the labelled name: the end of its sentence, line or answer.
_ITEM_END = re.compile(r"[ \t]*(?:[.!;)]|\n|$)")
# A pointer after the phrase that stands for the item picked ("the bonus one sounds fun. who
# made that one?"): the item's name takes its place too.
_ANAPHOR = re.compile(r"\b(?:that|this)\s+one\b(?!\s+of\b)", re.IGNORECASE)


# A negation right before the phrase ("not the bonus", "no to your wildcard").
_DECLINED = re.compile(r"\b(?:not|no|nor|skip|except)(?:\s+to)?\s*$", re.IGNORECASE)


def _labels(answer: str) -> list[tuple[str, int]]:
    """The label words of `answer` with where the name each labels starts (after the colon)."""
    found: list[tuple[str, int]] = []
    for match in _LABELLED.finditer(answer):
        words = re.findall(r"[a-z]+", match.group("label").casefold())
        if not words or len(words) > _LABEL_WORDS:
            continue
        found.extend((word, match.end()) for word in words if word not in _NOT_LABELS)
    return found


def _phrase(label: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:the|your|that|this)\s+{re.escape(label)}(?:\s+{_HEADS})?\b", re.IGNORECASE
    )


def label_named(request: WriterRequest, vocabulary: TitleVocabulary | None) -> str | None:
    """The final turn with the phrase that picks a labelled item written as its name; None
    where the turn has no such phrase or no recent answer labels a name with its word."""
    text = cues.normalise_turn(request.turn.question)
    view = View.of(request, vocabulary)
    for node in reversed(request.memory.nodes[-_ANSWERS_BACK:]):
        answer = node.answer
        for label, at in _labels(answer):
            phrase = _phrase(label).search(text)
            if phrase is None:
                continue
            mentions = view.mentions(answer[at:])
            # The name is the whole item: "Note: X is busy in spring." labels no item.
            if (
                not mentions
                or mentions[0].start != 0
                or not _ITEM_END.match(answer, at + mentions[0].end)
            ):
                continue
            name = mentions[0].name
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
                return None
            # "not the bonus, the second one: ...": the item turned down is left to the
            # writers' reading of the place the turn means.
            if _DECLINED.search(text[: phrase.start()]) is not None:
                return None
            # "the bonus one" after a main list and the name given apart: the list readers
            # read the phrase as a place in the list's groups (`lists.find_positions`): where
            # they find the same name, the turn is theirs to read.
            if _place_of(text, phrase, view) == name:
                return None
            rest = _ANAPHOR.sub(name, text[phrase.end() :])
            return text[: phrase.start()] + name + rest
    return None


def _place_of(text: str, phrase: re.Match[str], view: View) -> str | None:
    """The member the list readers find at `phrase` of the final turn `text`
    (`referents.position_referent`), else None."""
    referent = position_referent(text, 0, view, view.current)
    if referent is None or not referent.span[0] <= phrase.start() < referent.span[1]:
        return None
    return referent.name


def with_label_named(request: WriterRequest, vocabulary: TitleVocabulary | None) -> WriterRequest:
    """`request` with its final turn read by `label_named`; `request` itself for a history
    turn or where the turn picks no labelled item."""
    if not request.turn.final or not request.memory.nodes:
        return request
    named = label_named(request, vocabulary)
    if named is None:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
