"""Writers by name, for command lines and configuration files.

rules                  the rule writer (page titles from the corpus when it has them)
openai                 an OpenAI-compatible server from MEMCORE_LLM_* variables
openai:<model>         the same, with the model named here
transformers:<folder>  a local model loaded from a folder (the `llm` extra)
recorded:<file>        stored outputs replayed from a JSON Lines file
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.search.corpus import Corpus
from memcore.writers.protocol import Writer, WriterError, WriterErrorCode
from memcore.writers.rules import RuleWriter

WRITER_KINDS = ("rules", "openai", "transformers", "recorded")


def _error(message: str) -> WriterError:
    return WriterError(WriterErrorCode.CONFIG, "factory", message)


def writer_from_spec(
    spec: str, corpus: Corpus | None = None, environ: Mapping[str, str] | None = None
) -> Result[Writer, WriterError]:
    """The writer that `spec` names (see the module docstring), or why there is none."""
    kind, _, argument = spec.strip().partition(":")
    if kind == "rules" and not argument:
        return Success(RuleWriter.for_corpus(corpus) if corpus is not None else RuleWriter())
    if kind == "openai":
        from memcore.writers.openai_client import OpenAIConfig, OpenAIWriter

        config = OpenAIConfig.from_env(environ, model=argument or None)
        return config.map(OpenAIWriter)
    if kind == "transformers" and argument:
        from memcore.writers.transformers_writer import TransformersWriter

        loaded = TransformersWriter.load(Path(argument))
        if isinstance(loaded, Failure):
            return Failure(loaded.failure())
        return Success(loaded.unwrap())
    if kind == "recorded" and argument:
        from memcore.writers.recorded import RecordedWriter

        recorded = RecordedWriter.load(Path(argument))
        if isinstance(recorded, Failure):
            return Failure(_error(str(recorded.failure())))
        return Success(recorded.unwrap())
    choices = "rules, openai[:model], transformers:<folder>, recorded:<file>"
    return Failure(_error(f"unknown writer {spec!r}; choose one of {choices}"))
