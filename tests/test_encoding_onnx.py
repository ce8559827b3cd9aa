"""The ONNX Runtime path of the dense encoder, on a tiny BERT exported in the test."""

from __future__ import annotations

import multiprocessing
import os
import threading
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from encoder_support import WORDS, tiny_encoder_model
from memcore.search.backends.dense import (
    Encoder,
    Runtime,
    available_cores,
    load_encoder,
    load_fast_encoder,
    onnx_runtime_installed,
)
from memcore.search.backends.onnx_encoder import (
    EXPORT_RECIPE,
    SPINNING,
    ProcessSessions,
    exported_model,
)

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

TEXTS = [
    "the cat sat on the mat",
    "the stock market crashed and shares fell",
    "kitten naps",
    "a rocket carried a satellite into orbit around the moon in the park",
]


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_encoder_model(tmp_path_factory.mktemp("model"))


def onnx_encoder(model: Path, cache: Path, quantise: bool) -> Encoder:
    return load_encoder(model, True, quantise, Runtime.ONNX, cache).unwrap()


def test_float_graph_gives_the_torch_embeddings(model: Path, tmp_path: Path) -> None:
    torch_rows = load_encoder(model).unwrap().encode(TEXTS, batch_size=4)
    exported = onnx_encoder(model, tmp_path, quantise=False)
    # Batches of one and of four (with padding) give each text the same embedding.
    assert np.abs(exported.encode(TEXTS, batch_size=4) - torch_rows).max() < 1e-5
    assert np.abs(exported.encode(TEXTS, batch_size=1) - torch_rows).max() < 1e-5


def test_int8_graph_stays_close_and_is_named_apart(model: Path, tmp_path: Path) -> None:
    float_rows = onnx_encoder(model, tmp_path, quantise=False).encode(TEXTS)
    int8 = onnx_encoder(model, tmp_path, quantise=True)
    rows = int8.encode(TEXTS)
    assert np.linalg.norm(rows, axis=1) == pytest.approx([1.0] * 4, abs=1e-5)
    assert (rows * float_rows).sum(axis=1).min() > 0.9
    assert not np.array_equal(rows, float_rows)
    assert int8.encoding_id == f"{int8.model_id}@onnx-int8-128-r{EXPORT_RECIPE}"


def test_encoding_ids_keep_caches_apart(model: Path, tmp_path: Path) -> None:
    ids = {
        load_encoder(model, fast=True).unwrap().encoding_id,
        load_encoder(model, fast=True, quantise=True).unwrap().encoding_id,
        onnx_encoder(model, tmp_path, quantise=False).encoding_id,
        onnx_encoder(model, tmp_path, quantise=True).encoding_id,
    }
    assert len(ids) == 4


def test_graph_is_exported_once_and_reexported_when_damaged(model: Path, tmp_path: Path) -> None:
    first = onnx_encoder(model, tmp_path, quantise=True).encode(TEXTS)
    graph = exported_model(model, tmp_path, quantise=True)
    assert graph.is_file()
    stamp = graph.stat().st_mtime_ns
    assert np.array_equal(onnx_encoder(model, tmp_path, quantise=True).encode(TEXTS), first)
    assert graph.stat().st_mtime_ns == stamp
    graph.write_bytes(b"not a graph")
    assert np.array_equal(onnx_encoder(model, tmp_path, quantise=True).encode(TEXTS), first)
    assert graph.stat().st_size > 1000


def test_changed_model_is_exported_to_another_file(model: Path, tmp_path: Path) -> None:
    other = tiny_encoder_model(tmp_path / "other")
    (other / "extra.txt").write_text("changed", encoding="utf-8")
    assert exported_model(model, tmp_path, True) != exported_model(other, tmp_path, True)


def test_fast_encoder_is_onnx_int8_at_128_tokens_when_installed(
    model: Path, tmp_path: Path
) -> None:
    assert onnx_runtime_installed()
    fast = load_fast_encoder(tmp_path, model).unwrap()
    assert (fast.runtime, fast.quantised) == (Runtime.ONNX, True)
    assert fast.max_tokens == 128


