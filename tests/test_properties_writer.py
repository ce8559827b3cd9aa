"""Properties of the rule writer: deterministic, always parseable, no abandon without a cue,
and a correction never leaves the rejected topic current."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.replay import Status, step
from memcore.writer_output import TurnInput, parse_writer_output
from memcore.writers import cues
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules import RuleWriter
from memcore.writers.rules.text import any_match

PIECES = (
    "Neil Armstrong",
    "Buzz Aldrin",
    "Apollo 11",
    "apollo 12",
    "Jesus Is King",
    "the Moon",
    "he",
    "she",
    "it",
    "they",
    "his",
    "the first one",
    "the second guy",
    "the latter",
    "the mission",
    "the one who grew up in Ohio",
    "what about",
    "where did",
    "when was",
    "born",
    "released",
    "and",
    ",",
    ".",
    "?",
    "…",
    "13",
    "1969",
    "back to",
    "again",
)
CORRECTIONS = (
    "no, i meant",
    "not that one",
    "wrong one",
    "that's not what I asked",
    "I was asking about",
    "no, the second guy... wait, no,",
    "sorry, i meant",
)

phrases = st.lists(st.sampled_from(PIECES), max_size=12).map(" ".join)
texts = st.one_of(
    phrases,
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=60),
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=10), st.integers(100, 400)),
)
turns = st.builds(Turn, texts, st.one_of(st.just(""), texts))
conversations = st.lists(turns, max_size=5)


def build(history: list[Turn]) -> Conversation:
    driver = Driver(RuleWriter())
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    return conversation


def request(conversation: Conversation, question: str, answer: str, final: bool) -> WriterRequest:
    turn = TurnInput(conversation.memory.next_turn, question, "" if final else answer, final)
    return WriterRequest(conversation.memory, conversation.state, turn)


# Very long generated turns make single examples slow on a loaded machine; speed is measured
# in bench/, not asserted here.
@settings(deadline=None)
@given(conversations, texts, texts, st.booleans())
def test_the_text_always_parses_to_the_node_and_writing_is_deterministic(
    history: list[Turn], question: str, answer: str, final: bool
) -> None:
    conversation = build(history)
    asked = request(conversation, question, answer, final)
    first = RuleWriter().write(asked).unwrap()
    second = RuleWriter().write(asked).unwrap()
    assert first == second
    parsed = parse_writer_output(
        first.text, conversation.memory, asked.turn, state=conversation.state
    )
    assert parsed.unwrap() == first.node
    assert build(history).memory == conversation.memory


@settings(deadline=None)
@given(conversations, texts)
def test_a_turn_without_a_correction_cue_never_abandons(history: list[Turn], question: str) -> None:
    assume(not any_match(cues.CORRECTION, cues.normalise_turn(question)))
    conversation = build(history)
    node = RuleWriter().write(request(conversation, question, "", True)).unwrap().node
    assert node is not None
    assert all(operation.kind is not OpKind.ABANDON for operation in node.operations)


# A turn that sets a current topic, so that a correction after it has something to reject.
TOPICAL = (
    Turn("who was the first man on the moon?", "Neil Armstrong."),
    Turn("tell me about Buzz Aldrin", "He was the second man on the moon."),
    Turn("what was Apollo 11?", "The first crewed moon landing."),
    Turn("tell me about Jesus Is King", "An album by Kanye West."),
)
# What may follow a correction cue: nothing, a name (capitalised, or typed in lower case), or
# a description of the meant referent.
REPLACEMENTS = (
    "",
    "Buzz Aldrin",
    "Neil Armstrong",
    "Apollo 11",
    "apollo 12",
    "apollo 11",
    "neil armstrong",
    "the mission",
    "the Moon",
    "the second guy",
    "the first one",
)


@settings(deadline=None)
@given(
    conversations,
    st.sampled_from(TOPICAL),
    st.sampled_from(CORRECTIONS),
    st.sampled_from(REPLACEMENTS),
)
def test_a_correction_after_a_topic_rejects_one_and_never_leaves_it_current(
    history: list[Turn], topical: Turn, correction: str, replacement: str
) -> None:
    # Naming the topic just asked about again ("no, i meant Apollo 11" after "what was Apollo
    # 11?", or while Apollo 11 is the current topic) restates it: there is nothing to reject.
    assume(not replacement or replacement.casefold() not in topical.question.casefold())
    conversation = build([*history, topical])
    current = conversation.state.current
    assume(current is None or replacement.casefold() != current.name.casefold())
    question = f"{correction} {replacement}".strip()
    node = RuleWriter().write(request(conversation, question, "", True)).unwrap().node
    assert node is not None
    abandoned = [op.topic for op in node.operations if op.kind is OpKind.ABANDON]
    # Without this the property would pass vacuously on a turn that rejects nothing.
    assert node.contradicts or abandoned
    after = step(conversation.state, node)
    for name in (*node.contradicts, *abandoned):
        assert after.statuses()[name] is not Status.CURRENT
