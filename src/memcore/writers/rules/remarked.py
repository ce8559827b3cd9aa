"""The subject the user points at by something they said then: "the one I thanked you for",
"the one I swore was my last question", "the one where I went 'whoa'"
(spec/writer-cues-positions.md#writer-cues-positions.remarked).

Such a pointer names no place and no name: it describes one of the user's own earlier
messages. The message it describes is the one whose words share the most of the pointer's
content words (a word's stem, with a few words of the same meaning read as one: "thanked"
meets "thanks", "swore" meets "promise", "final" meets "last"); one message must share more
than every other. A message that asks about a subject points at that subject; a message that
only reacts ("brilliant, thanks a lot for that one") points at what it reacted to, the subject
of the turn before it. Pure.
"""

from __future__ import annotations

import re

import attrs

from memcore.search.tokenize import STOPWORDS
from memcore.writers.rules.view import View

# "the one I thanked you for", "the answer where I went 'whoa'", "that one which I said that
# about": the words after "I", up to the end of the clause, describe what the user said.
_POINTER = re.compile(
    r"\b(?:the|that)\s+(?:one|answer|thing|topic|subject|question)\s+"
    r"(?:(?:(?:that|which|where|when)\s+)?(?:i|me)\s+"
    # "the one that was supposedly my last question": what the user called it then.
    r"|(?:that|which)\s+was\s+(?:(?:supposedly|meant\s+to\s+be|going\s+to\s+be|to\s+be)\s+)?my\s+)"
    r"(?P<clause>[^,;:.!?\n^()\"\u201c\u201d\U0001f300-\U0001faff]+)"
    # "the one that caught me off guard": the message it describes is the user's reaction.
    r"|\b(?:the|that)\s+(?:one|answer)\s+(?:that|which)\s+(?P<effect>(?:caught|surprised|shocked"
    r"|stunned|amazed|blew)\b[^,;:.!?\n]*)",
    re.IGNORECASE,
)
# A quoted span of the turn: "so much for 'last question' - the one I said that about".
_QUOTED = re.compile(
    r"(?:^|(?<=\s))['\"\u2018\u201c](?P<quoted>[^'\"\u2019\u201d\n]{2,40})['\"\u2019\u201d]"
)
# Words, and the pictures that say a reaction ("😮", "🙏").
# A dash between spaces ends the clause: "the one I thanked you for - how old is it?".
_DASH = re.compile(r"\s[-\u2013\u2014]+\s")
_WORD = re.compile(r"[^\W\d_]+|[\U0001f300-\U0001faff\u2600-\u27bf]")

# Words that only tell that something was said, to whom, or when: a pointer of nothing else
# ("the one I said that about") describes nothing of its own.
_LIGHT = STOPWORDS | frozenset(
    {"said", "say", "went", "go", "typed", "wrote", "told", "tell", "called", "replied"}
    | {"you", "your", "earlier", "before", "back", "then", "there", "just", "really", "so"}
    | {"one", "ones", "was", "were", "is", "be", "been", "did", "do", "had", "have", "got"}
    | {"about", "for", "at", "to", "with", "on", "of", "my", "me", "i", "it", "that", "this"}
    | {"would", "will", "could", "all", "very", "bit", "earlier", "first", "time", "chat"}
)
# Words by which a pointer says what the user meant or asked about ("the one I meant", "the
# one I asked about before X"): other rules read those.
_POINTING = frozenset(
    {"meant", "mean", "meaning", "intended", "wanted", "want", "referring", "regarding"}
    | {"asked", "ask", "asking", "talking", "thinking", "discussed", "mentioned", "covered"}
)
# Meanings of a reaction to an answer: a message that says one points at the answer before it,
# even where it goes on to ask about something new ("wait, really?? 😮 ok. what about Y?").
_REACTIONS = frozenset({"thank", "whoa", "laugh"})
# Words of one meaning in a remark about one's own messages, read as one.
_SAME = {
    **dict.fromkeys(("thank", "thanks", "thanked", "thx", "ty", "cheers", "grateful"), "thank"),
    **dict.fromkeys(("promise", "promised", "swore", "swear", "sworn", "vowed"), "promise"),
    **dict.fromkeys(("last", "final", "finally"), "last"),
    **dict.fromkeys(("whoa", "woah", "wow", "omg", "caught", "guard", "surprised"), "whoa"),
    **dict.fromkeys(("shocked", "stunned", "amazed", "blew", "mind", "blown"), "whoa"),
    **dict.fromkeys(("\U0001f62e", "\U0001f632", "\U0001f62f", "\U0001f92f", "\U0001f631"), "whoa"),
    **dict.fromkeys(("\U0001f64f",), "thank"),
    **dict.fromkeys(("\U0001f602", "\U0001f923"), "laugh"),
    **dict.fromkeys(("lol", "laughed", "haha", "lmao"), "laugh"),
}


