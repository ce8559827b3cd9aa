"""The `memcore` command line: one module per subcommand, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Subcommand modules under memcore.cli, imported lazily so `memcore replay` stays light.
SUBCOMMANDS: tuple[str, ...] = ("replay", "run", "eval", "terms", "demo", "chat", "train_writer")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="memcore", description="A revisable memory for conversational search."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"memcore.cli.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; its handler returns the process exit status."""
    arguments = build_parser().parse_args(argv)
    status: int = arguments.handler(arguments)
    return status


if __name__ == "__main__":
    sys.exit(main())
