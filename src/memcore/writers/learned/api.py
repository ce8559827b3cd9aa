"""The learned writer over a whole conversation, in one call (used by the spec pages and docs)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import numpy as np

from memcore.node import Node
from memcore.operations import Operation, OpKind
from memcore.search.backends.encoder_types import TextTokens
from memcore.writer_output import TurnInput
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.learned.digression_return import HeldTopic, returned_after_digression
from memcore.writers.learned.digressions import digression
from memcore.writers.learned.dismissal import left_to_meaning
from memcore.writers.learned.referents import (
    REFERENT_MARGIN,
    choose_referent,
    clear_referent,
    described_kinds,
    leaves_to_cascade,
    substitutions,
    thing_substitutions,
)
from memcore.writers.learned.remark_meaning import all_social, remark_sentences
from memcore.writers.learned.similarity import (
    REFERENT_FEATURES,
    Standing,
    referent_features,
    similarity_features,
)
from memcore.writers.learned.stance import named_clauses, occurrences
from memcore.writers.learned.term_vectors import vector_features
from memcore.writers.learned.terms import History, candidates
from memcore.writers.learned.topic_choice import corrects_itself, leaves_behind, takes_back
from memcore.writers.learned.topics import TitleIndex, holds_whole
from memcore.writers.learned.writer import LearnedWriter
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.proposals import HAND_SET_PROPOSALS, choose, proposals
from memcore.writers.rules.text import is_word_topic
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import RuleWriter


def _writer(titles: Sequence[str]) -> LearnedWriter:
    models = shipped_bundle().unwrap()
    if not titles:
        return LearnedWriter(models)
    return LearnedWriter(models, TitleVocabulary.of(titles), TitleIndex.of(titles))


def _written(driver: Driver, history: Sequence[Turn]) -> Conversation:
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation


def write_history(history: Sequence[Turn], titles: Sequence[str] = ()) -> tuple[Node, ...]:
    """The learned writer's nodes (shipped models) for the turns of `history`, answers read."""
    return _written(Driver(_writer(titles)), history).memory.nodes


def write_final(history: Sequence[Turn], question: str, titles: Sequence[str] = ()) -> Node:
    """The learned writer's node (shipped models) for the final `question` after `history`;
    `titles` are the corpus's page titles (none: an untitled corpus)."""
    driver = Driver(_writer(titles))
    node: Node = driver.final_turn(_written(driver, history), question).unwrap().node
    return node


def history_terms(questions: Sequence[str], answers: Sequence[str], final: str) -> tuple[str, ...]:
    """The candidate terms the term scorer reads for `final`, in candidate order."""
    return tuple(c.term for c in candidates(History.of(questions, answers, final)))


def typed_titles(titles: Sequence[str], text: str) -> tuple[str, ...]:
    """The page titles typed in full in `text`, in order."""
    return tuple(m.name for m in TitleIndex.of(titles).typed_in(text))


def step_choice(
    history: Sequence[Turn], question: str, titles: Sequence[str] = ()
) -> dict[str, object]:
    """The cascade's proposals for the final `question` after `history` (written by the rule
    writer), each step's topic, and the step the shipped step model and the hand-set order
    take."""
    vocabulary = TitleVocabulary.of(titles) if titles else None
    driver = Driver(RuleWriter(vocabulary))
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    asked = TurnInput(conversation.memory.next_turn, question, "", True)
    request = WriterRequest(conversation.memory, conversation.state, asked)
    text = cues.normalise_turn(question)
    found = proposals(text, View.of(request, vocabulary), "")
    return {
        "proposals": {p.step: p.decision.topic for p in found},
        "trained": choose(found, shipped_bundle().unwrap().steps).step,
        "hand_set": choose(found, HAND_SET_PROPOSALS).step,
    }


def similarity_of(
    turn: Sequence[float], questions: Sequence[Sequence[float]], name: Sequence[float]
) -> tuple[float, float]:
    """The `learned-minilm` variant's two features for one candidate, from given vectors: the
    best cosine between the turn and a question about the candidate, and the cosine between
    the turn and its name (`similarity.similarity_features`)."""
    vectors = [np.asarray(vector, dtype=np.float32) for vector in (turn, name, *questions)]
    best, named = similarity_features(vectors[0], vectors[2:], vectors[1])
    return round(best, 6), round(named, 6)


