"""The `learned-minilm` variant: its pure similarity features, the vector cache (one encoder
call per turn, bounded), which turns it encodes, its selection by name and its shipped
referent scorer. (The comparative features and the digression: test_writer_referents.py.)"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from returns.result import Failure

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import replay
from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.factory import (
    DEFAULT_WRITER,
    FALLBACK_WRITER,
    WriterChoice,
    WriterKind,
    writer_from_spec,
)
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.api import similarity_of
from memcore.writers.learned.bundle import shipped_bundle, shipped_folder
from memcore.writers.learned.minilm import (
    REFERENT_MINILM,
    TopicSimilarity,
    load_minilm_models,
    shipped_minilm_models,
)
from memcore.writers.learned.similarity import (
    MINILM_TOPIC_FEATURES,
    SIMILARITY_FEATURES,
    TEXT_CHARS,
    candidate_texts,
    cosine,
    similarity_features,
    texts_to_encode,
    with_similarity,
)
from memcore.writers.learned.stance import MASK
from memcore.writers.learned.topics import TOPIC_FEATURES, TitleIndex, TopicCandidate
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.protocol import WriterErrorCode, WriterRequest
from memcore.writers.rules.names import TitleVocabulary

SHIPPED = Path(shipped_folder())
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
DIMENSIONS = 32
# A candidate's plain features: the bias, nothing else (no standing among the topics).
ROW = (1.0,) + (0.0,) * (len(TOPIC_FEATURES) - 1)
QUESTION = MINILM_TOPIC_FEATURES.index("question_similarity")
NAME = MINILM_TOPIC_FEATURES.index("name_similarity")


def _unit(*values: float) -> npt.NDArray[np.float32]:
    vector = np.array(values, dtype=np.float32)
    result: npt.NDArray[np.float32] = vector / np.linalg.norm(vector)
    return result


class CountingEncoder:
    """A stand-in encoder: a bag of hashed words per text (texts sharing words are close),
    recording every call it gets."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.calls.append(tuple(texts))
        rows = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.casefold().split():
                rows[row, zlib.crc32(word.encode()) % DIMENSIONS] += 1.0
        norms = np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
        result: npt.NDArray[np.float32] = rows / norms
        return result


def test_the_features_are_the_best_question_cosine_and_the_name_cosine() -> None:
    turn = _unit(1.0, 0.0, 0.0)
    questions = [_unit(0.0, 1.0, 0.0), _unit(1.0, 1.0, 0.0), _unit(-1.0, 0.0, 0.0)]
    name = _unit(0.0, 0.0, 1.0)
    best, named = similarity_features(turn, questions, name)
    assert best == pytest.approx(1 / np.sqrt(2)) and named == pytest.approx(0.0)
    # Nobody asked about the candidate: no question resembles the turn.
    alone, itself = similarity_features(turn, [], turn)
    assert alone == 0.0 and itself == pytest.approx(1.0)
    assert cosine(turn, np.zeros(3, dtype=np.float32)) == 0.0
    given = similarity_of((3.0, 4.0), ((4.0, 3.0), (0.0, 1.0)), (3.0, 4.0))
    assert given == (0.96, 1.0)  # rounded to six places


def _node(turn: int, question: str, topic: str) -> Node:
    return Node(turn, question, operations=(Operation(OpKind.ADD, topic),), topics=(topic,))


def _request(nodes: Sequence[Node], question: str) -> WriterRequest:
    memory = Memory(tuple(nodes))
    turn = TurnInput(memory.next_turn, question, "", True)
    return WriterRequest(memory, replay(memory), turn)


def test_a_candidate_is_compared_with_the_questions_about_it_each_once() -> None:
    nodes = [
        _node(1, "which rivers have trout?", "Yellowstone River"),
        _node(2, "where does it start?", "Yellowstone River"),
        _node(3, "which rivers have trout?", "Yellowstone River"),
        _node(4, "how cold is it in winter?", "Climate of Maine"),
    ]
    request = _request(nodes, "no, the river in Maine")
    found = (
        TopicCandidate("yellowstone river", ROW),
        TopicCandidate("Androscoggin River", ROW),
    )
    texts = candidate_texts(request, found)
    assert texts[0].questions == ("which rivers have trout?", "where does it start?")
    assert texts[1].questions == ()
    wanted = texts_to_encode("no, the river in Maine", texts)
    assert wanted == (
        "no, the river in Maine",
        "yellowstone river",
        "which rivers have trout?",
        "where does it start?",
        "Androscoggin River",
    )
    vectors = dict(zip(wanted, CountingEncoder().encode(wanted), strict=True))
    extended = with_similarity(found, texts, wanted[0], vectors)
    assert [c.features[: len(ROW)] for c in extended] == [ROW, ROW]  # the topic features first
    assert [len(c.features) for c in extended] == [len(MINILM_TOPIC_FEATURES)] * 2
    assert extended[0].features[NAME] > 0.0  # "river" in the turn and in the name
    assert extended[1].features[QUESTION] == 0.0  # nobody asked about it
    assert (*TOPIC_FEATURES, *SIMILARITY_FEATURES) == MINILM_TOPIC_FEATURES


