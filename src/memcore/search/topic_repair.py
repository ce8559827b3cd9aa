"""Topic repair: ground a history turn's topic against the corpus (MemRevise §4.4).

Rules (spec/search-topic-repair.md): it runs after each history turn from the second on,
where pages have titles. Two searches, the turn's question and answer, and the node's stored
facts, each pick the page with the most 1/rank votes in its top 20. The topic changes only if
both pick the same page, that page differs from the node's topic (case ignored), is not a
topic the node itself abandons, does not replace a topic the turn's question names while not
naming the page (memcore's additions: the paper is silent there), it is a name from the
previous answer (qualifier ignored) or an earlier topic (case ignored), and its name does not
appear in the turn's own answer. The node's topic then becomes that page, entered with
Reactivate when the memory already knows it (under its stored name) and with Add otherwise;
the node's other operations on the old topic are dropped (an Abandon stays), and its kind is
cleared, since it described the old topic.
"""

from __future__ import annotations

import enum
import re

import attrs

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind, add, reactivate
from memcore.replay import ReplayState, replay
from memcore.search.config import PAPER
from memcore.search.retriever import Retriever
from memcore.search.template import for_retriever
from memcore.search.titles import normalise_title
from memcore.search.values import Query
from memcore.search.votes import page_votes, winning_page

WHEN_RULE = "search-topic-repair.when"
SEARCHES_RULE = "search-topic-repair.searches"
CONDITIONS_RULE = "search-topic-repair.conditions"
ENTRY_RULE = "search-topic-repair.entry"


class KeepReason(enum.Enum):
    """Why topic repair left the node's topic as the writer gave it."""

    FIRST_TURN = "the first turn is never repaired"
    NO_TITLES = "the corpus has no page titles"
    NO_FACTS = "the node stores no facts"
    NO_PAGE = "a search found no page"
    DISAGREE = "the two searches pick different pages"
    SAME_TOPIC = "the page is the node's topic"
    ABANDONED_HERE = "the page is a topic the turn abandons"
    UNKNOWN_NAME = "the page is neither in the previous answer nor an earlier topic"
    IN_OWN_ANSWER = "the page's name appears in the turn's own answer"
    NAMED_HERE = "the turn's question names the node's topic and not the page"


_KEEP_RULES = {
    KeepReason.FIRST_TURN: WHEN_RULE,
    KeepReason.NO_TITLES: WHEN_RULE,
    KeepReason.NO_FACTS: SEARCHES_RULE,
    KeepReason.NO_PAGE: SEARCHES_RULE,
}


@attrs.frozen
class TopicRepair:
    """The node after topic repair, the page each search picked, and the outcome: the
    operation that entered the new topic, or why the topic was kept."""

    node: Node
    turn_page: str | None
    facts_page: str | None
    operation: Operation | None
    kept: KeepReason | None

    @property
    def changed(self) -> bool:
        """Whether the node's topic was replaced."""
        return self.operation is not None

    @property
    def rule(self) -> str:
        """The rule id behind the outcome."""
        if self.kept is None:
            return ENTRY_RULE
        return _KEEP_RULES.get(self.kept, CONDITIONS_RULE)


def mentions(text: str, name: str) -> bool:
    """Whether `name` occurs in `text` as a whole phrase, case ignored."""
    if not name.strip():
        return False
    pattern = r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)"
    return re.search(pattern, text.casefold()) is not None


def _kept(
    node: Node, reason: KeepReason, turn_page: str | None = None, facts_page: str | None = None
) -> TopicRepair:
    return TopicRepair(node, turn_page, facts_page, None, reason)


def _pick(retriever: Retriever, text: str, depth: int) -> str | None:
    ranking = retriever.search(for_retriever(Query.of(text), retriever), depth)
    return winning_page(page_votes([ranking], retriever.corpus, depth))


def names_own_subject(node: Node, page: str) -> bool:
    """Whether the turn's question names the node's topic (qualifier removed, whole phrase,
    case ignored) and does not name `page`: the user said which subject they meant."""
    topic = node.topic
    if topic is None:
        return False
    return mentions(node.question, normalise_title(topic)) and not mentions(
        node.question, normalise_title(page)
    )


