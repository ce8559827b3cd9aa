"""`memcore eval` (several systems, metrics, intervals, chart, report), `memcore build-mtrag`
and `memcore build-ikat`."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from returns.result import Failure

from memcore.atomic_write import write_text_atomically
from memcore.cli.run import add_system_options, execution, positive_int, run_spec
from memcore.counts import counted

DEFAULT_SYSTEMS = "memrevise,original,concat,template,writer-query,rrf,oracle,cmt-trace"


def register(subparsers: Any) -> None:
    """Add the `eval`, `build-mtrag` and `build-ikat` subcommands."""
    parser = subparsers.add_parser(
        "eval",
        help="run several systems, score them, write metrics, runs, chart and report",
        description="Run systems over questions, print the MRR@10 table and write metrics.json, "
        "runs/, mrr_by_set.png, stale_first_by_set.png and report.md into the output "
        "directory. --corpus and --questions may be repeated in pairs (one corpus per domain).",
    )
    parser.add_argument("--corpus", required=True, type=Path, action="append")
    parser.add_argument("--questions", required=True, type=Path, action="append")
    parser.add_argument("--systems", default=DEFAULT_SYSTEMS, help="comma-separated names")
    parser.add_argument("--output-dir", required=True, type=Path)
    parser.add_argument("--reference", default=None, help="system the others are compared with")
    parser.add_argument("--samples", type=int, default=2000, help="bootstrap replicates")
    parser.add_argument(
        "--errors", type=int, default=10, help="failures sampled per set for errors.md (0: none)"
    )
    parser.add_argument(
        "--limit",
        type=positive_int,
        default=None,
        help="the first N questions of each tier of each file (a per-tier cut)",
    )
    parser.add_argument(
        "--qrels",
        type=Path,
        action="append",
        default=None,
        help="TREC qrels giving the questions' gold (grade > 0): once for every file, or once "
        "per --questions in order; questions it does not judge are left out",
    )
    add_system_options(parser)
    parser.set_defaults(handler=handle_eval)

    export = subparsers.add_parser(
        "export-qrels",
        help="write the judgements of a questions file as TREC qrels",
        description="Write each gold passage of a questions JSONL file as `qid 0 docid 1` and "
        "each stale passage as `qid 0 docid 0` (judged, not relevant), for trec_eval, "
        "ir_measures, ranx or pyserini.",
    )
    export.add_argument("--questions", required=True, type=Path, help="questions JSONL")
    export.add_argument("--output", required=True, type=Path, help="qrels file to write")
    export.set_defaults(handler=handle_export_qrels)

    build = subparsers.add_parser(
        "build-mtrag",
        help="build the question sets and corpora from an MTRAG folder",
        description="Write corpus/<domain>.jsonl, <part>/<domain>.jsonl, split.json, "
        "families.json and counts.json under --out, deterministically for --seed "
        "(the dev part is written in tuning wording families only, the test part in test "
        "families, each held-out part (fresh, fresh2, ..., fresh10: one per file of "
        "memcore/data/wording/ besides base.toml) the test items again, each in its own "
        "held-out families).",
    )
    build.add_argument("--data", required=True, type=Path, help="the MTRAG folder")
    build.add_argument("--out", required=True, type=Path)
    build.add_argument("--seed", type=int, default=13)
    build.set_defaults(handler=handle_build)

    ikat = subparsers.add_parser(
        "build-ikat",
        help="build the iKAT 2023 retrieval set (provenance passages, one question per turn)",
        description="Write corpus/ikat.jsonl, dev/ikat.jsonl (train topics), test/ikat.jsonl "
        "(test topics), split.json and counts.json under --out.",
    )
    ikat.add_argument("--data", required=True, type=Path, help="the iKAT folder")
    ikat.add_argument("--out", required=True, type=Path)
    ikat.set_defaults(handler=handle_build_ikat)


def handle_build(arguments: argparse.Namespace) -> int:
    """Build the MTRAG sets; prints the counts per part, domain and tier."""
    from memcore.eval.datasets.write_sets import build_mtrag

    built = build_mtrag(arguments.data, arguments.out, arguments.seed)
    if isinstance(built, Failure):
        print(f"memcore build-mtrag: {built.failure()}", file=sys.stderr)
        return 2
    print(json.dumps(built.unwrap(), indent=1, sort_keys=True))
    return 0


def handle_build_ikat(arguments: argparse.Namespace) -> int:
    """Build the iKAT 2023 set; prints the counts per part."""
    from memcore.eval.datasets.ikat import build_ikat

    try:
        built = build_ikat(arguments.data, arguments.out)
    except OSError as error:
        print(f"memcore build-ikat: cannot write under {arguments.out}: {error}", file=sys.stderr)
        return 2
    if isinstance(built, Failure):
        print(f"memcore build-ikat: {built.failure()}", file=sys.stderr)
        return 2
    print(json.dumps(built.unwrap(), indent=1, sort_keys=True))
    return 0


def _log(message: str) -> None:
    print(message, file=sys.stderr)


EVAL_EXTRA = "pip install 'memcore[eval]'"


def _missing_scorer() -> str | None:
    """Why the runs could not be scored (the `eval` extra's ir_measures, or scipy for the
    p-values, is missing), or None."""
    for module in ("ir_measures", "scipy.stats"):
        try:
            importlib.import_module(module)
        except ImportError as error:
            return f"scoring needs the `eval` extra ({error.msg}): {EVAL_EXTRA}"
    return None


def handle_eval(arguments: argparse.Namespace) -> int:
    """Evaluate; 0 on success, 2 on unusable input."""
    from memcore.eval.datasets.questions import first_per_tier
    from memcore.eval.datasets.topics import judged_by, load_questions, read_qrels
    from memcore.eval.runs.evaluate import Part, evaluate
    from memcore.eval.runs.spec import SYSTEM_NAMES, SystemName
    from memcore.eval.scores.report import summarise, text_table

    if len(arguments.corpus) != len(arguments.questions):
        print("memcore eval: give --corpus and --questions in pairs", file=sys.stderr)
        return 2
    missing = _missing_scorer()
    if missing is not None:
        # Said before any system runs: without it no run could be scored.
        print(f"memcore eval: {missing}", file=sys.stderr)
        return 2
    systems = [name.strip() for name in arguments.systems.split(",") if name.strip()]
    if not systems:
        print("memcore eval: --systems names no system", file=sys.stderr)
        return 2
    unknown = [name for name in systems if name not in SYSTEM_NAMES]
    if unknown:
        print(
            f"memcore eval: unknown system(s) {', '.join(map(repr, unknown))} "
            f"(known: {', '.join(SYSTEM_NAMES)})",
            file=sys.stderr,
        )
        return 2
    specified = run_spec(arguments, systems[0])
    if isinstance(specified, Failure):
        print(f"memcore eval: {specified.failure()}", file=sys.stderr)
        return 2
    base = specified.unwrap()
    output: Path = arguments.output_dir
    try:
        if output.exists() and not output.is_dir():
            raise NotADirectoryError(f"{output} exists and is not a directory")
        output.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror if error.filename else str(error)
        print(
            f"memcore eval: cannot use {output} as the output directory: {reason}", file=sys.stderr
        )
        return 2
    qrels_paths = arguments.qrels or []
    if len(qrels_paths) not in (0, 1, len(arguments.questions)):
        print("memcore eval: give --qrels once, or once per --questions", file=sys.stderr)
        return 2
    parts = []
    for index, (corpus, questions_path) in enumerate(
        zip(arguments.corpus, arguments.questions, strict=True)
    ):
        read = load_questions(questions_path)
        if isinstance(read, Failure):
            print(f"memcore eval: bad questions file:\n{read.failure()}", file=sys.stderr)
            return 2
        loaded = read.unwrap()
        if qrels_paths:
            qrels = read_qrels(qrels_paths[min(index, len(qrels_paths) - 1)])
            if isinstance(qrels, Failure):
                print(f"memcore eval: bad qrels file:\n{qrels.failure()}", file=sys.stderr)
                return 2
            judged = judged_by(loaded, qrels.unwrap())
            if len(judged) < len(loaded):
                _log(
                    f"memcore eval: {questions_path}: {len(loaded) - len(judged)} of "
                    f"{len(loaded)} questions have no relevant passage in the qrels; left out"
                )
            loaded = judged
        unjudged = sum(1 for question in loaded if not question.judgement.judged)
        if unjudged or not loaded:
            problem = (
                f"{unjudged} questions without judgements (no gold)"
                if unjudged
                else ("no question judged")
            )
            print(
                f"memcore eval: {questions_path}: {problem}; give --qrels, or rank them "
                "with memcore run",
                file=sys.stderr,
            )
            return 2
        questions = first_per_tier(loaded, arguments.limit)
        label = corpus.stem if arguments.corpus.count(corpus) == 1 else questions_path.stem
        parts.append(Part(label, corpus, questions))
    evaluated = evaluate(
        parts,
        [SystemName(name) for name in systems],
        base,
        output / "runs",
        execution(arguments),
        not arguments.no_cache,
        not arguments.quiet,
        _log,
    )
    if isinstance(evaluated, Failure):
        print(f"memcore eval: {evaluated.failure()}", file=sys.stderr)
        return 2
    evaluation = evaluated.unwrap()
    summary = summarise(evaluation, arguments.reference, arguments.samples)
    try:
        _write_outputs(evaluation, parts, arguments, summary, systems, base)
    except OSError as error:
        print(f"memcore eval: cannot write the results: {error}", file=sys.stderr)
        return 2
    print(text_table(summary))
    return 0


def handle_export_qrels(arguments: argparse.Namespace) -> int:
    """Write a questions file's judgements as TREC qrels; 2 on unusable input."""
    from memcore.eval.datasets.questions import read_questions
    from memcore.eval.datasets.topics import write_qrels

    read = read_questions(arguments.questions)
    if isinstance(read, Failure):
        print(f"memcore export-qrels: bad questions file:\n{read.failure()}", file=sys.stderr)
        return 2
    questions = read.unwrap()
    try:
        written = write_qrels(arguments.output, questions)
    except OSError as error:
        print(f"memcore export-qrels: cannot write {arguments.output}: {error}", file=sys.stderr)
        return 2
    judged = sum(1 for question in questions if question.judgement.judged)
    print(
        f"memcore export-qrels: {written} judgements of {judged} questions "
        f"({len(questions) - judged} without judgements) -> {arguments.output}",
        file=sys.stderr,
    )
    return 0


