"""Turns that stand alone, and names a turn takes back (spec/writer-standalone.md).

A final turn stands alone when it names its own subject (a page title, a capitalised name or
a topic the memory knows, typed in the turn), leans on nothing earlier (no pronoun,
demonstrative or position, no "what about ...", "and ...?" or return), and revises nothing
(no negating, repair or intent word). Such a turn is searched as the user typed it: the
writer adds no term from the history and removes nothing, so the memory cannot make a
self-contained question worse than the question itself.

A turn that takes nothing back (no negating, repair or intent word, no correction phrase)
rejects no name it types: the writer's rejection of such a name is dropped, so the name stays
in the query and the search does not lower its page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.correcting import arriving
from memcore.writers.own_phrase import names_own_phrase
from memcore.writers.own_subject import fixes_own_subject
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.earlier import find_earlier
from memcore.writers.rules.hedged import find_hedge_pointer
from memcore.writers.rules.lists import find_place_groups, find_positions
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.same_message import points_beside

WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


# "is there", "are there": the existential "there" points at nothing earlier.
EXISTENTIAL_THERE = re.compile(r"\b(?:is|are|was|were|be|been)\s+there\b", re.IGNORECASE)


# Words that take a turn back or say which one was meant: such a turn revises, never stands
# alone, and may reject a name it types ("sorry", "actually", "I meant", "not").
_REVISING = (
    cues.NEGATING_WORDS
    | cues.REPAIR_WORDS
    | cues.INTENT_WORDS
    | cues.MORE_WORDS
    | cues.SETTING_ASIDE
)


# A user owning up to a slip ("my bad, I wrote ...") revises as surely as "sorry".
# Writing a work of one's own ("I wrote a school report on X once") owns up to nothing.
_OWNING_UP = re.compile(
    r"\bmy\s+bad\b|\bi\s+(?:wrote|typed)\b(?!\s+(?:a|an|my|our|some|several|two|three|lots)\b)",
    re.IGNORECASE,
)


def folded_words(text: str) -> list[str]:
    return [word.casefold().replace("\u2019", "'") for word in WORD.findall(text)]


def _outside_questions(text: str) -> str:
    """`text` without its clauses that end in a question mark: a negation there is part of
    what is asked ("what went wrong on Apollo 13?", "why didn't it land?")."""
    return re.sub(r"[^,;:.!?]*\?", " ", text)


# A turn that ends on a capitalised name standing alone after its question ("what is X known
# for? my brain skipped a beat there. Y"): the name may be said in place of the asked one
# (name_roles._closing_bare_name decides).
_CLOSING_NAME = re.compile(
    r"\?[^?]*?(?:[.!\n*:]|\s[-\u2013\u2014]\s)\W*[A-Z][\w'-]*(?:\s+[A-Z0-9][\w'-]*){0,4}"
    r"\W*(?:,?\s*(?:obviously|of\s+course|i\s+mean|lol|duh)\W*)?$"
)


def ends_on_closing_name(text: str) -> bool:
    """Whether `text` ends on a capitalised name standing alone after its question."""
    return _CLOSING_NAME.search(text.rstrip()) is not None


def revises(question: str) -> bool:
    """Whether `question` may take something back: a repair, intent or "more" word, a
    negating word outside a question it asks, a correction or value-revision phrase, or a
    closing name standing alone after the question."""
    # "sorry for changing the subject" excuses a move: it takes nothing back.
    text = cues.JUMP_APOLOGY.sub(" ", cues.normalise_turn(question))
    words = set(folded_words(text))
    negating = set(folded_words(_outside_questions(text))) & cues.NEGATING_WORDS
    if words & (_REVISING - cues.NEGATING_WORDS) or negating or _OWNING_UP.search(text):
        return True
    if ends_on_closing_name(text):
        return True
    return any(pattern.search(text) for pattern in (*cues.CORRECTION, *cues.VALUE_REVISION))


def stands_alone(question: str, names: Iterable[str], replying: bool = False) -> bool:
    """Whether `question` stands alone: it asks something and types one of `names` (the
    names found in it) or fixes its subject by its own words without a name
    (`own_subject.fixes_own_subject`: "what was the most popular song in 2012?"), or asks
    nothing yet is a phrase typed as a search that names its own subject
    (`own_phrase.names_own_phrase`: "bonds versus stocks"); it takes
    nothing back (`revises`) and has no word or phrase that leans on the conversation ("what
    about ...", "and ...?", a return, a position, or a pronoun or demonstrative before any
    name it types)."""
    if revises(question):
        return False
    named = any(name.strip() for name in names)
    text = cues.normalise_turn(question)
    asks = "?" in text or bool(set(folded_words(text)) & cues.ASKING_WORDS)
    # A fragment ("Celts", "the reunification", "in water") goes on with what came before,
    # unless it is a phrase typed as a search that names its own subject ("speed limit",
    # "bonds versus stocks": `own_phrase.names_own_phrase`); after an answer that asked the
    # user (`replying`), a fragment is the reply, read with the question it answers.
    if not asks and (replying or not names_own_phrase(question, names)):
        return False
    if asks and not (named or fixes_own_subject(question)):
        return False
    if any(pattern.search(text) for pattern in (*cues.ELLIPSIS, *cues.RETURN)):
        return False
    # "the first one", "the one before last", "one step back"; not "when did it first
    # launch?".
    # "everything but X", "the others besides X": the rest of a list leans on that list.
    if find_positions(text) or find_earlier(text) or find_place_groups(text):
        return False
    # "the one you weren't sure about", "the one I asked next to X": an answer or a message
    # described, not a subject named.
    if find_hedge_pointer(text) is not None or points_beside(text):
        return False
    # A pronoun after a name the turn types points at that name ("Talking about the Celts,
    # what was their importance?"); one before any name leans on the conversation.
    # Nor does a dummy "it" ("where does it snow the most in North Carolina?").
    plain = cues.without_dummy_it(EXISTENTIAL_THERE.sub(" ", text))
    # A remark before the sentence that asks ("ok, enough about that.", "that helped.") points
    # at the conversation to close it, not to ask about it: only the asking part may lean.
    asked_from = _asking_sentence_start(plain)
    leaning = [
        match.start()
        for match in WORD.finditer(plain)
        if match.start() >= asked_from
        and match.group().casefold().replace("\u2019", "'") in cues.LEANING_WORDS
    ]
    if not leaning:
        return True
    named_at = [at for name in names if (at := typed_at(plain, name)) is not None]
    return bool(named_at) and min(named_at) < min(leaning)


_SENTENCE_SPAN = re.compile(r"[^.!?]+[.!?]*")


def _asking_sentence_start(text: str) -> int:
    """Where the first sentence of `text` that asks (a question mark, or an asking word to
    open it) starts; 0 where none does."""
    for sentence in _SENTENCE_SPAN.finditer(text):
        words = folded_words(sentence.group())
        if "?" in sentence.group() or (words and words[0] in cues.ASKING_WORDS):
            return sentence.start()
    return 0


def typed_at(text: str, name: str) -> int | None:
    words = name.split()
    if not words:
        return None
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)"
    found = re.search(pattern, text, re.IGNORECASE)
    return None if found is None else found.start()


def typed_in(question: str, name: str) -> bool:
    """Whether every word of `name` is typed in `question`, in order (case ignored)."""
    return typed_at(cues.normalise_turn(question), name) is not None


def keep_typed_names(question: str, node: Node, dismissed: Sequence[str] = ()) -> Node:
    """`node` without the rejections of names the user typed in `question`, when the turn
    takes nothing back: such a turn asks about the names it types. A name of `dismissed`
    (one a statement of the turn dismisses by meaning, `learned.dismissal`) is taken back."""
    if revises(question):
        return node

    def kept_back(name: str) -> bool:
        return typed_in(question, name) and name not in dismissed

    kept = tuple(
        op for op in node.operations if not (op.kind is OpKind.ABANDON and kept_back(op.topic))
    )
    contradicts = tuple(name for name in node.contradicts if not kept_back(name))
    if kept == node.operations and contradicts == node.contradicts:
        return node
    return attrs.evolve(node, operations=kept, contradicts=contradicts)


def typed_as_name(question: str, mention: Mention, remembered: Iterable[str] = ()) -> bool:
    # A page title of one lower-case word ("movement", "history") is a word of the question,
    # not its subject named: a name counts when it is typed with a capital or has several words.
    normal = cues.normalise_turn(question)
    typed = normal[mention.start : mention.end]
    # A turn typed wholly in lower case types the names the memory holds (`remembered`: its
    # topics and the names of recent answers) so too.
    lowered = (
        mention.name in remembered
        and typed.casefold() == mention.name.casefold()
        and not any(ch.isupper() for ch in normal)
    )
    return len(typed.split()) > 1 or typed[:1].isupper() or lowered


def core_name(name: str, request: WriterRequest, vocabulary: TitleVocabulary | None) -> str:
    """The page title or known topic that ends a longer capitalised span ("Speaking of
    Casablanca" is Casablanca), else `name`."""
    words = name.split()
    known = {topic.name.casefold(): topic.name for topic in request.state.topics}
    titles = vocabulary.by_key if vocabulary is not None else {}
    for start in range(1, len(words)):
        tail = " ".join(words[start:])
        found = known.get(tail.casefold()) or titles.get(tail.casefold())
        if found is not None:
            return found
    return name


def same_words(one: str, other: str) -> bool:
    return one.casefold().split() == other.casefold().split()


ANY_PRONOUN = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS


# The parts of a turn: its sentences, a dash aside and a bracketed remark.
TURN_PARTS = re.compile(r"(?<=[.?!])\s+|\s[-\u2013\u2014]+\s|[()]")


def moved_to(node: Node, name: str, request: WriterRequest) -> Node:
    """`node` on `name`: its abandons of other topics kept, `name` arriving and no longer
    contradicted (unchanged where `name` is its topic already)."""
    if node.topic == name:
        return node
    kept = tuple(op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != name)
    return attrs.evolve(
        node,
        operations=(*kept, arriving(name, request)),
        topics=(name,),
        contradicts=tuple(c for c in node.contradicts if c != name),
    )


def without_arrival_at_rejected(node: Node) -> Node:
    """`node` without an arrival (Add, Refine, Revise, Reactivate) at a topic it also
    abandons: a turn that takes a topic back does not mean it in the same breath, so a
    description resolved to the only topic there is ("no, I meant the mission" where the
    rejected topic is the one mission known) leaves the turn with no topic rather than with
    the one it rejects."""
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    operations = tuple(
        op for op in node.operations if op.kind is OpKind.ABANDON or op.topic not in abandoned
    )
    if len(operations) == len(node.operations):
        return node
    topics = tuple(topic for topic in node.topics if topic not in abandoned)
    return attrs.evolve(node, operations=operations, topics=topics)


# Words that open an aside rather than a request ("sorry, my cat walked over the keyboard",
# "ha, she does that every morning").
_ASIDE_OPENERS = frozenset(
    ["sorry", "oops", "whoops", "ha", "haha", "hah", "lol", "ugh", "brb", "heh", "wow", "argh"]
)


# Words that make a turn say what it meant, or take a name back: no aside then ("sorry, I
# meant saturn").
_NOT_ASIDE = cues.INTENT_WORDS | cues.MEANING_WORDS | cues.NEGATING_WORDS


def is_aside(question: str, names: Sequence[Mention]) -> bool:
    """Whether `question` is an aside: it opens with an apology or an exclamation, asks
    nothing (no question mark, no asking word) and types no name."""
    text = cues.normalise_turn(question)
    words = folded_words(text)
    if names or not words or words[0] not in _ASIDE_OPENERS or "?" in text:
        return False
    return not set(words) & (cues.ASKING_WORDS | cues.REQUEST_VERBS | _NOT_ASIDE)
