"""`memcore replay FILE`."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcore import Memory, Node, dump_memory
from memcore.cli import main
from memcore.operations import abandon, add, reactivate

MEMORY = Memory(
    [
        Node(
            1,
            "who walked on the moon?",
            "Neil Armstrong and Buzz Aldrin.",
            operations=[add("Apollo 11")],
            topics=["Apollo 11", "Neil Armstrong", "Buzz Aldrin"],
        ),
        Node(
            2,
            "where did he grow up?",
            "Montclair.",
            operations=[add("Buzz Aldrin")],
            topics=["Buzz Aldrin"],
        ),
        Node(
            3,
            "no, the first one",
            "Wapakoneta.",
            operations=[abandon("Buzz Aldrin"), reactivate("Neil Armstrong")],
            topics=["Neil Armstrong"],
        ),
    ]
)


def test_replay_prints_statuses_and_current(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The printed topics carry the replayed statuses; the last line names the current topic."""
    path = tmp_path / "m.json"
    path.write_text(dump_memory(MEMORY), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "- Buzz Aldrin | kind: - | turns: 1, 2 | status: dropped" in out
    assert "- Neil Armstrong | kind: - | turns: 1, 3 | status: current" in out
    assert out[-1] == "Current topic: Neil Armstrong"


def test_replay_with_horizon_forgets_earlier_turns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --horizon 1 only the last node is replayed."""
    path = tmp_path / "m.json"
    path.write_text(dump_memory(MEMORY), encoding="utf-8")
    assert main(["replay", str(path), "--horizon", "1"]) == 0
    out = capsys.readouterr().out
    assert "Apollo 11" not in out
    assert "- Buzz Aldrin | kind: - | turns: - | status: dropped" in out


def test_replay_of_bad_file_is_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A document that cannot be read gives exit status 2 and says why."""
    path = tmp_path / "m.json"
    path.write_text('{"schema": "memcore.memory", "version": 99, "nodes": []}', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "newer" in capsys.readouterr().err


def test_replay_escapes_control_characters_from_stored_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A terminal escape sequence stored in an answer, a fact or a topic is printed as visible
    escapes, never sent to the terminal raw; the rendered lines stay as they were."""
    title = "\x1b]0;PWNED\x07"
    memory = Memory(
        [
            Node(
                1,
                "what is \x9b31m this?",
                f"It is {title} here.",
                operations=[add(f"Topic{title}")],
                topics=[f"Topic{title}"],
                facts=["bidi \u202etxt.exe"],
            )
        ]
    )
    path = tmp_path / "m.json"
    path.write_text(dump_memory(memory), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(character in out for character in ("\x1b", "\x07", "\x9b", "\u202e")), repr(out)
    assert "It is \\x1b]0;PWNED\\x07 here." in out
    assert "Q: what is \\x9b31m this?" in out
    # Facts are rendered inside the data marks (spec/rendering.md).
    assert "fact: ⟦bidi \\u202etxt.exe⟧" in out
    assert out.splitlines()[-1] == "Current topic: Topic\\x1b]0;PWNED\\x07"
