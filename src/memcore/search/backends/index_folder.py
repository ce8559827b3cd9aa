"""A corpus's indexes built once into a folder, cut into shards, and served from it
(`memcore index`, then `memcore run/eval/chat --index DIR`; the `bm25` extra, and the `dense`
extra for embeddings).

Building streams the corpus file (`corpus_stream`): one pass checks, counts and hashes it; one
pass per shard sums the shard's BM25 statistics; the statistics are merged once into the
collection's (`global_bm25`); then each shard in turn is read, indexed with the collection's
statistics (so its scores are the single index's, bit for bit), embedded when an encoder is
given (an hnswlib graph too past `ann.EXACT_LIMIT` passages), saved, and let go. At most one
shard's passages are held at a time.

    DIR/memcore-index.json       this folder's manifest (see `IndexManifest`)
    DIR/shard-000/bm25s/         the shard's bm25s matrix (its own checksummed manifest)
    DIR/shard-000/dense/         the shard's embeddings (.npy, checksummed), if built
    DIR/shard-000/hnsw.bin       the shard's graph, past the exact limit

Shards are contiguous runs of passages of (nearly) equal size. Dense scores are computed in
products of one fixed shape (`dense.similarities`), so a shard's exact dense scores equal one
matrix's (a test checks it bit for bit), as its BM25 scores equal one index's. Opening checks
the manifest against the corpus (content hash, passage count), the encoder's id, and each
shard's own checksums; any mismatch or damage is an `IndexFolderError`, one line, never a
silent rebuild.
"""

from __future__ import annotations

import array
import bisect
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np
from returns.result import Failure, Result, Success

from memcore.search.backends.ann import EXACT_LIMIT, ApproximateIndex
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.dense import DenseRetriever, Encoder, length_sorted_plan
from memcore.search.backends.global_bm25 import build_shard, merge_statistics, shard_statistics
from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.store import read_json_file, write_directory
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import parse_line
from memcore.search.corpus_stream import stream_passages, summarise_corpus
from memcore.search.retriever import PlannedSearch, Retriever, prefetch_searches
from memcore.search.shards import merge_shard_rankings
from memcore.search.tokenize import TOKENIZER_VERSION, passage_text
from memcore.search.values import Query, Ranking

FOLDER_MANIFEST = "memcore-index.json"
FOLDER_FORMAT = 1
BM25_FOLDER = "bm25s"
DENSE_FOLDER = "dense"
GRAPH_FILE = "hnsw.bin"


@attrs.frozen
class IndexFolderError:
    """An index folder that cannot be built or served: where, and why (one line)."""

    folder: str
    problem: str

    def __str__(self) -> str:
        return f"index folder {self.folder}: {self.problem}"


@attrs.frozen
class ShardEntry:
    """One shard: its subfolder and the run of passages it holds (`first`, `count`)."""

    name: str
    first: int
    count: int


@attrs.frozen
class IndexManifest:
    """What a folder holds: the corpus content it was built from (SHA-256 of the file, passage
    count), its shards, the BM25 settings and collection statistics, and the encoding of its
    embeddings (None: BM25 only)."""

    corpus_hash: str
    passage_count: int
    shards: tuple[ShardEntry, ...]
    k1: float
    b: float
    include_title: bool
    tokenizer: str
    average_length: float
    vocabulary_size: int
    encoder: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FOLDER_FORMAT,
            "corpus_hash": self.corpus_hash,
            "passage_count": self.passage_count,
            "shards": [attrs.asdict(shard) for shard in self.shards],
            "k1": self.k1,
            "b": self.b,
            "include_title": self.include_title,
            "tokenizer": self.tokenizer,
            "average_length": self.average_length,
            "vocabulary_size": self.vocabulary_size,
            "encoder": self.encoder,
        }


