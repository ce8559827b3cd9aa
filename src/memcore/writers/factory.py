"""Writers by name, for command lines and configuration files.

rules                  the rule writer (page titles from the corpus when it has them)
learned                the learned writer with the term model shipped in the package
learned:<folder>       the learned writer with a term model trained by `memcore train-writer`
learned-steps          the learned writer taking the trained step choice (whatever the switch)
learned-steps:<folder> the same, with models trained by `memcore train-writer`
learned-minilm         the learned writer with MiniLM similarity features for its topic
                       scorers (the `dense` extra; opt-in, docs/writers.md)
learned-minilm:<folder> the same, with models trained by `memcore train-writer --minilm`
openai                 an OpenAI-compatible server from MEMCORE_LLM_* variables
openai:<model>         the same, with the model named here
transformers:<folder>  a local model loaded from a folder (the `llm` extra)
recorded:<file>        stored outputs replayed from a JSON Lines file
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from returns.result import Failure, Result, Success

from memcore.search.corpus import Corpus
from memcore.writers.protocol import Writer, WriterError, WriterErrorCode
from memcore.writers.rules import RuleWriter

if TYPE_CHECKING:
    from memcore.writers.learned.minilm import TopicSimilarity

WRITER_KINDS = (
    "rules",
    "learned",
    "learned-steps",
    "learned-minilm",
    "openai",
    "transformers",
    "recorded",
)

# The writer the commands use unless told otherwise: the one that measured best on the tuning
# parts (MTRAG dev with tuning wording families, iKAT 2023 train topics; docs/writers.md).
DEFAULT_WRITER = "learned"
# The writer names a command accepts, for its help text.
WRITER_NAMES_HELP = (
    f"{DEFAULT_WRITER} (default), rules, learned:<folder>, learned-steps[:folder] (trained "
    "step choice), learned-minilm[:folder] (MiniLM topic features, dense extra), "
    "openai[:model], transformers:<folder> or recorded:<file.jsonl>"
)


def _error(message: str) -> WriterError:
    return WriterError(WriterErrorCode.CONFIG, "factory", message)


@attrs.frozen
class WriterSpec:
    """A writer name split into its kind and its argument ("" when it has none)."""

    kind: str
    argument: str


def parse_writer_spec(spec: str) -> Result[WriterSpec, WriterError]:
    """`spec` split and checked against the known forms, without loading anything: a command
    can refuse a misspelt writer before it reads a corpus or a model."""
    kind, _, argument = spec.strip().partition(":")
    if kind == "rules" and not argument:
        return Success(WriterSpec(kind, argument))
    if kind in ("learned", "learned-steps", "learned-minilm"):
        return Success(WriterSpec(kind, argument))
    if kind == "openai" or (kind in ("transformers", "recorded") and argument):
        return Success(WriterSpec(kind, argument))
    choices = (
        "rules, learned[:folder], learned-steps[:folder], learned-minilm[:folder], "
        "openai[:model], transformers:<folder>, recorded:<file>"
    )
    return Failure(_error(f"unknown writer {spec!r}; choose one of {choices}"))


def writer_from_spec(
    spec: str, corpus: Corpus | None = None, environ: Mapping[str, str] | None = None
) -> Result[Writer, WriterError]:
    """The writer that `spec` names (see the module docstring), or why there is none."""
    parsed = parse_writer_spec(spec)
    if isinstance(parsed, Failure):
        return Failure(parsed.failure())
    kind, argument = parsed.unwrap().kind, parsed.unwrap().argument
    if kind == "rules":
        return Success(RuleWriter.for_corpus(corpus) if corpus is not None else RuleWriter())
    if kind in ("learned", "learned-steps"):
        return _learned(argument, corpus, trained_steps=kind == "learned-steps")
    if kind == "learned-minilm":
        return _learned_minilm(argument, corpus)
    if kind == "openai":
        from memcore.writers.openai_client import OpenAIConfig, OpenAIWriter

        config = OpenAIConfig.from_env(environ, model=argument or None)
        return config.map(OpenAIWriter)
    if kind == "transformers":
        from memcore.writers.transformers_writer import TransformersWriter

        loaded = TransformersWriter.load(Path(argument))
        if isinstance(loaded, Failure):
            return Failure(loaded.failure())
        return Success(loaded.unwrap())
    from memcore.writers.recorded import RecordedWriter

    recorded = RecordedWriter.load(Path(argument))
    if isinstance(recorded, Failure):
        return Failure(_error(str(recorded.failure())))
    return Success(recorded.unwrap())


def _learned(
    folder: str,
    corpus: Corpus | None,
    *,
    trained_steps: bool,
    similarity: TopicSimilarity | None = None,
) -> Result[Writer, WriterError]:
    from memcore.writers.learned.bundle import load_bundle, shipped_bundle
    from memcore.writers.learned.writer import TRAINED_STEP_CHOICE, LearnedWriter

    loaded = load_bundle(Path(folder)) if folder else shipped_bundle()
    if isinstance(loaded, Failure):
        return Failure(_error(str(loaded.failure())))
    models = loaded.unwrap()
    # `learned` follows the package's switch; `learned-steps` always takes the trained choice,
    # so the two can be compared without editing code.
    steps = trained_steps or TRAINED_STEP_CHOICE
    if corpus is not None:
        return Success(
            LearnedWriter.for_corpus(models, corpus, trained_steps=steps, similarity=similarity)
        )
    return Success(LearnedWriter(models, trained_steps=steps, similarity=similarity))


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
    if isinstance(scorers, Failure):
        return Failure(_error(f"learned-minilm: {scorers.failure()}"))
    encoder = minilm_encoder(cache_root())
    if isinstance(encoder, Failure):
        message = f"learned-minilm needs the `dense` extra and its model ({encoder.failure()})"
        return Failure(_error(message))
    similarity = TopicSimilarity(scorers.unwrap(), VectorCache(encoder.unwrap()))
    return _learned(folder, corpus, trained_steps=False, similarity=similarity)
