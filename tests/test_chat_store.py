"""`memcore chat --store`: a conversation kept in a session store, SQLite or PostgreSQL."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from memcore.cli import main
from memcore.codec import load_memory
from memcore.sessions import Principal, SessionKey, close_store, open_store
from session_stores import StoreTarget
from test_demo import CHAT

KEY = SessionKey("acme", "alice", "moon")


def test_chat_appends_every_turn_to_the_store_and_resumes_from_it(
    store_target: StoreTarget,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    saved = tmp_path / "chat.json"
    arguments = ["chat", "--store", store_target.target, "--session", "acme/alice/moon"]
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
    assert resumed.nodes[:4] == stored.nodes
    assert [node.turn for node in resumed.nodes] == [1, 2, 3, 4, 5]
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
    assert main(["chat", "--store", str(tmp_path / "s.db"), *arguments]) == 2
    assert capsys.readouterr().err == f"memcore chat: {message}\n"


def test_chat_with_an_unreachable_postgres_server_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("psycopg")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n"))
    url = "postgresql://postgres@/postgres?host=/nonexistent-socket-folder&connect_timeout=2"
    assert main(["chat", "--store", url]) == 2
    error = capsys.readouterr().err
    assert error.startswith("memcore chat: cannot open the session store: session store refused")
    assert error.count("\n") == 1
