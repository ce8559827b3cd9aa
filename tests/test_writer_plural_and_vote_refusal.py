"""Two topics refused together by a plural anaphor, a name that loses a vote or is vetoed,
and a liking no one in the speaker's circle has
(spec/writer-cues-roles.md#writer-cues-roles.anaphor-refusal,
#writer-cues-roles.lost-interest)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.names import Mention

_HISTORY = (
    Turn("which towns are worth a day trip?", "Good ones are Porto, Lyon, Braga and Nantes."),
    Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
    Turn("how old is Lyon?", "Lyon was founded by the Romans."),
)
_TITLES = ("Porto", "Lyon", "Braga", "Nantes")
# Refusals of two names, written with {x} for the pair: a setting-aside verb, a negation
# forward, a refusing predicate, a negative determiner and an unwelcome appraisal.
_PAIR_REFUSALS = (
    ("let's drop {x}.", "Porto and Lyon"),
    ("cross off {x}, please.", "Porto and Lyon"),
    ("I don't want {x}.", "Porto or Lyon"),
    ("{x} are both out for me.", "Porto and Lyon"),
    ("{x} is right for the kids.", "neither Porto nor Lyon"),
    ("{x} sound a bit dull to me.", "Porto and Lyon"),
)
_PLURALS = {
    "Porto and Lyon": ("both of those", "those two", "them both", "both of them"),
    "Porto or Lyon": ("either of them", "either of those"),
    "neither Porto nor Lyon": ("neither of them", "none of those"),
}
_ASKED = ("how old is Braga?", "who founded Nantes?")


def _decided(question: str, learned: bool = False) -> tuple[str | None, frozenset[str], str]:
    write = learned_final if learned else write_final
    node = write(_HISTORY, question, _TITLES)
    abandoned = frozenset(op.topic for op in node.operations if op.kind is OpKind.ABANDON)
    return node.topic, abandoned, node.query or ""


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(_PAIR_REFUSALS), st.data(), st.sampled_from(_ASKED), st.booleans())
def test_a_plural_anaphor_is_refused_as_the_two_last_topics_named_would_be(
    refusal: tuple[str, str], data: st.DataObject, asked: str, learned: bool
) -> None:
    template, pair = refusal
    named = _decided(f"{template.format(x=pair)} {asked}", learned)
    assert named[1] == frozenset({"Porto", "Lyon"})
    anaphor = data.draw(st.sampled_from(_PLURALS[pair]))
    by_anaphor = _decided(f"{template.format(x=anaphor)} {asked}", learned)
    assert by_anaphor[:2] == named[:2]
    assert anaphor not in by_anaphor[2]


def test_they_both_with_a_refusing_predicate_stands_for_the_two_last_topics() -> None:
    topic, abandoned, query = _decided(
        "I read up on two of them and they're both a no. how old is Braga?"
    )
    assert (topic, abandoned) == ("Braga", frozenset({"Porto", "Lyon"}))
    assert "both" not in query


def test_a_plural_anaphor_welcomed_compared_or_alone_refuses_nothing() -> None:
    for question in (
        "I loved both of them. how old is Braga?",
        "how does Braga compare with those two?",
        "they're both lovely. is Braga as old?",
        "scratch both of those.",
    ):
        assert not _decided(question)[1], question


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


_VOTES = (
    "we voted and {x} lost.",
    "we had a show of hands, {x} lost.",
    "{x} lost the club vote.",
    "{x} got outvoted in the end.",
    "{x} was voted down by the others.",
    "my sister vetoed {x}.",
    "the others voted down {x}.",
    "nobody else was keen on {x}.",
    "no one in the group wanted {x}, sadly.",
    "none of my friends picked {x}.",
)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(_VOTES), st.sampled_from(("Bergen", "Hedy Lamarr")), st.booleans())
def test_a_name_that_loses_a_vote_is_taken_back_in_either_order(
    vote: str, name: str, vote_first: bool
) -> None:
    statement, asked = vote.format(x=name), "how cold does Tromso get?"
    question = f"{statement} {asked}" if vote_first else f"{asked} {statement}"
    reading = read_turn(question, _mentions(question, (name, "Tromso")))
    assert reading.taken_back == (name,)


def test_losing_or_a_negative_subject_said_of_the_world_takes_nothing_back() -> None:
    for question in (
        "Bergen lost the war to Oslo, right? how cold does Tromso get?",
        "nobody told me Bergen was so rainy. how cold does Tromso get?",
        "no one knows who founded Bergen. how cold does Tromso get?",
        "did Bergen lose? how cold does Tromso get?",
    ):
        reading = read_turn(question, _mentions(question, ("Bergen", "Tromso")))
        assert reading.taken_back == (), question


# Other shapes of refusal, each with its look-alike that refuses nothing: a request to stop
# attending, a rhetorical "who cares", a name already dealt with elsewhere, a feeling that
# takes an anaphor for a reported name.
_REFUSING_AND_NOT = (
    ("shall we stop talking about Bergen? how cold does Tromso get?", ("Bergen",)),
    ("we could stop over in Bergen, right? how cold does Tromso get?", ()),
    ("who even cares about Bergen? how cold does Tromso get?", ("Bergen",)),
    ("who cares for the parks in Bergen? how cold does Tromso get?", ()),
    ("Bergen has already been covered by my teacher. how cold does Tromso get?", ("Bergen",)),
    ("Bergen is done, thanks. how cold does Tromso get?", ()),
    (
        "my aunt raves about Bergen, so I'm tired of that one. how cold does Tromso get?",
        ("Bergen",),
    ),
    ("my aunt raves about Bergen. how cold does Tromso get?", ()),
    ("Bergen is spoken for, a friend has it. how cold does Tromso get?", ("Bergen",)),
    ("Bergen was taken by storm in 1700. how cold does Tromso get?", ()),
    ("for our trip Bergen is the odd one out. how cold does Tromso get?", ("Bergen",)),
    ("my boss booked Bergen, and that one is off the table. how cold is Tromso?", ("Bergen",)),
    ("I booked Bergen, and it's lovely. how cold does Tromso get?", ()),
)


def test_each_refusal_shape_takes_back_its_name_and_its_look_alike_does_not() -> None:
    for question, taken_back in _REFUSING_AND_NOT:
        reading = read_turn(question, _mentions(question, ("Bergen", "Tromso")))
        assert reading.taken_back == taken_back, question


def test_thanks_for_an_earlier_topic_leaves_it_out_of_the_query_unrejected() -> None:
    for learned in (False, True):
        topic, abandoned, query = _decided(
            "how old is Braga? oh, and cheers for the help with Porto.", learned
        )
        assert (topic, abandoned) == ("Braga", frozenset())
        assert "Porto" not in query


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(
        ("imagine there was no {x}", "suppose there were no {x} at all", "if there was no {x}")
    ),
    st.sampled_from(("how would things be different?", "what would change?")),
)
def test_a_supposition_about_the_topic_keeps_it(supposition: str, asked: str) -> None:
    question = f"{supposition.format(x='Lyon')} - {asked}"
    for learned in (False, True):
        topic, abandoned, query = _decided(question, learned)
        assert (topic, abandoned) == ("Lyon", frozenset()), (question, learned)
        assert "Lyon" in query
