"""A writer that runs a local causal language model with transformers (`llm` extra).

The model is loaded from a folder, never downloaded (offline switches are set before
transformers is imported). The chat is formatted with the tokenizer's chat template when it
has one, else as plain "System / User / Assistant" blocks. Tokens are counted with the model's
own tokenizer; an input over 16,384 tokens is a typed error; decoding is greedy and stops at
800 new tokens, and an answer stopped there is a typed error too. torch and transformers are
imported only when a model is loaded.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.writers.openai_client import INPUT_TOKEN_CAP, OUTPUT_TOKEN_CAP
from memcore.writers.prompt import messages
from memcore.writers.protocol import (
    TokenCount,
    WriterError,
    WriterErrorCode,
    WriterReply,
    WriterRequest,
)


def plain_chat(chat: tuple[dict[str, str], ...]) -> str:
    """The chat as plain text, for a tokenizer without a chat template."""
    blocks = [f"{message['role'].capitalize()}:\n{message['content']}" for message in chat]
    return "\n\n".join([*blocks, "Assistant:\n"])


@attrs.frozen
class TransformersWriter:
    """A loaded model and its tokenizer. Make one with `TransformersWriter.load(path)`."""

    model_path: Path
    max_input_tokens: int
    max_output_tokens: int
    _tokenizer: Any = attrs.field(eq=False, repr=False)
    _model: Any = attrs.field(eq=False, repr=False)
    _torch: Any = attrs.field(eq=False, repr=False)

    @classmethod
    def load(
        cls,
        model_path: Path,
        max_input_tokens: int = INPUT_TOKEN_CAP,
        max_output_tokens: int = OUTPUT_TOKEN_CAP,
    ) -> Result[TransformersWriter, WriterError]:
        """Load the model and tokenizer in `model_path` (a folder of `save_pretrained`)."""
        name = f"transformers:{model_path.name}"
        if not model_path.is_dir():
            return Failure(
                WriterError(WriterErrorCode.CONFIG, name, f"{model_path} is not a folder")
            )
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            torch = importlib.import_module("torch")
            transformers = importlib.import_module("transformers")
        except ImportError as error:
            message = f"the llm extra is not installed: {error}"
            return Failure(WriterError(WriterErrorCode.CONFIG, name, message))
        transformers.utils.logging.disable_progress_bar()
        try:
            tokenizer = transformers.AutoTokenizer.from_pretrained(
                str(model_path), local_files_only=True
            )
            model = transformers.AutoModelForCausalLM.from_pretrained(
                str(model_path), local_files_only=True
            )
        except (OSError, ValueError, KeyError) as error:
            message = f"cannot load the model: {error}"
            return Failure(WriterError(WriterErrorCode.CONFIG, name, message))
        model.eval()
        return Success(
            cls(model_path, max_input_tokens, max_output_tokens, tokenizer, model, torch)
        )

    @property
    def name(self) -> str:
        """The name for reports: transformers:<folder name>."""
        return f"transformers:{self.model_path.name}"

    def prompt_text(self, request: WriterRequest) -> str:
        """The text the model reads: the chat through the template, or the plain format."""
        chat = messages(request)
        if getattr(self._tokenizer, "chat_template", None):
            text: str = self._tokenizer.apply_chat_template(
                list(chat), tokenize=False, add_generation_prompt=True
            )
            return text
        return plain_chat(chat)

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """Greedy generation of the node text for the turn."""
        text = self.prompt_text(request)
        encoded = self._tokenizer(text, return_tensors="pt")
        input_ids = encoded["input_ids"]
        tokens_in = int(input_ids.shape[-1])
        if tokens_in > self.max_input_tokens:
            return Failure(
                WriterError(
                    WriterErrorCode.INPUT_TOO_LONG,
                    self.name,
                    f"the input has {tokens_in} tokens (tokenizer), over the cap of "
                    f"{self.max_input_tokens}",
                )
            )
        eos = self._tokenizer.eos_token_id
        pad = self._tokenizer.pad_token_id if self._tokenizer.pad_token_id is not None else eos
        try:
            with self._torch.inference_mode():
                output = self._model.generate(
                    input_ids=input_ids,
                    attention_mask=encoded.get("attention_mask"),
                    max_new_tokens=self.max_output_tokens,
                    do_sample=False,
                    eos_token_id=eos,
                    pad_token_id=pad,
                )
        except (RuntimeError, ValueError) as error:
            return Failure(WriterError(WriterErrorCode.MODEL, self.name, str(error)[:200]))
        new = output[0][tokens_in:].tolist()
        finished = bool(new) and eos is not None and new[-1] == eos
        if len(new) >= self.max_output_tokens and not finished:
            return Failure(
                WriterError(
                    WriterErrorCode.OUTPUT_TOO_LONG,
                    self.name,
                    f"the answer was cut at the output cap of {self.max_output_tokens} tokens",
                )
            )
        answer = self._tokenizer.decode(new, skip_special_tokens=True)
        return Success(WriterReply(answer.strip(), None, tokens_in, len(new), TokenCount.TOKENIZER))
