"""The rule writer: the cascade with hand-set weights.

The cascade mirrors the spec pages, one module per job:

- `features`: what the turn's words say (cue families from `cues`, pronouns, number
  siblings, self-repair segments, lexical overlap with what the memory holds);
- `candidates`: the names a span of the turn points at (memory topics, list positions,
  stored facts, descriptions, page titles from the corpus, a new name put in place of an old
  one), each with its `ReferentKind`;
- `steps`: value revision, correction, ellipsis, named topic, reference and continuation,
  each proposing a `Decision` (topic and operations) or none;
- `scorer`: which proposal the turn takes; here `HAND_SET_WEIGHTS`, descending powers of two,
  so the first step that proposes wins (the learned writer plugs trained scorers into the
  same protocol for the topic);
- `query` and `assemble`: the query a decision asks, and the node it writes.
"""

from __future__ import annotations

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.search.corpus import Corpus
from memcore.writers.final_turn import read_final_turn
from memcore.writers.guarded import guarded_node
from memcore.writers.live import value_reply
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules.assemble import write_node
from memcore.writers.rules.decision import Decision, Referent, ReferentKind
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.scorer import HAND_SET, HAND_SET_WEIGHTS, HandSetScorer, decide

__all__ = [
    "HAND_SET",
    "HAND_SET_WEIGHTS",
    "Decision",
    "HandSetScorer",
    "Referent",
    "ReferentKind",
    "RuleWriter",
    "decide",
    "write_node",
]


@attrs.frozen
class RuleWriter:
    """The deterministic default writer; `vocabulary` holds page titles it may recognise."""

    vocabulary: TitleVocabulary | None = None

    @classmethod
    def for_corpus(cls, corpus: Corpus) -> RuleWriter:
        """A rule writer that knows `corpus`'s page titles (none when it has no titles)."""
        return cls(TitleVocabulary.of(corpus.titles()) if corpus.has_titles else None)

    @property
    def name(self) -> str:
        """Always "rules"."""
        return "rules"

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for the turn, as a value and as the JSON text that parses to it; in a
        live call also the awaiting node completed with its answer (`memcore.writers.live`)."""
        return Success(value_reply(request, self.node))

    def node(self, request: WriterRequest) -> Node:
        """The turn's node: the cascade's decision, with the guards for turns that stand alone
        and for names they type (`memcore.writers.standalone`)."""
        read = read_final_turn(request, self.vocabulary)
        node = guarded_node(read, write_node(read, self.vocabulary), self.vocabulary)
        return attrs.evolve(node, question=request.turn.question) if read is not request else node