def test_a_text_without_a_vector_resembles_nothing() -> None:
    found = (TopicCandidate("A", ROW),)
    texts = candidate_texts(_request([_node(1, "about a", "A")], "   "), found)
    assert texts_to_encode("", texts) == ("A", "about a")
    vectors = {"A": _unit(1.0, 0.0), "about a": _unit(0.0, 1.0)}
    assert with_similarity(found, texts, "", vectors)[0].features[len(ROW) :] == (0.0,) * len(
        SIMILARITY_FEATURES
    )
    no_name = with_similarity(found, texts, "about a", {"about a": _unit(0.0, 1.0)})
    assert no_name[0].features[NAME] == 0.0
    assert no_name[0].features[QUESTION] == pytest.approx(1.0)


def test_texts_are_cut_before_they_are_encoded() -> None:
    request = _request([_node(1, "x" * (TEXT_CHARS + 50), "A")], "q")
    texts = candidate_texts(request, (TopicCandidate("A", ()),))
    assert texts[0].questions == ("x" * TEXT_CHARS,)


def test_the_cache_encodes_only_missing_texts_in_one_call_and_stays_bounded() -> None:
    encoder = CountingEncoder()
    cache = VectorCache(encoder, limit=3)
    first = cache.vectors(["a b", "c", "a b"])
    assert encoder.calls == [("a b", "c")] and set(first) == {"a b", "c"}
    cache.vectors(["c", "d"])
    assert encoder.calls[-1] == ("d",) and len(cache) == 3
    cache.vectors(["e"])  # "a b" is the least recently used
    assert len(cache) == 3
    cache.vectors(["c", "d", "e"])
    assert len(encoder.calls) == 3  # all three were kept
    again = cache.vectors(["a b"])
    assert encoder.calls[-1] == ("a b",) and np.allclose(again["a b"], first["a b"])
    assert cache.vectors([]) == {} and len(encoder.calls) == 4


TROUT = [
    Turn("tell me about Maine", "Maine is a state in New England."),
    Turn("which rivers have trout?", "Anglers fish the Yellowstone River in Montana and Maine."),
    Turn("where does the Yellowstone River start?", "It rises in Wyoming."),
]
TROUT_TITLES = ["Yellowstone River", "Androscoggin River", "Climate of Maine", "Maine", "Montana"]
CORRECTIONS = (
    "You thought I meant Yellowstone River, didn't you? It's Androscoggin River.",
    "no, not that one, the Androscoggin River",
    "no, not that one, the Androscoggin River",
)


def _variant(encoder: CountingEncoder, limit: int = 4096) -> LearnedWriter:
    scorers = shipped_minilm_models().unwrap()
    return LearnedWriter(
        shipped_bundle().unwrap(),
        TitleVocabulary.of(TROUT_TITLES),
        TitleIndex.of(TROUT_TITLES),
        similarity=TopicSimilarity(scorers, VectorCache(encoder, limit)),
    )


# Turns that name none of the topics in memory, by a description: the variant decides them
# by meaning (`learned.referents`).
REFERRING = ("how long is the river?", "how cold does the river get?", "how long is the river?")


def _written_trout(driver: Driver) -> Conversation:
    conversation = Conversation()
    for turn in TROUT:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation


def test_the_variant_calls_the_encoder_at_most_once_a_turn_and_never_for_a_known_text() -> None:
    encoder = CountingEncoder()
    writer = _variant(encoder)
    assert writer.name == "learned-minilm"
    driver = Driver(writer)
    conversation = _written_trout(driver)
    assert len({t.casefold() for n in conversation.memory.nodes for t in n.topics}) > 1
    encoded: set[str] = set()
    for question in REFERRING:
        before = len(encoder.calls)
        driver.final_turn(conversation, question).unwrap()
        assert len(encoder.calls) - before <= 1
        for batch in encoder.calls[before:]:
            assert not encoded & set(batch)  # nothing encoded twice
            encoded |= set(batch)
    # Each new referring turn encoded its text and the names put in place of "the river";
    # the third (asked again) nothing.
    assert len(encoder.calls) == 2
    first, second = encoder.calls
    assert first[0] == REFERRING[0] and second[0] == REFERRING[1]
    assert "how long is Yellowstone River?" in first


