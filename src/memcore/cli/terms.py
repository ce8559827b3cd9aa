"""`memcore eval-terms`: query resolution of a writer against human rewrites (CAsT, iKAT)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.cli.run import positive_int
from memcore.writers.factory import DEFAULT_WRITER, FALLBACK_WRITER, default_writer_name

DEFAULT_SOURCES = "cast2019,cast2020,cast2022,ikat2023"


def register(subparsers: Any) -> None:
    """Add the `eval-terms` subcommand."""
    parser = subparsers.add_parser(
        "eval-terms",
        help="score a writer's query resolution against human rewrites (CAsT, iKAT)",
        description="For every turn of the CAsT 2019/2020/2022 and iKAT 2023 conversations, "
        "let the writer read the earlier turns and write the turn's query; score the terms it "
        "adds against the history terms the human rewrite adds. Prints recall, precision and "
        "F1 per source with 95% bootstrap intervals.",
    )
    parser.add_argument("--data", required=True, type=Path, help="the shared data folder")
    parser.add_argument(
        "--writer",
        default=None,
        help=f"{DEFAULT_WRITER} (default where the dense encoder is installed, else "
        f"{FALLBACK_WRITER}), rules, openai[:model], ...",
    )
    parser.add_argument("--part", choices=("test", "dev"), default="test")
    parser.add_argument("--sources", default=DEFAULT_SOURCES, help="comma-separated names")
    parser.add_argument("--seed", type=int, default=13, help="seed of the tuning/test split")
    parser.add_argument("--samples", type=positive_int, default=2000, help="bootstrap replicates")
    parser.add_argument("--output", type=Path, default=None, help="write the scores as JSON")
    parser.set_defaults(handler=handle_eval_terms)


def _fail(message: str) -> int:
    print(f"memcore eval-terms: {message}", file=sys.stderr)
    return 2


def handle_eval_terms(arguments: argparse.Namespace) -> int:
    """Score the writer; 0 on success, 2 on unusable input."""
    from memcore.eval.datasets.cast import READERS, read_sources
    from memcore.eval.datasets.rewrites import split_conversations
    from memcore.eval.runs.term_run import resolve_conversations
    from memcore.eval.scores.term_resolution import score_turns
    from memcore.writers.driver import Driver
    from memcore.writers.factory import WriterChoice, build_writer

    sources = tuple(name.strip() for name in arguments.sources.split(",") if name.strip())
    unknown = [name for name in sources if name not in READERS]
    if not sources or unknown:
        return _fail(f"--sources: unknown or no source(s) {unknown} (known: {', '.join(READERS)})")
    # The writer's name is checked before the sources are read, its model loaded after.
    chosen = (
        WriterChoice.parse(default_writer_name(arguments.writer))
        .alt(lambda problem: f"--writer: {problem.message}")
        .bind(
            lambda spec: (
                read_sources(arguments.data, sources)
                .alt(str)
                .bind(
                    lambda read: (
                        build_writer(spec)
                        .alt(lambda problem: f"--writer: {problem.message}")
                        .map(lambda writer: (read, writer))
                    )
                )
            )
        )
    )
    if isinstance(chosen, Failure):
        return _fail(chosen.failure())
    read, writer = chosen.unwrap()
    tuning, test = split_conversations(read, arguments.seed)
    conversations = test if arguments.part == "test" else tuning
    resolved = resolve_conversations(conversations, Driver(writer))
    by_source: dict[str, list[Any]] = {}
    for turn in resolved.turns:
        by_source.setdefault(turn.source, []).append(turn)
    scores = {
        source: score_turns([turn.terms for turn in turns], arguments.samples)
        for source, turns in by_source.items()
    }
    summary = _summary(arguments, scores, resolved)
    if arguments.output is not None:
        try:
            arguments.output.write_text(json.dumps(summary, indent=1) + "\n")
        except OSError as error:
            return _fail(f"cannot write {arguments.output}: {error.strerror or error}")
    print(text_table(summary["sources"]))
    if resolved.failures:
        print(f"{resolved.failures} writer call(s) failed", file=sys.stderr)
    return 0


def _interval(value: Any) -> dict[str, float] | None:
    if value is None:
        return None
    return {"mean": value.mean, "low": value.low, "high": value.high}


def _summary(arguments: argparse.Namespace, scores: Mapping[str, Any], resolved: Any) -> Any:
    return {
        "writer": default_writer_name(arguments.writer),
        "part": arguments.part,
        "seed": arguments.seed,
        "samples": arguments.samples,
        "writer_failures": resolved.failures,
        "sources": {
            source: {
                "turns_with_gold": score.turns,
                "gold_terms": score.gold_terms,
                "predicted_terms": score.predicted_terms,
                "hits": score.hits,
                "recall": _interval(score.recall),
                "precision": _interval(score.precision),
                "f1": score.f1,
            }
            for source, score in scores.items()
        },
        "turns": [
            {
                "source": turn.source,
                "conversation_id": turn.conversation_id,
                "turn": turn.turn,
                "utterance": turn.utterance,
                "rewrite": turn.rewrite,
                "query": turn.query,
                "gold": sorted(turn.terms.gold),
                "predicted": sorted(turn.terms.predicted),
            }
            for turn in resolved.turns
        ],
    }


def _cell(interval: Mapping[str, float] | None) -> str:
    if interval is None:
        return "-"
    return f"{interval['mean']:.3f} [{interval['low']:.3f}, {interval['high']:.3f}]"


def text_table(sources: Mapping[str, Mapping[str, Any]]) -> str:
    """One row per source: turns with gold terms, gold terms, recall, precision, F1."""
    header = ("source", "turns", "gold terms", "recall [95% CI]", "precision [95% CI]", "F1")
    rows: list[Sequence[str]] = [header]
    for source, row in sources.items():
        f1 = row["f1"]
        rows.append(
            (
                source,
                str(row["turns_with_gold"]),
                str(row["gold_terms"]),
                _cell(row["recall"]),
                _cell(row["precision"]),
                "-" if f1 is None else f"{f1:.3f}",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )
