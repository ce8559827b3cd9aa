"""The Apollo 11 fixtures (the conversation of the paper's Figure 1) load and replay as told."""

from __future__ import annotations

from pathlib import Path

from returns.result import Success

from memcore.codec import dump_memory, load_memory
from memcore.node import Memory
from memcore.operations import abandon, reactivate
from memcore.replay import Status, replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CURRENT, EARLIER, DROPPED = Status.CURRENT, Status.EARLIER, Status.DROPPED


def load(name: str) -> Memory:
    result = load_memory((FIXTURES / name).read_text(encoding="utf-8"))
    assert isinstance(result, Success), result
    memory: Memory = result.unwrap()
    return memory


def test_the_history_fixture_is_in_the_codec_layout_and_has_seven_answered_turns() -> None:
    text = (FIXTURES / "apollo11.memory.json").read_text(encoding="utf-8")
    memory = load("apollo11.memory.json")
    assert dump_memory(memory) == text
    assert [node.turn for node in memory.nodes] == [1, 2, 3, 4, 5, 6, 7]
    assert all(node.answer and node.query is None for node in memory.nodes)


def test_statuses_after_each_turn_follow_the_story() -> None:
    memory = load("apollo11.memory.json")
    after = [replay(memory.nodes[:turn]).statuses() for turn in range(1, 8)]
    assert after[0] == {"Apollo 11": CURRENT}
    assert after[1] == {"Apollo 11": CURRENT}
    assert after[2] == {"Apollo 11": EARLIER, "Buzz Aldrin": CURRENT}
    assert after[3] == {"Apollo 11": EARLIER, "Buzz Aldrin": DROPPED, "Neil Armstrong": CURRENT}
    assert after[4] == after[3]
    assert after[5] == {"Apollo 11": CURRENT, "Buzz Aldrin": DROPPED, "Neil Armstrong": EARLIER}
    assert after[6] == {
        "Apollo 11": EARLIER,
        "Buzz Aldrin": DROPPED,
        "Neil Armstrong": EARLIER,
        "Apollo 12": CURRENT,
    }


def test_the_dropped_topic_keeps_its_facts_and_each_topic_its_turns() -> None:
    state = replay(load("apollo11.memory.json"))
    aldrin, armstrong, apollo11 = (
        state.get("Buzz Aldrin"),
        state.get("Neil Armstrong"),
        state.get("Apollo 11"),
    )
    assert aldrin is not None and armstrong is not None and apollo11 is not None
    assert aldrin.facts == ("grew up in Montclair, New Jersey",)
    assert (aldrin.turns, armstrong.turns, apollo11.turns) == ((3,), (4, 5), (1, 2, 6))
    assert apollo11.facts[3:5] == (
        "Neil Armstrong and Buzz Aldrin walked on the Moon",
        "Michael Collins stayed in lunar orbit",
    )


def test_the_turn_4_fixture_ends_with_the_correction_searched_as_the_final_turn() -> None:
    memory = load("apollo11-turn4.memory.json")
    history = load("apollo11.memory.json")
    assert memory.nodes[:3] == history.nodes[:3]
    final = memory.nodes[-1]
    assert final.turn == 4
    assert final.question == "no, i meant the second guy… wait, no, the first one. sorry"
    assert (final.answer, final.query) == ("", "where did Neil Armstrong grow up?")
    assert final.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    assert replay(memory).statuses() == replay(history.nodes[:4]).statuses()
