"""Positions in the conversation's own order: "what we were on before X", "the one before
that", "the first thing we discussed" (spec/writer-cues-positions.md).

A list position ("the second one") counts the members of a list an earlier turn gave
(`lists`). These count the topics the conversation went through instead: for "before", the
recent nodes' topics, a topic asked about over several turns in a row counted once; for "the
first/second one we talked about", the memory's topics in order of first mention. Dropped
topics are left out of both: the user took them back.

Such a turn names its referent outright, so it is decided here, before the cascade's steps
(`earlier_decision`), and its query is what a person would type: the question the turn asks
with the referent's name where the position stood, else the question it takes up again about
the referent; never the words that point, the correction chatter, or the topic counted from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import abandon
from memcore.replay import Status
from memcore.search.tokenize import STOPWORDS, tokenize
from memcore.writers import cues
from memcore.writers.rules.decision import (
    Decision,
    Span,
    arrive,
    depends,
    pronouns_for,
    restore,
)
from memcore.writers.rules.features import carried_question
from memcore.writers.rules.hedged import find_hedge_pointer, hedged_subject
from memcore.writers.rules.lists import (
    BATCH_NAMED,
    MIDDLE,
    NEXT,
    find_positions,
)
from memcore.writers.rules.remarked import find_remark_pointer, remarked_subject
from memcore.writers.rules.same_message import same_message_pick
from memcore.writers.rules.text import QUERY_CHARS, cut, replace_name, with_name
from memcore.writers.rules.view import View

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# An item number of a list ("2)", "3."), left alone once its item is gone.
_LIST_MARK = re.compile(r"(?<![\w.])\d{1,2}[.)](?=\s|$)")
_CLAUSE = re.compile(r"(?<=[,;:.!?])\s+|\s+[-\u2013\u2014]+\s+")
_GOING_BACK = re.compile(
    r"\b(?:go|going|goes|come|coming|comes|get|getting)\s+back\b", re.IGNORECASE
)
# The assistant as the speaker of a counted phrase ("the first one (that) you mentioned").
_ASSISTANT_NAMED = re.compile(r"\b(?:(?:that|which)\s+)?you\s+(?:just\s+)?\w+", re.IGNORECASE)
# The heads that point at a topic without a name after them ("the one we discussed before");
# another noun with a bare "before" ("the film we saw before") is no place in the talk.
_TOPIC_HEAD = re.compile(r"(?:the|that)\s+(?:one|thing|topic|subject)\b", re.IGNORECASE)
# "wrong city", "wrong film": owning up to a slip by its noun ("went wrong on" is a verb's).
_OWNED_WRONG = re.compile(
    r"\bwrong\s+(?!(?:on|with|about|in|at|for|to|of)\b)[^\W\d_]+", re.IGNORECASE
)
# "that one", "this one": what stands for the referent in the question the turn asks.
_THAT_ONE = re.compile(r"\b(?:that|this)\s+one\b", re.IGNORECASE)
# Words that only steer, correct or point: a clause of nothing else asks nothing.
_NOT_ASKING: frozenset[str] = (
    cues.FILLER
    | cues.REPAIR_WORDS
    | cues.NEGATING_WORDS
    | cues.INTENT_WORDS
    | cues.MEANING_WORDS
    | cues.FIRST_PERSON
    | cues.ASKING_WORDS
    | cues.NOT_CONTENT
    | STOPWORDS
    | frozenset({"back", "return", "returning", "we", "were", "on"})
    | cues.DISMISSING_WORDS
    | frozenset({"maybe", "perhaps", "now", "then", "shall", "take", "me", "step", "steps"})
    | frozenset({"let's", "lets", "us", "you"})
)


@attrs.frozen
class EarlierPhrase:
    """Words that point at a topic by its place in the conversation, spanning `start` to
    `end`. `ordinal` n > 0 is the n-th topic discussed, n < 0 the n-th from the end (-1 is the
    topic the conversation is on). `ordinal` 0 counts `steps` from another topic: -1 is the
    topic discussed just before it, +1 the one just after, -2 two topics back. `anchor_at`
    is where the name of that other topic starts ("before Amelie", "after Rome"); None when it
    is the topic the conversation is on ("before that", "the previous one"). `among` k > 0
    counts the n-th of the last k subjects only ("the third of the three we covered").
    `questions` k > 0 counts the user's questions back instead (`asked_back`)."""

    ordinal: int
    start: int
    end: int
    anchor_at: int | None = None
    steps: int = -1
    among: int = 0
    # k > 0: the topic of the user's question k questions back from the turn being typed
    # (1 is the latest before it): "two questions ago", "the one before my last question".
    questions: int = 0
    # The one subject the user asked more than one question about ("the one I asked a second
    # question about", "the one I followed up on").
    followed: bool = False
    # The subject the user asked about last before the newest list an answer gave ("the one I
    # asked about right before your list", "what we had before you listed them").
    before_list: bool = False


