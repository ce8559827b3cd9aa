"""The recorded writer replays stored outputs; the recorder stores them."""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure, Success

from memcore.operations import abandon, reactivate
from memcore.writer_output import TurnInput, parse_writer_output
from memcore.writers.driver import Conversation, Driver, DriverConfig, FailurePolicy
from memcore.writers.examples import APOLLO11
from memcore.writers.prompt import EXAMPLE_NODE, example_history, system_prompt
from memcore.writers.protocol import WriterErrorCode, WriterRequest
from memcore.writers.recorded import (
    RecordedWriter,
    load_recordings,
    record_conversation,
)
from memcore.writers.rules import RuleWriter

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "apollo11.jsonl"


def test_the_apollo_recording_replays_the_conversation_through_the_parser() -> None:
    writer = RecordedWriter.load(FIXTURE).unwrap()
    driver = Driver(writer, DriverConfig(policy=FailurePolicy.FAIL, retries=0))
    conversation = Conversation()
    queries = []
    for turn in APOLLO11:
        queries.append(driver.final_turn(conversation, turn.question).unwrap().query)
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    assert queries[0] == "tell me about Apollo 11"
    assert queries[3] == "where did Neil Armstrong grow up?"
    assert conversation.memory.nodes[3].operations == (
        abandon("Buzz Aldrin"),
        reactivate("Neil Armstrong"),
    )
    assert len(conversation.memory) == 7


def test_a_turn_without_a_recording_is_a_typed_error() -> None:
    writer = RecordedWriter.load(FIXTURE).unwrap()
    outcome = writer.write(
        WriterRequest(Conversation().memory, Conversation().state, TurnInput(1, "hello"))
    )
    assert isinstance(outcome, Failure)
    assert outcome.failure().code is WriterErrorCode.EXHAUSTED
    assert "history turn 1" in outcome.failure().message


def test_recording_then_replaying_gives_the_same_memory(tmp_path: Path) -> None:
    recordings = record_conversation(RuleWriter(), APOLLO11[:4])
    assert [(r.turn, r.final) for r in recordings[:3]] == [(1, True), (1, False), (2, True)]
    path = tmp_path / "rules.jsonl"
    path.write_text("".join(r.to_json() + "\n" for r in recordings), encoding="utf-8")
    assert load_recordings(path) == Success(recordings)
    replayed = Driver(RecordedWriter.load(path).unwrap())
    direct = Driver(RuleWriter())
    a, b = Conversation(), Conversation()
    for turn in APOLLO11[:4]:
        a = replayed.history_turn(a, turn).unwrap().conversation
        b = direct.history_turn(b, turn).unwrap().conversation
    assert a.memory == b.memory


def test_a_broken_recording_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"turn": 1, "question": "q", "final": false, "output": "{}"}\n{"turn": "x"}\n')
    result = load_recordings(path)
    assert isinstance(result, Failure)
    assert result.failure().line == 2
    missing = load_recordings(tmp_path / "absent.jsonl")
    assert isinstance(missing, Failure) and missing.failure().line == 0


def test_the_prompt_example_output_parses_to_the_example_node() -> None:
    prompt = system_prompt()
    output = prompt.rsplit("Example output:\n", 1)[1]
    turn = TurnInput(4, EXAMPLE_NODE.question, "", True)
    assert parse_writer_output(output, example_history(), turn) == Success(EXAMPLE_NODE)
    assert "New turn 4 | Q: no, i meant the second guy" in prompt
    assert prompt.index("depends_on") < prompt.index("contradicts") < prompt.index("query:")


def test_the_rule_writer_agrees_with_the_prompt_example() -> None:
    history = example_history()
    conversation = Conversation.of(history)
    node = Driver(RuleWriter()).final_turn(conversation, EXAMPLE_NODE.question).unwrap().node
    assert node.operations == EXAMPLE_NODE.operations
    assert node.query == EXAMPLE_NODE.query
