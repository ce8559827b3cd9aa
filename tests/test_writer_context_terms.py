"""The `learned-context` variant: which history texts it reads, how token vectors become term
features, its cache (one encoder pass per text), its head with the projection folded in, its
selection by name, its shipped scorer, and the encoder's token reading (where the dense extra
is installed)."""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from memcore.eval.training.train_context_terms import Projection
from memcore.search.backends.encoder_types import TextTokens
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.factory import WriterChoice, WriterKind, writer_from_spec
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle, shipped_folder
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.term_reader import (
    TERMS_CONTEXT,
    ContextTerms,
    TokenCache,
    load_context_terms,
    shipped_context_terms,
)
from memcore.writers.learned.term_vectors import (
    CONTEXT_FEATURES,
    DIMENSION,
    VECTOR_FEATURES,
    VECTOR_START,
    texts_to_read,
    vector_features,
    with_vectors,
)
from memcore.writers.learned.terms import (
    ANSWER_CHARS,
    FEATURES,
    QUESTION_TURNS,
    WORD,
    History,
    candidates,
)
from memcore.writers.protocol import WriterErrorCode

SHIPPED = Path(shipped_folder())
FOUND = len(FEATURES)
COSINE = FOUND + 1
BEST = FOUND + 3


class HashingReader:
    """A stand-in token reader: one piece per word (a hashed one-hot vector, so equal words
    have equal vectors), recording every text it reads."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def text_tokens(self, text: str) -> TextTokens:
        self.texts.append(text)
        spans = tuple((m.start(), m.end()) for m in WORD.finditer(text))
        pieces = np.zeros((len(spans), DIMENSION), dtype=np.float32)
        for row, (start, end) in enumerate(spans):
            pieces[row, zlib.crc32(text[start:end].casefold().encode()) % DIMENSION] = 1.0
        sentence = pieces.mean(axis=0) if len(spans) else np.zeros(DIMENSION, dtype=np.float32)
        return TextTokens(sentence.astype(np.float32), pieces, spans)


def _extended(history: History) -> tuple[tuple[str, tuple[float, ...]], ...]:
    found = TokenCache(HashingReader()).extended(history, candidates(history))
    return tuple((c.term, c.features) for c in found)


def test_each_earlier_question_and_each_recent_answer_is_read_alone() -> None:
    history = History.of(
        ["tell me about Apollo 11", "who flew it?", "and the rocket?"],
        ["Apollo 11 landed in 1969.", "", "The Saturn V. " + "x" * ANSWER_CHARS],
        "how tall was it?",
    )
    read = texts_to_read(history)
    assert read[:3] == ("tell me about Apollo 11", "who flew it?", "and the rocket?")
    # The last two answers, cut as the lexical scorer cuts them; an empty one is not read.
    assert read[3:] == (("The Saturn V. " + "x" * ANSWER_CHARS)[:ANSWER_CHARS],)


def test_only_the_last_questions_are_read_and_a_repeated_text_once() -> None:
    questions = [f"question {index}" for index in range(QUESTION_TURNS + 4)]
    history = History.of([*questions, "same", "same"], [], "final")
    read = texts_to_read(history)
    assert read[-1] == "same" and read.count("same") == 1
    assert read[0] == questions[6] and len(read) == QUESTION_TURNS - 1


def test_a_conversation_reads_each_text_once_however_many_turns_ask_for_it() -> None:
    reader = HashingReader()
    cache = TokenCache(reader)
    questions = ["about the Saturn V", "how tall was it?", "who built it?", "and its engines?"]
    answers = ["The Saturn V flew Apollo.", "110 metres.", "Boeing and others.", ""]
    for turn in range(1, len(questions)):
        history = History.of(questions[:turn], answers[:turn], questions[turn])
        cache.extended(history, candidates(history))
    # Every question and non-empty answer, once: a turn reads only what is new to it.
    assert sorted(reader.texts) == sorted({*questions, *answers[:3]})
    assert cache.reads == len(reader.texts)


def test_a_term_read_in_context_gets_a_unit_vector_and_its_similarities() -> None:
    history = History.of(
        ["what is the Saturn V rocket?"], ["The Saturn V rocket flew Apollo missions."], "how tall?"
    )
    found = candidates(history)
    extended = _extended(history)
    assert [term for term, _ in extended] == [c.term for c in found]
    for lexical, (_, row) in zip(found, extended, strict=True):
        assert row[:FOUND] == lexical.features  # the lexical features first
        assert len(row) == len(CONTEXT_FEATURES)
        assert row[FOUND] == 1.0  # every term was read
        assert np.linalg.norm(row[VECTOR_START:]) == pytest.approx(1.0)
    assert (*FEATURES, *VECTOR_FEATURES) == CONTEXT_FEATURES


def test_a_history_word_the_question_types_has_a_best_word_similarity_of_one() -> None:
    reader = HashingReader()
    history, question = "what is the Saturn V rocket?", "how tall was the Saturn?"
    features = vector_features(
        [(history, reader.text_tokens(history))], question, reader.text_tokens(question)
    )
    assert features["saturn"][BEST - COSINE] == pytest.approx(1.0)
    assert features["rocket"][BEST - COSINE] < 1.0
    # Its vector is closer to the question's than a word the question does not type.
    assert features["saturn"][0] > features["rocket"][0]


def test_a_term_no_text_read_has_the_flag_off_and_zeros() -> None:
    history = History.of(["about rockets"], ["Rockets fly."], "and engines?")
    found = candidates(history)
    # Texts of which no piece was kept (as if the encoder's length cut them).
    empty = TextTokens(
        np.ones(DIMENSION, dtype=np.float32), np.zeros((0, DIMENSION), dtype=np.float32), ()
    )
    read = {text: empty for text in texts_to_read(history)}
    for row in with_vectors(found, history, read, empty):
        assert row.features[FOUND:] == (0.0,) * len(VECTOR_FEATURES)


_WORDS = st.sampled_from(["rocket", "moon", "Apollo", "landing", "crew", "orbit", "it", "the"])
_TEXT = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)


@given(st.lists(_TEXT, min_size=1, max_size=4), st.lists(_TEXT, max_size=4), _TEXT)
def test_vector_features_extend_every_candidate_and_change_no_lexical_feature(
    questions: list[str], answers: list[str], final: str
) -> None:
    history = History.of(questions, answers, final)
    found = candidates(history)
    extended = _extended(history)
    assert [term for term, _ in extended] == [c.term for c in found]
    for lexical, (_, row) in zip(found, extended, strict=True):
        assert row[:FOUND] == lexical.features
        assert row[FOUND] in (0.0, 1.0)
        vector = np.array(row[VECTOR_START:])
        assert np.linalg.norm(vector) == pytest.approx(row[FOUND])
        for similarity in row[COSINE:VECTOR_START]:
            assert -1.0 - 1e-6 <= similarity <= 1.0 + 1e-6


@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=1, max_value=8),
)
def test_the_folded_head_scores_a_raw_row_as_the_projected_head_scores_its_projection(
    seed: int, directions: int, rows: int
) -> None:
    generator = np.random.default_rng(seed)
    size = len(CONTEXT_FEATURES)
    matrix = generator.normal(size=(rows + 20, size))
    matrix[:, 0] = 1.0
    projection = Projection.of(matrix[:, VECTOR_START:], directions)
    width = VECTOR_START + directions
    names = tuple(f"f{index}" for index in range(width))
    mean = np.concatenate([[0.0], generator.normal(size=width - 1)])
    scale = np.concatenate([[1.0], generator.uniform(0.5, 2.0, size=width - 1)])
    head = LogisticModel(names, generator.normal(size=width), mean, scale, 0.5)
    folded = projection.folded(head)
    assert folded.features == CONTEXT_FEATURES
    sample = matrix[:rows]
    expected = head.probabilities(projection.rows(sample).tolist())
    assert np.allclose(folded.probabilities(sample.tolist()), expected, atol=1e-9)


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


def test_the_variant_reads_texts_at_the_final_turn_only_and_names_itself() -> None:
    reader = HashingReader()
    writer = LearnedWriter(
        shipped_bundle().unwrap(),
        context_terms=ContextTerms(shipped_context_terms().unwrap(), TokenCache(reader)),
    )
    assert writer.name == "learned-context"
    driver = Driver(writer)
    conversation = Conversation()
    for turn in APOLLO:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    assert reader.texts == []  # history turns write no query
    final = "what fuel did its engines burn?"
    node = driver.final_turn(conversation, final).unwrap().node
    assert (node.query or "").startswith(final)
    # Each earlier question and answer once, then the question as the query opens it (here
    # with the topic the writer adds).
    history = [text for turn in APOLLO for text in (turn.question, turn.answer)]
    assert sorted(reader.texts[:-1]) == sorted(history)
    assert reader.texts[-1].startswith(final)


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


def test_the_encoder_reads_a_text_into_its_tokens_the_same_each_time() -> None:
    if not _fast_encoder_installed():
        pytest.skip("the dense extra with ONNX Runtime is not installed")
    from memcore.cache import cache_root
    from memcore.search.backends.dense import load_fast_encoder

    encoder = load_fast_encoder(cache_root()).unwrap()
    text = "The Saturn V launched Apollo's crews."
    read = encoder.text_tokens(text)
    assert read.tokens.shape == (len(read.spans), DIMENSION)
    assert all(0 <= start < end <= len(text) for start, end in read.spans)
    assert "Saturn" in {text[start:end] for start, end in read.spans}
    again = encoder.text_tokens(text)
    assert np.array_equal(again.tokens, read.tokens) and again.spans == read.spans
    # Its sentence vector is the sentence embedding (before scaling to unit length).
    sentence = read.sentence / np.linalg.norm(read.sentence)
    assert float(sentence @ encoder.encode_one(text).ravel()) == pytest.approx(1.0, abs=1e-5)
    # A word reads differently in another sentence: the vectors are contextual.
    other = encoder.text_tokens("Saturn is a planet.")
    saturn = read.tokens[[text[a:b] for a, b in read.spans].index("Saturn")]
    planet = other.tokens[other.spans.index((0, 6))]
    assert not np.allclose(saturn, planet)
    cut = encoder.text_tokens("word " * 1000)
    assert 0 < len(cut.spans) < 1000


SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.shared_data
def test_training_with_context_terms_reproduces_the_shipped_scorer(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent")
    if not _fast_encoder_installed():
        pytest.skip("the dense extra with ONNX Runtime is not installed")
    from memcore.cache import cache_root
    from memcore.eval.training.model_agreement import ENCODER_PATH, compare
    from memcore.eval.training.train_context_terms import train_context_terms
    from memcore.eval.training.train_writer import encoder_meta, term_training_data
    from memcore.writers.learned.term_reader import token_reader

    tokens = TokenCache(token_reader(cache_root()).unwrap(), limit=1_000_000)
    # Only this scorer: what `train-writer --context-terms` fits it on, with the same metadata
    # (the other models have their own reproduction tests).
    rewrites, meta = term_training_data(SHARED, 13).unwrap()
    trained = train_context_terms(rewrites, tokens, encoder_meta(meta))
    shipped = shipped_context_terms().unwrap()
    # ONNX Runtime rounds the int8 vectors in another way on another CPU, and training carries
    # that into the weights: same decisions on the check rows clear of the threshold, weights
    # and probabilities within ENCODER_PATH.
    agreement = compare(TERMS_CONTEXT, trained, shipped, ENCODER_PATH)
    assert agreement.problems(ENCODER_PATH) == ()
    trained.save(tmp_path, TERMS_CONTEXT)
    made = load_context_terms(tmp_path).unwrap().meta
    for key in ("features", "seed", "data_sha256", "turns", "candidates", "directions"):
        assert made[key] == shipped.meta[key]
    # Each history text and question was read once.
    assert made["texts_read"] == shipped.meta["texts_read"] == tokens.reads