def test_onnx_without_a_cache_folder_is_a_failure(model: Path) -> None:
    result = load_encoder(model, runtime=Runtime.ONNX)
    assert isinstance(result, Failure)
    assert "cache folder" in result.failure().problem


def test_exported_graph_has_fused_attention_and_float_feed_forward_outputs(
    model: Path, tmp_path: Path
) -> None:
    onnx = pytest.importorskip("onnx")
    onnx_encoder(model, tmp_path, quantise=False)
    onnx_encoder(model, tmp_path, quantise=True)
    float_graph = onnx.load(str(exported_model(model, tmp_path, quantise=False))).graph
    int8_graph = onnx.load(str(exported_model(model, tmp_path, quantise=True))).graph
    assert "Attention" in {node.op_type for node in float_graph.node}
    assert "QAttention" in {node.op_type for node in int8_graph.node}
    float_products = [node.name for node in int8_graph.node if node.op_type == "MatMul"]
    assert float_products
    assert all("/output/dense/" in name and "/attention/" not in name for name in float_products)


class _FakeInput:
    name = "input_ids"


class _FakeSession:
    """Answers every run with its own label, so a caller can tell which session ran."""

    def __init__(self, label: float) -> None:
        self.label = label

    def get_inputs(self) -> list[_FakeInput]:
        return [_FakeInput()]

    def run(self, _outputs: object, feed: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [np.full(feed["input_ids"].shape, self.label)]


# Set before forking: a forked child inherits it, as `memcore eval --workers` children inherit
# the loaded index (nothing is pickled).
_INHERITED: list[object] = []


def _forked_call(_: int) -> tuple[float, tuple[int, ...], int]:
    sessions = _INHERITED[0]
    assert isinstance(sessions, ProcessSessions)
    tokens = {"input_ids": np.zeros((1, 2), dtype=np.int64)}
    return float(sessions(tokens)[0, 0]), sessions.processes, os.getpid()


def test_a_forked_process_runs_a_session_of_its_own() -> None:
    sessions = ProcessSessions(_FakeSession(1.0), lambda: _FakeSession(2.0))
    tokens = {"input_ids": np.zeros((1, 2), dtype=np.int64)}
    assert float(sessions(tokens)[0, 0]) == 1.0
    _INHERITED[:] = [sessions]
    with multiprocessing.get_context("fork").Pool(1) as pool:
        label, processes, child = pool.apply(_forked_call, (0,))
    _INHERITED.clear()
    assert label == 2.0
    assert processes == (os.getpid(), child)
    # The parent keeps running its own session.
    assert float(sessions(tokens)[0, 0]) == 1.0
    assert sessions.processes == (os.getpid(),)


def test_a_warm_start_reads_the_exported_graph_and_tokenizer_file_alone(
    model: Path, tmp_path: Path
) -> None:
    import transformers

    from memcore.search.backends.tokenizer_file import FileTokenizer

    # Within the tiny model's 64 positions; the tokenizers are also compared past them.
    texts = [*TEXTS, "unknownword cat " * 25, "", "THE CAT, sat; on the MAT!"]
    for quantise in (False, True):
        exported = onnx_encoder(model, tmp_path / "cache", quantise)  # exports the graph
        warm = onnx_encoder(model, tmp_path / "cache", quantise)  # opens it, no weights
        assert isinstance(warm._tokenizer, FileTokenizer)
        assert not isinstance(exported._tokenizer, FileTokenizer)
        assert warm.encoding_id == exported.encoding_id
        assert (warm.max_tokens, warm.dimension) == (exported.max_tokens, exported.dimension)
        assert warm.encode(texts, batch_size=3).tobytes() == (
            exported.encode(texts, batch_size=3).tobytes()
        )
    reference = transformers.AutoTokenizer.from_pretrained(str(model), local_files_only=True)
    longer = [*texts, "the moon " * 300]
    for max_length in (8, 64, 512):
        ours = warm._tokenizer(longer, max_length=max_length)
        theirs = reference(
            longer, padding=True, truncation=True, max_length=max_length, return_tensors="np"
        )
        assert set(ours) == set(theirs)
        for name, values in ours.items():
            assert np.array_equal(values, np.asarray(theirs[name], dtype=np.int64)), name


def test_a_text_encoded_alone_is_remembered_bit_for_bit_per_encoder(
    model: Path, tmp_path: Path
) -> None:
    int8 = onnx_encoder(model, tmp_path, quantise=True)
    fresh = onnx_encoder(model, tmp_path, quantise=True)
    float_graph = onnx_encoder(model, tmp_path, quantise=False)
    for text in TEXTS:
        first = int8.encode_one(text)
        # Remembered: the same array again, the bytes a fresh encoder computes for it alone.
        assert int8.encode_one(text) is first
        assert first.tobytes() == fresh.encode([text])[0].tobytes()
        assert not first.flags.writeable
        # Another encoder keeps its own vectors: the float graph's differ from the int8 one's.
        assert float_graph.encode_one(text).tobytes() == float_graph.encode([text])[0].tobytes()
        assert float_graph.encode_one(text).tobytes() != first.tobytes()
    assert int8.remembered.texts == tuple(TEXTS)
    # Alone is what is remembered: in a batch the int8 graph gives a text another vector.
    batched = int8.encode(TEXTS, batch_size=len(TEXTS))
    assert any(
        batched[row].tobytes() != int8.encode_one(text).tobytes() for row, text in enumerate(TEXTS)
    )


def test_an_encoder_remembers_at_most_its_bound(model: Path, tmp_path: Path) -> None:
    encoder = attrs.evolve(onnx_encoder(model, tmp_path, quantise=True), vectors_kept=2)
    for text in TEXTS:
        encoder.encode_one(text)
    assert encoder.remembered.texts == tuple(TEXTS[-2:])
    nothing = attrs.evolve(encoder, vectors_kept=0)
    nothing.encode_one(TEXTS[0])
    assert nothing.remembered.texts == ()


def test_sessions_do_not_spin_and_give_the_vectors_of_a_spinning_one(
    model: Path, tmp_path: Path
) -> None:
    onnxruntime = pytest.importorskip("onnxruntime")
    encoder = onnx_encoder(model, tmp_path, quantise=True)
    forward = encoder._forward
    assert isinstance(forward, ProcessSessions)
    options = forward.session().get_session_options()
    assert options.get_session_config_entry(SPINNING) == "0"
    spinning = onnxruntime.SessionOptions()
    spinning.intra_op_num_threads = options.intra_op_num_threads
    spinning.add_session_config_entry(SPINNING, "1")
    graph = exported_model(model, tmp_path, quantise=True)
    session = onnxruntime.InferenceSession(str(graph), spinning, providers=["CPUExecutionProvider"])
    inputs = tuple(argument.name for argument in session.get_inputs())
    with_spinning = attrs.evolve(
        encoder, forward=lambda tokens: session.run(None, {n: tokens[n] for n in inputs})[0]
    )
    for text in TEXTS:
        assert with_spinning.encode([text]).tobytes() == encoder.encode([text]).tobytes()
    assert with_spinning.encode(TEXTS).tobytes() == encoder.encode(TEXTS).tobytes()


@pytest.fixture(scope="module")
def int8_encoder(model: Path, tmp_path_factory: pytest.TempPathFactory) -> Encoder:
    return onnx_encoder(model, tmp_path_factory.mktemp("cache"), quantise=True)


def test_texts_side_by_side_run_on_a_one_thread_session_giving_the_batch_sessions_vectors(
    int8_encoder: Encoder,
) -> None:
    one_thread = int8_encoder._one_thread
    assert isinstance(one_thread, ProcessSessions)
    assert one_thread.session().get_session_options().intra_op_num_threads == 1
    assert int8_encoder.side_by_side == available_cores()
    batches = int8_encoder._forward
    assert isinstance(batches, ProcessSessions)
    assert batches.session().get_session_options().intra_op_num_threads == available_cores()
    tokenized = int8_encoder._tokenizer(
        TEXTS, padding=True, truncation=True, max_length=32, return_tensors="np"
    )
    tokens = {name: np.asarray(values, dtype=np.int64) for name, values in tokenized.items()}
    # The same arithmetic on one thread as on the batch session's threads: bit for bit.
    assert one_thread(tokens).tobytes() == batches(tokens).tobytes()


PHRASES = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join)


