"""The `learned-context` variant: which history texts it reads beside the question, how token
vectors become term features, its selection by name, its shipped scorer, and the encoder's pair
reading (where the dense extra is installed)."""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from memcore.search.backends.encoder_types import PairTokens
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.factory import WriterChoice, WriterKind, writer_from_spec
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle, shipped_folder
from memcore.writers.learned.term_reader import (
    TERMS_CONTEXT,
    ContextTerms,
    load_context_terms,
    shipped_context_terms,
)
from memcore.writers.learned.term_vectors import (
    CONTEXT_FEATURES,
    DIMENSION,
    QUESTIONS_CHARS,
    VECTOR_FEATURES,
    texts_to_read,
    with_vectors,
)
from memcore.writers.learned.terms import ANSWER_CHARS, FEATURES, WORD, History, candidates
from memcore.writers.protocol import WriterErrorCode

SHIPPED = Path(shipped_folder())
FOUND = len(FEATURES)
COSINE = FOUND + 1


class HashingReader:
    """A stand-in pair reader: one piece per word of the second text (a hashed one-hot vector,
    so equal words have equal vectors), recording every pair it reads."""

    def __init__(self) -> None:
        self.pairs: list[tuple[str, str]] = []

    def pair_tokens(self, first: str, second: str) -> PairTokens:
        self.pairs.append((first, second))
        spans = tuple((m.start(), m.end()) for m in WORD.finditer(second))
        pieces = np.zeros((len(spans), DIMENSION), dtype=np.float32)
        for row, (start, end) in enumerate(spans):
            word = second[start:end].casefold()
            pieces[row, zlib.crc32(word.encode()) % DIMENSION] = 1.0
        first_mean = np.zeros(DIMENSION, dtype=np.float32)
        for word in WORD.findall(first.casefold()):
            first_mean[zlib.crc32(word.encode()) % DIMENSION] += 1.0
        return PairTokens(first_mean, pieces, spans)


def _read(history: History) -> dict[str, PairTokens]:
    reader = HashingReader()
    return {text: reader.pair_tokens(history.final, text) for text in texts_to_read(history)}


def test_the_questions_are_read_together_and_each_recent_answer_alone() -> None:
    history = History.of(
        ["tell me about Apollo 11", "who flew it?", "and the rocket?"],
        ["Apollo 11 landed in 1969.", "", "The Saturn V. " + "x" * ANSWER_CHARS],
        "how tall was it?",
    )
    read = texts_to_read(history)
    assert read[0] == "tell me about Apollo 11 who flew it? and the rocket?"
    # The last two answers, cut as the lexical scorer cuts them; an empty one is not read.
    assert read[1:] == (("The Saturn V. " + "x" * ANSWER_CHARS)[:ANSWER_CHARS],)


def test_only_the_latest_questions_that_fit_are_read_and_always_the_previous_one() -> None:
    long = "q" * (QUESTIONS_CHARS - 20)
    history = History.of(["first question", long, "previous one"], [], "final")
    assert texts_to_read(history) == (f"{long} previous one",)
    huge = History.of(["earlier", "w" * (QUESTIONS_CHARS * 2)], [], "final")
    assert texts_to_read(huge) == ("w" * (QUESTIONS_CHARS * 2),)


def test_a_term_read_in_context_gets_a_unit_vector_and_its_cosine_to_the_question() -> None:
    history = History.of(
        ["what is the Saturn V rocket?"], ["The Saturn V rocket flew Apollo missions."], "how tall?"
    )
    found = candidates(history)
    extended = with_vectors(found, history, _read(history))
    assert [c.term for c in extended] == [c.term for c in found]
    for lexical, row in zip(found, extended, strict=True):
        assert row.features[:FOUND] == lexical.features  # the lexical features first
        assert len(row.features) == len(CONTEXT_FEATURES)
        assert row.features[FOUND] == 1.0  # every term was read
        assert np.linalg.norm(row.features[COSINE + 1 :]) == pytest.approx(1.0)
    assert (*FEATURES, *VECTOR_FEATURES) == CONTEXT_FEATURES


def test_a_term_no_pair_read_has_the_flag_off_and_zeros() -> None:
    history = History.of(["about rockets"], ["Rockets fly."], "and engines?")
    found = candidates(history)
    # A reader that kept no piece of the second text (as if the encoder's length cut it).
    read = {
        text: PairTokens(
            np.ones(DIMENSION, dtype=np.float32), np.zeros((0, DIMENSION), dtype=np.float32), ()
        )
        for text in texts_to_read(history)
    }
    for row in with_vectors(found, history, read):
        assert row.features[FOUND:] == (0.0,) * len(VECTOR_FEATURES)


_WORDS = st.sampled_from(["rocket", "moon", "Apollo", "landing", "crew", "orbit", "it", "the"])
_TEXT = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)


