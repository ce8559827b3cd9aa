"""Answer-reference tokens: [A_k] in a sub-question stands for the answer of trace k."""

from __future__ import annotations

import re

from returns.result import Failure, Result, Success

from memcore.trace.dag import TraceDag
from memcore.trace.errors import TraceError

REFERENCE = re.compile(r"\[A_(\d+)\]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
ANSWER_CAP = 200


def answer_span(answer: str, cap: int = ANSWER_CAP) -> str:
    """What an [A_k] contributes: the answer's first sentence, cut at `cap` characters.

    CMT-RAG's readers answer with a short span; conversational answers are often paragraphs,
    and the first sentence carries the entity a follow-up refers to.
    """
    first = _SENTENCE_END.split(answer.strip(), maxsplit=1)[0]
    return first[:cap].rstrip()


def referenced(text: str) -> tuple[int, ...]:
    """The trace ids `text` names with [A_k], in order of first appearance."""
    return tuple(dict.fromkeys(int(match) for match in REFERENCE.findall(text)))


def resolve_references(text: str, dag: TraceDag) -> Result[str, TraceError]:
    """`text` with every [A_k] replaced by trace k's answer span (its keywords while it has
    no answer); an unknown k is refused."""
    for trace_id in referenced(text):
        if dag.get(trace_id) is None:
            return Failure(
                TraceError(
                    "unknown_reference",
                    "sub_question",
                    f"[A_{trace_id}] names no trace (the DAG holds 1 to {len(dag)})",
                )
            )

    def replace(match: re.Match[str]) -> str:
        trace = dag.get(int(match.group(1)))
        if trace is None:
            return match.group(0)
        # A trace of the final turn has no answer yet: it stands for its keywords instead.
        return answer_span(trace.answer) or " ".join(trace.keywords)

    return Success(" ".join(REFERENCE.sub(replace, text).split()))