def repaired_node(node: Node, operation: Operation) -> Node:
    """`node` with `operation`'s topic as its topic (search-topic-repair.entry)."""
    old = node.topic
    new = operation.topic
    others = tuple(t for t in node.topics[1:] if t.casefold() != new.casefold())
    kept_ops = tuple(
        op
        for op in node.operations
        if op.kind is OpKind.ABANDON or old is None or op.topic.casefold() != old.casefold()
    )
    return attrs.evolve(node, topics=(new, *others), operations=(*kept_ops, operation), kind="")


def repair_precondition(history: Memory, node: Node, titles: bool) -> KeepReason | None:
    """Why topic repair cannot run on `node` (first turn, no page titles, no stored facts),
    or None when it runs."""
    if not history.nodes:
        return KeepReason.FIRST_TURN
    if not titles:
        return KeepReason.NO_TITLES
    if not " ".join(node.facts).strip():
        return KeepReason.NO_FACTS
    return None


def decide_repair(
    history: Memory,
    node: Node,
    turn_page: str | None,
    facts_page: str | None,
    state: ReplayState | None = None,
) -> TopicRepair:
    """The repair of `node` once the two searches have picked `turn_page` (question and
    answer) and `facts_page` (stored facts); pure, so it can be checked without a corpus.

    `state` is the replay of `history` when the caller carries it (the driver does); without
    it `history` is replayed here, at a cost that grows with the conversation.
    """
    if turn_page is None or facts_page is None:
        return _kept(node, KeepReason.NO_PAGE, turn_page, facts_page)
    if turn_page != facts_page:
        return _kept(node, KeepReason.DISAGREE, turn_page, facts_page)
    page = turn_page
    if node.topic is not None and node.topic.casefold() == page.casefold():
        return _kept(node, KeepReason.SAME_TOPIC, page, page)
    # The answer to a correcting turn often still reads as the page the turn rejects (it was
    # written for the wrong one); moving the turn there would abandon and enter one topic.
    abandoned = {op.topic.casefold() for op in node.operations if op.kind is OpKind.ABANDON}
    if page.casefold() in abandoned:
        return _kept(node, KeepReason.ABANDONED_HERE, page, page)
    # "how long did Soyuz 11 last?" after Apollo 11: the user typed the new subject, and a
    # page that shares its number (or its answer's words) is no evidence against it.
    if names_own_subject(node, page):
        return _kept(node, KeepReason.NAMED_HERE, page, page)
    known = replay(history) if state is None else state
    stored = next((v.name for v in known.topics if v.name.casefold() == page.casefold()), None)
    name = normalise_title(page)
    previous_answer = history.nodes[-1].answer if history.nodes else ""
    if stored is None and not mentions(previous_answer, name):
        return _kept(node, KeepReason.UNKNOWN_NAME, page, page)
    if mentions(node.answer, name):
        return _kept(node, KeepReason.IN_OWN_ANSWER, page, page)
    operation = reactivate(stored) if stored is not None else add(page)
    return TopicRepair(repaired_node(node, operation), page, page, operation, None)


def repair_topic(
    history: Memory,
    node: Node,
    retriever: Retriever,
    depth: int = PAPER.repair_depth,
    use_titles: bool | None = None,
    state: ReplayState | None = None,
) -> TopicRepair:
    """Topic repair of history node `node`, given the nodes before it.

    `use_titles` defaults to whether the retriever's corpus has page titles. `state` is the
    replay of `history` when the caller carries it (see `decide_repair`).
    """
    titles = retriever.corpus.has_titles if use_titles is None else use_titles
    reason = repair_precondition(history, node, titles)
    if reason is not None:
        return _kept(node, reason)
    facts = " ".join(node.facts)
    turn_page = _pick(retriever, f"{node.question} {node.answer}", depth)
    facts_page = _pick(retriever, facts, depth)
    return decide_repair(history, node, turn_page, facts_page, state)
