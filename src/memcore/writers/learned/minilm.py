"""The `learned-minilm` variant's parts: its referent scorer and the turn's similarity features.

The variant is the learned writer with one more decision. A turn that names none of the
several topics the memory holds (`similarity.refers_back`: a bare pronoun, a description, a
return without a cue) is left by the learned writer to the rule cascade, which most often
takes the latest topic. The variant scores that turn's candidates, each with the MiniLM
similarity features appended (`similarity.py`), by a scorer trained on such turns
(`topics-referent-minilm`, written by `memcore train-writer --minilm` beside the other
models), and takes the best. Every other turn is the learned writer's. Encoding happens here,
at the writer's boundary: one `VectorCache` call per scored turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import attrs
from returns.result import Result

from memcore.writers.learned.digression_return import (
    HeldTopic,
    returned_after_digression,
    topic_link,
)
from memcore.writers.learned.model import (
    LogisticModel,
    ModelError,
    load_model,
    shipped_model,
)
from memcore.writers.learned.referents import (
    kept_topic,
    leaves_to_cascade,
    referent_by_meaning,
    substitutions,
    texts_for_referents,
    thing_substitutions,
)
from memcore.writers.learned.remark_meaning import only_social, remark_sentences
from memcore.writers.learned.remark_meaning import texts_to_encode as remark_texts
from memcore.writers.learned.similarity import (
    MINILM_TOPIC_FEATURES,
    CandidateTexts,
    Vector,
    candidate_texts,
    cut_text,
    refers_back,
    text_similarity,
    texts_to_encode,
    with_similarity,
)
from memcore.writers.learned.stance import (
    STANCE,
    STANCE_FEATURES,
    dismissed,
    named_clauses,
)
from memcore.writers.learned.stance import texts_to_encode as stance_texts
from memcore.writers.learned.topics import TOPIC_FEATURES, TopicCandidate
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.text import is_word_topic

REFERENT_MINILM = "topics-referent-minilm"

_PREVIOUS_TOPIC = TOPIC_FEATURES.index("previous_topic")
_RECENCY = TOPIC_FEATURES.index("recency")
_IN_MEMORY = TOPIC_FEATURES.index("in_memory")


@attrs.frozen(eq=False)
class MiniLMModels:
    """The variant's scorer of the topic a turn that names none refers to, over
    `MINILM_TOPIC_FEATURES`; and its reader of a clause's stance towards its one name
    (`stance.py`; None: no name is dismissed by meaning)."""

    referent: LogisticModel
    stance: LogisticModel | None = None

    def save(self, folder: Path) -> None:
        """Write the referent scorer into `folder` (the stance model is trained apart, by
        bench/train_stance.py, and shipped)."""
        self.referent.save(folder, REFERENT_MINILM)


def _with_stance(referent: LogisticModel) -> Result[MiniLMModels, ModelError]:
    return shipped_model(STANCE, STANCE_FEATURES).map(lambda stance: MiniLMModels(referent, stance))


def load_minilm_models(folder: Path) -> Result[MiniLMModels, ModelError]:
    """The variant's scorer saved in `folder` by `memcore train-writer --minilm`, with the
    shipped stance model."""
    return load_model(folder, REFERENT_MINILM, MINILM_TOPIC_FEATURES).bind(_with_stance)


def shipped_minilm_models() -> Result[MiniLMModels, ModelError]:
    """The variant's scorers shipped inside the package."""
    return shipped_model(REFERENT_MINILM, MINILM_TOPIC_FEATURES).bind(_with_stance)


def similar_candidates(
    vectors: VectorCache, request: WriterRequest, found: Sequence[TopicCandidate]
) -> tuple[TopicCandidate, ...]:
    """`found` with the similarity features of the turn `request` asks, from one call to
    `vectors` (so at most one encoder call)."""
    turn = cut_text(request.turn.question)
    texts = candidate_texts(request, found)
    return with_similarity(found, texts, turn, vectors.vectors(texts_to_encode(turn, texts)))


def best_referent(model: LogisticModel, extended: Sequence[TopicCandidate]) -> str:
    """The name of the candidate `model` scores highest (the first of equals)."""
    scores = model.probabilities([c.features for c in extended])
    return extended[int(scores.argmax())].name


