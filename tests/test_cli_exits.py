"""The memcore program ends with a message and a status, never a traceback: odd input bytes,
a closed standard input or output, an ASCII terminal, Ctrl-C, bad option values."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memcore
from cli_support import BM25
from memcore.codec import dump_memory
from memcore.node import Memory, Node
from memcore.operations import add

SOURCE = str(Path(memcore.__file__).parent.parent)
PROGRAM = "import sys; from memcore.cli import main; sys.exit(main())"


def memcore_process(
    arguments: list[str], environment: dict[str, str] | None = None, **options: Any
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", PROGRAM, *arguments],
        env={**os.environ, "PYTHONPATH": SOURCE, **(environment or {})},
        capture_output="stdout" not in options,
        timeout=300,
        check=False,
        **options,
    )


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in (done.stderr or b""), done.stderr.decode(errors="replace")


def test_a_resumed_chat_saved_over_itself_survives_bytes_that_are_not_utf8(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "chat.json"
    first = memcore_process(
        ["chat", *BM25, "--save", str(saved)],
        input=b"who walked on the moon?\nA: Neil Armstrong\n:quit\n",
    )
    assert first.returncode == 0, first.stderr
    before = json.loads(saved.read_text(encoding="utf-8"))
    second = memcore_process(
        ["chat", *BM25, "--resume", str(saved), "--save", str(saved)],
        input=b"what about caf\xe9?\n:quit\n",
    )
    no_traceback(second)
    assert second.returncode == 0
    assert b"not UTF-8 replaced" in second.stderr
    after = json.loads(saved.read_text(encoding="utf-8"))
    # The saved question awaited its answer; the resumed chat's call completed it.
    assert before["nodes"][-1]["awaiting_answer"]
    kept = [(node["question"], node["answer"]) for node in after["nodes"][: len(before["nodes"])]]
    assert kept == [(node["question"], node["answer"]) for node in before["nodes"]]
    assert "awaiting_answer" not in after["nodes"][0]
    assert after["nodes"][-1]["question"] == "what about caf\ufffd?"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["chat.json"]


def test_chat_with_standard_input_closed_is_a_message_and_status_2() -> None:
    done = memcore_process(
        ["chat", *BM25], stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0)
    )
    no_traceback(done)
    assert done.returncode == 2
    assert done.stderr.decode().strip() == "memcore chat: standard input is closed; nothing to read"


@pytest.mark.parametrize("command", ["chat", "demo"])
@pytest.mark.parametrize("top", ["-1", "0"])
def test_a_top_below_one_is_refused(command: str, top: str) -> None:
    done = memcore_process([command, "--top", top], stdin=subprocess.DEVNULL)
    no_traceback(done)
    assert done.returncode == 2
    assert f"argument --top: must be at least 1, got {top}" in done.stderr.decode()
    assert b"Top" not in done.stdout


def _with_reader_gone(arguments: list[str]) -> subprocess.CompletedProcess[bytes]:
    # The pipe's reading end is closed before memcore starts, as after `| head -1` ends.
    reading, writing = os.pipe()
    os.close(reading)
    try:
        return memcore_process(arguments, stdout=writing, stderr=subprocess.PIPE)
    finally:
        os.close(writing)


def test_demo_stops_quietly_when_its_reader_goes_away() -> None:
    done = _with_reader_gone(["demo", *BM25])
    assert done.stderr == b""
    assert done.returncode == 128 + signal.SIGPIPE


def test_replay_stops_quietly_when_its_reader_goes_away(tmp_path: Path) -> None:
    nodes = tuple(
        Node(
            turn, f"question {turn}", topics=(f"Topic {turn}",), operations=(add(f"Topic {turn}"),)
        )
        for turn in range(1, 2001)
    )
    big = tmp_path / "big.json"
    big.write_text(dump_memory(Memory(nodes)))
    done = _with_reader_gone(["replay", str(big)])
    assert done.stderr == b""
    assert done.returncode == 128 + signal.SIGPIPE


def test_an_ascii_terminal_gets_replacement_characters() -> None:
    done = memcore_process(["demo", *BM25, "--top", "1"], {"PYTHONIOENCODING": "ascii"})
    no_traceback(done)
    assert done.returncode == 0
    assert done.stdout.isascii()
    assert b"?" in done.stdout


INTERRUPTIBLE_RUN = """
import sys, time
import memcore.eval.runs.session as session
from memcore.cli import main

def waits_for_ctrl_c(*arguments, **options):
    print("ranking", file=sys.stderr, flush=True)
    time.sleep(120)

session.run_questions = waits_for_ctrl_c
sys.exit(main(sys.argv[1:]))
"""


def _sigint_as_from_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_a_run_is_one_line_and_status_130(tmp_path: Path) -> None:
    corpus, questions = tmp_path / "corpus.jsonl", tmp_path / "questions.jsonl"
    corpus.write_text(json.dumps({"_id": "d1", "title": "T", "text": "the nile"}) + "\n")
    question = {
        "id": "q1",
        "conversation_id": "c1",
        "tier": "natural",
        "turns": [],
        "final": "nile",
        "gold": ["d1"],
        "stale": [],
    }
    questions.write_text(json.dumps(question) + "\n")
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    arguments += ["--output", str(tmp_path / "r.trec"), "--backend", "memory", "--quiet"]
    process = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTIBLE_RUN, *arguments],
        env={**os.environ, "PYTHONPATH": SOURCE},
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        # As from a terminal: a suite started in the background (`pytest &` in a script)
        # ignores SIGINT, a child inherits that, and Python then never raises Ctrl-C.
        preexec_fn=_sigint_as_from_a_terminal,
    )
    assert process.stderr is not None
    assert process.stderr.readline() == b"ranking\n"
    process.send_signal(signal.SIGINT)
    rest = process.stderr.read()
    assert process.wait(timeout=60) == 130
    assert rest == b"memcore: interrupted\n"
    assert not (tmp_path / "r.trec").exists()
