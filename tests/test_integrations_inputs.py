"""What the adapters refuse: a query that is not a string, is blank or is over the command
line's question cap, and an answer over its answer cap, each a `ValueError` with a clear
message and no stored turn; and an adapter imported without its extra names the extra."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memcore.caps import ANSWER_CHARS, QUESTION_CHARS
from memcore.integrations.live_session import InputRefused, LiveInputRefused
from test_cli_exits import SOURCE
from test_integrations import live_sessions

BAD_QUERIES: list[tuple[Any, str]] = [
    ("", "memcore refused the question: must not be empty"),
    ("  \n", "memcore refused the question: must not be empty"),
    (3, "memcore refused the question: must be a string, got int"),
    (None, "memcore refused the question: must be a string, got NoneType"),
    (b"apollo", "memcore refused the question: must be a string, got bytes"),
    (
        "a" * (QUESTION_CHARS + 1),
        f"memcore refused the question: has {QUESTION_CHARS + 1:,} characters; "
        f"the cap is {QUESTION_CHARS:,}",
    ),
]


@pytest.mark.parametrize(("query", "message"), BAD_QUERIES)
def test_langchain_refuses_a_bad_query_and_stores_nothing(
    tmp_path: Path, query: Any, message: str
) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    with pytest.raises(ValueError) as raised:
        MemcoreRetriever(sessions=sessions).invoke(query)
    assert isinstance(raised.value, LiveInputRefused)
    assert str(raised.value) == message
    assert isinstance(raised.value.error, InputRefused)
    assert writer.calls == 0
    assert len(sessions.conversation("default").unwrap().memory) == 0


@pytest.mark.parametrize(("query", "message"), BAD_QUERIES)
def test_llamaindex_refuses_a_bad_query_and_stores_nothing(
    tmp_path: Path, query: Any, message: str
) -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.schema import QueryBundle

    from memcore.integrations.llamaindex import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions, user="dana")
    with pytest.raises(LiveInputRefused) as raised:
        retriever.retrieve(query)
    assert str(raised.value) == message
    with pytest.raises(LiveInputRefused):
        asyncio.run(retriever.aretrieve(query))
    if isinstance(query, str):
        with pytest.raises(LiveInputRefused):
            retriever.retrieve(QueryBundle(query))
    assert writer.calls == 0
    assert len(sessions.conversation("dana").unwrap().memory) == 0


def test_an_answer_over_the_cap_is_refused_and_not_recorded(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)
    retriever.invoke("tell me about apollo 11")
    with pytest.raises(LiveInputRefused) as raised:
        retriever.record_answer("a" * (ANSWER_CHARS + 1))
    assert str(raised.value) == (
        f"memcore refused the answer: has {ANSWER_CHARS + 1:,} characters; "
        f"the cap is {ANSWER_CHARS:,}"
    )
    (awaiting,) = sessions.conversation("default").unwrap().memory.nodes
    assert awaiting.answer == ""
    assert retriever.record_answer("a" * ANSWER_CHARS)


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("memcore.integrations.langchain", "langchain_core", "langchain"),
        ("memcore.integrations.llamaindex", "llama_index", "llamaindex"),
    ],
)
def test_an_adapter_without_its_extra_is_a_one_line_import_error_naming_it(
    module: str, blocked: str, extra: str
) -> None:
    # A fresh interpreter where the framework cannot be imported, as without the extra.
    program = f"import sys; sys.modules[{blocked!r}] = None; import {module}"
    done = subprocess.run(
        [sys.executable, "-c", program],
        env={**os.environ, "PYTHONPATH": SOURCE},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1
    last = done.stderr.splitlines()[-1]
    assert last.startswith(
        f"ImportError: {module} needs the {extra} extra: pip install 'memcore[{extra}]' ("
    )
    # the framework's own ModuleNotFoundError is not shown as a second traceback
    assert "During handling" not in done.stderr
