"""Running a sentence-embedding model with ONNX Runtime (the fast path of the dense backend).

The graph is exported once with torch from the model folder's own weights (nothing is
downloaded) into the cache, and reused afterwards. The export recipe is the one measured
fastest while keeping the float model's top 10 (agreement >= .95, docs/bench-hybrid.md):
attention exported in its eager form so that ONNX Runtime's transformer optimiser can fuse it
(with LayerNorm, GELU and the biases) into a few kernels, then, for int8, dynamic weights with
scales per output channel, the fused attention included, and the feed-forward output
projections (`.../output/dense/MatMul` outside attention) of the first four layers left in
float: quantising those too was faster but agreed on .934 only. The file's name carries a
digest of the model folder and the recipe's version, so a changed model or recipe is exported
again rather than mixed up; the recipe is part of the encoder's `encoding_id` too, so cached
embeddings are not mixed either.

onnxruntime, onnx and torch are imported when a model is exported or opened, not with this
module.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.util
import logging
import os
import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.atomic_write import remove_quietly, temporary_sibling
from memcore.search.backends.encoder_types import ModelLoadError, TokenArrays

EXPORT_RECIPE = 2
"""Raised whenever the export below changes, so graphs (and embeddings) made before are not
reused. 1: the exporter's graph, int8 per channel; 2: eager attention, fused by ONNX Runtime's
transformer optimiser, then int8 per channel with the first `FLOAT_FEED_FORWARD_LAYERS`
feed-forward outputs float."""

FLOAT_FEED_FORWARD_LAYERS = 4
"""The int8 graph keeps the feed-forward output projections of this many first layers in
float: measured one layer at a time, quantising the first layers' cost the most agreement
(docs/bench-hybrid.md); keeping a later layer's float gained nothing measurable."""

_OPSET = 17
_SAMPLE_TEXTS = ("a short text", "a somewhat longer text, so that the batch has padding")


def model_digest(model_path: Path) -> str:
    """SHA-256 over the names and bytes of the files in the model folder (not its subfolders)."""
    digest = hashlib.sha256()
    for file in sorted(path for path in model_path.iterdir() if path.is_file()):
        digest.update(file.name.encode("utf-8") + b"\0")
        with file.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def exported_model(model_path: Path, cache_dir: Path, quantise: bool) -> Path:
    """Where the exported graph of the model at `model_path` is kept in `cache_dir`."""
    name = re.sub(r"[^A-Za-z0-9.-]+", "_", "-".join(model_path.parts[-2:]))
    weights = "int8" if quantise else "float"
    digest = model_digest(model_path)[:16]
    return cache_dir / "models" / f"{name}-{digest}-r{EXPORT_RECIPE}-{weights}.onnx"


def export_model(model: Any, tokenizer: Any, target: Path, quantise: bool) -> None:
    """Export `model` (a transformers encoder) to an ONNX graph at `target`, with batch and
    token axes left free, fused by ONNX Runtime's transformer optimiser, its int8 version when
    `quantise`. The file appears whole or not at all. Raises what torch or onnxruntime raise."""
    torch = importlib.import_module("torch")
    quantization = importlib.import_module("onnxruntime.quantization")
    optimizer = importlib.import_module("onnxruntime.transformers.optimizer")
    onnx = importlib.import_module("onnx")
    names = tuple(tokenizer.model_input_names)
    sample = tokenizer(list(_SAMPLE_TEXTS), padding=True, return_tensors="pt")
    # The optimiser recognises attention written out (eager), not torch's fused kernel; the
    # caller's model keeps its own attention.
    eager = copy.deepcopy(model)
    eager.set_attn_implementation("eager")

    class Named(torch.nn.Module):  # type: ignore[misc, name-defined]
        # The exporter passes inputs by position; transformers' forward takes them by name.
        def __init__(self) -> None:
            super().__init__()
            self.model = eager

        def forward(self, *inputs: Any) -> Any:
            return self.model(**dict(zip(names, inputs, strict=True))).last_hidden_state

    target.parent.mkdir(parents=True, exist_ok=True)
    plain = temporary_sibling(target, ".onnx")
    fused = temporary_sibling(target, ".onnx")
    final = temporary_sibling(target, ".onnx") if quantise else fused
    free_axes = {0: "texts", 1: "tokens"}
    try:
        with warnings.catch_warnings():
            # The tracer warns about Python conditions on shapes in transformers' masking
            # code; the exported graph is checked against torch in the tests.
            warnings.simplefilter("ignore")
            torch.onnx.export(
                Named().eval(),
                tuple(sample[name] for name in names),
                str(plain),
                input_names=list(names),
                output_names=["last_hidden_state"],
                dynamic_axes={name: free_axes for name in (*names, "last_hidden_state")},
                opset_version=_OPSET,
                dynamo=False,
            )
            config = eager.config
            optimised = _quietly(optimizer.optimize_model)(
                str(plain),
                model_type="bert",
                num_heads=int(config.num_attention_heads),
                hidden_size=int(config.hidden_size),
            )
            optimised.save_model_to_file(str(fused))
            if quantise:
                _quietly(quantization.quantize_dynamic)(
                    str(fused),
                    str(final),
                    weight_type=quantization.QuantType.QInt8,
                    per_channel=True,
                    nodes_to_exclude=_feed_forward_outputs(fused),
                    # Shape inference does not know the fused operators' output types.
                    extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
                )
        os.replace(final, target)
    finally:
        remove_quietly(plain)
        remove_quietly(fused)
        remove_quietly(final)


