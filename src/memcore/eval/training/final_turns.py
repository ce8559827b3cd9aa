"""The final turns of built question sets, as the writer meets them, with their gold pages.

Each question's history is written by the rule writer exactly as the evaluation writes it
(topic repair against the corpus); questions that share a history prefix share its writing.
The pages of a question's gold and stale passages are what the trained scorers learn to name.
Only titled corpora teach anything here, since a page is known by its title.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from memcore.eval.datasets.questions import Question
from memcore.search.retriever import Retriever
from memcore.search.titles import normalise_title
from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.topics import TitleIndex
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.writer import RuleWriter


@attrs.frozen
class FinalTurn:
    """A question's final turn as the writer is asked it, and the pages its passages have
    (`question` is None for a turn that comes from no built question: a behaviour case's)."""

    question: Question | None
    request: WriterRequest
    gold: frozenset[str]
    stale: frozenset[str]


@attrs.frozen(eq=False)
class TitledTurns:
    """The final turns of questions over one titled corpus, with the corpus's titles."""

    vocabulary: TitleVocabulary
    titles: TitleIndex
    turns: tuple[FinalTurn, ...]


def pages(ids: Iterable[str], retriever: Retriever) -> frozenset[str]:
    """The page titles of passages `ids` (passages without a title left out)."""
    return frozenset(retriever.corpus.title_of(doc_id) for doc_id in ids) - {""}


def names_page(name: str, titles: frozenset[str]) -> bool:
    """Whether `name` is one of `titles` (case and a bracketed qualifier ignored)."""
    folded = name.casefold()
    return any(
        folded == page.casefold() or folded == normalise_title(page).casefold() for page in titles
    )


@attrs.frozen
class LabelledTurn:
    """A conversation's history and final turn, with the pages the final turn means (`gold`)
    and sets aside (`stale`), named by title."""

    history: tuple[tuple[str, str], ...]
    final: str
    gold: frozenset[str]
    stale: frozenset[str]


def final_turns(questions: Sequence[Question], retriever: Retriever) -> TitledTurns | None:
    """The final turns of `questions` over `retriever`'s corpus (None: it has no titles)."""
    labelled = [
        LabelledTurn(
            tuple((t.question, t.answer) for t in question.dialogue.turns),
            question.dialogue.final,
            pages(question.judgement.gold, retriever),
            pages(question.judgement.stale, retriever),
        )
        for question in questions
    ]
    return labelled_final_turns(labelled, retriever, questions)


def labelled_final_turns(
    labelled: Sequence[LabelledTurn],
    retriever: Retriever,
    questions: Sequence[Question] | None = None,
) -> TitledTurns | None:
    """The final turns of `labelled` over `retriever`'s corpus, each history written by the rule
    writer (None: the corpus has no titles); `questions`, where given, are the built questions
    the turns come from, one per turn."""
    corpus = retriever.corpus
    if not corpus.has_titles:
        return None
    vocabulary = TitleVocabulary.of(corpus.titles())
    driver = Driver(RuleWriter(vocabulary), retriever=retriever)
    prefixes: dict[tuple[tuple[str, str], ...], Conversation] = {(): Conversation()}
    found: list[FinalTurn] = []
    for number, turn in enumerate(labelled):
        turns = turn.history
        known = len(turns)
        while turns[:known] not in prefixes:
            known -= 1
        conversation = prefixes[turns[:known]]
        for position in range(known, len(turns)):
            written = driver.history_turn(conversation, Turn(*turns[position])).unwrap()
            conversation = written.conversation
            prefixes[turns[: position + 1]] = conversation
        request = WriterRequest(
            conversation.memory,
            conversation.state,
            TurnInput(conversation.memory.next_turn, turn.final, "", True),
        )
        question = questions[number] if questions is not None else None
        found.append(FinalTurn(question, request, turn.gold, turn.stale))
    return TitledTurns(vocabulary, TitleIndex.of(corpus.titles()), tuple(found))