def _after_space(text: str, at: int) -> int:
    """`at` moved past white space and an article."""
    gap = re.match(r"\s+", text[at:])
    at += gap.end() if gap else 0
    article = re.match(r"(?:the|a|an)\s+", text[at:], re.IGNORECASE)
    return at + (article.end() if article else 0)


# "..., we were on something else": the speakers were on another topic (than the name).
_ELSEWHERE = (
    r"\s*,?\s+(?:we|i)(?:'d|\s+were|\s+was|\s+had)?(?:\s+been)?\s+(?:on|talking\s+about"
    r"|discussing|asking\s+about|looking\s+at|doing)\s+(?:something|another|a\s+different"
    r"|some\s+other)(?:\s+(?:else|one|thing|topic|subject))?\b"
)
# The speakers' clause after "before" ("before we got onto X", "before I asked about X",
# "before you brought up X"): its subject makes it, not its verb; up to three words stand
# between it and the name it counts from (`_anchor`).
_BEFORE_SPEAKER_CLAUSE = re.compile(
    r"(?:we|i|you)(?:'[a-z]+)?(?:\s+[a-z]+){1,3}\s+(?:the\s+)?", re.IGNORECASE
)


# "before X, we were on something else": a clause that opens with "before" and a name, and
# says the speakers were on another topic then, points at the topic before that name.
_FRONTED_BEFORE = re.compile(
    r"(?:^|(?<=[,;:.!?]\s)|(?<=\s[-\u2013\u2014]\s))before\s+(?:the\s+)?"
    rf"(?=[^,;:.!?]{{1,60}}?{_ELSEWHERE})",
    re.IGNORECASE,
)


# "before" with what names a list as its object: the list itself ("before your list (came
# up)", "before the suggestions"), a clause of the speakers that asks for it or gives it
# ("before I asked for the list", "before you listed them"), or "it" where the turn named the
# list just before ("not one from your list - the one I asked about right before it").
_LIST_NOUN = r"(?:list|lists|suggestions|recommendations|picks|options|ranking|rundown)"
_BEFORE_LIST = re.compile(
    r"\b(?:right\s+|just\s+|immediately\s+|directly\s+)?before\s+(?:"
    rf"(?:your|the|that|this|those|these)\s+(?:\w+\s+)?{_LIST_NOUN}\b"
    r"(?:\s+(?:came\s+(?:up|along|in)|showed\s+up|started|began))?"
    rf"|(?:you|i|we)\s+(?:\w+\s+){{0,3}}?(?:(?:the|a|your|that)\s+(?:\w+\s+)?{_LIST_NOUN}\b"
    r"|(?:listed|suggested|recommended|ranked|named)\s+(?:them|those|these|some|any|things)\b)"
    r"|(?P<it>it|that)\b(?!\s+(?:one|came|was|is)\b))",
    re.IGNORECASE,
)
# The head of the words that point before "before" ("the one I asked about", "the last thing
# we had", "what I asked about"), in the same clause.
_BEFORE_LIST_HEAD = re.compile(
    r"\b(?:(?:the|that)\s+(?:last\s+|latest\s+)?(?:one|thing|topic|subject|name|question)"
    r"|what(?:ever)?)\b[^,;:.!?]{0,40}?$",
    re.IGNORECASE,
)
_NAMES_LIST = re.compile(rf"\b{_LIST_NOUN}\b", re.IGNORECASE)


def _before_list_phrases(text: str) -> list[EarlierPhrase]:
    """The phrases that point at the subject asked about before the newest list ("the one
    from right before your list came up", "the last one I asked about before the list"):
    "before" with a list as its object (`_BEFORE_LIST`), after a head that points at a
    subject in the same clause."""
    found = []
    for match in _BEFORE_LIST.finditer(text):
        if match.group("it") and _NAMES_LIST.search(text, 0, match.start()) is None:
            continue
        head = _BEFORE_LIST_HEAD.search(text, max(0, match.start() - 60), match.start())
        if head is None:
            continue
        found.append(EarlierPhrase(0, head.start(), match.end(), before_list=True))
    return found


def before_list_topic(view: View) -> str | None:
    """The subject of the user's latest question before the newest list an answer gave, no
    member of that list and not taken back; None where no answer gave a list or nothing was
    asked before it."""
    listing = next((item for item in view.listings if not item.asked), None)
    if listing is None:
        return None
    for node in reversed(view.recent):
        if node.turn >= listing.turn:
            continue
        topic = node.topic
        if topic is not None and topic not in listing.names and not view.is_dropped(topic):
            return topic
    return None


