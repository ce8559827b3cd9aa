"""Tiny CAsT and iKAT folders, written by tests into tmp_path (never the real data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memcore.eval.datasets.cast import CAST2019_FILES, CAST2020_FILE, CAST2022_FILE
from memcore.eval.datasets.ikat import topics_path


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write_cast(root: Path) -> None:
    """A tiny trec_cast folder: two 2019 topics (one without rewrites), 2020, a 2022 tree."""
    (train_topics, train_tsv), (evaluation_topics, evaluation_tsv) = CAST2019_FILES
    raw = [{"number": 1, "turn": [{"number": 1, "raw_utterance": "What is a PA? "}]}]
    _write(root / train_topics, json.dumps(raw))
    _write(root / train_tsv, "")
    raw = [
        {
            "number": 31,
            "turn": [
                {"number": 1, "raw_utterance": "What is throat cancer?"},
                {"number": 2, "raw_utterance": "Is it treatable?"},
            ],
        }
    ]
    _write(root / evaluation_topics, json.dumps(raw))
    _write(
        root / evaluation_tsv, "31_1\tWhat is throat cancer?\n31_2\tIs throat cancer treatable?\n"
    )
    topics = [
        {
            "number": 1,
            "turn": [
                {"number": 1, "raw_utterance": "garage door?", "manual_rewritten_utterance": "g"},
                {"number": 2, "raw_utterance": "Why?", "manual_rewritten_utterance": "Why door?"},
            ],
        }
    ]
    _write(root / CAST2020_FILE, json.dumps(topics))
    first = {"number": "1-1", "utterance": "COP26?", "manual_rewritten_utterance": "COP26?"}
    first["response"] = "A climate summit."
    paths = [
        {
            "number": 132,
            "turn": [
                first,
                {"number": "1-3", "utterance": "Effects?", "manual_rewritten_utterance": "E"},
            ],
        },
        {
            "number": 132,
            "turn": [
                first,
                {"number": "2-1", "utterance": "Cost?", "manual_rewritten_utterance": "C"},
            ],
        },
    ]
    _write(root / CAST2022_FILE, json.dumps(paths))


def _ikat_turn(utterance: str, resolved: str, response: str) -> dict[str, Any]:
    return {
        "turn_id": 1,
        "utterance": utterance,
        "resolved_utterance": resolved,
        "response": response,
        "response_provenance": [],
    }


def write_ikat(root: Path) -> None:
    """A tiny ikat folder: one train topic, one test topic."""
    for part, number in (("train", "1-1"), ("test", "9-1")):
        turns = [_ikat_turn("Which one?", "Which university?", "Delft.")]
        _write(topics_path(root, part), json.dumps([{"number": number, "turns": turns}]))