@given(texts=st.lists(PHRASES, max_size=10), side_by_side=st.integers(1, 4), kept=st.integers(0, 6))
def test_texts_encoded_side_by_side_are_the_vectors_of_each_text_encoded_alone(
    int8_encoder: Encoder, texts: list[str], side_by_side: int, kept: int
) -> None:
    # A fresh memo (attrs.evolve), the sessions shared.
    encoder = attrs.evolve(int8_encoder, side_by_side=side_by_side, vectors_kept=kept)
    in_turn = attrs.evolve(int8_encoder, side_by_side=1, vectors_kept=kept)
    vectors = encoder.encode_each(texts)
    expected = [in_turn.encode_one(text) for text in texts]
    assert [vector.tobytes() for vector in vectors] == [vector.tobytes() for vector in expected]
    # ... which is what the batch session gives each text alone (the vectors of saved runs).
    for text, vector in zip(texts, vectors, strict=True):
        assert vector.tobytes() == int8_encoder.encode([text])[0].tobytes()
        assert not vector.flags.writeable
    assert encoder.remembered.texts == in_turn.remembered.texts
    assert len(encoder.remembered.texts) <= kept


@attrs.define
class CountedForward:
    """A forward pass recording the batch size of each call and the threads it ran on."""

    forward: Any
    batches: list[int] = attrs.field(factory=list)
    threads: set[int] = attrs.field(factory=set)

    def __call__(self, tokens: Any) -> Any:
        self.batches.append(int(tokens["input_ids"].shape[0]))
        self.threads.add(threading.get_ident())
        return self.forward(tokens)


