"""Writers chosen by name."""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure

from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.writers.factory import writer_from_spec
from memcore.writers.learned import LearnedWriter
from memcore.writers.openai_client import OpenAIWriter
from memcore.writers.protocol import WriterErrorCode
from memcore.writers.recorded import RecordedWriter
from memcore.writers.rules import RuleWriter

RECORDING = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "apollo11.jsonl"
ENVIRON = {"MEMCORE_LLM_BASE_URL": "http://127.0.0.1:8080/v1", "MEMCORE_LLM_MODEL": "qwen"}


def test_rules_take_the_corpus_titles() -> None:
    corpus = Corpus((Passage("a-1", "text", "Apollo 11"), Passage("b-1", "text", "Buzz Aldrin")))
    writer = writer_from_spec("rules", corpus).unwrap()
    assert isinstance(writer, RuleWriter)
    assert writer.vocabulary is not None
    assert sorted(writer.vocabulary.by_key.values()) == ["Apollo 11", "Buzz Aldrin"]
    untitled = writer_from_spec("rules", Corpus((Passage("c-1", "text"),))).unwrap()
    assert isinstance(untitled, RuleWriter) and untitled.vocabulary is None


def test_learned_steps_is_the_learned_writer_with_the_trained_step_choice(tmp_path: Path) -> None:
    corpus = Corpus((Passage("a-1", "text", "Apollo 11"),))
    plain = writer_from_spec("learned", corpus).unwrap()
    steps = writer_from_spec("learned-steps", corpus).unwrap()
    assert isinstance(plain, LearnedWriter) and isinstance(steps, LearnedWriter)
    assert plain.trained_steps is False and steps.trained_steps is True
    assert steps.vocabulary is not None and steps.titles is not None
    absent = writer_from_spec(f"learned-steps:{tmp_path / 'no-models'}")
    assert isinstance(absent, Failure) and absent.failure().code is WriterErrorCode.CONFIG
    untitled = writer_from_spec("learned-steps").unwrap()
    assert isinstance(untitled, LearnedWriter) and untitled.trained_steps is True


def test_openai_reads_the_environment_and_a_model_after_the_colon() -> None:
    writer = writer_from_spec("openai", environ=ENVIRON).unwrap()
    assert isinstance(writer, OpenAIWriter) and writer.config.model == "qwen"
    other = writer_from_spec("openai:llama", environ=ENVIRON).unwrap()
    assert isinstance(other, OpenAIWriter) and other.name == "openai:llama"
    missing = writer_from_spec("openai", environ={})
    assert isinstance(missing, Failure) and missing.failure().code is WriterErrorCode.CONFIG


def test_recorded_and_transformers_load_from_paths(tmp_path: Path) -> None:
    recorded = writer_from_spec(f"recorded:{RECORDING}").unwrap()
    assert isinstance(recorded, RecordedWriter) and recorded.name == "recorded:apollo11"
    absent = writer_from_spec(f"recorded:{tmp_path / 'absent.jsonl'}")
    assert isinstance(absent, Failure) and "cannot read" in absent.failure().message
    no_model = writer_from_spec(f"transformers:{tmp_path / 'no-model'}")
    assert isinstance(no_model, Failure) and no_model.failure().code is WriterErrorCode.CONFIG


def test_an_unknown_name_lists_the_choices() -> None:
    for spec in ("oracle", "recorded", "rules:extra", "transformers"):
        result = writer_from_spec(spec)
        assert isinstance(result, Failure)
        assert (
            "choose one of rules, learned[:folder], learned-steps[:folder], "
            "learned-minilm[:folder], learned-context[:folder], openai[:model]"
        ) in result.failure().message