def _before_phrases(text: str) -> list[EarlierPhrase]:
    found: list[EarlierPhrase] = _before_list_phrases(text)
    for match in _FRONTED_BEFORE.finditer(text):
        found.append(EarlierPhrase(0, match.start(), match.end(), match.end()))
    for match in cues.PRE_EVENT.finditer(text):
        found.append(EarlierPhrase(0, match.start(), match.end(), match.end()))
    for match in cues.EARLIER_BEFORE.finditer(text):
        now = cues.BEFORE_NOW.match(text, match.end())
        if now is not None:
            found.append(EarlierPhrase(0, match.start(), now.end()))
            continue
        gap = re.match(r"\s+", text[match.end() :])
        at = match.end() + (gap.end() if gap else 0)
        # "the one before last" is a place in a list (`lists`), not in the conversation; "the
        # topic before last" names the talk, so its "last" is the topic it is on now.
        if re.match(r"(?:the\s+)?last\b", text[at:], re.IGNORECASE):
            topic = cues.BEFORE_LAST_TOPIC.match(text, match.start())
            if topic is not None:
                found.append(EarlierPhrase(0, match.start(), topic.end()))
            continue
        at = _after_space(text, match.end())
        if text[at : at + 1].isalnum():
            found.append(EarlierPhrase(0, match.start(), at, at))
        elif _TOPIC_HEAD.match(match.group(0)):
            # "the one before: who led it?": before the topic the conversation is on. A bare
            # "before" after "what we were discussing" is a return, often past several
            # digressions: the return cues read it.
            found.append(EarlierPhrase(0, match.start(), match.end()))
    return found


# "the one I asked a second question about", "the one I asked two questions about", "the one
# I followed up on", "the one I asked about twice", "the one I asked you the most questions
# about", "the one I kept asking about": the subject asked about more than once.
_FOLLOWED_UP = re.compile(
    r"\b(?:the|that)\s+(?:one|thing|topic|subject)\s+(?:(?:that|which)\s+)?(?:i|we)\s+"
    r"(?:(?:asked|had|put)\s+(?:(?:a|one)\s+)?(?:second|another|follow[\s-]?up"
    r"|more\s+than\s+one|two|several|more|extra|further)\s+(?:questions?\s+)?(?:about|on|for)"
    r"|asked\s+about\s+twice|followed\s+up\s+on|came\s+back\s+to\s+with\s+a\s+second"
    r"\s+question"
    # "the one I asked you the most questions about", "the one I kept asking about".
    r"|asked\s+(?:you\s+)?(?:the\s+)?most\s+(?:questions\s+)?(?:about|on)"
    r"|kept\s+(?:on\s+)?asking\s+(?:you\s+)?about)\b"
    # "the one that got the most questions from me": the subject of the most questions.
    r"|\b(?:the|that)\s+(?:one|thing|topic|subject)\s+(?:that|which)\s+(?:got|had|drew)\s+"
    r"the\s+most\s+(?:questions|follow[\s-]?ups)\b",
    re.IGNORECASE,
)