def _feed_forward_outputs(graph_file: Path) -> list[str]:
    # BERT-style names from the exporter; another architecture names none and is quantised
    # whole.
    onnx = importlib.import_module("onnx")
    graph = onnx.load(str(graph_file)).graph
    return [
        node.name
        for node in graph.node
        if node.op_type == "MatMul"
        and "/output/dense/" in node.name
        and "/attention/" not in node.name
        and any(f"/layer.{layer}/" in node.name for layer in range(FLOAT_FEED_FORWARD_LAYERS))
    ]


def _quietly(function: Callable[..., Any]) -> Callable[..., Any]:
    # The optimiser and the quantiser log advice on the root logger ("consider
    # pre-processing"), which would reach a CLI user's terminal; the measured recipe does not
    # need it.
    def run(*arguments: Any, **options: Any) -> Any:
        root = logging.getLogger()
        level = root.level
        root.setLevel(logging.ERROR)
        try:
            return function(*arguments, **options)
        finally:
            root.setLevel(level)

    return run


SPINNING = "session.intra_op.allow_spinning"
"""ONNX Runtime's option for whether idle pool threads spin waiting for work; set to "0". A
query is a batch of one of a few dozen tokens, and spinning threads took a core from the rest
of the turn and from other processes: on the shared two cores a text cost about twice the CPU
time and wall time with spinning (docs/bench-hybrid.md). Waiting changes no arithmetic: the
vectors are the same bit for bit (measured, and tested on the test model)."""


def _session(file: Path, threads: int) -> Any:
    onnxruntime = importlib.import_module("onnxruntime")
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    options.add_session_config_entry(SPINNING, "0")
    return onnxruntime.InferenceSession(str(file), options, providers=["CPUExecutionProvider"])


def open_exported(
    model_path: Path, cache_dir: Path, quantise: bool, threads: int
) -> OnnxForwards | None:
    """The forward pass of the graph already exported from the model at `model_path` into
    `cache_dir`, or None when there is none that opens (then `onnx_forward` exports it).
    Opening it needs neither torch nor the model's weights, which take most of a warm start."""
    if importlib.util.find_spec("onnxruntime") is None:
        return None
    target = exported_model(model_path, cache_dir, quantise)
    if not target.exists():
        return None
    try:
        session = _session(target, threads)
    except Exception:
        # A graph that does not open is exported again by `onnx_forward`.
        return None
    return OnnxForwards.of(target, session, threads)


def onnx_forward(
    model_path: Path,
    model: Any,
    tokenizer: Any,
    cache_dir: Path,
    quantise: bool,
    threads: int,
) -> Result[OnnxForwards, ModelLoadError]:
    """The forward pass of `model` run by ONNX Runtime on `threads` threads, exported into
    `cache_dir` first if it is not there yet (or cannot be opened)."""
    try:
        importlib.import_module("onnxruntime")
        importlib.import_module("onnx")
    except ImportError as error:
        return Failure(ModelLoadError(str(model_path), f"ONNX Runtime is not installed: {error}"))
    try:
        target = exported_model(model_path, cache_dir, quantise)
        session = None
        if target.exists():
            try:
                session = _session(target, threads)
            except Exception:
                session = None
        if session is None:
            export_model(model, tokenizer, target, quantise)
            session = _session(target, threads)
    except Exception as error:
        return Failure(ModelLoadError(str(model_path), f"cannot export to ONNX: {error}"))
    return Success(OnnxForwards.of(target, session, threads))


@attrs.frozen
class OnnxForwards:
    """The two forward passes of an exported graph: `batches` runs a session on `threads`
    threads (passages, and a query text encoded on its own); `one_thread` runs a session on
    one thread, opened on first use, for query texts encoded side by side (each alone).

    Several threads may run one session at once (ONNX Runtime's `run` is thread-safe and
    releases the GIL); a one-thread session runs all of a call on the calling thread, so two
    texts on two threads use two cores and no pool is shared. A text's vector is the same
    from both sessions: the kernels split work across threads by rows and columns, never
    within a sum (measured on 400 MTRAG questions and rewrites, tested on the test model).
    """

    batches: ProcessSessions
    one_thread: ProcessSessions

    @classmethod
    def of(cls, target: Path, session: Any, threads: int) -> OnnxForwards:
        return cls(
            ProcessSessions(session, lambda: _session(target, threads)),
            ProcessSessions(None, lambda: _session(target, 1)),
        )


class ProcessSessions:
    """A forward pass that runs each process's own ONNX Runtime session.

    `memcore eval --workers N` forks after the parent has encoded passages. A session's
    thread pool does not survive a fork, and a lock one of its threads held at that moment
    would stay held in the child (a cold-cache run once hung with every process idle; its
    stacks were not captured). So a process other than the one that opened the first session
    opens a session of its own on first use. The inherited session is kept, never released:
    releasing it would wait for threads the child does not have. Given no session, the first
    call opens one. Threads may call it at once: two opening a session together each open
    one and the first kept is used (no lock, which a fork could leave held).
    """

    def __init__(self, session: Any | None, open_session: Callable[[], Any]) -> None:
        self._sessions: dict[int, Any] = {} if session is None else {os.getpid(): session}
        self._open_session = open_session

    def session(self) -> Any:
        """This process's session, opened on its first call in a forked process."""
        pid = os.getpid()
        session = self._sessions.get(pid)
        if session is None:
            session = self._sessions.setdefault(pid, self._open_session())
        return session

    @property
    def processes(self) -> tuple[int, ...]:
        """The processes a session was opened in, the first one first."""
        return tuple(self._sessions)

    def __call__(self, tokens: TokenArrays) -> npt.NDArray[np.floating[Any]]:
        session = self.session()
        feed = {argument.name: tokens[argument.name] for argument in session.get_inputs()}
        hidden: npt.NDArray[np.floating[Any]] = session.run(None, feed)[0]
        return hidden
