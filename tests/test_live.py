"""Live conversations: one writer call per turn, the previous node completed by that call.

The named invariant: for any conversation, the memory built live (one call per turn, each
carrying the previous answer) equals the memory built offline from the same turns and
answers (a history call per answered turn), and every live node equals the offline final
turn's node for the same question.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.result import Failure, Result, Success

from memcore.codec import dump_memory, load_memory
from memcore.node import Memory, Node
from memcore.operations import add
from memcore.render import render_input
from memcore.replay import EMPTY, replay
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus_io import load_corpus
from memcore.writer_output import TurnInput, parse_live_writer_output
from memcore.writers.driver import (
    Conversation,
    Driver,
    DriverConfig,
    FailurePolicy,
    LiveConversation,
    Turn,
)
from memcore.writers.examples import APOLLO11, DEMO_EXTRA
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.node_json import node_json
from memcore.writers.prompt import (
    EXAMPLE_NODE,
    EXAMPLE_QUESTION,
    example_history,
    live_system_prompt,
    messages,
    system_prompt,
)
from memcore.writers.protocol import Writer, WriterError, WriterReply, WriterRequest
from memcore.writers.recorded import RecordedWriter, load_recordings, record_live_conversation
from memcore.writers.rules import RuleWriter
from test_properties_writer import turns

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def offline(driver: Driver, history: list[Turn]) -> tuple[Memory, list[Node]]:
    """The offline memory of `history`, and each turn's node as an offline final turn."""
    conversation = Conversation()
    finals = []
    for turn in history:
        finals.append(driver.final_turn(conversation, turn.question).unwrap().node)
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation.memory, finals


def live(driver: Driver, history: list[Turn]) -> tuple[Memory, list[Node], int]:
    """The live memory of `history` (settled after the last answer), each live node, and the
    writer calls of the live turns."""
    conversation = LiveConversation()
    answer = ""
    nodes, calls = [], 0
    for turn in history:
        outcome = driver.live_turn(conversation, turn.question, answer).unwrap()
        assert outcome.node.awaiting_answer
        nodes.append(attrs.evolve(outcome.node, awaiting_answer=False))
        calls += len(outcome.calls)
        conversation, answer = outcome.conversation, turn.answer
    settled, _ = driver.settle(conversation, answer).unwrap()
    return settled.memory, nodes, calls


@functools.cache
def learned_writer() -> Writer:
    """The learned writer with its shipped models (loaded once: every example reuses it)."""
    return LearnedWriter(shipped_bundle().unwrap())


WRITERS: dict[str, Callable[[], Writer]] = {"rules": RuleWriter, "learned": learned_writer}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("trust_nodes", [True, False], ids=["values", "parsed-text"])
# Each example writes up to five turns twice with the learned writer: no per-example deadline.
@settings(deadline=None)
@given(history=st.lists(turns, min_size=1, max_size=5))
def test_the_live_memory_equals_the_offline_memory(
    trust_nodes: bool, writer: str, history: list[Turn]
) -> None:
    driver = Driver(WRITERS[writer](), DriverConfig(trust_nodes=trust_nodes))
    live_memory, live_nodes, calls = live(driver, history)
    offline_memory, offline_nodes = offline(driver, history)
    assert live_memory == offline_memory
    assert live_nodes == offline_nodes
    assert calls == len(history)


def test_the_apollo_conversation_is_the_same_live_with_topic_repair_and_search() -> None:
    corpus = load_corpus(FIXTURES / "apollo-corpus.jsonl").unwrap().corpus
    retriever = InMemoryBM25.build(corpus)
    driver = Driver(RuleWriter.for_corpus(corpus), retriever=retriever)
    history = [*APOLLO11, *DEMO_EXTRA]
    live_memory, live_nodes, calls = live(driver, history)
    offline_memory, offline_nodes = offline(driver, history)
    assert (live_memory, live_nodes, calls) == (offline_memory, offline_nodes, len(history))


