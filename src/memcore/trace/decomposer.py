"""The effect boundary of the trace memory: a decomposer turns a user turn into drafts.

`RuleDecomposer` is the default and needs no model: one sub-question per turn, depending on
the previous trace, whose answer it names with [A_k] when the question refers back ("where
did he grow up?"); its keywords are the question's index terms.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs
from returns.result import Failure, Result, Success

from memcore.safety.topic_shift import refers_back
from memcore.search.tokenize import tokenize
from memcore.trace.dag import TraceDag
from memcore.trace.errors import TraceError
from memcore.trace.values import TraceDraft


@runtime_checkable
class Decomposer(Protocol):
    """Writes the drafts of one user turn, in dependency order.

    A draft's dependencies and [A_k] tokens name traces by id: earlier traces of the DAG, or
    drafts of the same turn, which get ids `dag.next_id`, `dag.next_id + 1`, ... in order.
    """

    def decompose(
        self, question: str, dag: TraceDag
    ) -> Result[tuple[TraceDraft, ...], TraceError]: ...


def decompose_by_rule(
    question: str, dag: TraceDag, max_keywords: int = 8
) -> Result[tuple[TraceDraft, ...], TraceError]:
    """The turn as one draft: the question (plus [A_prev] if it refers back), its first
    `max_keywords` distinct index terms, and a dependency on the previous trace."""
    if not question.strip():
        return Failure(TraceError("empty_question", "question", "the turn has no question"))
    keywords = tuple(dict.fromkeys(tokenize(question)))[:max_keywords]
    previous = dag.last
    if previous is None:
        return Success((TraceDraft(question.strip(), keywords),))
    sub_question = question.strip()
    if refers_back(question):
        sub_question = f"{sub_question} [A_{previous.id}]"
    return Success((TraceDraft(sub_question, keywords, (previous.id,)),))


@attrs.frozen
class RuleDecomposer:
    """One sub-question per turn; references resolved from the previous trace."""

    max_keywords: int = 8

    def decompose(self, question: str, dag: TraceDag) -> Result[tuple[TraceDraft, ...], TraceError]:
        """`decompose_by_rule` with this decomposer's keyword limit."""
        return decompose_by_rule(question, dag, self.max_keywords)