@attrs.frozen(eq=False)
class TopicSimilarity:
    """The variant's scorer and the vector cache its features are computed from."""

    models: MiniLMModels
    vectors: VectorCache

    def decides(self, found: Sequence[TopicCandidate]) -> bool:
        """Whether the variant decides a turn the learned writer leaves to the cascade: one
        that names no candidate while the memory holds several (`refers_back`)."""
        return bool(found) and refers_back(found)

    def referent(self, request: WriterRequest, found: Sequence[TopicCandidate]) -> str | None:
        """The earlier topic the turn returns to by meaning (`referents.referent_by_meaning`),
        or None where the cascade's topic stands."""
        if leaves_to_cascade(request.turn.question):
            return None
        turn = cut_text(request.turn.question)
        # Past a digression, a bare "it" or a turn whose subject is left out ("recycle food
        # scraps") goes back by what it fits; an elided subject only from a latest topic the
        # cascade kept. A description or person pronoun is compared in context below, which
        # tells kinds apart (writer-learned.digression-return).
        keeps_latest = self.keeps_latest(found)
        checks_digression = bool(thing_substitutions(turn, "")) or (
            not substitutions(turn, "") and keeps_latest
        )
        # A description ("who was the enemy?") is compared in context first; where that keeps
        # the latest topic the cascade kept, the latest topic may still be a digression.
        vetoes_latest = not checks_digression and keeps_latest
        texts = candidate_texts(request, found) if checks_digression or vetoes_latest else ()
        names = [candidate.name for candidate in found]
        # Every text either comparison needs, in one encoder call.
        wanted = (*texts_to_encode(turn, texts), *texts_for_referents(turn, names))
        vectors = self.vectors.vectors(tuple(dict.fromkeys(wanted)))
        if checks_digression:
            back = after_digression(found, texts, turn, vectors)
            if back is not None:
                return back
        chosen = referent_by_meaning(found, turn, vectors)
        kept = kept_topic(found)
        if vetoes_latest and kept is not None and chosen in (None, found[kept].name):
            back = after_digression(found, texts, turn, vectors)
            if back is not None:
                return back
        return chosen

    def dismissed(self, text: str, names: Sequence[str]) -> tuple[str, ...]:
        """The names of `names` a statement of `text` dismisses by meaning
        (`stance.dismissed`), from one call to the vector cache; none without a stance
        model or where no clause types exactly one of them."""
        clauses = named_clauses(text, names)
        if self.models.stance is None or not clauses:
            return ()
        return dismissed(self.models.stance, clauses, self.vectors.vectors(stance_texts(clauses)))

    def only_social(self, text: str, corrects: Callable[[str], bool]) -> bool:
        """Whether the sentences of `text` in which `corrects` finds correcting words are all
        social remarks by meaning (`remark_meaning.only_social`), from one call to the vector
        cache; False where no sentence has such words."""
        remarks = remark_sentences(text, corrects)
        return bool(remarks) and only_social(remarks, self.vectors.vectors(remark_texts(remarks)))

    @staticmethod
    def keeps_latest(found: Sequence[TopicCandidate]) -> bool:
        """Whether the cascade's topic (`referents.kept_topic`) is the previous turn's."""
        kept = kept_topic(found)
        return kept is not None and found[kept].features[_PREVIOUS_TOPIC] > 0


def after_digression(
    found: Sequence[TopicCandidate],
    texts: Sequence[CandidateTexts],
    turn: str,
    vectors: Mapping[str, Vector],
) -> str | None:
    """The topic a turn that names none goes back to past a latest topic that digressed
    (`digression_return.returned_after_digression`), from the vectors of `texts_to_encode(turn,
    texts)`; or None."""
    latest = next((i for i, c in enumerate(found) if c.features[_PREVIOUS_TOPIC] > 0), None)
    turn_vector = vectors.get(turn)
    if latest is None or turn_vector is None:
        return None
    held = [
        HeldTopic(
            candidate.name,
            text_similarity(turn_vector, text, vectors).fit,
            topic_link(texts[latest], text, vectors) if index != latest else 0.0,
            candidate.features[_RECENCY] if candidate.features[_IN_MEMORY] > 0 else 0.0,
            not is_word_topic(candidate.name),
        )
        for index, (candidate, text) in enumerate(zip(found, texts, strict=True))
    ]
    chosen = returned_after_digression(held, latest)
    return found[chosen].name if chosen is not None else None
