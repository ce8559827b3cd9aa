"""Declining a name the latest answer put forward moves on without taking the topic back
(spec/writer-cues-roles.md#writer-cues-roles.declined-offer)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.guarded import WORTH_TRYING
from writer_pair import WRITERS

CITIES = ("Tbilisi", "Kutaisi", "Yerevan", "Batumi", "Gyumri")
PROPOSALS = (
    "If you enjoyed that, {} is worth a look too.",
    "{} is well worth visiting as well.",
    "You might also like {}.",
)
DECLINES = (
    "Thanks, but I'll pass on {}.",
    "Nah, {} isn't my cup of tea.",
    "{} is not for me.",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.permutations(CITIES).map(lambda order: tuple(order[:3])),
    proposal=st.sampled_from(PROPOSALS),
    decline=st.sampled_from(DECLINES),
)
def test_declining_a_proposal_abandons_it_and_keeps_the_topic(
    writer: str, cities: tuple[str, ...], proposal: str, decline: str
) -> None:
    current, offered, new = cities
    answer = f"{current} is famous for its baths. {proposal.format(offered)}"
    history = [Turn(f"what is {current} famous for?", answer)]
    question = f"{decline.format(offered)} what is {new} famous for?"
    node = WRITERS[writer](history, question, CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == new
    assert offered in abandoned
    assert current not in abandoned
    assert node.query is not None and offered not in node.query


@pytest.mark.parametrize(
    ("sentence", "proposes"),
    [
        ("Kutaisi is worth a look too.", True),
        ("Batumi is well worth visiting.", True),
        ("Gyumri is worth a closer look.", True),
        ("Kutaisi was worth millions to its owners.", False),
        ("the prize was worth 100 dollars", False),
    ],
)
def test_worth_proposes_only_as_a_verdict_on_trying(sentence: str, proposes: bool) -> None:
    assert (WORTH_TRYING.search(sentence) is not None) is proposes
