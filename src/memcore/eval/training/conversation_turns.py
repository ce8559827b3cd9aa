"""Every user turn of natural MTRAG conversations, as the writer meets it, with its gold pages.

Built question sets teach only their final turns, and most final turns where the writer's steps
disagree switch topic; a natural conversation's plain follow-ups are asked too. Each
conversation's history is written by the rule writer turn by turn exactly as `final_turns`
writes a question's (topic repair against the corpus), and every user turn is also asked as a
final turn, so a turn is seen with the memory the writer has when it is the last one.
A turn's gold pages are the titles of its gold passages in the corpus.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.eval.datasets.mtrag import MtragConversation
from memcore.eval.training.final_turns import pages
from memcore.search.retriever import Retriever
from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.writer import RuleWriter


@attrs.frozen
class AskedTurn:
    """A conversation's user turn asked as the final one, and the pages of its gold passages."""

    request: WriterRequest
    gold: frozenset[str]


@attrs.frozen(eq=False)
class ConversationTurns:
    """The user turns of conversations over one titled corpus, with the corpus's titles."""

    vocabulary: TitleVocabulary
    turns: tuple[AskedTurn, ...]


def conversation_turns(
    conversations: Sequence[MtragConversation], retriever: Retriever
) -> ConversationTurns | None:
    """Every user turn of `conversations` that has a gold page in `retriever`'s corpus (None:
    the corpus has no titles). Gold passages the corpus lacks are left out."""
    corpus = retriever.corpus
    if not corpus.has_titles:
        return None
    vocabulary = TitleVocabulary.of(corpus.titles())
    driver = Driver(RuleWriter(vocabulary), retriever=retriever)
    found: list[AskedTurn] = []
    for mtrag in conversations:
        conversation = Conversation()
        for turn in mtrag.turns:
            gold = pages((doc_id for doc_id in turn.gold if doc_id in corpus), retriever)
            if gold:
                asked = TurnInput(conversation.memory.next_turn, turn.question, "", True)
                request = WriterRequest(conversation.memory, conversation.state, asked)
                found.append(AskedTurn(request, gold))
            written = driver.history_turn(conversation, Turn(turn.question, turn.answer))
            conversation = written.unwrap().conversation
    return ConversationTurns(vocabulary, tuple(found))
