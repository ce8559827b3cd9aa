"""A refusal asked as a question or offered as a suggestion refuses as the statement does
(spec/writer-cues-roles.md#writer-cues-roles.request-mood)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn, refusing_request
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import Mention

_NAMES = ("Lagos", "Accra", "Tromso", "Quito", "Hedy Lamarr", "Grace Hopper")
# One content ("do not attend to X"), as a statement and in the moods of a request.
_STATED = ("skip {x}.", "let's leave {x} out.", "let's drop {x}.", "let's not talk about {x}.")
_ASKED = (
    "can we skip {x}?",
    "could you leave {x} out?",
    "is it fine if we drop {x}?",
    "would it be ok to pass on {x}?",
    "do you mind if I forget about {x}?",
    "mind if we skip {x}?",
    "any chance we could leave {x} out?",
    "what if we dropped {x}?",
    "why not skip {x}?",
    "maybe leave {x} out?",
    "perhaps we could not bother with {x}?",
    "can we not talk about {x}?",
    "shall we just not do {x}?",
    "do we have to talk about {x}?",
    "do I really need to read about {x}?",
    "must we go over {x}?",
    "is it really necessary to cover {x}?",
)
# Questions about the name itself, in the same frames: nothing is refused.
_ABOUT = (
    "can we visit {x} in winter?",
    "could you tell me more about {x}?",
    "why don't we talk about {x} instead?",
    "can you skip to {x}?",
    "could we skip ahead to {x}?",
    "what if we went to {x}?",
    "do I need a visa for {x}?",
    "do we have to book {x} early?",
    "is it ok to swim in {x}?",
)
_QUESTIONS = ("how cold does {y} get?", "where was {y} born?", "what is {y} known for?")


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _taken(text: str, names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(read_turn(text, _mentions(text, names)).taken_back)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(_TWO, st.sampled_from(_STATED), st.sampled_from(_ASKED), st.sampled_from(_QUESTIONS))
def test_asking_a_refusal_instead_of_stating_it_abandons_the_same_names(
    names: list[str], stated: str, asked: str, question: str
) -> None:
    refused, other = names
    follow = question.format(y=other)
    as_statement = f"{stated.format(x=refused)} {follow}"
    as_question = f"{asked.format(x=refused)} {follow}"
    assert _taken(as_statement, (refused, other)) == frozenset({refused})
    assert _taken(as_question, (refused, other)) == _taken(as_statement, (refused, other))


@given(_TWO, st.sampled_from(_ABOUT), st.sampled_from(_QUESTIONS))
def test_a_question_about_the_name_in_a_request_frame_refuses_nothing(
    names: list[str], about: str, question: str
) -> None:
    asked, other = names
    text = f"{about.format(x=asked)} {question.format(y=other)}"
    assert _taken(text, (asked, other)) == frozenset()


def test_the_frame_gives_the_mood_and_the_verb_the_content() -> None:
    text = "is it ok if we drop Accra?"
    assert refusing_request(text, 0, text.index("Accra"))
    text = "is it ok if we drive to Accra?"
    assert not refusing_request(text, 0, text.index("Accra"))
    # "why don't we" proposes what follows it: its "n't" refuses nothing.
    text = "why don't we look at Accra?"
    assert not refusing_request(text, 0, text.index("Accra"))


def test_the_rule_writer_abandons_a_name_refused_by_a_polite_question() -> None:
    node = write_final(
        [Turn("how hot does Lagos get in March?", "Lagos is hot and humid in March.")],
        "hope you don't mind if we pass on Lagos now - how hot does Accra get in March?",
        ["Lagos", "Accra"],
    )
    assert node.topic == "Accra"
    assert "Lagos" in {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert "Lagos" not in (node.query or "")
