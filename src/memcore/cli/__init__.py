"""The `memcore` command line: one module per subcommand, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import importlib
import io
import signal
import sys
from collections.abc import Sequence

from memcore.cli.streams import OutputFailed, guarded_streams, silence_stdout

# Subcommand modules under memcore.cli, imported lazily so `memcore replay` stays light.
SUBCOMMANDS: tuple[str, ...] = (
    "replay",
    "run",
    "eval",
    "index",
    "terms",
    "demo",
    "chat",
    "train_writer",
)


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
# Standard output closed or failing: an unusable setup, like bad input.
OUTPUT_FAILED = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; its handler returns the process exit status.

    Like other Unix tools, memcore stops quietly when its reader goes away (`memcore demo |
    head -1`), ends with status 130 and one line on Ctrl-C, and replaces characters the
    terminal's encoding cannot show (`PYTHONIOENCODING=ascii`) instead of failing. A closed
    or failing standard output (`>&-`, `> /dev/full`) ends with one line and status 2; with
    standard error closed (`2>&-`) the command still runs, its messages dropped
    (`memcore.cli.streams`).
    """
    _replace_unencodable_output()
    with guarded_streams():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    command = "memcore"
    try:
        arguments = build_parser().parse_args(argv)
        command = f"memcore {arguments.command}"
        status: int = arguments.handler(arguments)
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        return BROKEN_PIPE
    except OutputFailed as error:
        silence_stdout()
        print(f"{command}: cannot write to standard output: {error.strerror}", file=sys.stderr)
        return OUTPUT_FAILED
    except KeyboardInterrupt:
        print("memcore: interrupted", file=sys.stderr)
        return INTERRUPTED
    return status


def _replace_unencodable_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


if __name__ == "__main__":
    sys.exit(main())