def _counted_phrases(text: str) -> list[EarlierPhrase]:
    found: list[EarlierPhrase] = []
    for match in _FOLLOWED_UP.finditer(text):
        found.append(EarlierPhrase(0, match.start(), match.end(), followed=True))
    for match in cues.EARLIER_NTH.finditer(text):
        noun = match.group("noun").casefold()
        end = match.end()
        chat = cues.IN_THIS_CHAT.match(text, end)
        if chat is not None:
            end = chat.end()
        elif noun not in cues.SELF_NAMING_NOUNS and not match.group("discussed"):
            continue
        ordinal = cues.EARLIER_ORDINALS[" ".join(match.group("ordinal").casefold().split())]
        found.append(EarlierPhrase(ordinal, match.start(), end))
    for match in cues.EARLIER_NTH_AFTER.finditer(text):
        ordinal = cues.EARLIER_ORDINALS[match.group("ordinal").casefold()]
        found.append(EarlierPhrase(ordinal, match.start(), match.end()))
    for match in cues.EARLIER_PREVIOUS.finditer(text):
        noun = match.group("noun").casefold()
        if match.group("last") and noun == "one" and not match.group("discussed"):
            continue  # "the last one" is a list position
        found.append(EarlierPhrase(0, match.start(), match.end()))
    among_matches = [*cues.EARLIER_AMONG.finditer(text), *cues.EARLIER_AMONG_FRONTED.finditer(text)]
    for match in among_matches:
        among = cues.COUNT_WORDS[match.group("count").casefold()]
        word = match.group("ordinal").casefold()
        if word == "middle":
            # "the middle one of the three": only an odd count has a middle.
            if among % 2 == 0:
                continue
            ordinal = (among + 1) // 2
        else:
            ordinal = among if word == "last" else cues.EARLIER_ORDINALS[word]
        if ordinal <= among:
            found.append(EarlierPhrase(ordinal, match.start(), match.end(), among=among))
    for match in cues.EARLIER_BACK.finditer(text):
        count = match.group("count") or match.group("count_after") or match.group("count_from")
        word = count.casefold()
        found.append(EarlierPhrase(0, match.start(), match.end(), steps=-cues.COUNT_WORDS[word]))
    for match in cues.QUESTIONS_BACK.finditer(text):
        count = match.group("count") or match.group("count_after")
        back = cues.COUNT_WORDS[count.casefold()] if count else 2
        back = 1 if match.group("mine_last") else back
        # "go back one question" moves off the question just asked; "back 1 turn" alone, like
        # "one question ago", is that question.
        moving = cues.MOVING_BACK_BEFORE.search(text, 0, match.start()) is not None
        if back == 1 and match.group("count_after") and moving:
            back = 2
        found.append(EarlierPhrase(0, match.start(), match.end(), questions=back))
    for match in cues.MY_NTH_QUESTION.finditer(text):
        word = next(
            match.group(group)
            for group in ("ordinal", "clause_ordinal", "about_ordinal", "of_ordinal")
            if match.group(group)
        )
        ordinal = cues.EARLIER_ORDINALS[word.casefold()]
        found.append(EarlierPhrase(ordinal, match.start(), match.end()))
    for match in cues.BESIDE_MY_NTH_QUESTION.finditer(text):
        # Next to the topic of the n-th question: the topic discussed one place on or back.
        step = 1 if match.group("side").casefold() == "after" else -1
        ordinal = cues.EARLIER_ORDINALS[match.group("ordinal").casefold()] + step
        if ordinal >= 1:
            found.append(EarlierPhrase(ordinal, match.start(), match.end()))
    for match in cues.EARLIER_START.finditer(text):
        found.append(EarlierPhrase(1, match.start(), match.end()))
    for match in cues.EARLIER_IN_BETWEEN.finditer(text):
        found.append(EarlierPhrase(2, match.start(), match.end(), among=3))
    for pattern in (cues.EARLIER_AFTER, cues.EARLIER_BETWEEN):
        for match in pattern.finditer(text):
            at = _after_space(text, match.end())
            # "the one after that" is the next list member (`lists`), not a topic counted from.
            if re.match(r"(?:that|this|it)\b", text[at:], re.IGNORECASE):
                continue
            if text[at : at + 1].isalnum():
                found.append(EarlierPhrase(0, match.start(), at, at, steps=1))
    return found


def find_earlier(text: str) -> tuple[EarlierPhrase, ...]:
    """Every phrase in `text` that points at a topic by its place in the conversation; of
    phrases that overlap, the one that starts first (the longest of those)."""
    found = sorted(
        [*_before_phrases(text), *_counted_phrases(text)],
        key=lambda phrase: (phrase.start, -phrase.end),
    )
    kept: list[EarlierPhrase] = []
    for phrase in found:
        if not kept or phrase.start >= kept[-1].end:
            kept.append(phrase)
    return tuple(kept)


@attrs.frozen
class EarlierPick:
    """The topic a phrase points at (`name`), the words that point (`span`, the name counted
    from included) and the topic counted from (`anchor`; None for an n-th topic)."""

    name: str
    span: Span
    anchor: str | None


def _discussed(view: View) -> list[str]:
    """The memory's subjects (`View.was_subject`) in order of first mention, not dropped."""
    return [
        t.name
        for t in view.state.topics
        if t.status is not Status.DROPPED and view.was_subject(t.name)
    ]


def _sequence(view: View) -> list[str]:
    """The recent nodes' subjects in the order they were discussed, a subject asked about
    over several turns in a row once, dropped subjects left out."""
    order: list[str] = []
    for node in view.recent:
        topic = node.topic
        if topic is None or view.is_dropped(topic):
            continue
        if not order or order[-1] != topic:
            order.append(topic)
    return order


def topic_before(anchor: str, view: View) -> str | None:
    """The topic discussed before `anchor`: the topic of the latest recent node before the
    last one that carries `anchor` (any of that node's topics skipped, a node may carry two),
    else the topic first mentioned before it; dropped topics never."""
    nodes = view.recent
    last = next((i for i in range(len(nodes) - 1, -1, -1) if anchor in nodes[i].topics), None)
    if last is not None:
        skipped = set(nodes[last].topics)
        for node in reversed(nodes[:last]):
            topic = node.topic
            if topic is not None and topic not in skipped and not view.is_dropped(topic):
                return topic
    order = _discussed(view)
    if anchor in order and order.index(anchor) > 0:
        return order[order.index(anchor) - 1]
    return None


