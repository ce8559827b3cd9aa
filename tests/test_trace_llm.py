"""The LLM decomposer through the OpenAI-compatible client, against a loopback HTTP server.

The server answers by model name: "decompose" with drafts (the first turn's, then a follow-up
naming [A_1]), "fail" with HTTP 500, "cut" with an answer stopped at the output cap,
"garbage" with a body that is not a chat completion.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from returns.result import Failure

from memcore.eval.datasets.questions import Dialogue, Turn
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.trace import CmtTraceSystem, LlmDecomposer, trace_ranking
from memcore.trace.llm_decomposer import SYSTEM_PROMPT
from memcore.trace.openai_chat import OpenAIChatClient
from memcore.writers.openai_client import OpenAIConfig
from memcore.writers.protocol import WriterErrorCode

CORPUS = Corpus(
    (
        Passage("apollo-1", "Apollo 11 landed on the moon with Neil Armstrong and Buzz Aldrin."),
        Passage("armstrong-1", "Neil Armstrong did grow up in Wapakoneta, Ohio."),
        Passage("garden-1", "Tomatoes grow well in warm soil and grow along trellises."),
    )
)
DIALOGUE = Dialogue(
    (Turn("who first walked on the moon?", "It was Neil Armstrong. He commanded Apollo 11."),),
    "where did he grow up?",
)
FIRST = {"traces": [{"sub_question": "who first walked on the moon", "keywords": ["moon"]}]}
FOLLOW = {
    "traces": [{"sub_question": "where did [A_1] grow up", "keywords": ["grow"], "depends_on": [1]}]
}


def _completion(content: str, finish: str = "stop") -> dict[str, Any]:
    return {"choices": [{"message": {"content": content}, "finish_reason": finish}]}


@pytest.fixture
def server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    requests: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            requests.append(payload)
            model = payload["model"]
            if model == "fail":
                self._send(500, b"boom")
            elif model == "garbage":
                self._send(200, b'{"nothing": true}')
            elif model == "cut":
                self._send(200, json.dumps(_completion('{"traces": [', "length")).encode())
            else:
                first = "New traces get ids starting at 1." in payload["messages"][1]["content"]
                reply = json.dumps(FIRST if first else FOLLOW)
                self._send(200, json.dumps(_completion(reply)).encode())

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", requests
    httpd.shutdown()
    httpd.server_close()


def _client(base_url: str, model: str) -> OpenAIChatClient:
    return OpenAIChatClient(OpenAIConfig(base_url, model, timeout_s=5.0, use_tokenizer=False))


def test_llm_decomposer_over_http_ranks_the_resolved_follow_up(
    server: tuple[str, list[dict[str, Any]]],
) -> None:
    base_url, requests = server
    retriever = InMemoryBM25.build(CORPUS)
    system = CmtTraceSystem(retriever, LlmDecomposer(_client(base_url, "decompose")))
    ranking = system.rank(DIALOGUE, 3).unwrap()
    # "where did It was Neil Armstrong. grow up": grow, neil, armstrong -> armstrong-1 first
    assert ranking.ids()[0] == "armstrong-1"
    assert len(requests) == 2
    assert requests[0]["temperature"] == 0
    assert requests[0]["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert "[A_1] = It was Neil Armstrong." in requests[1]["messages"][1]["content"]


@pytest.mark.parametrize(
    ("model", "code"),
    [
        ("fail", WriterErrorCode.HTTP_STATUS),
        ("garbage", WriterErrorCode.BAD_RESPONSE),
        ("cut", WriterErrorCode.OUTPUT_TOO_LONG),
    ],
)
def test_client_failures_are_writer_error_values(
    server: tuple[str, list[dict[str, Any]]], model: str, code: WriterErrorCode
) -> None:
    base_url, _ = server
    reply = _client(base_url, model).complete("system", "user")
    assert isinstance(reply, Failure)
    assert reply.failure().code is code
    ranked = trace_ranking(
        DIALOGUE, InMemoryBM25.build(CORPUS), 3, LlmDecomposer(_client(base_url, model))
    )
    assert isinstance(ranked, Failure)
    assert (ranked.failure().code, ranked.failure().field) == ("decomposer", "client")


def test_unreachable_server_is_a_connection_error() -> None:
    probe = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = probe.server_address[1]
    probe.server_close()
    reply = _client(f"http://127.0.0.1:{port}/v1", "decompose").complete("s", "u")
    assert isinstance(reply, Failure)
    assert reply.failure().code is WriterErrorCode.CONNECTION
