"""Trace memory (CMT-RAG): sub-question traces in an append-only DAG, a second memory."""

from memcore.trace.dag import TraceDag, append_trace, keyword_similarity, lookup_traces
from memcore.trace.decomposer import Decomposer, RuleDecomposer, decompose_by_rule
from memcore.trace.errors import TraceError
from memcore.trace.llm_decomposer import ChatClient, LlmDecomposer, parse_drafts
from memcore.trace.memory import (
    DEFAULT_TRACE_CONFIG,
    DraftEvidence,
    TraceConfig,
    TurnResult,
    prior_paragraphs,
    run_turn,
)
from memcore.trace.references import answer_span, referenced, resolve_references
from memcore.trace.system import (
    SYSTEM_NAME,
    CmtTraceSystem,
    build_dag,
    cmt_trace_system,
    trace_ranking,
)
from memcore.trace.values import Trace, TraceDraft

__all__ = [
    "DEFAULT_TRACE_CONFIG",
    "SYSTEM_NAME",
    "ChatClient",
    "CmtTraceSystem",
    "Decomposer",
    "DraftEvidence",
    "LlmDecomposer",
    "RuleDecomposer",
    "Trace",
    "TraceConfig",
    "TraceDag",
    "TraceDraft",
    "TraceError",
    "TurnResult",
    "answer_span",
    "append_trace",
    "build_dag",
    "cmt_trace_system",
    "decompose_by_rule",
    "keyword_similarity",
    "lookup_traces",
    "parse_drafts",
    "prior_paragraphs",
    "referenced",
    "resolve_references",
    "run_turn",
    "trace_ranking",
]
