"""The command line's own description of itself, for the CLI reference page of the docs.

The page (docs/cli.md) shows each subcommand's `--help` as the parser prints it, so the
reference cannot drift from the options; a test checks that the page has a section for every
subcommand.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from memcore.cli import build_parser

# The width the help is wrapped to on the page, whatever the terminal that builds the site.
PAGE_COLUMNS = 88


def subcommand_parsers(
    parser: argparse.ArgumentParser | None = None,
) -> Mapping[str, argparse.ArgumentParser]:
    """Every subcommand's parser, by its name (`build-mtrag`, not the module name)."""
    top = build_parser() if parser is None else parser
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


@contextmanager
def _columns(width: int) -> Iterator[None]:
    # argparse wraps help to $COLUMNS (through shutil.get_terminal_size).
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous


def help_text(command: str | None = None, width: int = PAGE_COLUMNS) -> str:
    """What `memcore --help` (command None) or `memcore COMMAND --help` prints, at `width`
    columns. An unknown command is a `KeyError` naming the known ones."""
    parser = build_parser()
    with _columns(width):
        if command is None:
            return parser.format_help()
        parsers = subcommand_parsers(parser)
        if command not in parsers:
            raise KeyError(f"no subcommand {command!r}; known: {', '.join(parsers)}")
        return parsers[command].format_help()
