"""A reply that picks an offered alternative says its choice (spec/writer-learned.md,
reply-pick): the assistant's question, with the alternatives not picked, leaves the query;
a reply that picks none is still read with it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets.questions import Turn
from memcore.search.words import STOPWORDS
from memcore.writers.learned.api import write_final
from memcore.writers.replies import offered_alternatives, picks_offered

_EMPTY = STOPWORDS | frozenset(["do", "you", "would", "prefer", "want", "mean", "please"])

# One offer, said in four structures: a list with "or", two closing questions, "either ...
# or", and alternatives after a colon.
OFFERS = (
    "Happy to help. Would you prefer a guided tour, a bike rental or a river cruise?",
    "Happy to help. Do you want a guided tour? Or maybe a bike rental?",
    "Happy to help. Is it either a guided tour or a river cruise you want?",
    "Happy to help. Options: guided tour, bike rental, or river cruise?",
)
_PICKS = ("the bike rental", "river cruise, for two", "a guided tour please")


@pytest.mark.parametrize("offer", OFFERS)
def test_an_offer_splits_into_alternatives(offer: str) -> None:
    alternatives = offered_alternatives(offer, _EMPTY)
    assert len([a for a in alternatives if a]) >= 2


@given(offer=st.sampled_from(OFFERS), pick=st.sampled_from(_PICKS))
def test_a_reply_naming_an_offered_alternative_picks_it(offer: str, pick: str) -> None:
    words = {word for alternative in offered_alternatives(offer, _EMPTY) for word in alternative}
    # Whatever the offer's structure, a reply typing a word of one alternative picks it.
    if words & {"bike", "rental", "river", "cruise", "guided", "tour"} & set(pick.split()):
        assert picks_offered(pick, offer, _EMPTY)


@given(
    offer=st.sampled_from(OFFERS),
    reply=st.sampled_from(("somewhere quiet", "not sure yet", "whatever is cheapest")),
)
def test_a_reply_typing_no_alternative_picks_none(offer: str, reply: str) -> None:
    assert not picks_offered(reply, offer, _EMPTY)


def test_a_question_with_no_choice_offers_no_alternatives() -> None:
    assert offered_alternatives("Sure. Where are you staying?", _EMPTY) == []


def test_the_learned_writer_leaves_the_alternatives_not_picked_out_of_the_query() -> None:
    history = (
        Turn(
            "Can you suggest something to do in Ghent this weekend?",
            "Happy to help. Would you prefer a guided tour, a bike rental or a river cruise?",
        ),
    )
    node = write_final(history, "the river cruise, for two adults", ())
    assert node.query is not None
    assert "bike" not in node.query.casefold() and "river cruise" in node.query.casefold()


def test_the_learned_writer_keeps_the_question_for_a_reply_that_picks_none() -> None:
    history = (
        Turn(
            "Can you suggest something to do in Ghent this weekend?",
            "Happy to help. Would you prefer a guided tour, a bike rental or a river cruise?",
        ),
    )
    node = write_final(history, "somewhere quiet for two adults", ())
    assert node.query is not None and "cruise" in node.query.casefold()