def topic_at(anchor: str, steps: int, view: View) -> str | None:
    """The subject `steps` places from `anchor` in the order of discussion (-1 the one
    before, +1 the one after); None past either end."""
    if steps == -1:
        return topic_before(anchor, view)
    order = _sequence(view)
    if anchor not in order:
        order = _discussed(view)
    if anchor not in order:
        return None
    at = len(order) - 1 - order[::-1].index(anchor) if steps < 0 else order.index(anchor)
    target = at + steps
    return order[target] if 0 <= target < len(order) else None


_CAME_UP = re.compile(
    r"\s+(?:came\s+(?:up|along|in)|showed\s+up|popped\s+up"
    r"|(?:was|got)\s+(?:mentioned|brought\s+up|discussed|raised)"
    # "before the X detour": the name is a detour's, the word belongs to the words that point.
    r"|detour|tangent|digression|aside|side\s+(?:trip|question))\b"
    rf"|{_ELSEWHERE}",
    re.IGNORECASE,
)


def _anchor(phrase: EarlierPhrase, text: str, view: View) -> tuple[str, int] | None:
    """The topic a relative phrase counts from, and where its words end."""
    if phrase.anchor_at is None:
        previous = view.previous.topic if view.previous is not None else None
        name = view.current or previous
        return None if name is None else (name, phrase.end)
    mentions = view.mentions(text)
    for mention in mentions:
        # "before we got onto X": a clause of the speakers may stand between "before" and
        # the name it counts from, whatever its verb.
        clause = _BEFORE_SPEAKER_CLAUSE.fullmatch(text, phrase.anchor_at, mention.start)
        if (mention.start == phrase.anchor_at or clause is not None) and mention.name in view.state:
            # "between X and Y": the words that point run to the end of Y.
            joined = re.match(r"\s+and\s+", text[mention.end :])
            after = mention.end + joined.end() if joined else -1
            closing = next((m for m in mentions if m.start == after), None)
            end = mention.end if closing is None else closing.end
            # "before X came up", "before X was mentioned": the name's own verb of the talk
            # belongs to the words that point.
            came = _CAME_UP.match(text, end)
            return mention.name, end if came is None else came.end()
    return None


# Where the words after "before" end: the clause's end.
_EVENT_END = re.compile(r"[,;:.!?\n]|\s[-\u2013\u2014]+\s")
# A question word and an auxiliary right before the words that point ("when did", "where
# was"): the clause's main verb comes last.
_AUXILIARY_OPENING = re.compile(
    r"(?:^|[.!?\n]\s*)(?:when|where|how|why|who|what|which)\s+(?:did|was|were|is|are|does|do"
    r"|has|had|have)\s+$",
    re.IGNORECASE,
)


def _before_event(phrase: EarlierPhrase, text: str, view: View) -> tuple[str, int] | None:
    """The topic "the one right before my tea break" points at: where no topic's name follows
    "before", its words may name a turn of the talk that named no topic (an aside: "brb,
    making a cup of tea"), the latest whose question shares a content word with them; the
    topic is the one discussed last before that turn
    (spec/writer-cues-positions.md#writer-cues-positions.before-event)."""
    if phrase.anchor_at is None or phrase.steps != -1:
        return None
    stop = _EVENT_END.search(text, phrase.anchor_at)
    end = stop.start() if stop is not None else len(text)
    # "when did the one from right before I made tea launch?": a question that opened with an
    # auxiliary still owes its verb, the clause's last word, which is no part of the event.
    if _AUXILIARY_OPENING.search(text, 0, phrase.start) and text[end : end + 1] == "?":
        owed = re.search(r"\s+[a-z]+\s*$", text[phrase.anchor_at : end])
        if owed is not None and owed.start() > 0:
            end = phrase.anchor_at + owed.start()
    words = set(tokenize(text[phrase.anchor_at : end]))
    if not words:
        return None
    nodes = view.recent
    matched = [
        index
        for index in range(1, len(nodes))
        if words & set(tokenize(nodes[index].question))
        and not _names_topic(nodes[index].question, view)
    ]
    # Where no aside shares a word with the event ("my tea break" after "putting the kettle
    # on"), the one turn of the talk that named no topic at all, asked or answered, is it.
    asides = [index for index in range(1, len(nodes)) if _is_aside(nodes[index], view)]
    chosen = matched[-1] if matched else asides[0] if len(asides) == 1 else None
    if chosen is None:
        return None
    for earlier in reversed(nodes[:chosen]):
        topic = earlier.topic
        if topic is not None and not view.is_dropped(topic):
            return topic, end
    return None