def test_a_turn_that_names_or_revises_its_topic_costs_no_encoding() -> None:
    # Beyond the stance reading of its statements that type one name (writer-learned.stance):
    # only those, masked, are encoded; a question that names its topic costs nothing.
    encoder = CountingEncoder()
    driver = Driver(_variant(encoder))
    conversation = _written_trout(driver)
    for question in CORRECTIONS:
        node = driver.final_turn(conversation, question).unwrap().node
        assert node.topic == "Androscoggin River"  # the learned writer's scorers decide
    encoded = [text for call in encoder.calls for text in call]
    assert all(MASK in text.split() and not text.endswith("?") for text in encoded)
    before = len(encoder.calls)
    driver.final_turn(conversation, "how long is the Yellowstone River?").unwrap()
    assert len(encoder.calls) == before


def test_the_fallback_default_is_the_plain_learned_writer() -> None:
    assert str(FALLBACK_WRITER) == "learned" and str(DEFAULT_WRITER) == "learned-minilm"
    writer = writer_from_spec(str(FALLBACK_WRITER)).unwrap()
    assert isinstance(writer, LearnedWriter) and writer.similarity is None
    assert writer.name == "learned"


def test_learned_minilm_is_parsed_with_or_without_a_folder(tmp_path: Path) -> None:
    assert WriterChoice.parse("learned-minilm").unwrap().kind is WriterKind.LEARNED_MINILM
    parsed = WriterChoice.parse(f"learned-minilm:{tmp_path}").unwrap()
    assert (parsed.kind, parsed.argument) == (WriterKind.LEARNED_MINILM, str(tmp_path))
    missing = writer_from_spec(f"learned-minilm:{tmp_path / 'no-models'}")
    assert isinstance(missing, Failure) and missing.failure().code is WriterErrorCode.CONFIG
    assert REFERENT_MINILM in missing.failure().message


def test_without_the_dense_extra_learned_minilm_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("memcore.search.backends.dense.packaged_model_path", lambda: None)
    result = writer_from_spec("learned-minilm")
    assert isinstance(result, Failure) and result.failure().code is WriterErrorCode.CONFIG
    assert "needs the `dense` extra" in result.failure().message


def test_the_shipped_referent_scorer_loads_and_gives_the_scores_it_was_shipped_with() -> None:
    model = shipped_minilm_models().unwrap().referent
    assert model.features == MINILM_TOPIC_FEATURES
    check = model.meta["check"]
    assert np.allclose(model.probabilities(check["rows"]), check["probabilities"], atol=1e-12)
    assert model.meta["seed"] == 13 and len(model.meta["data_sha256"]) == 64
    assert load_minilm_models(SHIPPED).unwrap().referent.meta == model.meta


def _fast_encoder_installed() -> bool:
    # The shipped scorers were trained on the fast path's int8 ONNX vectors; torch's float
    # vectors (the fast path without ONNX Runtime) would train other weights.
    from memcore.search.backends.dense import onnx_runtime_installed
    from memcore.search.backends.dense_cache import encoder_installed

    return encoder_installed() and onnx_runtime_installed()


@pytest.mark.shared_data
def test_training_with_minilm_reproduces_the_shipped_variant_scorers(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent")
    if not _fast_encoder_installed():
        pytest.skip("the dense extra with ONNX Runtime is not installed")
    from memcore.cache import cache_root
    from memcore.eval.training.model_agreement import ENCODER_PATH, against_shipped
    from memcore.eval.training.train_writer import train_writer
    from memcore.writers.learned.vector_cache import minilm_encoder

    vectors = VectorCache(minilm_encoder(cache_root()).unwrap(), limit=1_000_000)
    trained = train_writer(SHARED, 13, vectors=vectors).unwrap()
    assert trained.minilm is not None
    judged = against_shipped(trained.models, trained.minilm).unwrap()
    variant = [one for one in judged if one.agreement.name == REFERENT_MINILM]
    assert len(variant) == 1
    for one in variant:
        # ONNX Runtime rounds the int8 vectors in another way on another CPU, and training
        # carries that into the weights: same decisions on the check rows clear of the
        # threshold, weights and probabilities within ENCODER_PATH.
        assert one.tolerance == ENCODER_PATH and one.problems() == ()
    trained.minilm.save(tmp_path)
    for name in (REFERENT_MINILM,):
        made_meta = json.loads((tmp_path / f"{name}.json").read_text())
        shipped_meta = json.loads((SHIPPED / f"{name}.json").read_text())
        for key in ("features", "seed", "data_sha256", "turns", "candidates"):
            assert made_meta[key] == shipped_meta[key]
        assert {"numpy", "blas", "onnxruntime"} <= set(shipped_meta["environment"])


def test_a_history_turn_is_never_decided_by_meaning() -> None:
    encoder = CountingEncoder()
    driver = Driver(_variant(encoder))
    conversation = _written_trout(driver)
    for question in REFERRING:
        turn = Turn(question, "It is long.")
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    assert encoder.calls == []
    driver.final_turn(conversation, REFERRING[0]).unwrap()
    assert len(encoder.calls) == 1