@attrs.frozen
class GivenCandidate:
    """A topic candidate as `referents_of` takes it: its name, its fit (the best cosine with
    what the memory holds about it), whether it is the previous turn's topic, its recency and
    whether the turn names it."""

    name: str
    fit: float
    latest: bool = False
    recency: float = 0.0
    named: bool = False


def referents_of(candidates: Sequence[GivenCandidate]) -> dict[str, dict[str, float]]:
    """The `learned-minilm` variant's comparative features (`similarity.REFERENT_FEATURES`) of
    each candidate, by name, rounded to six places."""
    rows = referent_features(
        [c.fit for c in candidates],
        [Standing(c.latest, c.recency, c.named) for c in candidates],
    )
    return {
        c.name: {name: round(v, 6) for name, v in zip(REFERENT_FEATURES, row, strict=True)}
        for c, row in zip(candidates, rows, strict=True)
    }


def digression_of(topics: Sequence[str], topic: str) -> list[int]:
    """The turns (numbered from 1) of a history whose turns are about `topics` in order that
    a final turn about `topic` returns from (`digressions.digression`): their words give no
    history terms to its query."""
    nodes = [
        Node(turn, "", operations=(Operation(OpKind.ADD, name),), topics=(name,))
        for turn, name in enumerate(topics, 1)
    ]
    return sorted(index + 1 for index in digression(nodes, topic))


def _read_as(spans: Sequence[Sequence[int]], pieces: Sequence[Sequence[float]]) -> TextTokens:
    """A text as the encoder would read it, from given word pieces; its sentence vector is the
    pieces' mean."""
    rows = np.asarray(pieces, dtype=np.float32).reshape(len(pieces), -1)
    return TextTokens(
        rows.mean(axis=0).astype(np.float32),
        rows,
        tuple((int(start), int(end)) for start, end in spans),
    )


def term_similarities_of(
    text: str,
    spans: Sequence[Sequence[int]],
    pieces: Sequence[Sequence[float]],
    question: str,
    question_spans: Sequence[Sequence[int]],
    question_pieces: Sequence[Sequence[float]],
) -> dict[str, list[float]]:
    """The `learned-context` variant's similarity features of the terms of one history `text`
    (`term_vectors.vector_features`), from given word pieces of it and of the final `question`
    (each piece's character span and vector; a text's sentence vector taken as its pieces'
    mean): per term, its cosine to the question's sentence vector, to the mean of the
    question's tokens, and its best cosine to a word of the question, rounded to six places."""
    features = vector_features(
        [(text, _read_as(spans, pieces))], question, _read_as(question_spans, question_pieces)
    )
    return {term: [round(value, 6) for value in row[:3]] for term, row in features.items()}


def substitutions_of(question: str, name: str) -> list[str]:
    """The sentences the `learned-minilm` writer compares with `question` for the topic `name`:
    `name` put in place of each reference in turn (`referents.substitutions`)."""
    return list(substitutions(question, name))


def kinds_described(question: str) -> list[str]:
    """The kind nouns the `learned-minilm` writer compares with each topic's name
    (`referents.described_kinds`)."""
    return list(described_kinds(question))


@attrs.frozen
class FittedTopic:
    """A topic in memory as `returned_to` takes it: its name, how well it stands in for the
    turn's reference (the best cosine of its substitutions with the turn) and whether it is
    the cascade's topic, and whether it is the previous turn's topic."""

    name: str
    fit: float
    cascade: bool = False
    latest: bool = False


def returned_to(topics: Sequence[FittedTopic]) -> str | None:
    """The earlier topic a turn that names none returns to (`referents.clear_referent` at
    `REFERENT_MARGIN`), or None where the cascade's topic stands."""
    kept = next((index for index, topic in enumerate(topics) if topic.cascade), None)
    chosen = clear_referent(
        [topic.fit for topic in topics], kept, [True] * len(topics), REFERENT_MARGIN
    )
    return topics[chosen].name if chosen is not None else None


@attrs.frozen
class TopicHeld:
    """A topic in memory as `back_past_digression` takes it: its name, the turn's fit to what
    the memory holds about it, its link to the latest topic, its recency, whether it is the
    latest topic (the previous turn's) and whether it is a named topic."""

    name: str
    fit: float
    recency: float
    link: float = 0.0
    latest: bool = False
    named: bool = True