def _names_topic(text: str, view: View) -> bool:
    return any(mention.name in view.state for mention in view.mentions(text))


def _is_aside(node: Node, view: View) -> bool:
    """A turn about nothing the conversation holds: its question and its answer name no
    topic ("brb, kettle's on" - "Take your time.")."""
    return not _names_topic(node.question, view) and not _names_topic(node.answer, view)


def followed_up(view: View) -> str | None:
    """The one subject the user asked more than one question about (its turns counted, in a
    row or not), where only one was; None where none or several were, or it was taken back.
    A turn counts for the subject its answer names first, else for its topic: the answer says
    what the question was about ("where was she born?" - "B was born in ...")."""
    counts: dict[str, int] = {}
    for node in view.recent:
        named = [m.name for m in view.mentions(node.answer) if m.name in view.state]
        about = named[0] if named else node.topic
        if about is not None and not view.is_dropped(about):
            counts[about] = counts.get(about, 0) + 1
    more = [name for name, count in counts.items() if count > 1]
    return more[0] if len(more) == 1 else None


def asked_back(questions: int, view: View) -> str | None:
    """The topic of the user's question `questions` back from the turn being typed (1: the
    latest before it), each question counted, a topic asked about twice twice; None past the
    recent turns, or where that question's topic was taken back."""
    nodes = view.recent
    if not 0 < questions <= len(nodes):
        return None
    topic = nodes[-questions].topic
    return None if topic is None or view.is_dropped(topic) else topic


def _nth(ordinal: int, view: View, among: int = 0) -> str | None:
    if among:
        # The n-th of the last `among` subjects, in the order they were discussed.
        order = _sequence(view)
        latest = list(dict.fromkeys(reversed(order)))[:among][::-1]
        return latest[ordinal - 1] if len(latest) == among else None
    if ordinal > 0:
        order = _discussed(view)
        return order[ordinal - 1] if ordinal <= len(order) else None
    order = _sequence(view)
    return order[ordinal] if -ordinal <= len(order) else None


def resolve_earlier(text: str, view: View) -> EarlierPick | None:
    """The topic the first resolvable phrase of `text` points at (see `find_earlier`)."""
    for phrase in find_earlier(text):
        if phrase.before_list:
            name = before_list_topic(view)
            if name is not None:
                return EarlierPick(name, (phrase.start, phrase.end), None)
            continue
        if _vague(text, phrase) and not takes_back(text):
            # "so about the earlier topic, when was it reorganized?": a return, which may go
            # back past several digressions; the return cues read it. Beside a correction
            # ("the earlier one, not Rome") it is the topic before the one taken back.
            continue
        if view.listings and _ASSISTANT_NAMED.search(text, phrase.start, phrase.end):
            # "the first one you mentioned": the assistant named it, so it is a place in what
            # an answer listed (`lists`).
            continue
        own_list = any(listing.asked for listing in view.listings)
        if own_list and cues.OWN_NAMING.search(text, phrase.start, phrase.end):
            # "the second one I mentioned" where the user typed a list ("I'm torn between A
            # and B"): a place in that list (`lists.listing_for`), not in the talk.
            continue
        if phrase.followed:
            name = followed_up(view)
            if name is not None:
                return EarlierPick(name, (phrase.start, phrase.end), None)
            continue
        if phrase.questions:
            name = asked_back(phrase.questions, view)
            if name is not None:
                return EarlierPick(name, (phrase.start, phrase.end), None)
            continue
        if phrase.ordinal != 0:
            name = _nth(phrase.ordinal, view, phrase.among)
            if name is not None:
                return EarlierPick(name, (phrase.start, phrase.end), None)
            continue
        anchored = _anchor(phrase, text, view)
        if anchored is None:
            event = _before_event(phrase, text, view)
            if event is not None:
                return EarlierPick(event[0], (phrase.start, event[1]), None)
            continue
        anchor, end = anchored
        name = topic_at(anchor, phrase.steps, view)
        if name is not None:
            return EarlierPick(name, (phrase.start, end), anchor)
    # "the one I thanked you for": no place, but one of the user's own messages described.
    pointer = find_remark_pointer(text, view)
    name = remarked_subject(pointer, view) if pointer is not None else None
    if pointer is not None and name is not None:
        return EarlierPick(name, (pointer.start, pointer.end), None)
    # "the one you weren't sure about": an answer described by its doubt.
    hedge = find_hedge_pointer(text)
    name = hedged_subject(view) if hedge is not None else None
    if hedge is not None and name is not None:
        return EarlierPick(name, hedge, None)
    # "the one I asked about in the same message as X": the other name of that message.
    beside = same_message_pick(text, view)
    if beside is not None:
        return EarlierPick(*beside)
    return None


