"""Standard output and standard error when they are closed or cannot be written.

- A closed standard error (`2>&-`): memcore still does its work and exits with its usual
  status; its messages are dropped (written to the null device). Without this, the first
  progress bar or message raised, the traceback could not be printed either, and the command
  ended with status 1 and nothing written.
- A closed standard output (`>&-`), or one whose writes fail (`> /dev/full`): the first write
  raises `OutputFailed`, which `memcore.cli.main` reports in one line on standard error with
  status 2. A command that writes nothing to standard output (`memcore run`) is not affected.
  A reader that went away (`| head -1`) is still a `BrokenPipeError`, ended quietly.

A closed descriptor 1 or 2 is also given the null device, so that no file memcore opens
later (a run, an index) takes its number and receives what a library writes there.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO, cast


class OutputFailed(OSError):
    """Standard output cannot be written: it is closed, or a write to it failed."""


def _failed(error: OSError) -> OutputFailed:
    return OutputFailed(error.errno, error.strerror or str(error))


class _GuardedOutput:
    """Standard output with its write errors told apart from every other `OSError`."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is None:
            raise OutputFailed(errno.EBADF, "it is closed")
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _failed(error) from error

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _failed(error) from error

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _descriptor_is_open(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:
        return False
    return True


def _hold_with_null_device(descriptor: int) -> None:
    """Point the closed `descriptor` at the null device (best effort)."""
    if _descriptor_is_open(descriptor):
        return
    try:
        opened = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    if opened != descriptor:
        # Another closed descriptor below it (standard input) got it; it stays closed.
        with contextlib.suppress(OSError):
            os.dup2(opened, descriptor)
        os.close(opened)


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Run a command with standard error usable even when closed, and standard output's
    failures raised as `OutputFailed`; standard output is restored afterwards."""
    if sys.stderr is None:
        _hold_with_null_device(2)
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the process)
    if sys.stdout is None:
        _hold_with_null_device(1)
    original = sys.stdout
    sys.stdout = cast(TextIO, _GuardedOutput(original))
    try:
        yield
    finally:
        sys.stdout = original


def silence_stdout() -> None:
    """Point standard output's descriptor at the null device, so that Python's flush at exit
    cannot fail a second time (a reader gone, a full disk)."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    # Not a file (a test's capture), or closed: nothing will be flushed to a descriptor.
    except (OSError, ValueError, AttributeError):
        pass
