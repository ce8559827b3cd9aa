"""A LlamaIndex retriever with memcore's memory (runnable as is, no model, no network):
`pip install "memcore[bm25,llamaindex]"`, then `python llamaindex_chat.py`."""

from __future__ import annotations

import tempfile
from pathlib import Path

from memcore.integrations.live_session import LiveSessions
from memcore.integrations.llamaindex import MemcoreRetriever
from memcore.search.backends.open import installed_backend, open_retriever
from memcore.search.corpus_io import default_corpus
from memcore.search.retrieval import Retrieval


def main(folder: Path) -> list[tuple[str, str]]:
    """Two turns of bob's chat; each (question, the top passage's id)."""
    corpus_path = default_corpus()
    assert corpus_path is not None, "the Apollo 11 corpus ships with memcore"
    # bm25s where installed (else the pure-Python BM25), its index cached by content hash.
    opened = open_retriever(corpus_path, Retrieval(installed_backend())).unwrap()
    backend = opened.retriever
    sessions = LiveSessions.sqlite(backend, folder / "sessions.db", k=3).unwrap()
    bob = MemcoreRetriever(sessions, user="bob")
    seen = []
    for question, answer in (
        ("tell me about apollo 12", "Apollo 12 was the second crewed Moon landing."),
        ("who commanded it?", "Pete Conrad commanded Apollo 12."),
    ):
        nodes = bob.retrieve(question)
        top = nodes[0]
        print(f"User: {question}\nmemcore searched: {top.node.metadata['query']}")
        print(f"Top passage: {top.node.metadata['passage_id']} ({top.score:.2f})")
        print(top.node.metadata["explanation"] + "\n")
        # In a query engine this is str(response): the LLM's answer, kept for the next turn.
        bob.record_answer(answer)
        seen.append((question, str(top.node.metadata["passage_id"])))
    return seen


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        main(Path(folder))
