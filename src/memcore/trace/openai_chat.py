"""A `ChatClient` for the LLM decomposer over the LLM writer's OpenAI-compatible server.

It takes the writer's `OpenAIConfig` (same server, model, key, timeout and output cap, same
`MEMCORE_LLM_*` variables) and makes the same kind of call: one greedy chat completion. Its
failures are the writer's `WriterError` values, with the same codes.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import attrs
from returns.result import Failure, Result, Success

from memcore.writers.openai_client import OpenAIConfig
from memcore.writers.protocol import WriterError, WriterErrorCode

CLIENT_NAME = "openai-decomposer"


@attrs.frozen
class OpenAIChatClient:
    """`complete(system, user)` through `/chat/completions` at temperature 0."""

    config: OpenAIConfig

    def _error(self, code: WriterErrorCode, message: str) -> WriterError:
        return WriterError(code, f"{CLIENT_NAME}:{self.config.model}", message)

    def _post(self, payload: dict[str, object]) -> Result[bytes, WriterError]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.config.api_key:
            headers["Authorization"] = f"Bearer {self.config.api_key}"
        url = self.config.chat_url
        request = urllib.request.Request(
            url, data=json.dumps(payload).encode("utf-8"), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=self.config.timeout_s) as response:
                body: bytes = response.read()
                return Success(body)
        except urllib.error.HTTPError as error:
            detail = error.read()[:200].decode("utf-8", "replace")
            return Failure(
                self._error(WriterErrorCode.HTTP_STATUS, f"HTTP {error.code} from {url}: {detail}")
            )
        except (TimeoutError, urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            if isinstance(reason, TimeoutError) or isinstance(error, TimeoutError):
                return Failure(
                    self._error(
                        WriterErrorCode.TIMEOUT,
                        f"no answer from {url} in {self.config.timeout_s} s",
                    )
                )
            return Failure(self._error(WriterErrorCode.CONNECTION, f"cannot reach {url}: {reason}"))

    def complete(self, system: str, user: str) -> Result[str, WriterError]:
        """The model's reply to one system and one user message."""
        payload: dict[str, object] = {
            "model": self.config.model,
            "messages": [
                {"role": "system", "content": system},
                {"role": "user", "content": user},
            ],
            "temperature": 0,
            "max_tokens": self.config.max_output_tokens,
            "stream": False,
        }
        posted = self._post(payload)
        if isinstance(posted, Failure):
            return Failure(posted.failure())
        try:
            document = json.loads(posted.unwrap())
            choice = document["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            snippet = posted.unwrap()[:120].decode("utf-8", "replace")
            return Failure(
                self._error(WriterErrorCode.BAD_RESPONSE, f"not a chat completion: {snippet!r}")
            )
        if not isinstance(content, str):
            return Failure(self._error(WriterErrorCode.BAD_RESPONSE, "the message has no text"))
        if choice.get("finish_reason") == "length":
            return Failure(
                self._error(
                    WriterErrorCode.OUTPUT_TOO_LONG,
                    f"the answer was cut at {self.config.max_output_tokens} tokens",
                )
            )
        return Success(content)
