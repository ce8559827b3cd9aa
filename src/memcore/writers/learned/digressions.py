"""The digression a returning turn leaves behind, kept out of its query's history terms.

A turn whose topic was last discussed some turns back ("what was its religion?" about the
empire, after two turns on a sitcom) returns to it: the turns in between are a digression.
Their words say nothing about what is asked now, and a history term taken from them (the
sitcom's name) steers the search to the page the user has left.

What the returning turn leans on is the question last asked about its topic: "who was the
enemy?" after "how long is the wall?" and a digression means the enemy of that wall, and
"how do I apply?" after talk of a learner's permit, then of satellites, means the permit. The
turn before is the digression now, so the query restates that question
(`returned_question`). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memcore.node import Node
from memcore.operations import OpKind
from memcore.search.description import asks_a_whole_question
from memcore.search.tokenize import tokenize
from memcore.writers.asked_parts import asked_parts
from memcore.writers.replies import gives_something, replies_only


def digression(nodes: Sequence[Node], topic: str | None) -> frozenset[int]:
    """The indexes of `nodes` after the last one about `topic` (case ignored): the digression
    a turn about `topic` returns from. Empty when the last node is about it, or when no node
    is (a new topic leaves no digression: it simply moves on)."""
    if topic is None:
        return frozenset()
    key = topic.casefold()
    about = [i for i, node in enumerate(nodes) if key in {t.casefold() for t in node.topics}]
    if not about:
        return frozenset()
    return frozenset(range(about[-1] + 1, len(nodes)))


def without_digression(nodes: Sequence[Node], topic: str | None, texts: Sequence[str]) -> list[str]:
    """`texts` (one per node) with those of the digression (`digression`) blanked."""
    left = digression(nodes, topic)
    return ["" if index in left else text for index, text in enumerate(texts)]


_NUMBER = re.compile(r"\d+")


def _names(text: str, name: str) -> bool:
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in name.split()) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def _takes_back(node: Node) -> bool:
    return bool(node.contradicts) or any(op.kind is OpKind.ABANDON for op in node.operations)


def _stem(term: str) -> str:
    """A term without a plural's "s" ("workers" meets "worker"): enough to see a noun again."""
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term


def anchored_in(turn: str, node: Node, topic: str) -> bool:
    """Whether a content word of `turn`, other than a word of `topic`'s name, is a word of
    `node`'s question or answer (plural ignored): "who paid the workers?" leans on an answer
    about the workers who built the dam, while "who was the enemy?" (or "who was the wall's
    enemy?") asks something that turn never touched."""
    own = {_stem(term) for term in tokenize(turn)} - {_stem(term) for term in tokenize(topic)}
    return bool(own & {_stem(term) for term in tokenize(f"{node.question} {node.answer}")})


def returned_question(
    nodes: Sequence[Node], topic: str | None, turn: str, names: Collection[str] = ()
) -> tuple[str, ...]:
    """The question last asked about `topic`, where `turn` returns to it past a digression
    (`digression`) without typing its name: of that turn's questions (`asked_parts`), those
    that name `topic`, else all. Nothing where the turn types the name (it says itself what
    it asks about), where the turn gives nothing a question is about ("I see.", "thanks":
    `replies.gives_something`), where the turn asks a whole question of its own
    (`description.asks_a_whole_question`) in words that turn's question and answer never used
    ("who was the enemy?" after "how long is the wall?": the old question is another one, and
    its words pull the search to the passage that answered it; `anchored_in`), where that
    turn took a topic back (its words are a correction), where the question names another
    topic of `names` (its words would pull the search there), or where the turn types a
    number the question lacks (a new value for it: the old one would be searched for
    too)."""
    if not topic or _names(turn, topic) or not gives_something(turn):
        return ()
    if not digression(nodes, topic):
        return ()
    key = topic.casefold()
    # A reply ("The freshwater one.") asked nothing: the request before it is what was asked.
    about = [
        node
        for node in nodes
        if key in {t.casefold() for t in node.topics} and not replies_only(node.question)
    ]
    if not about or _takes_back(about[-1]):
        return ()
    if asks_a_whole_question(turn) and not anchored_in(turn, about[-1], topic):
        return ()
    parts = asked_parts(about[-1].question)
    asked = [part for part in parts if _names(part, topic)] or list(parts)
    others = [name for name in names if name.casefold() != key and not _names(topic, name)]
    if any(_names(part, name) for part in asked for name in others):
        return ()
    # "and who won in 2021?" after "who won it in 2018?": a number the question lacks is a
    # new value for it, and the old one restated would be searched for as well.
    if set(_NUMBER.findall(turn)) - set(_NUMBER.findall(" ".join(asked))):
        return ()
    return tuple(asked)
