"""The learned writer: the rule cascade's candidates, trained scorers for topic and query.

Every turn starts from the rule cascade's node, with the step chosen by the trained step
model (`steps.py`: every step's proposal scored, the best taken) where `trained_steps` is on,
else by the rule writer's hand-set order. That node is evidence: the learned writer reads its
topic choice and query as values, decides each thing once, and builds its own node from them.

1. **Topic** (`topic_choice.py`; any turn that may revise a topic, where the corpus has page
   titles). The candidates (memory topics, names the turn mentions, page titles typed in
   full, the rule cascade's own choice) are scored by two trained models (`topics.py`): the
   topic the turn is about, and the topic it rejects (if any scores above its threshold; else
   the cascade's rejection stands). Where they agree with the cascade its choice is kept;
   otherwise the operations, topic and contradicted topic come from the scores. Without page
   titles, the cascade's topic stands only where the user's words support it.
2. **Query** (`query.py`; the final turn): the request as typed, minus rejected names, plus
   the trusted topic name and the history terms the term scorer selects.

A value revision keeps the cascade's node whole: the number rule's query already names the
new value. So does a turn that names what it means outright (`rules.outright`: a place in the
conversation, a new value for the question asked), whose query the cascade already wrote.

The opt-in `learned-minilm` variant (`similarity` set) also decides the turns that name none
of the several topics the memory holds (a bare pronoun, a description, a return without a
cue): its referent scorer reads MiniLM similarity features of each candidate (`minilm.py`),
and the query of a turn that returns takes no history term from the digression it leaves
(`digressions.py`); everything else is the same.

The opt-in `learned-context` variant (`context_terms` set, with `similarity`) scores the
history terms of the final turn's query with the contextual term scorer (`term_reader.py`: the
lexical features beside MiniLM token vectors of each term read in its turn and compared with
the question's); everything else is the `learned-minilm` writer's.
"""

from __future__ import annotations

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.operations import OpKind
from memcore.search.corpus import Corpus
from memcore.search.number_rule import find_numbers
from memcore.writers.final_turn import read_final_turn
from memcore.writers.guarded import guarded_node
from memcore.writers.learned.bundle import WriterModels
from memcore.writers.learned.dismissal import dismissed_by_meaning
from memcore.writers.learned.minilm import TopicSimilarity
from memcore.writers.learned.query import (
    CORRECTION_CHATTER,
    SMALL_WORDS,
    resolved_query,
    select_terms,
    typed_others,
)
from memcore.writers.learned.steps import TrainedStepChoice
from memcore.writers.learned.term_reader import ContextTerms
from memcore.writers.learned.terms import Rarity
from memcore.writers.learned.topic_choice import (
    TopicChoice,
    chosen_topics,
    named_by_user,
    replied_across,
    revised_choice,
    scored_here,
    shift_past_remarks,
    with_every_dismissed,
)
from memcore.writers.learned.topics import TitleIndex
from memcore.writers.live import value_reply
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules.assemble import Decider
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.outright import decided_outright
from memcore.writers.rules.scorer import decide
from memcore.writers.rules.text import QUERY_CHARS, cut
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import write_node

# Kept importable from here, where they lived before the query and topic choice had modules.
__all__ = [
    "CORRECTION_CHATTER",
    "SMALL_WORDS",
    "LearnedWriter",
    "resolved_query",
    "scored_here",
    "select_terms",
    "typed_others",
]


def _keeps_rule_query(node: Node, question: str) -> bool:
    # A value revision: the number rule's query already names the new value. A correction
    # can revise too ("not him, Neil"), but only a turn with a number is a new value.
    revises = any(op.kind is OpKind.REVISE for op in node.operations)
    return revises and bool(find_numbers(question))


