"""Training the topic scorers on built question sets with page titles.

Each training question's history is written by the rule writer exactly as the evaluation
writes it (topic repair against the corpus), then the final turn's candidates are labelled:
*intended* when the candidate names the page of the question's gold passages, *rejected* when
it names the page of its stale passages (corrections, self-repairs and returns have them).
Only questions over titled corpora teach anything, since a page is known by its title.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from memcore.eval.questions import Question
from memcore.search.retriever import Retriever
from memcore.search.titles import normalise_title
from memcore.writer_output import TurnInput
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.fit import best_threshold, f1, fit
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.topics import (
    TOPIC_FEATURES,
    TitleIndex,
    TopicCandidate,
    topic_candidates,
)
from memcore.writers.learned.writer import scored_here
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import RuleWriter, write_node


@attrs.frozen
class TopicExample:
    """A final turn's candidates, and which name the gold and stale pages."""

    candidates: tuple[TopicCandidate, ...]
    intended: tuple[bool, ...]
    rejected: tuple[bool, ...]


def _pages(ids: Iterable[str], retriever: Retriever) -> frozenset[str]:
    return frozenset(retriever.corpus.title_of(doc_id) for doc_id in ids) - {""}


def _names_page(name: str, pages: frozenset[str]) -> bool:
    folded = name.casefold()
    return any(
        folded == page.casefold() or folded == normalise_title(page).casefold() for page in pages
    )


def topic_examples(questions: Sequence[Question], retriever: Retriever) -> tuple[TopicExample, ...]:
    """The labelled final turns of `questions` over `retriever`'s titled corpus."""
    corpus = retriever.corpus
    if not corpus.has_titles:
        return ()
    vocabulary = TitleVocabulary.of(corpus.titles())
    titles = TitleIndex.of(corpus.titles())
    driver = Driver(RuleWriter(vocabulary), retriever=retriever)
    prefixes: dict[tuple[tuple[str, str], ...], Conversation] = {(): Conversation()}
    found: list[TopicExample] = []
    for question in questions:
        turns = tuple((t.question, t.answer) for t in question.dialogue.turns)
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
            TurnInput(conversation.memory.next_turn, question.dialogue.final, "", True),
        )
        rule_node = write_node(request, vocabulary)
        text = cues.normalise_turn(question.dialogue.final)
        view = View.of(request, vocabulary)
        candidates = topic_candidates(request, text, rule_node, view.mentions(text), titles)
        if not scored_here(rule_node, candidates, question.dialogue.final):
            continue  # the writer leaves such turns to the cascade; nothing to learn there
        gold = _pages(question.judgement.gold, retriever)
        stale = _pages(question.judgement.stale, retriever)
        found.append(
            TopicExample(
                candidates,
                tuple(_names_page(c.name, gold) for c in candidates),
                tuple(_names_page(c.name, stale) for c in candidates),
            )
        )
    return tuple(found)


def _intended_accuracy(model: LogisticModel, examples: Sequence[TopicExample]) -> float:
    right = 0
    for example in examples:
        scores = model.probabilities([c.features for c in example.candidates])
        right += bool(example.candidates) and example.intended[int(scores.argmax())]
    return right / max(len(examples), 1)


def _rejection_f1(
    model: LogisticModel, examples: Sequence[TopicExample], threshold: float
) -> float:
    hits = chosen = gold = 0
    for example in examples:
        if not example.candidates:
            continue
        scores = model.probabilities([c.features for c in example.candidates])
        best = int(scores.argmax())
        hits += bool(scores[best] >= threshold and example.rejected[best])
        chosen += bool(scores[best] >= threshold)
        gold += any(example.rejected)
    return f1(hits, chosen, gold)


def train_topics(
    examples: Sequence[TopicExample], meta: dict[str, object] | None = None
) -> tuple[LogisticModel, LogisticModel]:
    """The intended-topic and rejected-topic models (deterministic)."""
    rows = [c.features for e in examples for c in e.candidates]
    # A turn whose gold page no candidate names teaches nothing about which candidate is meant.
    reachable = [e for e in examples if any(e.intended)]
    intended = fit(
        TOPIC_FEATURES,
        [c.features for e in reachable for c in e.candidates],
        [y for e in reachable for y in e.intended],
    )
    rejected = fit(TOPIC_FEATURES, rows, [y for e in examples for y in e.rejected])
    threshold = best_threshold(lambda t: _rejection_f1(rejected, examples, t))
    described = {**(meta or {}), "turns": len(examples), "candidates": len(rows)}
    return (
        attrs.evolve(
            intended,
            meta={
                **intended.meta,
                **described,
                "reachable_turns": len(reachable),
                "accuracy": round(_intended_accuracy(intended, reachable), 4),
            },
        ),
        attrs.evolve(rejected, threshold=threshold, meta={**rejected.meta, **described}),
    )