def back_past_digression(
    topics: Sequence[TopicHeld], question: str | None = None, kept_in_context: bool = False
) -> str | None:
    """The topic a turn that names none goes back to past a latest topic that digressed, from
    given fits and links (`digression_return.returned_after_digression`); None where the
    cascade's topic stands. With `question` (the cascade keeping the latest topic), as in the
    writer: a turn that points by form (a position, a return cue:
    `referents.leaves_to_cascade`) is the cascade's, and one with a description or a person
    pronoun and no "it" is compared in context first (`referents.referent_by_meaning`): the
    digression rule decides it only where that comparison keeps the latest topic or picks
    none (`kept_in_context`)."""
    if question is not None and (
        leaves_to_cascade(question)
        or (
            not thing_substitutions(question, "")
            and bool(substitutions(question, ""))
            and not kept_in_context
        )
    ):
        return None
    latest = next((index for index, topic in enumerate(topics) if topic.latest), None)
    held = [HeldTopic(t.name, t.fit, t.link, t.recency, t.named) for t in topics]
    chosen = returned_after_digression(held, latest)
    return topics[chosen].name if chosen is not None else None


def referent_for_turn(question: str, topics: Sequence[FittedTopic]) -> str | None:
    """The topic the turn `question` goes to instead of the cascade's, from given fits
    (`referents.choose_referent`): the latest topic is marked `latest`, the cascade's
    `cascade`; None where the cascade's topic stands."""
    kept = next((index for index, topic in enumerate(topics) if topic.cascade), None)
    if kept is None:
        return None
    latest = next((index for index, topic in enumerate(topics) if topic.latest), None)
    fits = [topic.fit for topic in topics]
    words = [is_word_topic(topic.name) for topic in topics]
    chosen = choose_referent(question, fits, kept, latest, [True] * len(topics), words)
    return topics[chosen].name if chosen is not None else None


def stance_clauses(question: str, names: Sequence[str]) -> list[list[str]]:
    """The statements of `question` that type exactly one of `names`, as [name, masked
    clause] (`stance.named_clauses`)."""
    return [[clause.name, clause.masked] for clause in named_clauses(question, names)]


def dismissed_in_turn(
    question: str, names: Sequence[str], probabilities: Mapping[str, float], threshold: float
) -> list[str]:
    """The names `question` dismisses by meaning, given the stance model's probability for
    each masked clause (by its masked text; 0 where not given) and its threshold, less the
    names the cue readers set aside themselves (`dismissal.left_to_meaning`)."""
    text = cues.normalise_turn(question)
    clauses = named_clauses(text, names)
    away = [c.name for c in clauses if probabilities.get(c.masked, 0.0) >= threshold]
    typed = occurrences(text, names)
    mentions = [Mention(name, low, high, known=True) for low, high, name in typed]
    return list(left_to_meaning(text, mentions, list(dict.fromkeys(away))))


def social_remarks(question: str) -> list[str]:
    """The sentences of `question` whose correcting words the `learned-minilm` writer reads by
    meaning before it lets a named shift take the old topic back, each cut before the question
    it opens (`remark_meaning.remark_sentences`)."""
    return list(remark_sentences(cues.normalise_turn(question), corrects_itself))


def only_social_remarks(question: str, margins: Mapping[str, float]) -> bool:
    """Whether the correcting words of `question` are all in social remarks, given each
    remark's margin (its nearest social remark's cosine minus its nearest repair's; a remark
    not given has none): the named shift then leaves the old topic behind
    (`remark_meaning.all_social`)."""
    remarks = social_remarks(question)
    return all_social([margins.get(remark, float("-inf")) for remark in remarks])


def holds_whole_name(text: str, name: str) -> bool:
    """Whether `text` holds `name` as whole words, ignoring case: how the topic features
    "in the previous question", "in the previous answer" and "typed before" read a name."""
    return holds_whole(text.casefold(), name.casefold())


def remarks_taking_back(question: str) -> list[str]:
    """The sentences of `question` with a word that could take something back (a correcting,
    negating or refusing word), each cut before the question it opens: what the
    `learned-minilm` writer reads by meaning before a shift rejects the old topic."""
    return list(remark_sentences(cues.normalise_turn(question), takes_back))


def leaves_behind_given(
    question: str, topic: str, rejected: Sequence[str], margins: Mapping[str, float]
) -> bool:
    """Whether a turn that moves to `topic` leaves `rejected` behind without rejecting it,
    given each remark's margin (as `only_social_remarks`; a remark not given has none)."""

    def only_social(text: str, corrects: Callable[[str], bool]) -> bool:
        remarks = remark_sentences(text, corrects)
        return all_social([margins.get(remark, float("-inf")) for remark in remarks])

    return leaves_behind(cues.normalise_turn(question), topic, rejected, only_social)
