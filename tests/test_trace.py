"""Trace memory (CMT-RAG): the DAG, references, keyword lookup, evidence and the system."""

from __future__ import annotations

import pytest
from returns.result import Failure, Result, Success

from memcore.eval.datasets.questions import Dialogue, Turn
from memcore.eval.runs.systems import ConversationalSystem, Original
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.trace import (
    CmtTraceSystem,
    LlmDecomposer,
    RuleDecomposer,
    Trace,
    TraceDag,
    TraceDraft,
    answer_span,
    cmt_trace_system,
    keyword_similarity,
    parse_drafts,
    resolve_references,
    run_turn,
    trace_ranking,
)

CORPUS = Corpus(
    (
        Passage(
            "apollo-1",
            "Apollo 11 landed on the moon with Neil Armstrong and Buzz Aldrin.",
            "Apollo 11",
        ),
        Passage("armstrong-1", "Neil Armstrong did grow up in Wapakoneta, Ohio.", "Neil Armstrong"),
        Passage("aldrin-1", "Buzz Aldrin did grow up in Montclair, New Jersey.", "Buzz Aldrin"),
        Passage(
            "garden-1", "Tomatoes grow well in warm soil and grow along trellises.", "Gardening"
        ),
    )
)
DIALOGUE = Dialogue(
    (Turn("who first walked on the moon?", "It was Neil Armstrong. He commanded Apollo 11."),),
    "where did he grow up?",
)


def _trace(trace_id: int, keywords: tuple[str, ...], deps: tuple[int, ...] = ()) -> Trace:
    return Trace(
        trace_id, trace_id, f"q{trace_id}", keywords, deps, (f"p{trace_id}",), f"a{trace_id}."
    )


def _dag(*traces: Trace) -> TraceDag:
    dag = TraceDag()
    for trace in traces:
        dag = dag.append(trace).unwrap()
    return dag


def test_dag_is_append_only_and_immutable() -> None:
    empty = TraceDag()
    one = empty.append(_trace(1, ("moon",))).unwrap()
    assert (len(empty), len(one), one.next_id) == (0, 1, 2)
    skipped = one.append(_trace(3, ()))
    assert isinstance(skipped, Failure)
    assert (skipped.failure().code, skipped.failure().field) == ("bad_id", "trace.id")
    forward = one.append(_trace(2, (), deps=(2,)))
    assert isinstance(forward, Failure)
    assert forward.failure().field == "trace.depends_on[0]"
    assert len(one) == 1


def test_ancestors_follow_dependencies_transitively() -> None:
    dag = _dag(_trace(1, ()), _trace(2, (), (1,)), _trace(3, ()), _trace(4, (), (2,)))
    assert dag.ancestors([4]) == (1, 2, 4)
    assert dag.ancestors([3, 9]) == (3,)


def test_keyword_similarity_by_hand() -> None:
    # {neil, armstrong, moon} and {armstrong, childhood}: 1 shared of 4 terms
    assert keyword_similarity(["Neil Armstrong", "moon"], ["Armstrong", "childhood"]) == 0.25
    assert keyword_similarity([], []) == 0.0


def test_lookup_keeps_the_best_match_above_the_minimum() -> None:
    dag = _dag(_trace(1, ("moon", "landing")), _trace(2, ("tomatoes",)), _trace(3, ("moon",)))
    # moon vs {moon, landing}: 1/2; vs {moon}: 1; vs {tomatoes}: 0
    assert [trace.id for trace in dag.lookup(["moon"])] == [3]
    assert [trace.id for trace in dag.lookup(["moon"], limit=3)] == [3, 1]
    assert dag.lookup(["moon"], limit=3, minimum=0.6) == (dag.get(3),)
    assert dag.lookup(["soil"]) == ()


def test_answer_span_is_the_first_sentence() -> None:
    assert answer_span("It was Neil Armstrong. He commanded Apollo 11.") == "It was Neil Armstrong."
    assert answer_span("x" * 300) == "x" * 200


def test_references_resolve_from_the_named_trace() -> None:
    dag = _dag(_trace(1, ("moon",)), Trace(2, 2, "q", ("final", "words"), (), (), ""))
    assert resolve_references("where did [A_1] grow up?", dag) == Success("where did a1. grow up?")
    # an unanswered trace stands for its keywords
    assert resolve_references("about [A_2]", dag) == Success("about final words")
    unknown = resolve_references("where is [A_7]?", dag)
    assert isinstance(unknown, Failure)
    assert (unknown.failure().code, unknown.failure().field) == (
        "unknown_reference",
        "sub_question",
    )


def test_rule_decomposer_one_draft_per_turn_referring_to_the_previous_trace() -> None:
    decomposer = RuleDecomposer()
    first = decomposer.decompose("who first walked on the moon?", TraceDag()).unwrap()
    assert first == (TraceDraft("who first walked on the moon?", ("first", "walked", "moon")),)
    dag = _dag(_trace(1, ("moon",)))
    follow = decomposer.decompose("where did he grow up?", dag).unwrap()
    assert follow == (TraceDraft("where did he grow up? [A_1]", ("grow",), (1,)),)
    plain = decomposer.decompose("tell me about tomatoes", dag).unwrap()
    assert plain == (TraceDraft("tell me about tomatoes", ("tell", "tomatoes"), (1,)),)
    empty = decomposer.decompose("  ", dag)
    assert isinstance(empty, Failure)


