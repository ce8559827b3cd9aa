"""Hypothesis properties of the trace DAG: append-only, acyclic, references fully resolved."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success

from memcore.trace import Trace, TraceDag, resolve_references


@given(st.lists(st.lists(st.integers(-2, 12), max_size=3), max_size=10))
def test_property_dag_accepts_exactly_backward_edges(edges: list[list[int]]) -> None:
    dag = TraceDag()
    for deps in edges:
        trace = Trace(dag.next_id, 1, "q", (), tuple(deps), (), "a.")
        appended = dag.append(trace)
        backward = all(1 <= dep < trace.id for dep in deps)
        assert isinstance(appended, Success) == backward
        if backward:
            before = dag
            dag = appended.unwrap()
            assert dag.traces[:-1] == before.traces
    for trace in dag.traces:
        assert all(dep < trace.id for dep in trace.depends_on)
        assert trace.id not in dag.ancestors(trace.depends_on)


@given(st.integers(1, 6), st.lists(st.integers(1, 6), max_size=5), st.text(max_size=20))
def test_property_known_references_all_resolve(size: int, refs: list[int], filler: str) -> None:
    dag = TraceDag()
    for trace_id in range(1, size + 1):
        dag = dag.append(Trace(trace_id, 1, "q", ("kw",), (), (), f"answer {trace_id}.")).unwrap()
    text = " ".join(f"[A_{ref}]" for ref in refs) + filler.replace("[", "(")
    resolved = resolve_references(text, dag)
    known = all(ref <= size for ref in refs)
    assert isinstance(resolved, Success) == known
    if known:
        assert "[A_" not in resolved.unwrap()
