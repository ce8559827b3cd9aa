"""Writers by name, for command lines and configuration files.

rules                  the rule writer (page titles from the corpus when it has them)
learned                the learned writer with the term model shipped in the package
learned:<folder>       the learned writer with a term model trained by `memcore train-writer`
learned-steps          the learned writer taking the trained step choice (not the hand rules)
learned-steps:<folder> the same, with models trained by `memcore train-writer`
learned-minilm         the learned writer with referents by meaning (the `dense` extra; the
                       default where it is installed, docs/writers.md)
learned-minilm:<folder> the same, with models trained by `memcore train-writer --minilm`
learned-context        learned-minilm whose term scorer also reads MiniLM token vectors of
                       the history terms (the `dense` extra; opt-in, docs/writers.md)
learned-context:<folder> the same, with models trained by `memcore train-writer
                       --minilm --context-terms`
openai                 an OpenAI-compatible server from MEMCORE_LLM_* variables
openai:<model>         the same, with the model named here
transformers:<folder>  a local model loaded from a folder (the `llm` extra)
recorded:<file>        stored outputs replayed from a JSON Lines file
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from returns.result import Failure, Result, Success

from memcore.search.corpus import Corpus
from memcore.writers.protocol import Writer, WriterError, WriterErrorCode
from memcore.writers.rules import RuleWriter

if TYPE_CHECKING:
    from memcore.search.backends.dense import Encoder
    from memcore.writers.learned.minilm import MiniLMModels, TopicSimilarity
    from memcore.writers.learned.model import LogisticModel
    from memcore.writers.learned.term_reader import ContextTerms


class WriterKind(enum.Enum):
    """The kinds of writer a name can choose (the module docstring says what each is)."""

    RULES = "rules"
    LEARNED = "learned"
    LEARNED_STEPS = "learned-steps"
    LEARNED_MINILM = "learned-minilm"
    LEARNED_CONTEXT = "learned-context"
    OPENAI = "openai"
    TRANSFORMERS = "transformers"
    RECORDED = "recorded"


WRITER_KINDS = tuple(kind.value for kind in WriterKind)

# Kinds whose argument may be left out ("" : the shipped models, or MEMCORE_LLM_MODEL).
_OPTIONAL_ARGUMENT = (
    WriterKind.LEARNED,
    WriterKind.LEARNED_STEPS,
    WriterKind.LEARNED_MINILM,
    WriterKind.LEARNED_CONTEXT,
    WriterKind.OPENAI,
)


def _error(message: str) -> WriterError:
    return WriterError(WriterErrorCode.CONFIG, "factory", message)


@attrs.frozen
class WriterChoice:
    """A writer as a command line or a run's metadata names it: its kind and its argument (a
    folder, a model or a file; "" when it has none). Written as `kind[:argument]`."""

    kind: WriterKind
    argument: str = ""

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.argument}" if self.argument else self.kind.value

    @classmethod
    def parse(cls, name: str) -> Result[WriterChoice, WriterError]:
        """`name` split and checked against the known forms, without loading anything: a
        command can refuse a misspelt writer before it reads a corpus or a model."""
        kind_name, _, argument = name.strip().partition(":")
        kind = next((kind for kind in WriterKind if kind.value == kind_name), None)
        # `rules` takes no argument, the learned writers and `openai` may, the others must.
        takes = kind is not None and (
            not argument if kind is WriterKind.RULES else kind in _OPTIONAL_ARGUMENT or argument
        )
        if kind is not None and takes:
            return Success(cls(kind, argument))
        choices = (
            "rules, learned[:folder], learned-steps[:folder], learned-minilm[:folder], "
            "learned-context[:folder], openai[:model], transformers:<folder>, recorded:<file>"
        )
        return Failure(_error(f"unknown writer {name!r}; choose one of {choices}"))


# The writer the commands use unless told otherwise, where the dense encoder is installed
# (as the hybrid retriever is): the learned writer with referents by meaning, which measured
# as well as the plain one on MTRAG dev and better on cue-less returns (docs/writers.md).
DEFAULT_WRITER = WriterChoice(WriterKind.LEARNED_MINILM)
# The default where it is not: the learned writer's lexical path (numpy only, no encoder).
FALLBACK_WRITER = WriterChoice(WriterKind.LEARNED)
# The writer names a command accepts, for its help text.
WRITER_NAMES_HELP = (
    f"{DEFAULT_WRITER} (default where the dense encoder is installed, else {FALLBACK_WRITER}), "
    "rules, learned[:folder], learned-steps[:folder] (trained step choice), "
    "learned-minilm:<folder>, learned-context[:folder] (MiniLM token vectors for term "
    "selection, dense extra), openai[:model], transformers:<folder> or recorded:<file.jsonl>"
)


def default_writer() -> WriterChoice:
    """The writer used when none is named: `DEFAULT_WRITER` where the dense encoder is
    installed, else `FALLBACK_WRITER` (the choice `default_retrieval` makes for retrievers)."""
    from memcore.search.backends.dense_cache import encoder_installed

    return DEFAULT_WRITER if encoder_installed() else FALLBACK_WRITER


def default_writer_name(name: str | None) -> str:
    """`name`, or when no writer was named the default (`default_writer`)."""
    return name if name is not None else str(default_writer())


def chosen_writer(name: str | None) -> Result[WriterChoice, WriterError]:
    """The writer a command's `--writer name` chooses (None: the option was not given, the
    default `default_writer`), parsed (`WriterChoice.parse`) without loading anything."""
    return WriterChoice.parse(default_writer_name(name))


def writer_from_spec(
    name: str, corpus: Corpus | None = None, environ: Mapping[str, str] | None = None
) -> Result[Writer, WriterError]:
    """The writer that `name` names (see the module docstring), or why there is none."""
    return WriterChoice.parse(name).bind(lambda choice: build_writer(choice, corpus, environ))


def build_writer(
    choice: WriterChoice, corpus: Corpus | None = None, environ: Mapping[str, str] | None = None
) -> Result[Writer, WriterError]:
    """The writer `choice` names, over `corpus` (its page titles) where one is given."""
    kind, argument = choice.kind, choice.argument
    match kind:
        case WriterKind.RULES:
            return Success(RuleWriter.for_corpus(corpus) if corpus is not None else RuleWriter())
        case WriterKind.LEARNED | WriterKind.LEARNED_STEPS:
            return _learned(argument, corpus, trained_steps=kind is WriterKind.LEARNED_STEPS)
        case WriterKind.LEARNED_MINILM:
            return _learned_minilm(argument, corpus)
        case WriterKind.LEARNED_CONTEXT:
            return _learned_context(argument, corpus)
        case WriterKind.OPENAI:
            from memcore.writers.openai_client import OpenAIConfig, OpenAIWriter

            config = OpenAIConfig.from_env(environ, model=argument or None)
            return config.map(OpenAIWriter)
        case WriterKind.TRANSFORMERS:
            from memcore.writers.transformers_writer import TransformersWriter

            return TransformersWriter.load(Path(argument)).map(_as_writer)
        case WriterKind.RECORDED:
            from memcore.writers.recorded import RecordedWriter

            return (
                RecordedWriter.load(Path(argument))
                .map(_as_writer)
                .alt(lambda problem: _error(str(problem)))
            )


def _as_writer(writer: Writer) -> Writer:
    return writer


def _learned(
    folder: str,
    corpus: Corpus | None,
    *,
    trained_steps: bool,
    similarity: TopicSimilarity | None = None,
    context_terms: ContextTerms | None = None,
) -> Result[Writer, WriterError]:
    from memcore.writers.learned.bundle import WriterModels, load_bundle, shipped_bundle
    from memcore.writers.learned.writer import LearnedWriter

    def writer(models: WriterModels) -> Writer:
        if corpus is not None:
            return LearnedWriter.for_corpus(
                models,
                corpus,
                trained_steps=trained_steps,
                similarity=similarity,
                context_terms=context_terms,
            )
        return LearnedWriter(
            models, trained_steps=trained_steps, similarity=similarity, context_terms=context_terms
        )

    loaded = load_bundle(Path(folder)) if folder else shipped_bundle()
    return loaded.alt(lambda problem: _error(str(problem))).map(writer)


def _learned_minilm(folder: str, corpus: Corpus | None) -> Result[Writer, WriterError]:
    """The learned writer with the MiniLM topic features: the variant's scorers from `folder`
    (else the shipped ones) and the packaged encoder's fast path (the `dense` extra)."""
    from memcore.cache import cache_root
    from memcore.writers.learned.minilm import (
        TopicSimilarity,
        load_minilm_models,
        shipped_minilm_models,
    )
    from memcore.writers.learned.vector_cache import VectorCache, minilm_encoder

    scorers = load_minilm_models(Path(folder)) if folder else shipped_minilm_models()
    return (
        scorers.alt(lambda problem: _error(f"learned-minilm: {problem}"))
        .bind(
            lambda models: (
                minilm_encoder(cache_root())
                .alt(
                    lambda problem: _error(
                        f"learned-minilm needs the `dense` extra and its model ({problem})"
                    )
                )
                .map(lambda encoder: TopicSimilarity(models, VectorCache(encoder)))
            )
        )
        .bind(
            lambda similarity: _learned(folder, corpus, trained_steps=False, similarity=similarity)
        )
    )


