"""A writer behind an OpenAI-compatible chat-completions server (vLLM, llama.cpp, Ollama).

Standard library only (urllib). Decoding is greedy (temperature 0); the input is capped at
16,384 tokens and the output at 800, as in the paper. Input tokens are counted with the
server's tokenizer endpoint where it offers one (llama.cpp's `POST /tokenize`), else estimated
at four characters per token (`memcore.caps.CHARS_PER_TOKEN`); an input over the cap is a
typed error and no completion is requested. The server's `usage` figures, when it reports
them, replace the count. Every failure (timeout, refused connection, HTTP status, a body that
is not a chat completion, an answer cut at the output cap) is a `WriterError` value.

The HTTP call itself is `ChatCompletionClient.complete`, shared with the trace decomposer's
client (`memcore.trace.openai_chat`), so both speak to the server the same way.
"""

from __future__ import annotations

import json
import math
import os
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.caps import CHARS_PER_TOKEN
from memcore.writers.prompt import messages
from memcore.writers.protocol import (
    TokenCount,
    WriterError,
    WriterErrorCode,
    WriterReply,
    WriterRequest,
)

INPUT_TOKEN_CAP = 16_384
OUTPUT_TOKEN_CAP = 800
ENV_BASE_URL = "MEMCORE_LLM_BASE_URL"
ENV_MODEL = "MEMCORE_LLM_MODEL"
ENV_API_KEY = "MEMCORE_LLM_API_KEY"
ENV_TIMEOUT = "MEMCORE_LLM_TIMEOUT"


def estimate_tokens(text: str) -> int:
    """The documented estimate: one token per four characters, rounded up."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


@attrs.frozen
class OpenAIConfig:
    """Where the server is and how to call it.

    `base_url` is the API root that holds `/chat/completions` (for example
    `http://127.0.0.1:8080/v1`). `tokenizer_url` is a llama.cpp-style `/tokenize` endpoint;
    by default the server root beside `/v1` is tried once, and the estimate is used if the
    server has none.
    """

    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 60.0
    max_input_tokens: int = INPUT_TOKEN_CAP
    max_output_tokens: int = OUTPUT_TOKEN_CAP
    tokenizer_url: str | None = None
    use_tokenizer: bool = True

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, **overrides: Any
    ) -> Result[OpenAIConfig, WriterError]:
        """The configuration from `MEMCORE_LLM_BASE_URL`, `MEMCORE_LLM_MODEL`,
        `MEMCORE_LLM_API_KEY` and `MEMCORE_LLM_TIMEOUT`; `overrides` win over the environment."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {
            "base_url": env.get(ENV_BASE_URL),
            "model": env.get(ENV_MODEL),
            "api_key": env.get(ENV_API_KEY) or None,
        }
        timeout = env.get(ENV_TIMEOUT)
        if timeout:
            try:
                values["timeout_s"] = float(timeout)
            except ValueError:
                return Failure(_config_error(f"{ENV_TIMEOUT} is not a number: {timeout!r}"))
        values.update({key: value for key, value in overrides.items() if value is not None})
        for key, variable in (("base_url", ENV_BASE_URL), ("model", ENV_MODEL)):
            if not values.get(key):
                return Failure(_config_error(f"no {key}: set {variable} or pass it explicitly"))
        if values.get("timeout_s", 1.0) <= 0:
            return Failure(_config_error("the timeout must be positive"))
        return Success(cls(**values))

    @property
    def chat_url(self) -> str:
        """The chat-completions endpoint."""
        return self.base_url.rstrip("/") + "/chat/completions"

    @property
    def tokenize_url(self) -> str:
        """The tokenizer endpoint to try (llama.cpp serves it at the root, beside `/v1`)."""
        if self.tokenizer_url is not None:
            return self.tokenizer_url
        root = self.base_url.rstrip("/")
        if root.endswith("/v1"):
            root = root[: -len("/v1")]
        return root + "/tokenize"


def _config_error(message: str) -> WriterError:
    return WriterError(WriterErrorCode.CONFIG, "openai", message)


@attrs.frozen
class _Posted:
    status: int
    body: bytes


def _post(
    url: str, payload: Mapping[str, Any], api_key: str | None, timeout: float
) -> Result[_Posted, tuple[WriterErrorCode, str]]:
    data = json.dumps(payload).encode("utf-8")
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Success(_Posted(response.status, response.read()))
    except urllib.error.HTTPError as error:
        body = error.read()[:200].decode("utf-8", "replace")
        return Failure((WriterErrorCode.HTTP_STATUS, f"HTTP {error.code} from {url}: {body}"))
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            return Failure((WriterErrorCode.TIMEOUT, f"no answer from {url} in {timeout} s"))
        return Failure((WriterErrorCode.CONNECTION, f"cannot reach {url}: {error.reason}"))
    except TimeoutError:
        return Failure((WriterErrorCode.TIMEOUT, f"no answer from {url} in {timeout} s"))
    except OSError as error:
        return Failure((WriterErrorCode.CONNECTION, f"cannot reach {url}: {error}"))


@attrs.frozen
class Completion:
    """One chat completion: the reply text, the server's token usage when it reports it
    (`None` otherwise), and the wall-clock seconds the call took."""

    text: str
    prompt_tokens: int | None
    completion_tokens: int | None
    latency_s: float


