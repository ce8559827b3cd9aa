"""The `memcore` command line: one module per subcommand, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import importlib
import io
import os
import signal
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


# Exit statuses of a process ended by these signals, as shells report them.
INTERRUPTED = 128 + signal.SIGINT
BROKEN_PIPE = 128 + signal.SIGPIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; its handler returns the process exit status.

    Like other Unix tools, memcore stops quietly when its reader goes away (`memcore demo |
    head -1`), ends with status 130 and one line on Ctrl-C, and replaces characters the
    terminal's encoding cannot show (`PYTHONIOENCODING=ascii`) instead of failing.
    """
    _replace_unencodable_output()
    try:
        arguments = build_parser().parse_args(argv)
        status: int = arguments.handler(arguments)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        print("memcore: interrupted", file=sys.stderr)
        return INTERRUPTED
    return status


def _replace_unencodable_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; pointing it at /dev/null keeps that flush from
    # raising a second BrokenPipeError.
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