@attrs.frozen
class RemarkPointer:
    """Words of the turn (`start` to `end`) that describe one of the user's messages by
    `words` (content words, each read as its meaning)."""

    start: int
    end: int
    words: frozenset[str]


def _stem(word: str) -> str:
    word = word.casefold()
    if word in _SAME:
        return _SAME[word]
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return _SAME.get(word[: -len(ending)], word[: -len(ending)])
    return word


def _content(text: str) -> frozenset[str]:
    """The content words of `text`, each read as its meaning."""
    return frozenset(
        _stem(word) for word in _WORD.findall(text) if word.casefold() not in _LIGHT
    ) - {""}


_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+|\n+")


def _remark(message: str) -> str:
    """`message` without its questions: the parts that do not end in a question mark."""
    parts = _SENTENCE_END.split(message)
    return " ".join(part for part in parts if not part.rstrip().endswith("?"))


def find_remark_pointer(text: str, view: View) -> RemarkPointer | None:
    """The first pointer of `text` that describes something the user said (see the module
    docstring), with its content words; None where none does, or where the pointer names a
    subject of the conversation or only says what the user meant or asked ("the one I meant",
    "the one I asked about before X": other rules read those)."""
    for match in _POINTER.finditer(text):
        clause = _DASH.split(match.group("clause") or match.group("effect"))[0]
        said = {w.casefold() for w in _WORD.findall(clause)}
        if said & _POINTING:
            continue
        if view.mentions(clause):
            continue
        words = _content(clause)
        if not words:
            # "the one I said that about": the words said are the turn's quoted ones.
            words = frozenset().union(
                *(_content(quoted.group("quoted")) for quoted in _QUOTED.finditer(text))
            )
        if words:
            said_from = match.start("clause") if match.group("clause") else match.start("effect")
            end = said_from + len(clause.rstrip())
            return RemarkPointer(match.start(), end, words)
    return None


def remarked_subject(pointer: RemarkPointer, view: View) -> str | None:
    """The subject of the one earlier message that shares the most of `pointer`'s words; the
    subject of the turn before where that message names none (it reacted to an answer); None
    where no message, or more than one, shares the most."""
    nodes = view.recent
    # What the user said beside a question first ("last one, I promise: how long did X last?"
    # says "last" twice, once as a remark); the whole message where no remark shares a word.
    shared = [len(pointer.words & _content(_remark(node.question))) for node in nodes]
    if not any(shared):
        shared = [len(pointer.words & _content(node.question)) for node in nodes]
    best = max(shared, default=0)
    if best == 0 or shared.count(best) > 1:
        return None
    at = shared.index(best)
    reacted = pointer.words & _content(nodes[at].question) <= _REACTIONS
    named = not reacted and any(
        mention.name in view.state for mention in view.mentions(nodes[at].question)
    )
    for node in reversed(nodes[: at + 1] if named else nodes[:at]):
        topic = node.topic
        if topic is not None:
            return None if view.is_dropped(topic) else topic
    return None
