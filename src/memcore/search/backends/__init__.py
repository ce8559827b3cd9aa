"""Retriever backends. Each module imports its third-party library itself, when imported.

- `memory`: exact Lucene-formula BM25 in pure Python (small corpora, specs and tests).
- `bm25s_backend`: the embedded default, exact Lucene-formula BM25 on bm25s (`bm25` extra).
- `rank_bm25_backend`: rank-bm25's BM25Okapi, reproducing that library's scores (`bm25` extra).
- `dense`: a sentence-embedding model with exact inner-product search (`dense` extra).
- `lucene`: Lucene's own BM25 on a memory-mapped disk index (`lucene` extra, Java 21).

Nothing here is imported by `memcore` or `memcore.search`; import the module you need.
"""
