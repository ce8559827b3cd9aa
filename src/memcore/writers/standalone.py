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
from collections.abc import Iterable

import attrs

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary, find_mentions
from memcore.writers.rules.text import QUERY_CHARS, cut

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# "is there", "are there": the existential "there" points at nothing earlier.
_EXISTENTIAL_THERE = re.compile(r"\b(?:is|are|was|were|be|been)\s+there\b", re.IGNORECASE)
# Words that take a turn back or say which one was meant: such a turn revises, never stands
# alone, and may reject a name it types ("sorry", "actually", "I meant", "not").
_REVISING = cues.NEGATING_WORDS | cues.REPAIR_WORDS | cues.INTENT_WORDS | cues.MORE_WORDS
# A user owning up to a slip ("my bad, I wrote ...") revises as surely as "sorry".
_OWNING_UP = re.compile(r"\bmy\s+bad\b|\bi\s+(?:wrote|typed)\b", re.IGNORECASE)


def _folded_words(text: str) -> list[str]:
    return [word.casefold().replace("\u2019", "'") for word in _WORD.findall(text)]


def revises(question: str) -> bool:
    """Whether `question` may take something back: a negating, repair, intent or "more" word,
    or a correction or value-revision phrase."""
    text = cues.normalise_turn(question)
    if set(_folded_words(text)) & _REVISING or _OWNING_UP.search(text):
        return True
    return any(pattern.search(text) for pattern in (*cues.CORRECTION, *cues.VALUE_REVISION))


def stands_alone(question: str, names: Iterable[str]) -> bool:
    """Whether `question` stands alone: it asks something, types one of `names` (the names
    found in it), takes nothing back (`revises`) and has no word or phrase that leans on the
    conversation ("what about ...", "and ...?", a return, a position, or a pronoun or
    demonstrative before any name it types)."""
    if not any(name.strip() for name in names) or revises(question):
        return False
    text = cues.normalise_turn(question)
    # A fragment ("Celts", "the reunification") goes on with what came before: a turn stands
    # alone only when it asks something itself.
    if "?" not in text and not set(_folded_words(text)) & cues.ASKING_WORDS:
        return False
    if any(pattern.search(text) for pattern in (*cues.ELLIPSIS, *cues.RETURN)):
        return False
    if cues.POSITION.search(text) or cues.ONE_BEFORE_LAST.search(text):
        return False
    # A pronoun after a name the turn types points at that name ("Talking about the Celts,
    # what was their importance?"); one before any name leans on the conversation.
    plain = _EXISTENTIAL_THERE.sub(" ", text)
    leaning = [
        match.start()
        for match in _WORD.finditer(plain)
        if match.group().casefold().replace("\u2019", "'") in cues.LEANING_WORDS
    ]
    if not leaning:
        return True
    named_at = [at for name in names if (at := _typed_at(plain, name)) is not None]
    return bool(named_at) and min(named_at) < min(leaning)


def _typed_at(text: str, name: str) -> int | None:
    words = name.split()
    if not words:
        return None
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)"
    found = re.search(pattern, text, re.IGNORECASE)
    return None if found is None else found.start()


def typed_in(question: str, name: str) -> bool:
    """Whether every word of `name` is typed in `question`, in order (case ignored)."""
    return _typed_at(cues.normalise_turn(question), name) is not None


def keep_typed_names(question: str, node: Node) -> Node:
    """`node` without the rejections of names the user typed in `question`, when the turn
    takes nothing back: such a turn asks about the names it types."""
    if revises(question):
        return node
    kept = tuple(
        op
        for op in node.operations
        if not (op.kind is OpKind.ABANDON and typed_in(question, op.topic))
    )
    contradicts = tuple(name for name in node.contradicts if not typed_in(question, name))
    if kept == node.operations and contradicts == node.contradicts:
        return node
    return attrs.evolve(node, operations=kept, contradicts=contradicts)


def _typed_as_name(question: str, mention: Mention) -> bool:
    # A page title of one lower-case word ("movement", "history") is a word of the question,
    # not its subject named: a name counts when it is typed with a capital or has several words.
    typed = cues.normalise_turn(question)[mention.start : mention.end]
    return len(typed.split()) > 1 or typed[:1].isupper()


def guarded_node(request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None) -> Node:
    """The writer's `node` for `request`'s turn with the two guards of this module: no typed
    name rejected by a turn that takes nothing back, and at the final turn, a turn that
    stands alone searched as typed. The names a turn types are page titles (`vocabulary`),
    capitalised names and the memory's topics, found as the rule writer finds them."""
    question = request.turn.question
    node = keep_typed_names(question, node)
    if not request.turn.final:
        return node
    known = [topic.name for topic in request.state.topics]
    names = [
        mention.name
        for mention in find_mentions(question, known, vocabulary)
        if _typed_as_name(question, mention)
    ]
    if not stands_alone(question, names):
        return node
    # The writer's query stays where it only wrote a name with its page's capitals.
    if node.query is not None and node.query.split() and _same_words(node.query, question):
        return node
    return attrs.evolve(node, query=cut(question, QUERY_CHARS) or node.query)


def _same_words(one: str, other: str) -> bool:
    return one.casefold().split() == other.casefold().split()
