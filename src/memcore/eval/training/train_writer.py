"""`memcore train-writer`: the learned writer's models, from tuning parts only.

Training data (every conversation from a tuning part chosen by `seed`):

- term scorer: CAsT 2019/2020/2022 tuning topics
  (`memcore.eval.datasets.rewrites.split_conversations`), iKAT 2023 train topics, and MTRAG's
  tuning conversations with their human rewrites;
- topic scorers and step choice: the MTRAG question sets of the builder's `dev` conversations
  over the titled domains, written in every wording family read so far (`READ_PARTS`), each
  history written by the rule writer;
- step choice also: every user turn of those `dev` conversations, labelled by its own gold page.

With a vector cache (`--minilm`), the `learned-minilm` variant's referent scorer is trained
too, on the same built questions' final turns that name none of the several topics in memory
(the turns the topic scorers leave to the cascade), their candidates extended by the MiniLM
similarity features.

With behaviour templates (`--behaviour-templates DIR ...`, `behaviour_training.py`), the topic
scorers (and with a vector cache the referent scorer) also learn from behaviour cases: the
final turns of cases drawn from those template folders, labelled by their expectations (the
topic meant, the topics rejected). Off by default; the models then record the folders' hash.

With a token reader (`--context-terms`), the `learned-context` variant's term scorer is trained
too, on the term scorer's turns and labels, each candidate also read in context by the packaged
MiniLM (`train_context_terms.py`).

CAsT 2021 is never read. The models record the seed, a SHA-256 over every input file, the
counts and the float path they were trained on (`environment`: Python, numpy, its BLAS, and
ONNX Runtime / torch for the variant's scorers). Training is deterministic: on one machine the
same data and seed give the same bytes. On another machine `memcore train-writer --data
../shared/data --out DIR --seed 13` reproduces the shipped models in the sense of
`memcore.eval.training.model_agreement`: the same decisions on their check rows, scores and weights
within the float path's tolerance.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.build import build_domain
from memcore.eval.datasets.cast import read_sources
from memcore.eval.datasets.families import FRESH, FRESH2, FRESH3, FRESH4, read_wording
from memcore.eval.datasets.mtrag import (
    PoolPassage,
    load_conversations,
    load_pool,
    load_rewrites,
    write_corpus,
)
from memcore.eval.datasets.questions import Question
from memcore.eval.datasets.rewrites import RewriteConversation, split_conversations
from memcore.eval.datasets.split import DEV
from memcore.eval.datasets.split import split_conversations as split_mtrag
from memcore.eval.training.behaviour_training import BehaviourSource, behaviour_examples
from memcore.eval.training.conversation_turns import conversation_turns
from memcore.eval.training.final_turns import final_turns
from memcore.eval.training.model_agreement import training_environment
from memcore.eval.training.train_context_terms import train_context_terms
from memcore.eval.training.train_steps import (
    StepExample,
    conversation_step_examples,
    step_examples,
    train_steps,
)
from memcore.eval.training.train_terms import train_terms
from memcore.eval.training.train_topics import (
    TopicExample,
    topic_examples,
    train_referents,
    train_topics,
)
from memcore.eval.training.writer_training import mtrag_tuning
from memcore.search.backends.open import open_retriever
from memcore.writers.learned.bundle import WriterModels
from memcore.writers.learned.minilm import MiniLMModels
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.term_reader import TERMS_CONTEXT, TokenCache
from memcore.writers.learned.vector_cache import VectorCache

CONVERSATION_SOURCES = ("cast2019", "cast2020", "cast2022", "ikat2023")
# The MTRAG domains whose passages have page titles (the topic scorers learn pages by title).
TITLED_DOMAINS = ("clapnq", "govt")
# The tuning sets are built this many times, each with its own wording draw (seed, seed + 1,
# ...) over the same tuning conversations: more phrasings to learn from.
WORDING_DRAWS = 5
# The held-out parts whose wording has been read (spent as tests): their families join the
# tuning and test families in the training wording of the dev conversations. A part written
# later stays out, unseen by the weights, until it has been read.
READ_PARTS = (FRESH, FRESH2, FRESH3, FRESH4)
# Each natural conversation turn's step example counts this often, as each built question's
# conversation is drawn once per wording draw: the two sources are weighed per conversation.
CONVERSATION_TURN_WEIGHT = WORDING_DRAWS
# The packages whose versions a variant model's environment records (its encoder's runtimes).
ENCODER_PACKAGES = ("onnxruntime", "torch")
# The input files, relative to the data folder, that the hash covers.
HASHED = ("trec_cast/2019", "trec_cast/2020", "trec_cast/2022", "ikat/2023/data", "mtrag")


def data_hash(data: Path) -> str:
    """SHA-256 over the relative paths and bytes of every training input file, in path order."""
    digest = hashlib.sha256()
    files: list[Path] = []
    for folder in HASHED:
        files.extend(path for path in (data / folder).rglob("*") if path.is_file())
    for path in sorted(files):
        digest.update(str(path.relative_to(data)).encode("utf-8") + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


@attrs.frozen
class Trained:
    """The trained models and what they were trained on."""

    models: WriterModels
    summary: dict[str, object]
    minilm: MiniLMModels | None = None
    context_terms: LogisticModel | None = None

    def save(self, folder: Path) -> None:
        """Write every trained model into `folder`."""
        self.models.save(folder)
        if self.minilm is not None:
            self.minilm.save(folder)
        if self.context_terms is not None:
            self.context_terms.save(folder, TERMS_CONTEXT)


@attrs.frozen
class TitledExamples:
    """What the topic scorers and the step choice learn from."""

    topics: tuple[TopicExample, ...]
    steps: tuple[StepExample, ...]
    conversation_steps: tuple[StepExample, ...]
    minilm_topics: tuple[TopicExample, ...] = ()


def _titled_examples(
    mtrag: Path,
    seed: int,
    folder: Path,
    read_parts: Sequence[str],
    vectors: VectorCache | None = None,
) -> Result[TitledExamples, str]:
    """Topic and step examples from MTRAG's tuning part (the builder's `dev` conversations for
    `seed`), built `WORDING_DRAWS` times in the wording of every family read so far (see
    `READ_PARTS`); corpora are written to `folder`. With `vectors`, the topic examples again
    with the similarity features."""
    loaded = load_conversations(mtrag)
    if isinstance(loaded, Failure):
        return Failure(str(loaded.failure()))
    conversations = loaded.unwrap()
    split = split_mtrag(((c.id, c.domain) for c in conversations), seed)
    rewrites, pool = load_rewrites(mtrag), load_pool(mtrag)
    corpora: dict[str, list[PoolPassage]] = {domain: [] for domain in TITLED_DOMAINS}
    for passage in pool:
        if passage.domain in corpora:
            corpora[passage.domain].append(passage)
    questions: dict[str, list[Question]] = {domain: [] for domain in TITLED_DOMAINS}
    for draw in range(WORDING_DRAWS):
        for domain in TITLED_DOMAINS:
            members = [
                c for c in conversations if c.domain == domain and split.part_of(c.id) == DEV
            ]
            wording = read_wording(seed + draw, read_parts)
            questions[domain].extend(
                build_domain(members, rewrites, corpora[domain], seed + draw, DEV, wording)
            )
    topics: list[TopicExample] = []
    steps: list[StepExample] = []
    conversation_steps: list[StepExample] = []
    minilm_topics: list[TopicExample] = []
    for domain in TITLED_DOMAINS:
        path = folder / f"{domain}.jsonl"
        write_corpus(path, corpora[domain])
        opened = open_retriever(path)
        if isinstance(opened, Failure):
            return Failure(str(opened.failure()))
        titled = final_turns(questions[domain], opened.unwrap().retriever)
        if titled is not None:
            topics.extend(topic_examples(titled))
            steps.extend(step_examples(titled))
            if vectors is not None:
                minilm_topics.extend(topic_examples(titled, vectors))
        tuning = [c for c in conversations if c.domain == domain and split.part_of(c.id) == DEV]
        asked = conversation_turns(tuning, opened.unwrap().retriever)
        if asked is not None:
            conversation_steps.extend(conversation_step_examples(asked))
    return Success(
        TitledExamples(tuple(topics), tuple(steps), tuple(conversation_steps), tuple(minilm_topics))
    )


def _counts(names: Iterable[str]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for name in names:
        counted[name] = counted.get(name, 0) + 1
    return counted


def term_training_data(
    data: Path, seed: int, read_parts: Sequence[str] = READ_PARTS
) -> Result[tuple[tuple[RewriteConversation, ...], dict[str, object]], str]:
    """The conversations the term scorers are fitted on (the CAsT and iKAT tuning parts and the
    MTRAG tuning conversations) and the metadata every model of one training records."""
    conversations = read_sources(data, CONVERSATION_SOURCES)
    if isinstance(conversations, Failure):
        return Failure(str(conversations.failure()))
    tuning, _ = split_conversations(conversations.unwrap(), seed)
    mtrag = mtrag_tuning(data / "mtrag", seed)
    if isinstance(mtrag, Failure):
        return Failure(str(mtrag.failure()))
    meta: dict[str, object] = {
        "seed": seed,
        "data_sha256": data_hash(data),
        "wording_parts": ["dev", "test", *read_parts],
        "environment": training_environment(),
    }
    return Success(((*tuning, *mtrag.unwrap()), meta))


def encoder_meta(meta: dict[str, object]) -> dict[str, object]:
    """`meta` for a model whose features come from the encoder: its runtime is part of the
    float path, so the environment names the encoder's packages too."""
    return {**meta, "environment": training_environment(ENCODER_PACKAGES)}