def unlisted_position(text: str, view: View) -> EarlierPick | None:
    """Where no earlier turn gave a list, a list place ("the very first one", "the most recent
    one", "the second one") counts the subjects the conversation went through instead."""
    if view.listings:
        return None
    for position in find_positions(text):
        # The middle, and the places said relative to the talk or a member ("the next one",
        # "the one you suggested"), count no subject of the conversation.
        relative = position.index == MIDDLE or abs(position.index) >= NEXT
        if relative or position.noun not in ("", "one"):
            continue
        name = _nth(position.index, view)
        if name is not None:
            return EarlierPick(name, (position.start, position.end), None)
    return None


def _vague(text: str, phrase: EarlierPhrase) -> bool:
    """Whether the phrase only says "earlier" ("the earlier one"), not a count of places."""
    return re.search(r"\bearlier\b", text[phrase.start : phrase.end], re.IGNORECASE) is not None


def _words(text: str) -> set[str]:
    return {re.sub(r"'s$", "", w.casefold()) for w in _WORD.findall(text)}


def _asks(clause: str, names: Sequence[str]) -> bool:
    """Whether `clause`, its names left out, asks something of its own."""
    named = set().union(*(_words(name) for name in names))
    # "go back to ..." steers; "where did it come down?" asks. A clause that only names a
    # batch of a list ("back to your original list") points, as the place does.
    steering = _GOING_BACK.sub(" ", BATCH_NAMED.sub(" ", clause))
    steering = re.sub(r"^\W*back\s+to\b", " ", steering, flags=re.IGNORECASE)
    # "ugh", "wrong name", "scratch that": the words of a retraction ask nothing either.
    steering = cues.RETRACTION.sub(" ", _OWNED_WRONG.sub(" ", steering))
    return bool(_words(steering) - named - _NOT_ASKING)


def _naming(question: str, name: str, pronouns: frozenset[str]) -> str:
    """`question` with "that one" and the `pronouns` standing for `name` replaced by it."""
    text = _THAT_ONE.sub(lambda _: name, cues.normalise_turn(question))
    return with_name(text, name, pronouns, append=False)


def _swapped(text: str, old: str, new: str) -> str:
    """`text` with every whole `old` replaced by `new`: `old` is a topic of the memory, so
    "population of Cusco" holds the name itself, not part of a longer one."""
    words = old.split()
    if not words:
        return text
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)"
    return re.sub(pattern, lambda _: new, text, flags=re.IGNORECASE)


def _taken_up(pick: EarlierPick, view: View, correcting: bool) -> str:
    """The question a turn that asks nothing of its own takes up about the referent: after a
    correction, the question corrected with the referent in place of the topic taken back;
    on a return, the last recent question about the referent, except where the talk is on
    another member of a list that holds the referent: "what about the first one?" asks the
    question just asked about that member of the first."""
    name = pick.name
    old = view.previous.topic if view.previous is not None else None
    if not correcting and not _list_sibling(view, name, old):
        for node in reversed(view.recent):
            if node.topic == name:
                asked = _without_listed(node.question, name, view)
                return _naming(asked, name, pronouns_for(name, view))
    carried = carried_question(view)
    # "where did the second one grow up?" corrected to the first one: its position is the name.
    pointing = [(p.start, p.end) for p in find_positions(carried)]
    pointing += [(p.start, p.end) for p in find_earlier(carried)]
    for at, until in sorted(set(pointing), reverse=True):
        carried = carried[:at] + name + carried[until:]
    for replaced in dict.fromkeys(n for n in (pick.anchor, view.current, old) if n):
        carried = _swapped(replace_name(carried, replaced, name), replaced, name)
    return _naming(
        _without_listed(carried, name, view), name, pronouns_for(old, view) if old else frozenset()
    )


def _list_sibling(view: View, name: str, other: str | None) -> bool:
    """Whether `other` is another member of a list in view that holds `name`."""
    return (
        other is not None
        and other != name
        and any(name in listing.names and other in listing.names for listing in view.listings)
    )


def _without_listed(question: str, name: str, view: View) -> str:
    """`question` without the other members of a list that holds `name` ("I have three
    options: 1) A 2) B 3) C" asked again about C keeps C only), nor item numbers, nor the
    name twice in a row where the members around it became it."""
    others = {
        other for listing in view.listings if name in listing.names for other in listing.names
    }
    others.discard(name)
    for other in others:
        question = _swapped(question, other, " ")
    if len(_LIST_MARK.findall(question)) >= 2:
        question = _LIST_MARK.sub(" ", question)
    repeated = r"(?<!\w)(" + re.escape(name) + r")(?:[\s,;]+(?:and\s+|or\s+)?\1(?!\w))+"
    question = re.sub(repeated, lambda match: match.group(1), question, flags=re.IGNORECASE)
    return re.sub(r"\s+(?=[,.;:!?](?:\s|$))", "", " ".join(question.split()))


