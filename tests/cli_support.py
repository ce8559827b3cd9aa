"""Options and inputs for command-line tests.

`BM25` is for tests whose figures are BM25's.

The default retriever is hybrid where the dense encoder is installed; these tests check BM25
rankings (or nothing that depends on the retriever), so they ask for BM25 and do not load
MiniLM.
"""

from __future__ import annotations

import json
from pathlib import Path

BM25 = ("--retriever", "bm25")

# A two-passage corpus and one question whose gold page only the final question's year finds:
# the smallest input `memcore run` accepts.
PASSAGES = (
    {"_id": "nile1", "title": "Nile", "text": "The Nile is the longest river in Africa."},
    {"_id": "cup2", "title": "2002 FIFA World Cup", "text": "Brazil won the 2002 world cup."},
)
QUESTION = {
    "id": "q1",
    "conversation_id": "c1",
    "tier": "natural",
    "turns": [{"question": "tell me about football", "answer": "It is a sport."}],
    "final": "who won in 2002?",
    "gold": ["cup2"],
    "stale": [],
}


def write_run_inputs(folder: Path) -> tuple[Path, Path]:
    """`PASSAGES` and `QUESTION` written as corpus.jsonl and questions.jsonl in `folder`."""
    corpus, questions = folder / "corpus.jsonl", folder / "questions.jsonl"
    corpus.write_text("".join(json.dumps(passage) + "\n" for passage in PASSAGES))
    questions.write_text(json.dumps(QUESTION) + "\n")
    return corpus, questions
