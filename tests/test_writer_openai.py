"""The OpenAI-compatible writer against a real HTTP server on 127.0.0.1 started by the test.

The server answers by model name: "good" with a node, "fenced" with a node in a code fence,
"malformed" with text that is not JSON, "slow" after longer than the client waits, "fail"
with HTTP 500, "cut" with an answer stopped at the output cap, "garbage" with a body that is
not a chat completion. `/tokenize` counts one token per word, as a server tokenizer would.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import attrs
import pytest
from returns.result import Failure, Success

from memcore.operations import abandon, reactivate
from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, DriverConfig, FailurePolicy
from memcore.writers.examples import APOLLO11
from memcore.writers.node_json import node_json
from memcore.writers.openai_client import (
    ChatCompletionClient,
    OpenAIConfig,
    OpenAIWriter,
    estimate_tokens,
)
from memcore.writers.prompt import EXAMPLE_NODE, system_prompt
from memcore.writers.protocol import TokenCount, WriterErrorCode, WriterRequest
from memcore.writers.rules import RuleWriter

GOOD = node_json(EXAMPLE_NODE)


@attrs.define
class Log:
    chat: list[dict[str, Any]] = attrs.field(factory=list)
    tokenize: int = 0
    headers: list[str] = attrs.field(factory=list)


def _handler(log: Log, tokenizer: bool) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, document: object) -> None:
            body = json.dumps(document).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            payload = json.loads(self.rfile.read(length))
            authorization = self.headers.get("Authorization")
            if authorization:
                log.headers.append(authorization)
            if self.path == "/tokenize":
                if not tokenizer:
                    self._send(404, {"error": "no tokenizer"})
                    return
                log.tokenize += 1
                self._send(200, {"tokens": list(range(len(payload["content"].split())))})
                return
            if self.path != "/v1/chat/completions":
                self._send(404, {"error": "not found"})
                return
            log.chat.append(payload)
            model = payload["model"]
            content = {"good": GOOD, "fenced": f"```json\n{GOOD}\n```", "malformed": "sure!"}
            if model == "slow":
                time.sleep(1.5)
            if model == "fail":
                self._send(500, {"error": "model crashed"})
                return
            if model == "garbage":
                self._send(200, {"result": "no choices here"})
                return
            finish = "length" if model == "cut" else "stop"
            self._send(
                200,
                {
                    "choices": [
                        {
                            "message": {"role": "assistant", "content": content.get(model, GOOD)},
                            "finish_reason": finish,
                        }
                    ],
                    "usage": {"prompt_tokens": 1234, "completion_tokens": 56},
                },
            )

    return Handler


@pytest.fixture
def server() -> Iterator[tuple[str, Log]]:
    log = Log()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(log, tokenizer=True))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", log
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def plain_server() -> Iterator[tuple[str, Log]]:
    log = Log()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(log, tokenizer=False))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", log
    httpd.shutdown()
    httpd.server_close()


def history() -> Conversation:
    driver = Driver(RuleWriter())
    conversation = Conversation()
    for turn in APOLLO11[:3]:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation


def request(final: bool = True) -> WriterRequest:
    conversation = history()
    turn = TurnInput(4, APOLLO11[3].question, "" if final else APOLLO11[3].answer, final)
    return WriterRequest(conversation.memory, conversation.state, turn)


def writer(base_url: str, model: str, **settings: Any) -> OpenAIWriter:
    return OpenAIWriter(OpenAIConfig(base_url, model, **settings))


def test_a_good_server_gives_the_node_text_and_its_usage(server: tuple[str, Log]) -> None:
    url, log = server
    reply = writer(url, "good", api_key="k-1").write(request()).unwrap()
    assert reply.text == GOOD
    assert (reply.tokens_in, reply.tokens_out, reply.counted) == (1234, 56, TokenCount.SERVER)
    (sent,) = log.chat
    assert (sent["temperature"], sent["max_tokens"], sent["model"]) == (0, 800, "good")
    assert sent["messages"][0] == {"role": "system", "content": system_prompt()}
    assert sent["messages"][1]["content"].endswith("Query requested: yes")
    assert log.tokenize == 1
    assert "Bearer k-1" in log.headers


def test_the_shared_chat_client_gives_text_usage_latency_and_names_its_caller(
    server: tuple[str, Log],
) -> None:
    url, log = server
    client = ChatCompletionClient(OpenAIConfig(url, "good", use_tokenizer=False), "caller:x")
    completion = client.complete("be brief", "hello").unwrap()
    assert completion.text == GOOD
    assert (completion.prompt_tokens, completion.completion_tokens) == (1234, 56)
    assert completion.latency_s > 0
    (sent,) = log.chat
    assert sent["messages"] == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hello"},
    ]
    failed = ChatCompletionClient(OpenAIConfig(url, "fail"), "caller:x").complete("s", "u")
    assert isinstance(failed, Failure)
    assert (failed.failure().code, failed.failure().writer) == (
        WriterErrorCode.HTTP_STATUS,
        "caller:x",
    )


def test_the_driver_turns_a_fenced_answer_into_the_node(server: tuple[str, Log]) -> None:
    url, _ = server
    outcome = Driver(writer(url, "fenced")).final_turn(history(), APOLLO11[3].question)
    node = outcome.unwrap().node
    assert node.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    assert node.query == "where did Neil Armstrong grow up?"
    assert outcome.unwrap().calls[0].tokens_in == 1234


def test_a_malformed_answer_is_retried_then_the_rule_writer_takes_over(
    server: tuple[str, Log],
) -> None:
    url, log = server
    outcome = Driver(writer(url, "malformed")).final_turn(history(), APOLLO11[3].question)
    final = outcome.unwrap()
    assert final.fell_back
    assert [call.error is None for call in final.calls] == [False, False, True]
    assert final.calls[0].error is not None and "not_json" in final.calls[0].error
    assert final.query == "where did Neil Armstrong grow up?"
    assert len(log.chat) == 2


def test_a_slow_server_is_a_timeout(server: tuple[str, Log]) -> None:
    url, _ = server
    result = writer(url, "slow", timeout_s=0.3).write(request())
    assert isinstance(result, Failure)
    assert result.failure().code is WriterErrorCode.TIMEOUT


def test_a_failing_server_is_an_http_status_error_and_fail_keeps_the_memory(
    server: tuple[str, Log],
) -> None:
    url, _ = server
    result = writer(url, "fail").write(request())
    assert isinstance(result, Failure)
    error = result.failure()
    assert error.code is WriterErrorCode.HTTP_STATUS
    assert "HTTP 500" in error.message
    start = history()
    driver = Driver(writer(url, "fail"), DriverConfig(policy=FailurePolicy.FAIL))
    assert isinstance(driver.history_turn(start, APOLLO11[3]), Failure)
    assert len(start.memory) == 3


def test_an_answer_cut_at_the_output_cap_and_a_body_without_choices_are_errors(
    server: tuple[str, Log],
) -> None:
    url, _ = server
    cut = writer(url, "cut").write(request())
    assert isinstance(cut, Failure) and cut.failure().code is WriterErrorCode.OUTPUT_TOO_LONG
    garbage = writer(url, "garbage").write(request())
    assert isinstance(garbage, Failure)
    assert garbage.failure().code is WriterErrorCode.BAD_RESPONSE


def test_an_input_over_the_cap_is_refused_before_any_completion(server: tuple[str, Log]) -> None:
    url, log = server
    words = len("\n".join(m for m in (system_prompt(), request().rendered())).split())
    result = writer(url, "good", max_input_tokens=words - 1).write(request())
    assert isinstance(result, Failure)
    assert result.failure().code is WriterErrorCode.INPUT_TOO_LONG
    assert f"{words} tokens (server)" in result.failure().message
    assert log.chat == []


def test_without_a_tokenizer_endpoint_the_estimate_counts_and_is_tried_once(
    plain_server: tuple[str, Log],
) -> None:
    url, _ = plain_server
    client = writer(url, "good")
    text = "x" * 4001
    assert client.count_tokens(text) == (1001, TokenCount.ESTIMATE)
    assert client.count_tokens(text) == (estimate_tokens(text), TokenCount.ESTIMATE)
    result = writer(url, "good", max_input_tokens=10).write(request())
    assert isinstance(result, Failure)
    assert "(estimate)" in result.failure().message


def test_a_closed_port_is_a_connection_error() -> None:
    result = writer("http://127.0.0.1:9/v1", "good", timeout_s=2).write(request())
    assert isinstance(result, Failure)
    assert result.failure().code is WriterErrorCode.CONNECTION


def test_configuration_comes_from_the_environment_and_overrides_win() -> None:
    environ = {
        "MEMCORE_LLM_BASE_URL": "http://127.0.0.1:8080/v1",
        "MEMCORE_LLM_MODEL": "qwen",
        "MEMCORE_LLM_TIMEOUT": "12.5",
    }
    config = OpenAIConfig.from_env(environ).unwrap()
    assert (config.base_url, config.model, config.timeout_s, config.api_key) == (
        "http://127.0.0.1:8080/v1",
        "qwen",
        12.5,
        None,
    )
    assert config.chat_url == "http://127.0.0.1:8080/v1/chat/completions"
    assert config.tokenize_url == "http://127.0.0.1:8080/tokenize"
    assert OpenAIConfig.from_env(environ, model="other").unwrap().model == "other"
    missing = OpenAIConfig.from_env({})
    assert isinstance(missing, Failure)
    assert missing.failure().code is WriterErrorCode.CONFIG
    assert "MEMCORE_LLM_BASE_URL" in missing.failure().message
    bad = OpenAIConfig.from_env({**environ, "MEMCORE_LLM_TIMEOUT": "soon"})
    assert isinstance(bad, Failure)


def test_a_good_server_over_a_whole_conversation_writes_every_turn(
    server: tuple[str, Log],
) -> None:
    url, log = server
    driver = Driver(writer(url, "good"))
    conversation = history()
    outcome = driver.history_turn(conversation, APOLLO11[3])
    assert isinstance(outcome, Success)
    assert outcome.unwrap().node.topics == ("Neil Armstrong",)
    assert len(log.chat) == 1
