"""Options for command-line tests whose figures are BM25's.

The default retriever is hybrid where the dense encoder is installed; these tests check BM25
rankings (or nothing that depends on the retriever), so they ask for BM25 and do not load
MiniLM.
"""

BM25 = ("--retriever", "bm25")
