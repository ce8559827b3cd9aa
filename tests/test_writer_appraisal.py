"""A name turned down by how it is appraised, the scope of a negation over the appraisal
(spec/writer-cues-roles.md#writer-cues-roles.appraisal), and thanks or praise before a
refusal (spec/writer-standalone.md#writer-standalone.thanks-but)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import Mention

_NAMES = ("Lagos", "Accra", "Eames chair", "Hedy Lamarr", "Grace Hopper", "Bauhaus")
_UNWELCOME = (
    "{x} sounds a bit dull to me.",
    "{x} is kind of tedious.",
    "{x} seemed pretty bland, honestly.",
    "{x} strikes me as overrated.",
    "{x} was a bit of a drag.",
    "{x} bores me.",
    "I find {x} rather dry.",
    "I'm tired of {x}.",
    "we're fed up with {x}.",
    "{x} is not really my thing.",
    "I'll give {x} a miss.",
)
# The same predicates with a negation whose scope is the unwelcome appraisal: welcome.
_WELCOME = (
    "{x} isn't boring at all.",
    "{x} never gets dull.",
    "{x} doesn't sound tedious to me.",
    "{x} is not a bit bland.",
)
_ASKED = ("how old is {y}?", "where was {y} born?", "what is {y} known for?")


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _taken(text: str, names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(read_turn(text, _mentions(text, names)).taken_back)


_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(_TWO, st.sampled_from(_UNWELCOME), st.sampled_from(_ASKED), st.booleans())
def test_an_unwelcome_appraisal_turns_its_subject_down_on_either_side_of_the_question(
    names: list[str], appraisal: str, asked: str, first: bool
) -> None:
    down, other = names
    parts = [appraisal.format(x=down), asked.format(y=other)]
    text = " ".join(parts if first else parts[::-1])
    reading = read_turn(text, _mentions(text, (down, other)))
    assert frozenset(reading.taken_back) == frozenset({down})
    assert reading.intended == other


@given(_TWO, st.sampled_from(_WELCOME), st.sampled_from(_ASKED))
def test_a_negation_over_an_unwelcome_appraisal_takes_nothing_back(
    names: list[str], appraisal: str, asked: str
) -> None:
    kept, other = names
    text = f"{appraisal.format(x=kept)} {asked.format(y=other)}"
    assert _taken(text, (kept, other)) == frozenset()


def test_an_appraisal_over_a_list_turns_each_member_down() -> None:
    text = "Lagos and Accra both seem pretty dull. what is Bauhaus known for?"
    assert _taken(text, ("Lagos", "Accra", "Bauhaus")) == frozenset({"Lagos", "Accra"})


def test_asking_whether_a_name_is_dull_refuses_nothing() -> None:
    text = "is Lagos dull in winter? what is Accra known for?"
    assert _taken(text, ("Lagos", "Accra")) == frozenset()


_HISTORY = (
    Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
    Turn("how old is Lyon?", "Lyon was founded by the Romans."),
)
_TITLES = ("Porto", "Lyon", "Braga")
_REFUSALS = (
    "I'll pass on Lyon.",
    "we can drop Lyon now.",
    "Lyon sounds a bit dull to me.",
    "Lyon is off my list.",
    "I'm tired of Lyon.",
)
_THANKS = ("thanks, but ", "thank you so much, but ", "cheers for that, though ")


def _abandoned(question: str) -> frozenset[str]:
    node = write_final(_HISTORY, question, _TITLES)
    return frozenset(op.topic for op in node.operations if op.kind is OpKind.ABANDON)


@settings(max_examples=15)
@given(st.sampled_from(_REFUSALS), st.sampled_from(_THANKS))
def test_thanks_before_a_refusal_never_changes_what_is_abandoned(refusal: str, thanks: str) -> None:
    asked = " how old is Braga?"
    plain = _abandoned(refusal + asked)
    assert "Lyon" in plain
    assert _abandoned(thanks + refusal + asked) == plain


def test_praise_without_a_refusal_leaves_the_name_praised() -> None:
    question = "thanks, Lyon was a great read, but Braga is next: how old is Braga?"
    assert "Lyon" not in _abandoned(question)
