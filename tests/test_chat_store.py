"""`memcore chat --store`: a conversation kept in a session store, SQLite or PostgreSQL."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from cli_support import BM25
from memcore.cli import main
from memcore.codec import load_memory
from memcore.sessions import Principal, SessionKey, close_store, open_store
from session_stores import StoreTarget
from test_demo import CHAT

SESSION = "acme/alice/moon"

KEY = SessionKey("acme", "alice", "moon")


def _chat_into(store_target: StoreTarget) -> list[str]:
    """`memcore chat` into the test store's session, with the rule writer the expected
    outputs were written for."""
    return [
        "chat",
        *BM25,
        "--writer",
        "rules",
        "--store",
        store_target.target,
        "--session",
        SESSION,
    ]


def test_chat_appends_every_turn_to_the_store_and_resumes_from_it(
    store_target: StoreTarget,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    saved = tmp_path / "chat.json"
    arguments = _chat_into(store_target)
    monkeypatch.setattr(sys, "stdin", io.StringIO(CHAT))
    assert main([*arguments, "--save", str(saved)]) == 0
    capsys.readouterr()
    store = open_store(store_target.target).unwrap()
    stored = store.load(Principal("acme", "alice"), KEY).unwrap()
    assert stored == load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert [node.turn for node in stored.nodes] == [1, 2, 3, 4]
    assert store_target.rows("SELECT COUNT(*) FROM session_turns") == [(4,)]

    monkeypatch.setattr(sys, "stdin", io.StringIO("when was he born?\n"))
    assert main(arguments) == 0
    output = capsys.readouterr().out
    assert "Memory: 4 turns." in output
    assert "Query: when was Neil Armstrong born?" in output
    resumed = store.load(Principal("acme", "alice"), KEY).unwrap()
    assert [node.turn for node in resumed.nodes] == [1, 2, 3, 4, 5]
    assert resumed.nodes[:3] == stored.nodes[:3]
    # Turn 4 was stored awaiting its answer, as --save writes it: the resumed chat's first
    # call completed it in the store, and the new last question awaits its answer.
    assert "completes turn 4:" in output
    assert stored.nodes[3].awaiting_answer
    assert not resumed.nodes[3].awaiting_answer
    assert resumed.nodes[3].question == stored.nodes[3].question
    assert resumed.nodes[4].awaiting_answer
    assert store_target.rows("SELECT COUNT(*) FROM session_turns") == [(5,)]
    close_store(store)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--session", "acme/alice"], "--session must be TENANT/USER/NAME: 'acme/alice'"),
        (["--resume", "x.json"], "give --resume or --store, not both"),
    ],
)
def test_chat_store_misuse_is_one_line_and_status_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n"))
    assert (
        main(["chat", *BM25, "--writer", "rules", "--store", str(tmp_path / "s.db"), *arguments])
        == 2
    )
    assert capsys.readouterr().err == f"memcore chat: {message}\n"


def test_chat_with_an_unreachable_postgres_server_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("psycopg")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n"))
    url = "postgresql://postgres@/postgres?host=/nonexistent-socket-folder&connect_timeout=2"
    assert main(["chat", *BM25, "--writer", "rules", "--store", url]) == 2
    error = capsys.readouterr().err
    assert error.startswith("memcore chat: cannot open the session store: session store refused")
    assert error.count("\n") == 1


def test_an_answer_typed_after_resuming_is_stored_on_the_awaiting_turn_then_completed(
    store_target: StoreTarget,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = _chat_into(store_target)
    answer = "It landed on the Moon in 1969."
    for typed in ("tell me about apollo 11\n", f"A: {answer}\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        assert main(arguments) == 0
    store = open_store(store_target.target).unwrap()
    # The second chat made no call: the answer replaced the stored turn, still awaiting.
    (awaiting,) = store.load(Principal("acme", "alice"), KEY).unwrap().nodes
    assert awaiting.awaiting_answer and awaiting.answer == answer

    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("who flew it?\n"))
    assert main(arguments) == 0
    assert f"facts the answer added to turn 1: {answer}" in capsys.readouterr().out
    completed, asked = store.load(Principal("acme", "alice"), KEY).unwrap().nodes
    assert not completed.awaiting_answer and completed.facts == (answer,)
    assert asked.awaiting_answer and asked.question == "who flew it?"
    assert store_target.rows("SELECT COUNT(*) FROM session_turns") == [(2,)]
    close_store(store)
