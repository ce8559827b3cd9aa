"""A `ChatClient` for the LLM decomposer over the LLM writer's OpenAI-compatible server.

It takes the writer's `OpenAIConfig` (same server, model, key, timeout and output cap, same
`MEMCORE_LLM_*` variables) and makes its call through the writer's own
`ChatCompletionClient`: one greedy chat completion. Its failures are the writer's
`WriterError` values, with the same codes.
"""

from __future__ import annotations

import attrs
from returns.result import Result

from memcore.writers.openai_client import ChatCompletionClient, OpenAIConfig
from memcore.writers.protocol import WriterError

CLIENT_NAME = "openai-decomposer"


@attrs.frozen
class OpenAIChatClient:
    """`complete(system, user)` through `/chat/completions` at temperature 0."""

    config: OpenAIConfig

    def complete(self, system: str, user: str) -> Result[str, WriterError]:
        """The model's reply text to one system and one user message."""
        client = ChatCompletionClient(self.config, f"{CLIENT_NAME}:{self.config.model}")
        return client.complete(system, user).map(lambda completion: completion.text)