@attrs.frozen
class ChatCompletionClient:
    """One greedy (temperature 0) call to `/chat/completions`; failures are `WriterError`
    values that name `caller` (the writer or client the call is made for)."""

    config: OpenAIConfig
    caller: str

    def _error(self, code: WriterErrorCode, message: str) -> WriterError:
        return WriterError(code, self.caller, message)

    def complete(self, system: str, user: str) -> Result[Completion, WriterError]:
        """The model's reply to one system and one user message."""
        return self.complete_messages(
            ({"role": "system", "content": system}, {"role": "user", "content": user})
        )

    def complete_messages(
        self, chat: Sequence[Mapping[str, str]]
    ) -> Result[Completion, WriterError]:
        """The model's reply to a list of chat messages."""
        config = self.config
        payload = {
            "model": config.model,
            "messages": [dict(message) for message in chat],
            "temperature": 0,
            "max_tokens": config.max_output_tokens,
            "stream": False,
        }
        started = time.perf_counter()
        posted = _post(config.chat_url, payload, config.api_key, config.timeout_s)
        latency = time.perf_counter() - started
        return posted.alt(lambda problem: self._error(*problem)).bind(
            lambda response: self._completion(response.body, latency)
        )

    def _completion(self, body: bytes, latency: float) -> Result[Completion, WriterError]:
        try:
            document = json.loads(body)
            choice = document["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            snippet = body[:120].decode("utf-8", "replace")
            return Failure(
                self._error(WriterErrorCode.BAD_RESPONSE, f"not a chat completion: {snippet!r}")
            )
        if not isinstance(content, str):
            return Failure(self._error(WriterErrorCode.BAD_RESPONSE, "the message has no text"))
        if isinstance(choice, dict) and choice.get("finish_reason") == "length":
            return Failure(
                self._error(
                    WriterErrorCode.OUTPUT_TOO_LONG,
                    f"the answer was cut at the output cap of {self.config.max_output_tokens} "
                    "tokens",
                )
            )
        usage = document.get("usage") if isinstance(document, dict) else None
        prompt_tokens = completion_tokens = None
        if isinstance(usage, dict):
            prompt = usage.get("prompt_tokens")
            completion = usage.get("completion_tokens")
            # Both or neither: a half-reported usage is not trusted.
            if isinstance(prompt, int) and isinstance(completion, int):
                prompt_tokens, completion_tokens = prompt, completion
        return Success(Completion(content, prompt_tokens, completion_tokens, latency))


@attrs.define
class _TokenizerState:
    """Whether the server's tokenizer endpoint answered (None: not tried yet)."""

    available: bool | None = None


@attrs.frozen
class OpenAIWriter:
    """A writer that asks an OpenAI-compatible server for each node."""

    config: OpenAIConfig
    _tokenizer: _TokenizerState = attrs.field(factory=_TokenizerState, eq=False, repr=False)

    @property
    def name(self) -> str:
        """The name for reports: openai:<model>."""
        return f"openai:{self.config.model}"

    def _error(self, code: WriterErrorCode, message: str) -> WriterError:
        return WriterError(code, self.name, message)

    def count_tokens(self, text: str) -> tuple[int, TokenCount]:
        """Tokens in `text`: by the server's tokenizer if it has one, else the estimate."""
        config = self.config
        if config.use_tokenizer and self._tokenizer.available is not False:
            posted = _post(config.tokenize_url, {"content": text}, config.api_key, config.timeout_s)
            if isinstance(posted, Success):
                tokens = _token_list(posted.unwrap().body)
                if tokens is not None:
                    self._tokenizer.available = True
                    return tokens, TokenCount.SERVER
            if self._tokenizer.available is None:
                self._tokenizer.available = False
        return estimate_tokens(text), TokenCount.ESTIMATE

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """One chat completion for the turn; its message content is the node text."""
        chat = messages(request)
        prompt_text = "\n".join(message["content"] for message in chat)
        tokens_in, counted = self.count_tokens(prompt_text)
        if tokens_in > self.config.max_input_tokens:
            return Failure(
                self._error(
                    WriterErrorCode.INPUT_TOO_LONG,
                    f"the input has {tokens_in} tokens ({counted.value}), over the cap of "
                    f"{self.config.max_input_tokens}",
                )
            )
        completed = ChatCompletionClient(self.config, self.name).complete_messages(chat)
        return completed.map(lambda completion: _reply(completion, tokens_in, counted))


def _reply(completion: Completion, tokens_in: int, counted: TokenCount) -> WriterReply:
    """The writer's reply: the server's usage where reported, else the input count and the
    estimate of the output."""
    if completion.prompt_tokens is not None and completion.completion_tokens is not None:
        return WriterReply(
            completion.text,
            None,
            completion.prompt_tokens,
            completion.completion_tokens,
            TokenCount.SERVER,
        )
    return WriterReply(completion.text, None, tokens_in, estimate_tokens(completion.text), counted)


def _token_list(body: bytes) -> int | None:
    try:
        document = json.loads(body)
    except ValueError:
        return None
    tokens = document.get("tokens") if isinstance(document, dict) else None
    return len(tokens) if isinstance(tokens, list) else None