@given(st.lists(_TEXT, min_size=1, max_size=4), st.lists(_TEXT, max_size=4), _TEXT)
def test_vector_features_extend_every_candidate_and_change_no_lexical_feature(
    questions: list[str], answers: list[str], final: str
) -> None:
    history = History.of(questions, answers, final)
    found = candidates(history)
    extended = with_vectors(found, history, _read(history))
    assert [c.term for c in extended] == [c.term for c in found]
    for lexical, row in zip(found, extended, strict=True):
        assert row.features[:FOUND] == lexical.features
        assert row.features[FOUND] in (0.0, 1.0)
        vector = np.array(row.features[COSINE + 1 :])
        assert np.linalg.norm(vector) == pytest.approx(row.features[FOUND])
        assert -1.0 - 1e-6 <= row.features[COSINE] <= 1.0 + 1e-6


def test_the_shipped_context_scorer_loads_and_gives_the_scores_it_was_shipped_with() -> None:
    model = shipped_context_terms().unwrap()
    assert model.features == CONTEXT_FEATURES
    check = model.meta["check"]
    assert np.allclose(model.probabilities(check["rows"]), check["probabilities"], atol=1e-12)
    assert model.meta["seed"] == 13 and len(model.meta["data_sha256"]) == 64
    assert 0.05 <= model.threshold <= 0.95
    assert load_context_terms(SHIPPED).unwrap().meta == model.meta
    # The lexical scorer's model is not one for these features.
    assert isinstance(load_context_terms(SHIPPED / "absent"), Failure)


APOLLO = [
    Turn("tell me about the Saturn V rocket", "The Saturn V launched the Apollo missions."),
    Turn("how tall was it?", "It stood 110 metres tall."),
]


def test_the_variant_reads_pairs_at_the_final_turn_only_and_names_itself() -> None:
    reader = HashingReader()
    writer = LearnedWriter(
        shipped_bundle().unwrap(),
        context_terms=ContextTerms(shipped_context_terms().unwrap(), reader),
    )
    assert writer.name == "learned-context"
    driver = Driver(writer)
    conversation = Conversation()
    for turn in APOLLO:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    assert reader.pairs == []  # history turns write no query
    node = driver.final_turn(conversation, "what fuel did its engines burn?").unwrap().node
    assert (node.query or "").startswith("what fuel did its engines burn?")
    assert 1 <= len(reader.pairs) <= 3
    assert {first for first, _ in reader.pairs} == {reader.pairs[0][0]}  # one question read


def test_learned_context_is_parsed_with_or_without_a_folder(tmp_path: Path) -> None:
    assert WriterChoice.parse("learned-context").unwrap().kind is WriterKind.LEARNED_CONTEXT
    parsed = WriterChoice.parse(f"learned-context:{tmp_path}").unwrap()
    assert (parsed.kind, parsed.argument) == (WriterKind.LEARNED_CONTEXT, str(tmp_path))
    missing = writer_from_spec(f"learned-context:{tmp_path / 'no-models'}")
    assert isinstance(missing, Failure) and missing.failure().code is WriterErrorCode.CONFIG
    assert TERMS_CONTEXT in missing.failure().message


def test_without_the_dense_extra_learned_context_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("memcore.search.backends.dense.packaged_model_path", lambda: None)
    result = writer_from_spec("learned-context")
    assert isinstance(result, Failure) and result.failure().code is WriterErrorCode.CONFIG
    assert "needs the `dense` extra" in result.failure().message


def _fast_encoder_installed() -> bool:
    from memcore.search.backends.dense import onnx_runtime_installed
    from memcore.search.backends.dense_cache import encoder_installed

    return encoder_installed() and onnx_runtime_installed()


def test_the_encoder_reads_a_pair_into_pieces_of_the_second_text_the_same_each_time() -> None:
    if not _fast_encoder_installed():
        pytest.skip("the dense extra with ONNX Runtime is not installed")
    from memcore.cache import cache_root
    from memcore.writers.learned.term_reader import pair_reader

    reader = pair_reader(cache_root()).unwrap()
    second = "The Saturn V launched Apollo's crews."
    read = reader.pair_tokens("how tall was it?", second)
    assert read.second.shape == (len(read.spans), DIMENSION)
    assert read.first_mean.shape == (DIMENSION,)
    assert all(0 <= start < end <= len(second) for start, end in read.spans)
    assert "Saturn" in {second[start:end] for start, end in read.spans}
    again = reader.pair_tokens("how tall was it?", second)
    assert np.array_equal(again.second, read.second) and again.spans == read.spans
    # The same text read beside another question has other vectors: it is read in context.
    other = reader.pair_tokens("who built the rocket?", second)
    assert other.spans == read.spans and not np.allclose(other.second, read.second)
    cut = reader.pair_tokens("q", "word " * 1000)
    assert 0 < len(cut.spans) < 1000
