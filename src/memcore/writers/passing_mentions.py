"""Names a final turn only mentions: in a remark that closes a topic, a report of what
someone said, a statement in passing (spec/writer-standalone.md#writer-standalone.reports,
#writer-standalone.in-passing, #writer-standalone.thanks-but).

Such a turn opens or closes with words about other names and asks about one name of its own.
The guards here move the final node to the name asked about and give it the question as its
query; the names only mentioned are neither meant nor rejected, unless the turn turns one down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.correcting import arriving
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.remarks import (
    closing_context,
    closing_remarks,
    opening_context,
    reported_context,
    without_remarks,
)
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.text import QUERY_CHARS, cut
from memcore.writers.rules.view import View
from memcore.writers.standalone import (
    core_name,
    ends_on_closing_name,
    folded_words,
    moved_to,
    revises,
    stands_alone,
    typed_as_name,
    typed_in,
)


def past_the_remark(request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None) -> Node:
    """The final `node` on the name the turn asks about where its topic is typed only in a
    remark that closes it ("X was fascinating, but ...", "thanks for the info on X!"): the
    remark looks back, the question forward. The name remarked on is left, not rejected."""
    question = " ".join(cues.normalise_turn(request.turn.question).split())
    view = View.of(request, vocabulary)
    # Only remarks that name something closed look back at a topic ("X was fascinating").
    remarks = [
        piece
        for piece in closing_remarks(question)
        if not set(folded_words(piece)) & cues.NEGATING_WORDS
        and any(m.known for m in view.mentions(piece))
    ]
    asked = without_remarks(question)
    if not remarks or asked == question:
        return node
    # The query is the typed turn, some words taken out: the remark leaves it whole.
    if node.query is not None and set(folded_words(node.query)) <= set(folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    # A name typed only in the remark is praised, not turned down. After "but" or "though"
    # the stance is the clause's own: a remark that thanks or praises and then turns a name
    # down ("thanks for that, but I'll pass on X") turns that name down
    # (spec/writer-standalone.md#writer-standalone.thanks-but).
    turned_down = {name for piece in remarks for name in _turned_down(piece, view)}
    praised = {
        op.topic
        for op in node.operations
        if op.kind is OpKind.ABANDON
        and any(typed_in(piece, op.topic) for piece in remarks)
        and not typed_in(asked, op.topic)
        and op.topic not in turned_down
    }
    if praised:
        node = attrs.evolve(
            node,
            operations=tuple(op for op in node.operations if op.topic not in praised),
            contradicts=tuple(c for c in node.contradicts if c not in praised),
        )
    topic = node.topic
    if topic is None or not any(typed_in(piece, topic) for piece in remarks):
        return node
    if typed_in(asked, topic):
        return node
    names = list(dict.fromkeys(m.name for m in view.mentions(asked) if m.known))
    if len(names) != 1:
        return node
    name = names[0]
    kept = tuple(op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != topic)
    return attrs.evolve(
        node,
        operations=(*kept, arriving(name, request)),
        topics=(name,),
        contradicts=tuple(c for c in node.contradicts if c != name),
    )


def _turned_down(piece: str, view: View) -> frozenset[str]:
    """The names a remark turns down by the roles its clauses bind (a setting-aside word, a
    refusing predicate, an unwelcome appraisal), each clause after "but" read on its own."""
    reading = read_turn(piece, view.mentions(piece))
    return frozenset(n.name for n in reading.names if n.role is Role.NEGATED)


# Words of a question that lean on what the report named ("is it in Kyoto?", "did he meet
# her?"): the question then asks about the report's name, not past it.
LEANING = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS | {"that", "this"}


def past_the_report(request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None) -> Node:
    """The final `node` on the one name the turn's question asks about where the turn opens
    with a report of a mention ("someone compared X to Y the other day. how much did Y
    cost?", "the article on X mentioned Y - where was Y born?"; spec/writer-standalone.md
    #writer-standalone.reports): the names of the report were only heard of, and the query is
    the question. The names reported are neither meant nor rejected."""
    found = reported_context(request.turn.question)
    if found is None or node.query is None:
        return node
    report, asked = found
    view = View.of(request, vocabulary)
    if set(folded_words(asked)) & LEANING:
        return node
    names = list(dict.fromkeys(m.name for m in view.mentions(asked) if m.known))
    reported = {m.name for m in view.mentions(report) if m.known}
    if len(names) != 1 or not reported - set(names):
        return node
    name = names[0]
    question = " ".join(cues.normalise_turn(request.turn.question).split())
    # The query is the typed turn, some words taken out: the report leaves it whole.
    if set(folded_words(node.query)) <= set(folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    # A name only reported is not turned down: the report has no negating word. One the
    # report goes on to turn down ("my dad talks about X non-stop, so I'm sick of that one")
    # keeps its refusal.
    heard = reported - set(names) - _turned_down(report, view)
    node = attrs.evolve(
        node,
        operations=tuple(op for op in node.operations if op.topic not in heard),
        contradicts=tuple(c for c in node.contradicts if c not in heard),
    )
    return moved_to(node, name, request)


# Words by which a statement asks or requests after all ("tell me about X: ..."): such an
# opening is no statement in passing.
_REQUESTING = frozenset(
    ["tell", "explain", "describe", "give", "show", "list", "find", "compare", "summarise"]
)


# Subjects other than the assistant, and the words that may stand between one and its verb:
# a requesting verb after them tells what someone does ("I'll tell my sister about X"), and
# requests nothing of the assistant.
_OWN_SUBJECTS = frozenset(
    {"i", "i'll", "i'd", "i'm", "i've", "we", "we'll", "we'd", "we're"}
    | {"he", "he'll", "she", "she'll", "they", "they'll"}
)


_BETWEEN_SUBJECT = frozenset(
    {"will", "would", "might", "may", "can", "could", "should", "shall", "must"}
    | {"also", "probably", "definitely", "totally", "just"}
)


def _requests(words: Sequence[str]) -> bool:
    """Whether `words` hold a requesting verb the assistant is asked to do: one with no
    subject of its own before it (an imperative, or after "can you")."""
    for index, word in enumerate(words):
        if word not in _REQUESTING:
            continue
        before = [w for w in words[max(0, index - 3) : index] if w not in _BETWEEN_SUBJECT]
        if not (before and before[-1] in _OWN_SUBJECTS):
            return True
    return False


def _in_passing(statement: str) -> bool:
    """Whether `statement` only says something in passing: it asks nothing (no question
    mark, no asking word to open it), requests nothing of the assistant, negates nothing and
    takes nothing back ("I've read plenty about X already", "we spent a week in X last
    year", "I'll tell my sister about X")."""
    words = folded_words(statement)
    return (
        "?" not in statement
        and not _requests(words)
        and not set(words[:1]) & cues.ASKING_WORDS
        and not revises(statement)
    )


# The words of a statement that tells what the speaker or someone near them did or thinks
# ("I watched it after ...", "my dad loves it", "my brother says ..."), and the words that
# make a statement after a question ask more after all ("Quito too", "I also want to know
# about Quito", "same for Quito", "I wonder about Quito as well").
def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_TELLING = _word_set(
    "i i've i'm i'd i'll my me we we've we're our us he she they his her their mine"
)


_ASKING_MORE = _word_set(
    """also too same either both well wonder wondering curious interested want wanted wants
    need needs like love know care more"""
)


_STATED_INTENT = re.compile(
    r"\b(?:i|my\s+question)\s+(?:was\s+|had\s+)?(?:asked|asking|meant|wanted|about|intended)\b",
    re.IGNORECASE,
)


def _told_after(statement: str) -> bool:
    """Whether `statement`, after the question, only tells something in passing: it says it
    in the first or third person ("I watched it after ...", "my brother says ..."), and asks
    nothing more (`_in_passing`, and no word of wanting or adding to the question)."""
    words = set(folded_words(statement))
    # Owning up to a slip ("I confused X with Y") repairs the question: nothing in passing.
    if cues.OWNING_UP.search(statement) or cues.OWNED_SLIP.search(statement):
        return False
    # Saying what was asked or meant ("I asked about Y") states intent: nothing in passing.
    if _STATED_INTENT.search(statement):
        return False
    return _in_passing(statement) and bool(words & _TELLING) and not words & _ASKING_MORE


def past_the_passing_mention(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """The final `node` on the one name the turn's question asks about where the turn opens
    with a statement that names other pages in passing ("I've read plenty about X already,
    so: when was Y born?", "we were in X last spring - what is Y famous for?";
    spec/writer-standalone.md#writer-standalone.in-passing): the question stands alone (it
    names its own subject and leans on nothing), so it is the query, and its name the topic.
    The names said in passing are not meant; whether the statement turns them down is the
    writer's reading, left as it is."""
    question = request.turn.question
    # A report or quotation is read by `past_the_report`.
    found = None if reported_context(question) else opening_context(question, _in_passing)
    if found is None and not ends_on_closing_name(cues.normalise_turn(question)):
        # A statement after the question that tells of the user's own life ("who directed
        # X? I watched it after reading about Y last week") names Y in passing as well; not
        # one that ends on a name standing alone, said in place of the asked one
        # (spec/writer-cues-self-repair.md#writer-cues-self-repair.closing-name).
        closing = closing_context(question, _told_after)
        found = None if closing is None else (closing[1], closing[0])
    if found is None or node.query is None:
        return node
    statement, asked = found
    # A question between two statements ("X is a rabbit hole lol. who invented Y? I'll save X
    # for later."): the one after it tells in passing too.
    after = closing_context(asked, _told_after)
    if after is not None:
        asked, statement = after[0], f"{statement} {after[1]}"
    view = View.of(request, vocabulary)
    names = list(
        dict.fromkeys(
            core_name(m.name, request, vocabulary)
            for m in view.mentions(asked)
            if typed_as_name(asked, m, view.known)
        )
    )
    if len(names) != 1 or not stands_alone(asked, names):
        return node
    name = names[0]
    passing = {m.name for m in view.mentions(statement) if m.known} - {name}
    # A statement of the user's own that names nothing but points back ("found it on my own,
    # thanks though!") tells something in passing of the last answer: its pronoun leads no
    # question after it.
    said = set(folded_words(statement))
    if not passing and not (said & LEANING and said & _TELLING):
        return node
    question = " ".join(cues.normalise_turn(question).split())
    # The query is the typed turn, some words taken out: the statement leaves it whole.
    if set(folded_words(node.query)) <= set(folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    return moved_to(node, name, request)
