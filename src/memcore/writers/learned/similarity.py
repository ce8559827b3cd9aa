"""MiniLM similarity features of the topic candidates, for the `learned-minilm` writer.

A turn that leans on an earlier topic without naming it ("what was its religion?" after a
digression about a sitcom, "no, the one about the fish") resembles what the memory holds about
the topic it means: the user's questions, the answers given, the facts kept. Each candidate's
row of `TOPIC_FEATURES` gets `SIMILARITY_FEATURES`:

- its own fit: the best cosine between the final turn and the candidate's questions, answers
  and facts (the nodes in the writer's window whose `topics` include it), and its name;
- how it fits *against the others*: the margin over the best other candidate and over the
  latest topic (the previous turn's), and whether no candidate fits better. These carry
  meaning across a digression: the latest topic is the one a pronoun defaults to, so what
  counts is how much better an earlier one fits;
- fit read with recency: an earlier topic's fit, so the scorer can weigh a good fit far back
  against a fair fit close by.

The comparative features depend on the set of candidates, never on their order. Everything
here is pure: it says which texts a turn needs encoded and turns given vectors into floats.
Encoding is the writer's effect (`minilm.py`, `vector_cache.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from memcore.writers.learned.topics import NODE_WINDOW, TOPIC_FEATURES, TopicCandidate
from memcore.writers.protocol import WriterRequest

# The candidate's own fit (`TextSimilarity`).
OWN_FEATURES: tuple[str, ...] = (
    "question_similarity",
    "name_similarity",
    "answer_similarity",
    "fact_similarity",
)
# How it fits against the other candidates (`referent_features`).
REFERENT_FEATURES: tuple[str, ...] = (
    "fit",
    "fit_margin",
    "fit_over_latest",
    "best_fit",
    "fit_x_recency",
    "fit_margin_x_unnamed",
)
SIMILARITY_FEATURES: tuple[str, ...] = (*OWN_FEATURES, *REFERENT_FEATURES)
MINILM_TOPIC_FEATURES: tuple[str, ...] = (*TOPIC_FEATURES, *SIMILARITY_FEATURES)
# Texts are cut to this many characters before encoding: the encoder reads at most its first
# 128 tokens anyway (the fast path), and a bounded text keeps tokenising and the cache's keys
# small.
TEXT_CHARS = 1000

_PREVIOUS_TOPIC = TOPIC_FEATURES.index("previous_topic")
_RECENCY = TOPIC_FEATURES.index("recency")
_MENTIONED = TOPIC_FEATURES.index("mentioned")
_IN_MEMORY = TOPIC_FEATURES.index("in_memory")

Vector = npt.NDArray[np.float32]


@attrs.frozen
class CandidateTexts:
    """What a candidate is compared with: its name, and the user's questions, the answers and
    the facts of the nodes about it."""

    name: str
    questions: tuple[str, ...]
    answers: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()

    def held(self) -> tuple[str, ...]:
        """Every text the memory holds about the candidate (not its name)."""
        return (*self.questions, *self.answers, *self.facts)


@attrs.frozen
class TextSimilarity:
    """The best cosine between the turn and each kind of text about a candidate (0 for a kind
    it has none of)."""

    question: float
    name: float
    answer: float = 0.0
    fact: float = 0.0

    @property
    def fit(self) -> float:
        """How well the turn fits what the memory holds about the candidate: the best of its
        questions, answers and facts (a name alone is too short a text to compare)."""
        return max(self.question, self.answer, self.fact)

    def features(self) -> tuple[float, ...]:
        """As `OWN_FEATURES`."""
        return (self.question, self.name, self.answer, self.fact)


@attrs.frozen
class Standing:
    """What the comparative features read of a candidate besides its fit: whether it is the
    previous turn's topic, how recent it is (1 for the previous turn, 1/2 the one before, ...,
    0 never discussed) and whether the turn names it."""

    latest: bool
    recency: float
    named: bool


def cut_text(text: str) -> str:
    """`text` as it is encoded (and cached): stripped, at most `TEXT_CHARS` characters."""
    return text.strip()[:TEXT_CHARS]


def _add(texts: dict[str, list[str]], topic: str, text: str) -> None:
    if text and text not in texts.setdefault(topic, []):
        texts[topic].append(text)


def candidate_texts(
    request: WriterRequest, found: Sequence[TopicCandidate]
) -> tuple[CandidateTexts, ...]:
    """For each candidate, its name and the questions, answers and facts of the nodes (in the
    writer's window) whose topics include it, in turn order, each once."""
    nodes = request.memory.nodes[-NODE_WINDOW:]
    asked: dict[str, list[str]] = {}
    answered: dict[str, list[str]] = {}
    known: dict[str, list[str]] = {}
    for node in nodes:
        for topic in {t.casefold() for t in node.topics}:
            _add(asked, topic, cut_text(node.question))
            _add(answered, topic, cut_text(node.answer))
            for fact in node.facts:
                _add(known, topic, cut_text(fact))
    return tuple(
        CandidateTexts(
            cut_text(c.name),
            tuple(asked.get(c.name.casefold(), ())),
            tuple(answered.get(c.name.casefold(), ())),
            tuple(known.get(c.name.casefold(), ())),
        )
        for c in found
    )


def texts_to_encode(turn: str, texts: Sequence[CandidateTexts]) -> tuple[str, ...]:
    """Every text a turn's features need, each once: the turn first, then each candidate's
    name, questions, answers and facts in candidate order. Empty texts are left out (they
    have no vector; see `cosine`)."""
    wanted = [turn, *(text for t in texts for text in (t.name, *t.held()))]
    return tuple(text for text in dict.fromkeys(wanted) if text)


def cosine(first: Vector, second: Vector) -> float:
    """The cosine of two vectors; 0 when either is zero."""
    norms = float(np.linalg.norm(first) * np.linalg.norm(second))
    return 0.0 if norms == 0.0 else float(np.dot(first, second)) / norms


def best_cosine(turn: Vector, others: Sequence[Vector]) -> float:
    """The best cosine between `turn` and one of `others`; 0 when there is none."""
    return max((cosine(turn, other) for other in others), default=0.0)


def similarity_features(
    turn: Vector, questions: Sequence[Vector], name: Vector
) -> tuple[float, float]:
    """(best cosine between the turn and a question about the candidate, cosine between the
    turn and the candidate's name); a candidate nobody asked about scores 0 for the first."""
    return best_cosine(turn, questions), cosine(turn, name)


def text_similarity(
    turn: Vector, texts: CandidateTexts, vectors: Mapping[str, Vector]
) -> TextSimilarity:
    """The turn's best cosine with each kind of text about a candidate; a text without a
    vector (an empty one) resembles nothing."""

    def best(kind: Sequence[str]) -> float:
        return best_cosine(turn, [vectors[text] for text in kind if text in vectors])

    name = vectors.get(texts.name)
    return TextSimilarity(
        best(texts.questions),
        cosine(turn, name) if name is not None else 0.0,
        best(texts.answers),
        best(texts.facts),
    )


def referent_features(
    fits: Sequence[float], standings: Sequence[Standing]
) -> tuple[tuple[float, ...], ...]:
    """Each candidate's `REFERENT_FEATURES`, from every candidate's fit and standing (the same
    order). A candidate's margin is its fit less the best fit of the others (its own fit when
    it is alone); its fit over the latest is its fit less the previous turn's topic's (0 when
    no candidate is that topic); the best fit is 1 for every candidate no other fits better.
    Reordering the candidates reorders the rows and changes nothing else."""
    latest = [fit for fit, standing in zip(fits, standings, strict=True) if standing.latest]
    latest_fit = max(latest) if latest else None
    rows: list[tuple[float, ...]] = []
    for index, (fit, standing) in enumerate(zip(fits, standings, strict=True)):
        others = [other for place, other in enumerate(fits) if place != index]
        margin = fit - max(others, default=0.0)
        rows.append(
            (
                fit,
                margin,
                fit - latest_fit if latest_fit is not None else 0.0,
                1.0 if margin >= 0.0 else 0.0,
                fit * standing.recency,
                0.0 if standing.named else margin,
            )
        )
    return tuple(rows)


def standing_of(candidate: TopicCandidate) -> Standing:
    """A candidate's standing, read from its `TOPIC_FEATURES`."""
    features = candidate.features
    return Standing(features[_PREVIOUS_TOPIC] > 0, features[_RECENCY], features[_MENTIONED] > 0)


def with_similarity(
    found: Sequence[TopicCandidate],
    texts: Sequence[CandidateTexts],
    turn: str,
    vectors: Mapping[str, Vector],
) -> tuple[TopicCandidate, ...]:
    """The candidates with `SIMILARITY_FEATURES` appended (as `MINILM_TOPIC_FEATURES`), from
    the vectors of `texts_to_encode(turn, texts)`; without the turn's vector nothing
    resembles anything (every feature 0)."""
    turn_vector = vectors.get(turn)
    if turn_vector is None:
        zeros = (0.0,) * len(SIMILARITY_FEATURES)
        return tuple(attrs.evolve(c, features=(*c.features, *zeros)) for c in found)
    own = [text_similarity(turn_vector, text, vectors) for text in texts]
    if len(own) != len(found):
        raise ValueError("one CandidateTexts per candidate")
    compared = referent_features([s.fit for s in own], [standing_of(c) for c in found])
    return tuple(
        attrs.evolve(c, features=(*c.features, *s.features(), *row))
        for c, s, row in zip(found, own, compared, strict=True)
    )


def refers_back(found: Sequence[TopicCandidate]) -> bool:
    """Whether the turn leans on an earlier topic it does not name: it names no candidate and
    the memory holds more than one topic, so which one it means is a choice (a bare pronoun, a
    description, a return without a cue)."""
    in_memory = sum(1 for c in found if c.features[_IN_MEMORY] > 0)
    return in_memory > 1 and not any(c.features[_MENTIONED] > 0 for c in found)