def shard_ranges(passages: int, shards: int) -> Result[tuple[ShardEntry, ...], str]:
    """`passages` cut into `shards` contiguous runs whose sizes differ by at most one."""
    if shards < 1:
        return Failure(f"the shard count must be at least 1, got {shards}")
    if shards > passages:
        return Failure(f"{shards} shards for {passages} passages: every shard needs one")
    cuts = [index * passages // shards for index in range(shards + 1)]
    return Success(
        tuple(
            ShardEntry(f"shard-{index:03d}", cuts[index], cuts[index + 1] - cuts[index])
            for index in range(shards)
        )
    )


def build_index_folder(
    corpus_path: Path,
    folder: Path,
    shards: int = 1,
    encoder: Encoder | None = None,
    params: BM25Parameters | None = None,
    include_title: bool = True,
    progress: bool = False,
) -> Result[IndexManifest, IndexFolderError]:
    """Build the indexes of the corpus at `corpus_path` into `folder` (replaced whole if it
    exists; it appears whole or not at all): BM25 in `shards` shards with the collection's
    statistics, and with `encoder` each shard's embeddings."""
    params = params if params is not None else BM25Parameters()
    shown = str(folder)
    summarised = summarise_corpus(corpus_path)
    if isinstance(summarised, Failure):
        return Failure(IndexFolderError(shown, f"bad corpus: {summarised.failure()}"))
    summary = summarised.unwrap()
    planned = shard_ranges(summary.passage_count, shards)
    if isinstance(planned, Failure):
        return Failure(IndexFolderError(shown, planned.failure()))
    entries = planned.unwrap()

    def passages_of(entry: ShardEntry) -> Corpus:
        return Corpus(stream_passages(corpus_path, entry.first, entry.first + entry.count))

    statistics = merge_statistics(
        shard_statistics(passages_of(entry), include_title) for entry in entries
    )
    manifest = IndexManifest(
        summary.content_hash,
        summary.passage_count,
        entries,
        params.k1,
        params.b,
        include_title,
        TOKENIZER_VERSION,
        statistics.average_length,
        len(statistics.doc_frequencies),
        None if encoder is None else encoder.encoding_id,
    )

    def write(staging: Path) -> None:
        embedded = (
            None
            if encoder is None
            else _embed_as_one(corpus_path, entries, encoder, include_title, staging, progress)
        )
        for position, entry in enumerate(entries):
            corpus = passages_of(entry)
            lexical = build_shard(corpus, statistics, params, include_title)
            _saved(lexical.save(staging / entry.name / BM25_FOLDER, summary.content_hash))
            if encoder is not None and embedded is not None:
                rows = embedded[position]
                dense = DenseRetriever.from_embeddings(corpus, encoder, include_title, rows)
                _saved(dense.save(staging / entry.name / DENSE_FOLDER, summary.content_hash))
                (staging / f".embedding-{entry.name}.npy").unlink()
                if entry.count > EXACT_LIMIT:
                    graph = ApproximateIndex.build(dense.embeddings)
                    _saved(graph)
                    _saved(graph.unwrap().save(staging / entry.name / GRAPH_FILE))
        text = json.dumps(manifest.to_json(), indent=2, sort_keys=True)
        (staging / FOLDER_MANIFEST).write_text(text + "\n", encoding="utf-8")

    written = write_directory(folder, write)
    if isinstance(written, Failure):
        return Failure(IndexFolderError(shown, written.failure().problem))
    return Success(manifest)


def _embed_as_one(
    corpus_path: Path,
    entries: Sequence[ShardEntry],
    encoder: Encoder,
    include_title: bool,
    staging: Path,
    progress: bool,
    batch_size: int = 32,
) -> list[Any]:
    """Every passage's embedding, written into one memory-mapped array per shard, computed in
    the batches one index would use (`length_sorted_plan` over the whole corpus): the int8
    encoder quantises a batch with one scale, so a vector depends on its batch, and only the
    same batches give the same vectors. The texts are read back from the file by offset, one
    batch at a time; only their lengths and offsets are held."""
    lengths: list[int] = []
    offsets = array.array("q")
    with corpus_path.open("rb") as handle:
        offset = 0
        for raw in handle:
            if raw.strip():
                parsed = parse_line(raw, str(corpus_path), len(offsets) + 1)
                lengths.append(len(passage_text(parsed.unwrap(), include_title)))
                offsets.append(offset)
            offset += len(raw)
    arrays = [
        np.lib.format.open_memmap(
            staging / f".embedding-{entry.name}.npy",
            mode="w+",
            dtype=np.float32,
            shape=(entry.count, encoder.dimension),
        )
        for entry in entries
    ]
    firsts = [entry.first for entry in entries]
    plan = length_sorted_plan(lengths, batch_size)
    with corpus_path.open("rb") as handle:
        for batch in plan:
            texts = []
            for position in batch:
                handle.seek(offsets[position])
                passage = parse_line(handle.readline(), str(corpus_path), position + 1).unwrap()
                texts.append(passage_text(passage, include_title))
            rows = encoder.encode_batches(texts, (tuple(range(len(texts))),))
            for row, position in zip(rows, batch, strict=True):
                shard = bisect.bisect_right(firsts, position) - 1
                arrays[shard][position - firsts[shard]] = row
    for values in arrays:
        values.flush()
    return arrays


def _saved(result: Result[Any, Any]) -> None:
    # `write_directory` turns an OSError into a failure and removes the staging folder.
    if isinstance(result, Failure):
        raise OSError(str(result.failure()))


@attrs.frozen
class LocalShards:
    """Shards searched in this process as one retriever over `corpus`: a query fans out to
    every shard and their top k are merged by the ranking rule (score, then id), which is the
    single index's top k when each shard scores as the single index does."""

    corpus: Corpus
    shards: tuple[Retriever, ...]
    _shard_of: Mapping[str, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def of(cls, corpus: Corpus, shards: Sequence[Retriever]) -> LocalShards:
        owner = {
            passage.id: index
            for index, shard in enumerate(shards)
            for passage in shard.corpus.passages
        }
        return cls(corpus, tuple(shards), owner)

    @property
    def supports_weights(self) -> bool:
        return self.shards[0].supports_weights

    def search(self, query: Query, k: int) -> Ranking:
        return merge_shard_rankings([shard.search(query, k) for shard in self.shards], k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """Each passage scored by the shard that holds it (KeyError for an unknown id)."""
        asked: dict[int, list[str]] = {}
        for doc_id in doc_ids:
            asked.setdefault(self._shard_of[doc_id], []).append(doc_id)
        scores: dict[str, float] = {}
        for index, ids in asked.items():
            scores.update(self.shards[index].score(query, ids))
        return {doc_id: scores[doc_id] for doc_id in doc_ids}

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Each shard prepares the searches (one pass over its embeddings)."""
        for shard in self.shards:
            prefetch_searches(shard, searches)


@attrs.frozen
class ServedIndex:
    """An index folder opened for a corpus: BM25 over its shards, and dense where built."""

    manifest: IndexManifest
    lexical: LocalShards
    dense: LocalShards | None


def read_manifest(folder: Path) -> Result[IndexManifest, IndexFolderError]:
    """The manifest of `folder`, checked for shape (not yet against a corpus)."""
    shown = str(folder)
    read = read_json_file(folder / FOLDER_MANIFEST)
    if isinstance(read, Failure):
        return Failure(IndexFolderError(shown, f"no readable manifest: {read.failure()}"))
    raw = read.unwrap()
    if not isinstance(raw, dict) or raw.get("format") != FOLDER_FORMAT:
        return Failure(
            IndexFolderError(shown, f"not a memcore index folder (format {FOLDER_FORMAT})")
        )
    try:
        shards = tuple(
            ShardEntry(str(entry["name"]), int(entry["first"]), int(entry["count"]))
            for entry in raw["shards"]
        )
        encoder = raw["encoder"]
        manifest = IndexManifest(
            str(raw["corpus_hash"]),
            int(raw["passage_count"]),
            shards,
            float(raw["k1"]),
            float(raw["b"]),
            bool(raw["include_title"]),
            str(raw["tokenizer"]),
            float(raw["average_length"]),
            int(raw["vocabulary_size"]),
            None if encoder is None else str(encoder),
        )
    except (KeyError, TypeError, ValueError) as error:
        return Failure(
            IndexFolderError(shown, f"malformed manifest ({type(error).__name__}: {error})")
        )
    expected_first = 0
    for shard in shards:
        if (
            shard.first != expected_first
            or shard.count < 1
            or "/" in shard.name
            or shard.name.startswith(".")
        ):
            return Failure(
                IndexFolderError(shown, f"malformed manifest: shard {shard.name!r} out of order")
            )
        expected_first += shard.count
    if not shards or expected_first != manifest.passage_count:
        return Failure(
            IndexFolderError(shown, "malformed manifest: shards do not cover the passages")
        )
    if manifest.tokenizer != TOKENIZER_VERSION:
        problem = (
            f"built with tokeniser {manifest.tokenizer!r}, this memcore uses {TOKENIZER_VERSION!r}"
        )
        return Failure(IndexFolderError(shown, problem))
    return Success(manifest)


def open_index_folder(
    folder: Path,
    corpus: Corpus,
    content_hash: str,
    encoder: Encoder | None = None,
) -> Result[ServedIndex, IndexFolderError]:
    """Serve `folder` for `corpus` (read from the file whose SHA-256 is `content_hash`): every
    shard's matrix memory-mapped, its checksums checked, nothing rebuilt. With `encoder`, the
    embeddings too, which must have been built by that encoding."""
    shown = str(folder)
    read = read_manifest(folder)
    if isinstance(read, Failure):
        return Failure(read.failure())
    manifest = read.unwrap()
    refused = check_manifest(
        folder,
        manifest,
        len(corpus),
        content_hash,
        None if encoder is None else encoder.encoding_id,
    )
    if refused is not None:
        return Failure(refused)
    lexical: list[Retriever] = []
    dense: list[Retriever] = []
    for entry in manifest.shards:
        part = Corpus(corpus.passages[entry.first : entry.first + entry.count])
        opened = open_shard(folder / entry.name, part, content_hash, encoder)
        if isinstance(opened, Failure):
            return Failure(IndexFolderError(shown, f"{entry.name}: {opened.failure()}"))
        shard_lexical, shard_dense = opened.unwrap()
        lexical.append(shard_lexical)
        if shard_dense is not None:
            dense.append(shard_dense)
    return Success(
        ServedIndex(
            manifest,
            LocalShards.of(corpus, lexical),
            LocalShards.of(corpus, dense) if dense else None,
        )
    )


def open_shard(
    where: Path, part: Corpus, content_hash: str, encoder: Encoder | None
) -> Result[tuple[Retriever, Retriever | None], str]:
    """One shard's retrievers, opened from its subfolder `where` for its passages `part`: the
    BM25 matrix memory-mapped, and with `encoder` the embeddings (and graph) too. Nothing is
    built; a damaged or foreign part is the one-line reason."""
    opened = Bm25sRetriever.load(where / BM25_FOLDER, part, content_hash, mmap=True)
    if isinstance(opened, Failure):
        return Failure(opened.failure().problem)
    if encoder is None:
        return Success((opened.unwrap(), None))
    embedded = DenseRetriever.load(where / DENSE_FOLDER, part, encoder, content_hash, mmap=True)
    if isinstance(embedded, Failure):
        return Failure(embedded.failure().problem)
    shard = embedded.unwrap()
    if (where / GRAPH_FILE).exists():
        graph = ApproximateIndex.load(where / GRAPH_FILE, encoder.dimension)
        if isinstance(graph, Failure):
            return Failure(str(graph.failure()))
        shard = shard.with_approximate_index(graph.unwrap())
    return Success((opened.unwrap(), shard))


def check_manifest(
    folder: Path,
    manifest: IndexManifest,
    passage_count: int,
    content_hash: str,
    encoding: str | None,
) -> IndexFolderError | None:
    """Why `folder`'s `manifest` cannot serve this corpus (its file's SHA-256
    `content_hash`, `passage_count` passages) with embeddings of `encoding` (None: BM25
    only), or None."""
    shown = str(folder)
    if manifest.corpus_hash != content_hash or manifest.passage_count != passage_count:
        problem = (
            f"built from other corpus content (sha256 {manifest.corpus_hash[:12]}…, "
            f"{manifest.passage_count} passages; this corpus {content_hash[:12]}…, "
            f"{passage_count})"
        )
        return IndexFolderError(shown, problem)
    if encoding is not None and manifest.encoder != encoding:
        built = (
            "no embeddings (built for bm25 only)"
            if manifest.encoder is None
            else (f"embeddings of {manifest.encoder!r}")
        )
        return IndexFolderError(shown, f"holds {built}, not {encoding!r}")
    return None


def find_index_folder(folder: Path, content_hash: str) -> Result[Path, IndexFolderError]:
    """`folder` if it is an index folder; else the one of its subfolders whose manifest names
    the corpus content `content_hash` (`memcore eval --index DIR` over several corpora)."""
    if (folder / FOLDER_MANIFEST).exists():
        return Success(folder)
    try:
        children = sorted(child for child in folder.iterdir() if child.is_dir())
    except OSError as error:
        return Failure(IndexFolderError(str(folder), f"cannot read: {error.strerror or error}"))
    for child in children:
        manifest = read_manifest(child)
        if isinstance(manifest, Success) and manifest.unwrap().corpus_hash == content_hash:
            return Success(child)
    problem = (
        f"no index built from this corpus (sha256 {content_hash[:12]}…) here or in a subfolder"
    )
    return Failure(IndexFolderError(str(folder), problem))
