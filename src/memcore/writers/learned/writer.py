"""The learned writer: the rule writer's memory decisions, a query built by term selection.

The memory side (which topic the turn is about, its operations, facts) comes from the same
cascade as the rule writer. The query never edits the user's words in place: it is

1. the request: the final question as typed; when the turn revises an earlier one (it
   contradicts or abandons a topic), the question of the turn it revises comes too, so a bare
   "not Rome, Paris" still asks what was asked;
2. minus the words of every rejected name (they would pull the rejected page back up);
3. plus the intended topic's name where it may be trusted and is not there yet;
4. plus the history terms the trained term scorer selects (`terms.py`, `model.py`).

A value revision keeps the number rule's query, which already names the new value.
"""

from __future__ import annotations

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.operations import OpKind
from memcore.search.corpus import Corpus
from memcore.search.tokenize import tokenize
from memcore.writers.learned.model import TermModel
from memcore.writers.learned.terms import History, Rarity, candidates
from memcore.writers.node_json import node_json
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.text import QUERY_CHARS, cut
from memcore.writers.rules.writer import write_node

# At most this many history terms join a query: a few right terms help, many drown the request.
TERM_LIMIT = 6


def _revises(node: Node) -> bool:
    return bool(node.contradicts) or any(op.kind is OpKind.ABANDON for op in node.operations)


def _rejected_names(node: Node) -> tuple[str, ...]:
    abandoned = (op.topic for op in node.operations if op.kind is OpKind.ABANDON)
    return tuple(dict.fromkeys((*node.contradicts, *abandoned)))


def _revised_question(request: WriterRequest) -> str:
    """The question of the latest earlier turn that was a request, not itself a revision."""
    for node in reversed(request.memory.nodes):
        if not _revises(node):
            return node.question
    return request.memory.nodes[-1].question if request.memory.nodes else ""


def _trusted(name: str, request: WriterRequest, titled: bool) -> bool:
    """A topic name that may join the query: a real name (not lower-case question words);
    without page titles, only one the user typed in this or an earlier question."""
    if not name or name == name.casefold():
        return False
    if titled:
        return True
    folded = name.casefold()
    questions = (request.turn.question, *(n.question for n in request.memory.nodes))
    return any(folded in question.casefold() for question in questions)


def _without_terms(text: str, dropped: frozenset[str]) -> str:
    """`text` with the words whose index term is in `dropped` taken out (whole words only)."""
    if not dropped:
        return text
    kept = [word for word in text.split() if not (set(tokenize(word)) & dropped)]
    return " ".join(kept)


def resolved_query(
    request: WriterRequest, node: Node, model: TermModel, rarity: Rarity, titled: bool
) -> str:
    """The learned writer's query for the final turn (see the module docstring)."""
    question = request.turn.question
    topic = node.topic or ""
    rejected = frozenset(
        term
        for name in _rejected_names(node)
        for term in tokenize(name)
        if term not in set(tokenize(topic))
    )
    parts = [question]
    if _revises(node):
        revised = _revised_question(request)
        if revised and revised != question:
            parts.append(revised)
    text = _without_terms(" ".join(parts), rejected)
    present = set(tokenize(text))
    if _trusted(topic, request, titled) and not set(tokenize(topic)) <= present:
        text = f"{text} {topic}"
        present |= set(tokenize(topic))
    history = History.of(
        [n.question for n in request.memory.nodes],
        [n.answer for n in request.memory.nodes],
        text,
    )
    selected = [
        term
        for term, _ in model.select(candidates(history, rarity), TERM_LIMIT + len(rejected))
        if term not in rejected and term not in present
    ][:TERM_LIMIT]
    return " ".join([text, *selected]).strip()


def _keeps_rule_query(node: Node) -> bool:
    # A value revision: the number rule's query already names the new value.
    return any(op.kind is OpKind.REVISE for op in node.operations)


@attrs.frozen(eq=False)
class LearnedWriter:
    """The cascade with trained query resolution; `vocabulary` holds the corpus's titles."""

    model: TermModel
    vocabulary: TitleVocabulary | None = None
    _rarity: Rarity = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_rarity", self.model.rarity())

    @classmethod
    def for_corpus(cls, model: TermModel, corpus: Corpus) -> LearnedWriter:
        """A learned writer that knows `corpus`'s page titles (none when it has no titles)."""
        return cls(model, TitleVocabulary.of(corpus.titles()) if corpus.has_titles else None)

    @property
    def name(self) -> str:
        """Always "learned"."""
        return "learned"

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for the turn; at the final turn its query comes from term selection."""
        node = write_node(request, self.vocabulary)
        if request.turn.final and not _keeps_rule_query(node):
            query = resolved_query(
                request, node, self.model, self._rarity, self.vocabulary is not None
            )
            node = attrs.evolve(node, query=cut(query, QUERY_CHARS) or node.query)
        return Success(WriterReply(node_json(node), node))

