"""A request for information about a name is never a refusal of it
(spec/writer-cues-roles.md#writer-cues-roles.information-request)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.learned.api import dismissed_in_turn
from memcore.writers.learned.stance import named_clauses
from memcore.writers.name_roles import read_turn, requested_names
from memcore.writers.rules.names import Mention

_NAMES = ("Bergen", "Lake Bled", "Grace Hopper", "the Eames chair", "Apollo 9")
# Request frames of different structure: a verb of giving with the speaker as receiver and a
# noun, a phrasal verb of telling, a modal question, the speaker's wish, the name as object.
_FRAMES = (
    "{v} me the {n} on {x}",
    "please {v} us the {n} about {x}",
    "could you {v} me the {n} of {x}?",
    "I'd love the {n} on {x}",
    "fill me in on {x}",
    "walk me through {x}",
    "show me {x}",
)
# Verbs of giving or telling, interchangeable in the frame.
_VERBS = ("give", "get", "send", "bring", "hit", "tell")
# Nouns a request may ask for, familiar or not: none of them refuses.
_NOUNS = ("lowdown", "scoop", "rundown", "dirt", "skinny", "full story", "gist", "inside track")


def _mentions(text: str, name: str) -> list[Mention]:
    at = text.index(name)
    return [Mention(name, at, at + len(name), True)]


@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_FRAMES),
    st.sampled_from(_VERBS),
    st.sampled_from(_NOUNS),
)
def test_a_request_for_information_never_refuses_its_name_whatever_verb_or_noun(
    name: str, frame: str, verb: str, noun: str
) -> None:
    text = frame.format(v=verb, n=noun, x=name)
    mentions = _mentions(text, name)
    reading = read_turn(text, mentions)
    assert reading.taken_back == ()
    assert requested_names(text, mentions) == (name,)
    # Even where the stance model reads the clause as a dismissal, the request stands.
    certain = {clause.masked: 1.0 for clause in named_clauses(text, [name])}
    assert dismissed_in_turn(text, [name], certain, 0.92) == []


def test_a_negated_or_setting_aside_frame_is_no_request_for_information() -> None:
    for text in (
        "I want none of Bergen",
        "don't give me the lowdown on Bergen",
        "give me a break from Bergen",
        "spare me the details of Bergen",
    ):
        assert requested_names(text, _mentions(text, "Bergen")) == (), text


def test_the_request_keeps_its_name_beside_a_refusal_of_another() -> None:
    text = "give me the skinny on Lake Bled. Bergen has had its day"
    mentions = [*_mentions(text, "Lake Bled"), *_mentions(text, "Bergen")]
    assert requested_names(text, mentions) == ("Lake Bled",)
    certain = {clause.masked: 1.0 for clause in named_clauses(text, ["Lake Bled", "Bergen"])}
    assert dismissed_in_turn(text, ["Lake Bled", "Bergen"], certain, 0.92) == ["Bergen"]
