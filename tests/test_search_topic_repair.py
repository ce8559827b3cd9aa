"""Topic repair: every condition, then the two searches on the Apollo fixture."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import OpKind, abandon, add, reactivate, refine
from memcore.replay import Status, replay
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.topic_repair import (
    KeepReason,
    decide_repair,
    mentions,
    repair_topic,
    repaired_node,
)
from memcore.search.values import Passage
from memcore.strategies import memories, nodes
from search_support import TURN_1, TURN_2, apollo_index

# Turn 3 of Figure 1, but the writer kept the mission as the topic.
WRONG_TURN_3 = Node(
    3,
    "where did he grow up?",
    "He grew up in Montclair, New Jersey, and played football at Montclair High School.",
    depends_on=(2,),
    operations=(refine("Apollo 11"),),
    topics=("Apollo 11",),
    kind="mission",
    facts=("Aldrin grew up in Montclair, New Jersey",),
)
HISTORY = Memory((TURN_1, TURN_2))


def test_agreeing_searches_move_the_topic_to_a_name_from_the_previous_answer() -> None:
    repair = decide_repair(HISTORY, WRONG_TURN_3, "Buzz Aldrin", "Buzz Aldrin")
    assert repair.changed and repair.kept is None
    assert repair.operation == add("Buzz Aldrin")
    assert repair.rule == "search-topic-repair.entry"
    assert repair.node == attrs.evolve(
        WRONG_TURN_3, topics=("Buzz Aldrin",), operations=(add("Buzz Aldrin"),), kind=""
    )
    state = replay((*HISTORY.nodes, repair.node))
    assert state.statuses() == {"Apollo 11": Status.EARLIER, "Buzz Aldrin": Status.CURRENT}
    assert state.get("Buzz Aldrin") is not None
    assert state.get("Buzz Aldrin").facts == WRONG_TURN_3.facts  # type: ignore[union-attr]


def test_a_known_topic_is_reactivated_under_its_stored_name() -> None:
    history = Memory(
        (
            TURN_1,
            Node(2, "q", operations=(add("buzz aldrin"),), topics=("buzz aldrin",)),
            Node(3, "q", operations=(reactivate("Apollo 11"),), topics=("Apollo 11",)),
        )
    )
    node = attrs.evolve(WRONG_TURN_3, turn=4, answer="Montclair.")
    repair = decide_repair(history, node, "Buzz Aldrin", "Buzz Aldrin")
    assert repair.operation == reactivate("buzz aldrin")


def test_conditions_that_keep_the_topic() -> None:
    own = attrs.evolve(WRONG_TURN_3, answer="Buzz Aldrin grew up in Montclair.")
    cases = [
        (KeepReason.NO_PAGE, WRONG_TURN_3, None, "Buzz Aldrin"),
        (KeepReason.DISAGREE, WRONG_TURN_3, "Buzz Aldrin", "Apollo 11"),
        (KeepReason.SAME_TOPIC, WRONG_TURN_3, "apollo 11", "apollo 11"),
        (KeepReason.UNKNOWN_NAME, WRONG_TURN_3, "Pete Conrad", "Pete Conrad"),
        (KeepReason.IN_OWN_ANSWER, own, "Buzz Aldrin", "Buzz Aldrin"),
    ]
    for reason, node, turn_page, facts_page in cases:
        repair = decide_repair(HISTORY, node, turn_page, facts_page)
        assert (repair.kept, repair.node, repair.operation) == (reason, node, None)
        assert not repair.changed
    assert decide_repair(HISTORY, own, "A", "B").rule == "search-topic-repair.conditions"
    assert decide_repair(HISTORY, own, None, "B").rule == "search-topic-repair.searches"


def test_a_page_the_turn_abandons_is_not_entered_again() -> None:
    # "That was Apollo 11. I meant Buzz Aldrin.", answered again about the mission.
    correcting = Node(
        3,
        "That was Apollo 11. I meant Buzz Aldrin.",
        "The mission landed in July 1969.",
        operations=(abandon("Apollo 11"), add("Buzz Aldrin")),
        topics=("Buzz Aldrin",),
        facts=("landed in July 1969",),
    )
    for page in ("Apollo 11", "apollo 11"):
        repair = decide_repair(HISTORY, correcting, page, page)
        assert (repair.kept, repair.node, repair.operation) == (
            KeepReason.ABANDONED_HERE,
            correcting,
            None,
        )
        assert repair.rule == "search-topic-repair.conditions"


def _abandoned_and_entered(node: Node) -> set[str]:
    abandoned = {op.topic.casefold() for op in node.operations if op.kind is OpKind.ABANDON}
    entered = {op.topic.casefold() for op in node.operations if op.kind is not OpKind.ABANDON}
    return abandoned & entered


@st.composite
def _repair_cases(draw: st.DrawFn) -> tuple[Memory, Node, str]:
    history = draw(memories(min_turns=1, max_turns=4))
    known = tuple(dict.fromkeys(t for n in history.nodes for t in n.mentioned()))
    node = draw(nodes(turn=len(history.nodes) + 1, known=known))
    named = (*known, *node.mentioned())
    page = draw(st.sampled_from(named) if named else st.just("Apollo 11"))
    return history, node, page


@given(_repair_cases())
def test_repair_never_makes_a_node_abandon_and_enter_one_topic(
    case: tuple[Memory, Node, str],
) -> None:
    history, node, page = case
    repaired = decide_repair(history, node, page, page).node
    assert _abandoned_and_entered(repaired) <= _abandoned_and_entered(node)


def test_a_qualified_page_matches_its_name_in_the_previous_answer() -> None:
    history = Memory(
        (
            TURN_1,
            Node(2, "who flew?", "Michael Collins flew the command module.", topics=("Apollo 11",)),
        )
    )
    node = Node(3, "when was he born?", "In 1930, in Rome.", topics=("Apollo 11",), facts=("x",))
    repair = decide_repair(
        history, node, "Michael Collins (astronaut)", "Michael Collins (astronaut)"
    )
    assert repair.operation == add("Michael Collins (astronaut)")


def test_whole_phrase_mentions() -> None:
    assert mentions("Neil Armstrong and Buzz Aldrin", "buzz aldrin")
    assert not mentions("Buzz Aldrinson", "Buzz Aldrin")
    assert not mentions("anything", "")


def test_repaired_node_keeps_an_abandon_and_other_topics() -> None:
    node = Node(
        5,
        "q",
        operations=(add("X"), refine("X")),
        topics=("X", "Y", "Z"),
        kind="k",
    )
    assert repaired_node(node, add("Z")) == attrs.evolve(
        node, topics=("Z", "Y"), operations=(add("Z"),), kind=""
    )


def test_the_searches_on_the_apollo_fixture() -> None:
    repair = repair_topic(HISTORY, WRONG_TURN_3, apollo_index())
    assert (repair.turn_page, repair.facts_page) == ("Buzz Aldrin", "Buzz Aldrin")
    assert repair.operation == add("Buzz Aldrin")


def test_when_it_does_not_run() -> None:
    first = repair_topic(Memory(), TURN_1, apollo_index())
    assert first.kept is KeepReason.FIRST_TURN and first.node == TURN_1
    untitled = Corpus(Passage(p.id, p.text) for p in apollo_index().corpus.passages)
    no_titles = repair_topic(HISTORY, WRONG_TURN_3, InMemoryBM25.build(untitled))
    assert no_titles.kept is KeepReason.NO_TITLES
    factless = attrs.evolve(WRONG_TURN_3, facts=())
    assert repair_topic(HISTORY, factless, apollo_index()).kept is KeepReason.NO_FACTS


def test_a_carried_replay_state_is_read_instead_of_replaying_the_history() -> None:
    known = Memory(
        (
            TURN_1,
            Node(2, "q", operations=(add("buzz aldrin"),), topics=("buzz aldrin",)),
            Node(3, "q", operations=(reactivate("Apollo 11"),), topics=("Apollo 11",)),
        )
    )
    node = attrs.evolve(WRONG_TURN_3, turn=4, answer="Montclair.")
    carried = decide_repair(known, node, "Buzz Aldrin", "Buzz Aldrin", replay(known))
    assert carried == decide_repair(known, node, "Buzz Aldrin", "Buzz Aldrin")
    assert carried.operation == reactivate("buzz aldrin")
    # The state, not the history, says which topics are known: one that knows the lower-case
    # name makes the repair reactivate it although HISTORY never stored it.
    assert decide_repair(HISTORY, node, "Buzz Aldrin", "Buzz Aldrin").operation == add(
        "Buzz Aldrin"
    )
    told = decide_repair(HISTORY, node, "Buzz Aldrin", "Buzz Aldrin", replay(known))
    assert told.operation == reactivate("buzz aldrin")
    searched = repair_topic(HISTORY, WRONG_TURN_3, apollo_index(), state=replay(HISTORY))
    assert searched == repair_topic(HISTORY, WRONG_TURN_3, apollo_index())


_MISSIONS = ("Apollo 11", "Soyuz 11", "Gemini 8", "Vostok 1")


@given(st.lists(st.sampled_from(_MISSIONS), min_size=2, max_size=2, unique=True), st.booleans())
def test_a_subject_the_question_names_is_not_repaired_onto_an_old_topic(
    names: list[str], lower: bool
) -> None:
    old, new = names
    history = Memory((Node(1, f"how long did {old} last?", topics=(old,), operations=(add(old),)),))
    question = f"how long did {new.lower() if lower else new} last?"
    node = Node(
        2, question, "It lasted three weeks.", topics=(new,), operations=(add(new),), facts=("x",)
    )
    repair = decide_repair(history, node, old, old)
    assert (repair.kept, repair.node) == (KeepReason.NAMED_HERE, node)
    both = attrs.evolve(node, question=f"did {new} last longer than {old}?")
    assert decide_repair(history, both, old, old).operation == reactivate(old)
