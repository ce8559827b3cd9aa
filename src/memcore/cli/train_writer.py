"""`memcore train-writer`: train the learned writer's models from the shared data folder."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from returns.result import Failure

if TYPE_CHECKING:
    from memcore.eval.training.behaviour_training import BehaviourSource
    from memcore.eval.training.train_writer import Trained

# What the behaviour options default to (kept here so that --help needs no training import).
SLOTS_NAME = "_slots.toml"
BEHAVIOUR_CASES = 8


def register(subparsers: Any) -> None:
    """Add the `train-writer` subcommand."""
    parser = subparsers.add_parser(
        "train-writer",
        help="train the learned writer's models (tuning parts of CAsT, iKAT and MTRAG)",
        description=(
            "Train the learned writer's term and topic scorers from the tuning parts of the "
            "data sets under --data (CAsT 2019/2020/2022, iKAT 2023, MTRAG) and write them to "
            "--out. Deterministic: the same data and seed give the same models on one "
            "machine; at the end it says whether they reproduce the shipped ones."
        ),
    )
    parser.add_argument("--data", required=True, type=Path, help="the shared data folder")
    parser.add_argument("--out", required=True, type=Path, help="folder for the models")
    parser.add_argument("--seed", type=int, default=13, help="split seed (default 13)")
    parser.add_argument(
        "--minilm",
        action="store_true",
        help=(
            "also train the learned-minilm variant's topic scorers (MiniLM similarity "
            "features; needs the dense extra)"
        ),
    )
    parser.add_argument(
        "--context-terms",
        action="store_true",
        help=(
            "also train the learned-context variant's term scorer (MiniLM token vectors of "
            "the history terms; needs the dense extra)"
        ),
    )
    parser.add_argument(
        "--behaviour-templates",
        nargs="+",
        type=Path,
        default=(),
        metavar="DIR",
        help=(
            "also train the topic scorers (and with --minilm the referent scorer) on behaviour "
            "cases drawn from these template folders, labelled by their expectations (off by "
            "default; the folders' hash is recorded in the models)"
        ),
    )
    parser.add_argument(
        "--behaviour-slots",
        type=Path,
        metavar="FILE",
        help=f"the slot fillers of the behaviour cases (default: the first folder's {SLOTS_NAME})",
    )
    parser.add_argument(
        "--behaviour-cases",
        type=int,
        default=BEHAVIOUR_CASES,
        metavar="N",
        help=f"behaviour cases drawn per family, seeded by --seed (default {BEHAVIOUR_CASES})",
    )
    parser.set_defaults(handler=run)


def _behaviour_source(arguments: argparse.Namespace) -> BehaviourSource | str | None:
    """The behaviour folders the options name (None: none), or why they cannot be read."""
    from memcore.eval.training.behaviour_training import BehaviourSource

    folders: tuple[Path, ...] = tuple(arguments.behaviour_templates)
    if not folders:
        return None
    if arguments.behaviour_cases < 1:
        return "--behaviour-cases must be at least 1"
    slots = arguments.behaviour_slots
    if slots is None:
        having = [folder / SLOTS_NAME for folder in folders if (folder / SLOTS_NAME).is_file()]
        if not having:
            return f"no folder of --behaviour-templates has {SLOTS_NAME}; name --behaviour-slots"
        slots = having[0]
    return BehaviourSource(folders, slots, arguments.behaviour_cases)


def run(arguments: argparse.Namespace) -> int:
    """Train, write the models, print what they were trained on."""
    data: Path = arguments.data
    if not data.is_dir():
        print(f"memcore: error: --data {data} is not a folder", file=sys.stderr)
        return 2
    if arguments.out.exists() and not arguments.out.is_dir():
        print(f"memcore: error: --out {arguments.out} is a file", file=sys.stderr)
        return 2
    behaviour = _behaviour_source(arguments)
    if isinstance(behaviour, str):
        print(f"memcore: error: {behaviour}", file=sys.stderr)
        return 2
    from memcore.eval.training.train_writer import READ_PARTS, train_writer

    vectors = None
    if arguments.minilm:
        from memcore.cache import cache_root
        from memcore.writers.learned.vector_cache import VectorCache, minilm_encoder

        encoder = minilm_encoder(cache_root())
        if isinstance(encoder, Failure):
            message = f"--minilm needs the dense extra ({encoder.failure()})"
            print(f"memcore: error: {message}", file=sys.stderr)
            return 2
        # Training reads every text once; nothing is dropped, so nothing is encoded twice.
        vectors = VectorCache(encoder.unwrap(), limit=1_000_000)
    tokens = None
    if arguments.context_terms:
        from memcore.cache import cache_root
        from memcore.writers.learned.term_reader import TokenCache, token_reader

        reader = token_reader(cache_root())
        if isinstance(reader, Failure):
            message = f"--context-terms needs the dense extra ({reader.failure()})"
            print(f"memcore: error: {message}", file=sys.stderr)
            return 2
        # Training reads every text once: nothing is dropped, so nothing is read twice.
        tokens = TokenCache(reader.unwrap(), limit=1_000_000)
    trained = train_writer(data, arguments.seed, READ_PARTS, vectors, tokens, behaviour)
    if isinstance(trained, Failure):
        print(f"memcore: error: {trained.failure()}", file=sys.stderr)
        return 2
    result = trained.unwrap()
    result.save(arguments.out)
    print(json.dumps(result.summary, indent=2, sort_keys=True))
    print(f"models written to {arguments.out}")
    _print_agreement(result)
    return 0


def _print_agreement(trained: Trained) -> None:
    """Whether the models reproduce the shipped ones (`memcore.eval.training.model_agreement`); a
    difference is reported, not an error: other data or a seed give other models."""
    from memcore.eval.training.model_agreement import against_shipped

    judged = against_shipped(trained.models, trained.minilm)
    if isinstance(judged, Failure):
        print(f"not compared with the shipped models: {judged.failure()}")
        return
    problems = [line for one in judged.unwrap() for line in one.problems()]
    if not problems:
        print("these models reproduce the shipped ones (same decisions on their check rows)")
        return
    print("these models differ from the shipped ones:")
    for line in problems:
        print(f"  {line}")