def test_the_call_completes_the_previous_node_with_its_answers_facts_and_topic() -> None:
    driver = Driver(RuleWriter())
    first = driver.live_turn(LiveConversation(), "where did he grow up?").unwrap()
    second = driver.live_turn(
        first.conversation, "when was he born?", "Buzz Aldrin grew up in Montclair."
    ).unwrap()
    assert second.before == first.node
    assert second.completed is not None
    assert second.completed.answer == "Buzz Aldrin grew up in Montclair."
    assert second.added_facts == ("Buzz Aldrin grew up in Montclair.",)
    assert not second.completed.awaiting_answer
    assert second.completed.query is None
    assert len(second.calls) == 1


class VersionOneWriter:
    """A writer that knows nothing of live calls: one node, no `previous`."""

    name = "v1"

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        node = Node(
            request.turn.turn,
            request.turn.question,
            topics=("Apollo 11",),
            operations=(add("Apollo 11"),) if not request.memory.nodes else (),
            query=request.turn.question if request.turn.final else None,
        )
        return Success(WriterReply(node_json(node)))


def test_a_writer_without_the_live_format_keeps_the_previous_node_as_written() -> None:
    driver = Driver(VersionOneWriter(), DriverConfig(policy=FailurePolicy.FAIL))
    first = driver.live_turn(LiveConversation(), "tell me about apollo 11").unwrap()
    second = driver.live_turn(first.conversation, "and its crew?", "The first landing.").unwrap()
    assert not second.by_writer
    assert second.completed == attrs.evolve(
        first.node, answer="The first landing.", query=None, awaiting_answer=False
    )
    assert second.added_facts == ()


def test_the_live_request_shows_the_answer_and_asks_for_the_completion() -> None:
    seen: list[str] = []

    class Spy(VersionOneWriter):
        def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
            seen.append(request.rendered())
            return super().write(request)

    driver = Driver(Spy(), DriverConfig(policy=FailurePolicy.FAIL))
    first = driver.live_turn(LiveConversation(), "tell me about apollo 11").unwrap()
    driver.live_turn(first.conversation, "and its crew?", "The first landing.")
    assert "Complete turn" not in seen[0]
    assert (
        "turn 1 | ops: Add(Apollo 11) | topic: Apollo 11 | Q: tell me about apollo 11"
        " | A: ⟦The first landing.⟧" in seen[1]
    )
    assert "Complete turn 1 with its answer: yes\nNew turn 2 | Q: and its crew?" in seen[1]


AWAITING = Node(
    1,
    "tell me about apollo 11",
    "It landed in 1969.",
    operations=(add("Apollo 11"),),
    topics=("Apollo 11",),
    query="tell me about Apollo 11",
    awaiting_answer=True,
)
SECOND = TurnInput(2, "who flew it?", "", True)


def test_a_live_answer_parses_to_the_completed_node_and_the_new_one() -> None:
    text = json.dumps(
        {
            "previous": {
                "operations": [{"op": "Add", "topic": "Apollo 11"}],
                "topics": ["Apollo 11"],
                "kind": "mission",
                "facts": ["It landed in 1969."],
            },
            "depends_on": [1],
            "operations": [{"op": "Refine", "topic": "Apollo 11"}],
            "topics": ["Apollo 11"],
            "query": "who flew Apollo 11?",
        }
    )
    parsed = parse_live_writer_output(text, Memory(), AWAITING, SECOND).unwrap()
    assert parsed.by_writer
    assert parsed.completed == Node(
        1,
        "tell me about apollo 11",
        "It landed in 1969.",
        operations=(add("Apollo 11"),),
        topics=("Apollo 11",),
        kind="mission",
        facts=("It landed in 1969.",),
    )
    assert parsed.node.depends_on == (1,)
    assert parsed.node.query == "who flew Apollo 11?"


def test_a_bad_completion_names_its_field_under_previous() -> None:
    text = json.dumps(
        {
            "previous": {
                "operations": [{"op": "Drop", "topic": "Apollo 11"}],
                "topics": ["Apollo 11"],
            },
            "operations": [],
            "topics": ["Apollo 11"],
            "query": "q",
        }
    )
    parsed = parse_live_writer_output(text, Memory(), AWAITING, SECOND)
    assert isinstance(parsed, Failure)
    assert (parsed.failure().code, parsed.failure().field) == (
        "unknown_operation",
        "previous.operations[0].op",
    )


