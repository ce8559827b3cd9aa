"""A history turn that only sets names aside
(spec/writer-cues-roles.md#writer-cues-roles.set-aside-turn).

"take Kyoto off my list", "I'll pass on Lisbon", "cross Kyoto off, please" mean no topic of
their own: every name the turn types is turned down, and the turn asks nothing. The cascade
needs a topic to arrive at before it records a rejection, so it wrote such a turn as a
refinement of the very name refused, and the memory kept that name current: a later "of the
remaining two, the second one" counted over a list that still held it. Read with the name
roles (`name_roles.read_turn`), the turn abandons each name it turns down and arrives
nowhere; replay then leaves the topic before it current.

A turn that only denies knowing or having seen a name ("I've never been to Kyoto", "I don't
think Kyoto has an airport") says something of the user, not of the topic, and one that
gives reasons or conditions ("because if I cannot sell my EV later, ...") argues: neither
sets anything aside. The final turn keeps its own reading (`correcting`), which also writes
the query.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import abandon
from memcore.writers import cues
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.position_repair import declined_places_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.view import View

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

# Words that make a turn ask for something, beyond a question mark: a turn that asks may
# ask about the very name it seems to refuse ("I don't know Kyoto, tell me about it").
_ASKING = cues.QUESTION_WORDS | frozenset(
    ["tell", "explain", "describe", "show", "compare", "define", "summarise", "summarize"]
)

# A negated verb of knowing, thinking or experience: the user speaks of themself.
_UNKNOWING = re.compile(
    r"\b(?:not|never|\w+n't|dont|didnt|doesnt|havent|hasnt)\s+(?:\w+\s+){0,2}?"
    r"(?:know|knew|known|think|thought|been|heard|seen|saw|visited|read|watched|tried"
    r"|understand|understood|remember|sure|realised|realized|recall|used)\b",
    re.IGNORECASE,
)


# Words that open a clause of reasons or conditions: a negation there ("because if I cannot
# sell X later, ...") argues, it turns nothing down.
_ARGUING = frozenset(
    ["because", "if", "since", "unless", "although", "though", "whether", "cause", "cos"]
)


def _argues(text: str, mentions: Sequence[Mention]) -> bool:
    before = text[: min(mention.start for mention in mentions)]
    return bool({word.casefold() for word in _WORD.findall(before)} & _ARGUING)


def _asks(text: str) -> bool:
    return "?" in text or bool({word.casefold() for word in _WORD.findall(text)} & _ASKING)


def set_aside_names(question: str, mentions: Sequence[Mention]) -> tuple[str, ...]:
    """The names a turn that only sets names aside turns down, in order; () for a turn that
    means a name, asks something, or only denies knowing one."""
    text = cues.normalise_turn(question)
    if not mentions or _asks(text) or _UNKNOWING.search(text) is not None:
        return ()
    if _argues(text, mentions):
        return ()
    reading = read_turn(question, mentions)
    if reading.intended is not None or not reading.taken_back:
        return ()
    if any(name.role is not Role.NEGATED for name in reading.names):
        return ()
    return tuple(dict.fromkeys(reading.taken_back))


def set_aside_node(
    request: WriterRequest,
    node: Node,
    mentions: Sequence[Mention],
    vocabulary: TitleVocabulary | None = None,
) -> Node | None:
    """The history `node` of a turn that only sets names aside: each of them abandoned, no
    arrival, the first of them as its topic (the topic a node's kind and facts attach to);
    None for any other turn, and at the final turn. A place the turn declines ("not the
    second one") is read as the member of the newest list it points at."""
    if request.turn.final:
        return None
    question = request.turn.question
    named = declined_places_named(request, vocabulary)
    if named is not None:
        question, mentions = named, View.of(request, vocabulary).mentions(named)
    names = set_aside_names(question, mentions)
    if not names:
        return None
    operations = tuple(abandon(name) for name in names)
    return attrs.evolve(node, topics=names, operations=operations, contradicts=())