def test_side_by_side_encodes_each_new_text_once_alone_off_the_calling_thread(
    int8_encoder: Encoder,
) -> None:
    counted = CountedForward(int8_encoder._one_thread)
    encoder = attrs.evolve(int8_encoder, one_thread=counted, side_by_side=3)
    # A text on its own runs on the batch session, on the calling thread.
    encoder.encode_one(TEXTS[0])
    assert counted.batches == []
    encoder.encode_each([*TEXTS, TEXTS[1], TEXTS[0]])
    # The remembered text is read back; each other text is encoded once, alone, by the pool.
    assert counted.batches == [1] * (len(TEXTS) - 1)
    assert threading.get_ident() not in counted.threads
    # A single new text is encoded as on its own (no pool for one text).
    encoder.encode_each([*TEXTS, "kitten naps on the sofa"])
    assert counted.batches == [1] * (len(TEXTS) - 1)
    assert encoder.remembered.texts[-1] == "kitten naps on the sofa"


def test_token_reading_gives_the_same_tokens_and_spans_from_either_tokenizer(
    model: Path, tmp_path: Path
) -> None:
    from memcore.search.backends.tokenizer_file import FileTokenizer

    exported = onnx_encoder(model, tmp_path / "cache", quantise=False)  # transformers' tokenizer
    warm = onnx_encoder(model, tmp_path / "cache", quantise=False)  # the tokenizer file
    assert isinstance(warm._tokenizer, FileTokenizer)
    # Within the tiny model's 64 positions, as the test above.
    for text in [*TEXTS, "unknownword cat " * 25, "THE CAT, sat; on the MAT!"]:
        ours, theirs = warm.text_tokens(text), exported.text_tokens(text)
        assert ours.spans == theirs.spans
        assert ours.tokens.tobytes() == theirs.tokens.tobytes()
        assert ours.sentence.tobytes() == theirs.sentence.tobytes()
        # Each kept token lies inside the text, in order.
        assert all(0 <= start <= end <= len(text) for start, end in ours.spans)
        assert list(ours.spans) == sorted(ours.spans)