def _learned_context(folder: str, corpus: Corpus | None) -> Result[Writer, WriterError]:
    """The learned writer with referents by meaning (`learned-minilm`) and the contextual term
    scorer: the scorers from `folder` (else the shipped ones) and the packaged encoder's fast
    path (the `dense` extra), one encoder for both."""
    from memcore.cache import cache_root
    from memcore.search.backends.dense import load_fast_encoder
    from memcore.writers.learned.minilm import (
        TopicSimilarity,
        load_minilm_models,
        shipped_minilm_models,
    )
    from memcore.writers.learned.term_reader import (
        ContextTerms,
        TokenCache,
        load_context_terms,
        shipped_context_terms,
    )
    from memcore.writers.learned.vector_cache import OneTextPerRun, VectorCache

    scorer = load_context_terms(Path(folder)) if folder else shipped_context_terms()
    topics = load_minilm_models(Path(folder)) if folder else shipped_minilm_models()
    encoder = load_fast_encoder(cache_root()).alt(
        lambda problem: _error(f"learned-context needs the `dense` extra and its model ({problem})")
    )

    def writer(
        loaded: tuple[LogisticModel, MiniLMModels, Encoder],
    ) -> Result[Writer, WriterError]:
        model, minilm, fast = loaded
        similarity = TopicSimilarity(minilm, VectorCache(OneTextPerRun(fast)))
        context = ContextTerms(model, TokenCache(fast))
        return _learned(
            folder, corpus, trained_steps=False, similarity=similarity, context_terms=context
        )

    return (
        scorer.alt(lambda problem: _error(f"learned-context: {problem}"))
        .bind(
            lambda model: topics.alt(lambda problem: _error(f"learned-context: {problem}")).map(
                lambda minilm: (model, minilm)
            )
        )
        .bind(lambda pair: encoder.map(lambda fast: (pair[0], pair[1], fast)))
        .bind(writer)
    )