def _write_outputs(
    evaluation: Any,
    parts: list[Any],
    arguments: argparse.Namespace,
    summary: dict[str, Any],
    systems: list[str],
    base: Any,
) -> None:
    from memcore.eval.scores.report import markdown_tables, write_charts

    output: Path = arguments.output_dir
    write_text_atomically(
        output / "metrics.json", json.dumps(summary, indent=1, sort_keys=True) + "\n"
    )
    tables = markdown_tables(summary)
    write_text_atomically(
        output / "report.md",
        "# Evaluation report\n\n"
        f"Systems: {', '.join(systems)}. Parts: "
        + ", ".join(f"{part.label} ({counted(len(part.questions), 'question')})" for part in parts)
        + ".\n\n"
        + tables,
    )
    if summary["table_sets"]:
        try:
            write_charts(summary, output)
        except ImportError:
            _log("memcore eval: matplotlib is not installed (eval extra); no chart written")
    if arguments.errors > 0:
        _write_errors(evaluation, parts, arguments, output / "errors.md", base)


def _write_errors(
    evaluation: Any, parts: list[Any], arguments: argparse.Namespace, path: Path, base: Any
) -> None:
    from memcore.eval.runs.spec import SystemName
    from memcore.eval.runs.systems import make_system
    from memcore.eval.scores.analysis import failure_report, sample_failures

    system_name = evaluation.systems[0]
    samples = sample_failures(evaluation.scored[system_name], arguments.errors)
    systems: dict[str, Any] = {}
    corpora: dict[str, Any] = {}
    for part in parts:
        index = evaluation.indexes[part.label]
        corpora[part.label] = index.retriever.corpus
        made = make_system(
            SystemName(system_name),
            index.retriever,
            evaluation.builders.get(part.label),
            base.horizon,
            base.search,
        )
        systems[part.label] = None if isinstance(made, Failure) else made.unwrap()
    questions = {(part.label, q.id): q for part in parts for q in part.questions}
    runs = {part.label: evaluation.outcomes[(part.label, system_name)].run for part in parts}
    text = failure_report(samples, questions, runs, systems, corpora)
    write_text_atomically(
        path, f"# Failures of {system_name} (no gold passage in the top 10)\n\n{text}"
    )
