"""The topic refused by an anaphor, a name let go or called off, a refusal said with a free
relative (spec/writer-cues-roles.md#writer-cues-roles.anaphor-refusal,
#writer-cues-roles.lost-interest), a clause cut off from its question by a dash
(spec/writer-learned.md#writer-learned.stance), an apology for a change of subject and a turn
typed as numbered items (spec/writer-standalone.md#writer-standalone.typed-names,
#writer-standalone.line-items)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.learned.stance import named_clauses
from memcore.writers.line_items import items_as_bullets
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import Mention
from memcore.writers.standalone import revises

_NAMES = ("Porto", "Lyon", "Braga", "Hedy Lamarr", "Apollo 9")
_HISTORY = (
    Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
    Turn("how old is Lyon?", "Lyon was founded by the Romans."),
)
_TITLES = ("Porto", "Lyon", "Braga")
# Refusals of {x}, each of a different structure: a setting-aside word, a negation forward
# and back, a refusing predicate, an unwelcome appraisal, a feeling of the speaker's.
_REFUSALS = (
    "let's drop {x}.",
    "I'd rather pass on {x}, honestly.",
    "I don't think {x} is right for my essay.",
    "{x} doesn't do much for me.",
    "{x} is out, sadly.",
    "{x} sounds a bit bland to me.",
    "I'm fed up with {x}.",
    "we're done with {x}.",
)
_ANAPHORS = ("that one", "this one")
_ASKED = ("how old is Braga?", "who founded Braga?")


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _decided(question: str) -> tuple[str | None, frozenset[str], str]:
    node = write_final(_HISTORY, question, _TITLES)
    abandoned = frozenset(op.topic for op in node.operations if op.kind is OpKind.ABANDON)
    return node.topic, abandoned, node.query or ""


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(_REFUSALS), st.sampled_from(_ANAPHORS), st.sampled_from(_ASKED))
def test_an_anaphor_for_the_topic_is_refused_as_the_topic_named_would_be(
    refusal: str, anaphor: str, asked: str
) -> None:
    named = _decided(f"{refusal.format(x='Lyon')} {asked}")
    assert named[:2] == ("Braga", frozenset({"Lyon"}))
    by_anaphor = _decided(f"{refusal.format(x=anaphor)} {asked}")
    assert by_anaphor[:2] == named[:2]
    assert anaphor not in by_anaphor[2]


def test_an_anaphor_welcomed_asked_about_or_alone_refuses_nothing() -> None:
    for question in (
        "I really enjoyed that one. how old is Braga?",
        "did that one ever host the games? how old is Braga?",
        "let's skip that one.",
    ):
        assert "Lyon" not in _decided(question)[1], question


def test_a_name_typed_before_the_anaphor_is_the_one_it_stands_for() -> None:
    topic, abandoned, _ = _decided(
        "Porto was great, but let's skip that one now. how old is Braga?"
    )
    assert topic == "Braga"
    assert "Porto" in abandoned


_LET_GO = (
    "{x} has to go.",
    "so {x} will have to go, I think.",
    "{x} must go.",
    "{x} needs to go, sadly.",
    "change of plan - {x} is off.",
    "{x} is off now.",
)
_TWO = st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True)


@given(_TWO, st.sampled_from(_LET_GO), st.booleans())
def test_a_name_let_go_or_called_off_is_taken_back_on_either_side_of_the_question(
    names: list[str], let_go: str, let_go_first: bool
) -> None:
    x, y = names
    parts = [let_go.format(x=x), f"what is {y} known for?"]
    text = " ".join(parts if let_go_first else parts[::-1])
    reading = read_turn(text, _mentions(text, (x, y)))
    assert (reading.intended, reading.taken_back) == (y, (x,))


def test_going_somewhere_or_off_something_refuses_nothing() -> None:
    for text in (
        "Lyon has to go to the polls soon, so what is Braga known for?",
        "Porto is off the coast, right? what is Braga known for?",
        "did Lyon have to go? what is Braga known for?",
    ):
        names = tuple(n for n in ("Lyon", "Porto", "Braga") if n in text)
        assert read_turn(text, _mentions(text, names)).taken_back == (), text


def test_a_refusal_by_free_relative_leaves_the_query() -> None:
    topic, abandoned, query = _decided("Lyon isn't really what I'm after. how old is Braga?")
    assert (topic, abandoned, query) == ("Braga", frozenset({"Lyon"}), "how old is Braga?")


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(("really ", "actually ", "")),
    st.sampled_from(("meant", "wanted to know about", "was after", "needed")),
    st.sampled_from((" - ", ". ")),
)
def test_intent_as_a_pseudo_cleft_leaves_the_query(adverb: str, verb: str, mark: str) -> None:
    question = f"what I {adverb}{verb} was Braga{mark}how old is it?"
    topic, abandoned, query = _decided(question)
    assert (topic, abandoned, query) == ("Braga", frozenset({"Lyon"}), "how old is Braga?")


_WH = ("what", "who", "how", "which", "when", "was", "did")


@given(st.sampled_from(_NAMES), st.sampled_from(_WH), st.sampled_from(("any", "anyone", "or")))
def test_a_clause_cut_off_from_its_question_carries_no_stance(
    name: str, wh: str, tail: str
) -> None:
    text = f"{wh} was {name} up against - {tail} serious?"
    assert named_clauses(text, [name, "Paris"]) == ()
    fronted = f"{name}'s worst year - {wh} was it?"
    assert named_clauses(fronted, [name, "Paris"]) == ()
    # A statement before a question that does not take it up is read.
    stated = f"{name} is a bore - {wh} about Paris?"
    assert [c.masked for c in named_clauses(stated, [name, "Paris"])] == ["X is a bore"]


@given(
    st.sampled_from(("new", "different", "unrelated", "totally different", "another")),
    st.sampled_from(("topic", "subject", "question")),
    st.booleans(),
)
def test_an_apology_for_a_change_of_subject_takes_nothing_back(
    kind: str, noun: str, sorry_first: bool
) -> None:
    shift = f"sorry, {kind} {noun}:" if sorry_first else f"- {kind} {noun}, sorry"
    text = f"{shift} how old is Braga?" if sorry_first else f"how old is Braga? {shift}"
    assert "sorry" not in cues.normalise_turn(text)
    assert not revises(text)
    # A bare "sorry" still repairs.
    assert revises("sorry, how old is Braga?")


@given(st.lists(st.sampled_from(("noted on Lyon", "how old is Braga?", "thanks")), min_size=2))
def test_numbered_lines_read_as_bullets_and_other_numbers_stay(items: list[str]) -> None:
    numbered = "\n".join(f"{index}. {item}" for index, item in enumerate(items, start=1))
    assert items_as_bullets(numbered) == "\n".join(f"- {item}" for item in items)
    skipping = "\n".join(f"{index}. {item}" for index, item in enumerate(items, start=2))
    assert items_as_bullets(skipping) == skipping
    inline = " ".join(f"{index}. {item}" for index, item in enumerate(items, start=1))
    assert items_as_bullets(inline) == inline
