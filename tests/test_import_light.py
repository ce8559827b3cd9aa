"""`import memcore` must not pull in models or retriever backends."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "torch",
    "transformers",
    "bm25s",
    "rank_bm25",
    "faiss",
    "ranx",
    "matplotlib",
    "ray",
    "numba",
    "tantivy",
    "scipy",
)


def test_import_memcore_is_light() -> None:
    """A fresh interpreter that imports memcore (and its CLI) loads none of the heavy modules."""
    code = (
        "import sys, json, memcore, memcore.search.retriever, memcore.cli;"
        "print(json.dumps(sorted(sys.modules)))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(output))
    assert sorted(name for name in HEAVY if name in loaded) == []
