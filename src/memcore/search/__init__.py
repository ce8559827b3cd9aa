"""Search: passages, weighted queries, the retriever protocol and memory-derived ranking rules.

Importing this package stays light; backends (bm25s, rank-bm25, dense) live in
`memcore.search.backends` and import their libraries only when used.
"""