def test_turn_evidence_joins_dependencies_and_fresh_retrieval() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    first = run_turn(
        TraceDag(),
        1,
        DIALOGUE.turns[0].question,
        DIALOGUE.turns[0].answer,
        RuleDecomposer(),
        retriever,
        depth=5,
    ).unwrap()
    trace = first.dag.get(1)
    assert trace is not None
    # only apollo-1 mentions the moon
    assert trace.paragraph_ids == ("apollo-1",)
    assert trace.answer == DIALOGUE.turns[0].answer
    final = run_turn(
        first.dag, 2, DIALOGUE.final, "", RuleDecomposer(), retriever, depth=1
    ).unwrap()
    draft = final.drafts[0]
    assert draft.trace.sub_question == "where did he grow up? It was Neil Armstrong."
    assert draft.trace.depends_on == (1,)
    assert draft.prior_ids == ("apollo-1",)
    assert draft.trace.paragraph_ids == ("armstrong-1",)
    # fresh top 1 (grow, neil, armstrong all match) then the dependency's paragraph
    assert draft.ranking.ids() == ("armstrong-1", "apollo-1")
    assert len(final.dag) == 2


def test_cmt_trace_resolves_the_pronoun_where_the_final_question_alone_fails() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    system = cmt_trace_system(retriever)
    assert isinstance(system, ConversationalSystem)
    assert system.name == "cmt-trace"
    ranked = system.rank(DIALOGUE, 10).unwrap()
    assert ranked.ids()[0] == "armstrong-1"
    assert set(ranked.ids()) == {"armstrong-1", "apollo-1", "aldrin-1", "garden-1"}
    # the final question alone matches only "grow": the gardening page (tf 2) wins
    assert Original(retriever).rank(DIALOGUE, 10).unwrap().ids()[0] == "garden-1"


class ScriptedClient:
    """Replies from a script, recording what it was asked."""

    def __init__(self, replies: list[str]) -> None:
        self.replies = replies
        self.requests: list[str] = []

    def complete(self, system: str, user: str) -> Result[str, str]:
        self.requests.append(user)
        if not self.replies:
            return Failure("script exhausted")
        return Success(self.replies.pop(0))


def test_llm_decomposer_drafts_and_namespace() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    client = ScriptedClient(
        [
            '{"traces": [{"sub_question": "who first walked on the moon", '
            '"keywords": ["moon"], "depends_on": []}]}',
            '```json\n{"traces": [{"sub_question": "where did [A_1] grow up", '
            '"keywords": ["Neil Armstrong", "childhood"], "depends_on": [1]}]}\n```',
        ]
    )
    system = CmtTraceSystem(retriever, LlmDecomposer(client))
    ranked = system.rank(DIALOGUE, 2).unwrap()
    assert ranked.ids()[0] == "armstrong-1"
    assert "New traces get ids starting at 2." in client.requests[1]
    assert "[A_1] = It was Neil Armstrong." in client.requests[1]
    assert "User turn: where did he grow up?" in client.requests[1]


def test_llm_decomposer_failures_are_values() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    failed = trace_ranking(DIALOGUE, retriever, 5, LlmDecomposer(ScriptedClient([])))
    assert isinstance(failed, Failure)
    assert (failed.failure().code, failed.failure().field) == ("decomposer", "client")


@pytest.mark.parametrize(
    ("reply", "field"),
    [
        ("no json here", "$"),
        ('{"drafts": []}', "traces"),
        ('{"traces": []}', "traces"),
        ('{"traces": [{"sub_question": ""}]}', "traces[0].sub_question"),
        ('{"traces": [{"sub_question": "q", "keywords": "moon"}]}', "traces[0].keywords"),
        ('{"traces": [{"sub_question": "q", "depends_on": [true]}]}', "traces[0].depends_on"),
        (
            '{"traces": [{"sub_question": "q"}, {"sub_question": "r", "depends_on": [3]}]}',
            "traces[1].depends_on",
        ),
    ],
)
def test_parse_drafts_names_the_bad_field(reply: str, field: str) -> None:
    result = parse_drafts(reply, _dag(_trace(1, ())))
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("decomposer", field)


def test_parse_drafts_allows_dependencies_on_same_turn_drafts() -> None:
    reply = (
        '{"traces": [{"sub_question": "a", "keywords": ["x"]},'
        ' {"sub_question": "b [A_2]", "depends_on": [1, 2]}]}'
    )
    assert parse_drafts(reply, _dag(_trace(1, ()))) == Success(
        (TraceDraft("a", ("x",)), TraceDraft("b [A_2]", (), (1, 2)))
    )