def test_a_saved_live_memory_resumes_with_its_node_awaiting() -> None:
    driver = Driver(RuleWriter())
    first = driver.live_turn(LiveConversation(), "tell me about apollo 11").unwrap()
    text = dump_memory(first.conversation.memory)
    assert '"awaiting_answer": true' in text
    resumed = LiveConversation.of(load_memory(text).unwrap())
    assert resumed == first.conversation


def test_an_offline_memory_document_does_not_mention_awaiting() -> None:
    memory = Memory((attrs.evolve(AWAITING, awaiting_answer=False, query=None),))
    assert "awaiting_answer" not in dump_memory(memory)
    assert render_input(memory, "q", "", True).count("Complete turn") == 0


def test_the_live_prompt_example_parses_to_the_completion_and_the_correction() -> None:
    prompt = live_system_prompt()
    assert "Complete turn 3 with its answer: yes" in prompt
    output = prompt.split("Example output:\n", 1)[1]
    history = example_history()
    awaiting = attrs.evolve(
        history.nodes[2],
        operations=(add("Neil Armstrong"),),
        topics=("Neil Armstrong",),
        facts=(),
        query="where did Neil Armstrong grow up?",
        awaiting_answer=True,
    )
    parsed = parse_live_writer_output(
        output, Memory(history.nodes[:2]), awaiting, TurnInput(4, EXAMPLE_QUESTION, "", True)
    ).unwrap()
    assert parsed.completed == history.nodes[2]
    assert parsed.node == EXAMPLE_NODE


def test_a_live_call_gets_the_live_prompt_and_an_offline_call_the_offline_one() -> None:
    offline_request = WriterRequest(Memory(), EMPTY, TurnInput(1, "q", "", True))
    assert messages(offline_request)[0]["content"] == system_prompt()
    live_memory = Memory((AWAITING,))
    live_request = WriterRequest(live_memory, replay(live_memory), SECOND, settled=EMPTY)
    assert messages(live_request)[0]["content"] == live_system_prompt()


def test_a_live_recording_replays_to_the_same_memory(tmp_path: Path) -> None:
    recordings = record_live_conversation(RuleWriter(), APOLLO11[:4])
    assert [(r.turn, r.final, r.live) for r in recordings] == [
        (1, True, False),
        (2, True, True),
        (3, True, True),
        (4, True, True),
    ]
    path = tmp_path / "live.jsonl"
    path.write_text("".join(r.to_json() + "\n" for r in recordings), encoding="utf-8")
    assert load_recordings(path) == Success(recordings)
    replayed = live(Driver(RecordedWriter.load(path).unwrap()), list(APOLLO11[:3]))
    direct = live(Driver(RuleWriter()), list(APOLLO11[:3]))
    assert replayed[:2] == direct[:2]


def test_an_offline_recording_replays_live_from_its_history_and_final_outputs() -> None:
    writer = RecordedWriter.load(FIXTURES / "recorded" / "apollo11.jsonl").unwrap()
    driver = Driver(writer, DriverConfig(policy=FailurePolicy.FAIL, retries=0))
    history = list(APOLLO11[:6])
    live_memory, live_nodes, calls = live(driver, history)
    offline_memory, offline_nodes = offline(driver, history)
    assert (live_memory, live_nodes, calls) == (offline_memory, offline_nodes, len(history))


def test_a_version_1_document_still_loads_and_dumps_as_version_2() -> None:
    text = (FIXTURES / "apollo11.memory.json").read_text(encoding="utf-8")
    old = text.replace('"version": 2,', '"version": 1,', 1)
    assert old != text
    memory = load_memory(old).unwrap()
    assert not any(node.awaiting_answer for node in memory.nodes)
    assert dump_memory(memory) == text