def train_writer(
    data: Path,
    seed: int,
    read_parts: Sequence[str] = READ_PARTS,
    vectors: VectorCache | None = None,
    tokens: TokenCache | None = None,
    behaviour: BehaviourSource | None = None,
) -> Result[Trained, str]:
    """Train every model of the learned writer from the shared data folder `data`; with
    `vectors` (the packaged MiniLM's), the `learned-minilm` variant's scorers too; with
    `tokens` (the packaged MiniLM's token reader, cached), the `learned-context` term scorer too;
    with `behaviour`, the topic and referent scorers also learn from behaviour cases."""
    read = term_training_data(data, seed, read_parts)
    if isinstance(read, Failure):
        return Failure(read.failure())
    rewrites, meta = read.unwrap()
    terms = train_terms(rewrites, meta)
    with tempfile.TemporaryDirectory(prefix="memcore-train-") as folder:
        examples = _titled_examples(data / "mtrag", seed, Path(folder), read_parts, vectors)
    if isinstance(examples, Failure):
        return Failure(examples.failure())
    if behaviour is not None:
        learned = behaviour_examples(behaviour, seed, vectors)
        if isinstance(learned, Failure):
            return Failure(learned.failure())
        extra = learned.unwrap()
        meta = {**meta, **extra.meta}
        examples = Success(
            attrs.evolve(
                examples.unwrap(),
                topics=(*examples.unwrap().topics, *extra.topics),
                minilm_topics=(*examples.unwrap().minilm_topics, *extra.minilm_topics),
            )
        )
    intended, rejected = train_topics(examples.unwrap().topics, meta)
    built, natural = examples.unwrap().steps, examples.unwrap().conversation_steps
    sources = {
        "question_turns": len(built),
        "conversation_turns": len(natural),
        "conversation_weight": CONVERSATION_TURN_WEIGHT,
    }
    steps = train_steps((*built, *natural * CONVERSATION_TURN_WEIGHT), {**meta, **sources})
    summary: dict[str, object] = {
        **meta,
        "term_conversations": _counts(c.source for c in rewrites),
        "term_turns": terms.meta["turns"],
        "term_threshold": terms.threshold,
        "topic_turns": intended.meta["turns"],
        "topic_accuracy": intended.meta["accuracy"],
        "rejection_threshold": rejected.threshold,
        "step_turns": steps.meta["turns"],
        **{f"step_{name}": count for name, count in sources.items()},
        "step_accuracy": steps.meta["accuracy"],
        "step_hand_set_accuracy": steps.meta["hand_set_accuracy"],
    }
    minilm = None
    if vectors is not None:
        minilm = MiniLMModels(train_referents(examples.unwrap().minilm_topics, encoder_meta(meta)))
        summary["minilm_referent_turns"] = minilm.referent.meta["turns"]
        summary["minilm_referent_accuracy"] = minilm.referent.meta["accuracy"]
        summary["minilm_cascade_accuracy"] = minilm.referent.meta["cascade_accuracy"]
    context_terms = None
    if tokens is not None:
        context_terms = train_context_terms(rewrites, tokens, encoder_meta(meta))
        summary["context_term_threshold"] = context_terms.threshold
        summary["context_term_out_of_fold_f1"] = context_terms.meta["out_of_fold_f1"]
    return Success(
        Trained(WriterModels(terms, intended, rejected, steps), summary, minilm, context_terms)
    )