@attrs.frozen(eq=False)
class LearnedWriter:
    """The cascade with trained scorers; `vocabulary` holds the corpus's page titles.
    `similarity` makes it the `learned-minilm` variant (referents by meaning), `context_terms`
    the `learned-context` variant (term selection that reads context)."""

    models: WriterModels
    vocabulary: TitleVocabulary | None = None
    titles: TitleIndex | None = None
    trained_steps: bool = False
    similarity: TopicSimilarity | None = None
    context_terms: ContextTerms | None = None
    _rarity: Rarity = attrs.field(init=False)
    _decider: Decider = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_rarity", self.models.terms.rarity())
        decider = TrainedStepChoice(self.models.steps) if self.trained_steps else decide
        object.__setattr__(self, "_decider", decider)

    @classmethod
    def for_corpus(
        cls,
        models: WriterModels,
        corpus: Corpus,
        *,
        trained_steps: bool = False,
        similarity: TopicSimilarity | None = None,
        context_terms: ContextTerms | None = None,
    ) -> LearnedWriter:
        """A learned writer that knows `corpus`'s page titles (none when it has no titles)."""
        if not corpus.has_titles:
            return cls(
                models,
                trained_steps=trained_steps,
                similarity=similarity,
                context_terms=context_terms,
            )
        titles = corpus.titles()
        return cls(
            models,
            TitleVocabulary.of(titles),
            TitleIndex.of(titles),
            trained_steps=trained_steps,
            similarity=similarity,
            context_terms=context_terms,
        )

    @property
    def name(self) -> str:
        """The writer's name: `learned-context` for the variant with the contextual term
        scorer, `learned-minilm` for the one with similarity features alone, else `learned`."""
        if self.context_terms is not None:
            return "learned-context"
        return "learned" if self.similarity is None else "learned-minilm"

    def node(self, request: WriterRequest) -> Node:
        """The turn's node: trained topic choice over the rule cascade's, and at the final
        turn the resolved query; with the guards for turns that stand alone and for names
        they type (`memcore.writers.standalone`)."""
        read = read_final_turn(request, self.vocabulary)
        away = dismissed_by_meaning(self.similarity, read, View.of(read, self.vocabulary))
        node = guarded_node(read, self._decided(read, away), self.vocabulary, dismissed=away)
        return attrs.evolve(node, question=request.turn.question) if read is not request else node

    def _decided(self, request: WriterRequest, away: tuple[str, ...] = ()) -> Node:
        cascade = write_node(request, self.vocabulary, self._decider)
        text = request.turn.question
        typed_titles = self.titles.typed_in(text) if self.titles is not None else ()
        # A number the cascade read as a new value; not when the turn types page titles in
        # full, whose numbers ("2001 Budget Analysis ... (2260)") are part of the names.
        if _keeps_rule_query(cascade, text) and not typed_titles:
            return cascade
        # A place in the conversation or a new value for the question asked: the cascade's
        # node names the referent and asks the question already (`rules.outright`).
        if decided_outright(request, self.vocabulary):
            return cascade
        choice = replied_across(request, self._topic_choice(request, cascade, away))
        query = cascade.query
        if request.turn.final:
            query = self._query(request, choice, typed_titles) or cascade.query
        return attrs.evolve(
            cascade,
            topics=choice.topics,
            operations=choice.operations,
            contradicts=choice.contradicts,
            query=query,
        )

    def _topic_choice(
        self, request: WriterRequest, cascade: Node, away: tuple[str, ...]
    ) -> TopicChoice:
        """The turn's topic choice, decided once from the cascade's (its evidence); a name of
        `away` (dismissed by meaning) is the one rejected."""
        cascade_choice = TopicChoice.of(cascade)
        # The topic scorers learned pages by their titles: without titles the cascade decides.
        if self.titles is None:
            return named_by_user(request, cascade_choice)
        intended, rejected = chosen_topics(
            request,
            cascade,
            self.models,
            View.of(request, self.vocabulary),
            self.titles,
            self.similarity,
            away,
        )
        if intended is None:
            return shift_past_remarks(request, cascade_choice, self.similarity)
        choice = revised_choice(request, cascade_choice, intended, rejected)
        if away:
            return with_every_dismissed(choice, away)
        return shift_past_remarks(request, choice, self.similarity)

    def _query(
        self, request: WriterRequest, choice: TopicChoice, typed_titles: tuple[Mention, ...]
    ) -> str:
        """The final turn's query for `choice` ("" where nothing is left of it)."""
        query = resolved_query(
            request,
            choice,
            self.models.terms,
            self._rarity,
            self.vocabulary is not None,
            typed_others(request.turn.question, typed_titles, choice.topic),
            leave_digression=True,
            context=self.context_terms,
            typed_before=self._typed_before(request),
        )
        return cut(query, QUERY_CHARS)

    def _typed_before(self, request: WriterRequest) -> tuple[str, ...]:
        """The page titles the earlier questions typed plainly (several words, or one word
        with the title's own capitals: "history" in a sentence is no title)."""
        if self.titles is None:
            return ()
        return tuple(
            dict.fromkeys(
                mention.name
                for node in request.memory.nodes
                for mention in self.titles.typed_in(node.question)
                if len(mention.name.split()) > 1
                or node.question[mention.start : mention.end] == mention.name
            )
        )

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for the turn, as a value and as the JSON text that parses to it."""
        return Success(value_reply(request, self.node))