def earlier_query(text: str, pick: EarlierPick, view: View, correcting: bool) -> str:
    """The query of a turn that points at `pick` (see the module docstring)."""
    name = pick.name
    start, end = pick.span
    # The other positions of the turn were retracted ("the second guy... no, the first one").
    others_at = [(p.start, p.end) for p in find_positions(text)]
    others_at += [(p.start, p.end) for p in find_earlier(text)]
    marked = text
    for at, until in sorted({*others_at, (start, end)}, reverse=True):
        if until <= start or at >= end:
            marked = marked[:at] + " " + marked[until:]
        elif (at, until) == (start, end):
            marked = marked[:at] + name + marked[until:]
    others = [name, *((pick.anchor,) if pick.anchor else ())]
    slips: list[str] = []
    if correcting:
        # A clause that only takes a known name back ("not parasite") asks nothing.
        others += [other for other in view.candidates() if other != name]
        slips = _typed_slips(text, pick, view)
        others += slips
    asked = [clause for clause in _CLAUSE.split(marked) if _asks(clause, others)]
    if asked:
        joined = " ".join(asked)
        for slip in slips:
            # "did Vertigo win any Oscars? not Vertigo, the one from my first question": the
            # question typed with the slip is asked of the name pointed at.
            joined = _swapped(joined, slip, name)
        query = _naming(joined, name, pronouns_for(name, view))
    else:
        query = _taken_up(pick, view, correcting)
    query = " ".join(query.split())
    if name.casefold() not in query.casefold():
        query = f"{query} {name}".strip()
    return cut(query, QUERY_CHARS)


def _typed_slips(text: str, pick: EarlierPick, view: View) -> list[str]:
    """The names a correcting turn types before the words that point, other than the name
    pointed at and the name counted from: the slips it takes back ("who directed Rashomon?
    no wait, wrong name, I mean the one I asked about at the start")."""
    start = pick.span[0]
    return list(
        dict.fromkeys(
            mention.name
            for mention in view.mentions(text)
            if mention.end <= start and mention.name not in (pick.name, pick.anchor)
        )
    )


def takes_back(text: str) -> bool:
    """Whether the turn takes back what the conversation is on: a negating, repair or intent
    word ("no, the one before that", "sorry, I meant ..."), owning up to a slip ("I
    miscounted", `cues.OWNED_SLIP`) or a correction phrase."""
    # "what went wrong on it?" asks about a failure; that "wrong" takes nothing back.
    failure = "|".join(sorted(cues.FAILURE_VERBS))
    words = _words(re.sub(rf"\b(?:{failure})\s+wrong\b", " ", text, flags=re.IGNORECASE))
    if words & (
        cues.NEGATING_WORDS | cues.REPAIR_WORDS | cues.INTENT_WORDS | cues.DISMISSING_WORDS
    ):
        return True
    # "ah, miscounted. the second one ...": owning up to a slip takes back what it led to.
    if cues.OWNING_UP.search(text) or cues.OWNED_SLIP.search(text):
        return True
    return any(pattern.search(text) for pattern in cues.CORRECTION)


def earlier_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at a topic by its place in the conversation, or
    None (see `pointed_decision`)."""
    pick = resolve_earlier(text, view)
    return None if pick is None else pointed_decision(pick, text, view)


def pointed_decision(pick: EarlierPick, text: str, view: View) -> Decision:
    """The decision of a turn whose words at `pick.span` point at `pick.name`. A turn that
    also takes something back ("no, the one before that") abandons the current topic; one
    that only points or returns ("go back to what we were on before X") does not."""
    name, current = pick.name, view.current
    start, end = pick.span
    # The words that point take nothing back, even when they hold "no" ("who made no. 3?").
    correcting = takes_back(text[:start] + " " + text[end:])
    rejected = current if correcting and current is not None and current != name else None
    arrival = restore(name, view) if correcting else arrive(name, view)
    query = earlier_query(text, pick, view, correcting)
    # "what is Helsinki famous for? - no wait, I mean Lisbon, the one we talked about first":
    # the name typed and taken back before the words that point is the turn's slip.
    slips = (
        [slip for slip in _typed_slips(text, pick, view) if slip != rejected] if correcting else []
    )
    return Decision(
        topic=name,
        operations=(
            *(abandon(slip) for slip in slips),
            *((abandon(rejected),) if rejected else ()),
            arrival,
        ),
        basis=query,
        pronouns=pronouns_for(name, view),
        depends_on=depends(view, name),
        contradicts=(rejected,) if rejected else (),
        kind=view.kind(name),
        query=query,
    )
