"""The LLM decomposer: a chat model writes the turn's drafts as JSON.

The model sees the trace namespace (each trace's id, sub-question, keywords and answer span)
and the new question, and answers with one JSON object:

    {"traces": [{"sub_question": "...", "keywords": ["..."], "depends_on": [2]}]}

where sub-questions may name earlier answers as [A_k]. The call goes through any `ChatClient`
(the OpenAI-compatible client of the LLM writer fits); a reply that is not such an object is
a `decomposer` error, never an exception.
"""

from __future__ import annotations

import json
from typing import Any, Protocol, runtime_checkable

import attrs
from returns.result import Failure, Result, Success

from memcore.trace.dag import TraceDag
from memcore.trace.errors import TraceError
from memcore.trace.references import answer_span
from memcore.trace.values import TraceDraft

SYSTEM_PROMPT = """You split a user's turn in a conversation into retrieval sub-questions.
Earlier sub-questions are listed as traces [T_k] with their answers [A_k].
Write each sub-question so it can be searched on its own. Where it needs an earlier answer,
write the token [A_k] instead of guessing the answer. List in depends_on the ids of the traces
whose answers or subjects it relies on. A sub-question of this turn may depend on an earlier
sub-question of this turn: the new traces get the ids given in the request, in order.
Give 1 to 5 short keywords per sub-question: the names and terms a later turn would reuse.
Reply with one JSON object only:
{"traces": [{"sub_question": "...", "keywords": ["..."], "depends_on": [1]}]}"""


@runtime_checkable
class ChatClient(Protocol):
    """A chat model behind the effect boundary: system and user text in, reply text out."""

    def complete(self, system: str, user: str) -> Result[str, Any]:
        """The model's reply, or the client's error value."""
        ...


def render_request(question: str, dag: TraceDag) -> str:
    """The user message: the namespace, the new ids, and the question."""
    lines = ["Traces so far:"]
    if not dag.traces:
        lines.append("(none)")
    for trace in dag.traces:
        deps = ", ".join(f"T_{dep}" for dep in trace.depends_on) or "none"
        lines.append(
            f"[T_{trace.id}] {trace.sub_question} | keywords: {', '.join(trace.keywords)} "
            f"| depends on: {deps} | [A_{trace.id}] = {answer_span(trace.answer) or '(unknown)'}"
        )
    lines.append(f"New traces get ids starting at {dag.next_id}.")
    lines.append(f"User turn: {question}")
    return "\n".join(lines)


def _error(field: str, message: str) -> Failure[TraceError]:
    return Failure(TraceError("decomposer", field, message))


def _strings(value: object) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    return None


def _ints(value: object) -> tuple[int, ...] | None:
    if isinstance(value, list) and all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        return tuple(value)
    return None


def _json_object(reply: str) -> object:
    text = reply.strip()
    if text.startswith("```"):
        text = text.strip("`")
        text = text[text.find("{") :] if "{" in text else text
    start, end = text.find("{"), text.rfind("}")
    if start == -1 or end < start:
        raise ValueError("no JSON object in the reply")
    return json.loads(text[start : end + 1])


def parse_drafts(reply: str, dag: TraceDag) -> Result[tuple[TraceDraft, ...], TraceError]:
    """The drafts in a model reply; dependencies must name earlier traces or earlier drafts."""
    try:
        document = _json_object(reply)
    except ValueError as error:
        return _error("$", f"the reply is not a JSON object: {error}")
    if not isinstance(document, dict) or not isinstance(document.get("traces"), list):
        return _error("traces", 'expected {"traces": [...]}')
    raw_traces: list[Any] = document["traces"]
    if not raw_traces:
        return _error("traces", "no sub-question")
    drafts: list[TraceDraft] = []
    for position, raw in enumerate(raw_traces):
        field = f"traces[{position}]"
        if not isinstance(raw, dict):
            return _error(field, "a trace is a JSON object")
        sub_question = raw.get("sub_question")
        if not isinstance(sub_question, str) or not sub_question.strip():
            return _error(f"{field}.sub_question", "a non-empty string is required")
        keywords = _strings(raw.get("keywords", []))
        if keywords is None:
            return _error(f"{field}.keywords", "a list of strings is required")
        depends_on = _ints(raw.get("depends_on", []))
        if depends_on is None:
            return _error(f"{field}.depends_on", "a list of trace ids is required")
        own_id = dag.next_id + position
        for dependency in depends_on:
            if not 1 <= dependency < own_id:
                return _error(
                    f"{field}.depends_on",
                    f"trace {own_id} may depend only on traces 1 to {own_id - 1}, not {dependency}",
                )
        drafts.append(TraceDraft(sub_question.strip(), keywords, depends_on))
    return Success(tuple(drafts))


@attrs.frozen
class LlmDecomposer:
    """Drafts written by a chat model through `client`."""

    client: ChatClient = attrs.field(eq=False)

    def decompose(self, question: str, dag: TraceDag) -> Result[tuple[TraceDraft, ...], TraceError]:
        """Ask the model for the turn's drafts and check them."""
        if not question.strip():
            return Failure(TraceError("empty_question", "question", "the turn has no question"))
        reply = self.client.complete(SYSTEM_PROMPT, render_request(question, dag))
        if isinstance(reply, Failure):
            return _error("client", str(reply.failure()))
        return parse_drafts(reply.unwrap(), dag)
