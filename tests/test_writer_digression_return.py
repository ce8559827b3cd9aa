"""An "it" after a digression goes back to the topic the turn fits
(spec/writer-learned.md#writer-learned.digression-return)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.learned.digression_return import (
    CLEAR_GAP,
    FIT_FLOOR,
    LINK_FLOOR,
    LOOSE_LINK,
    RETURN_MARGIN,
    HeldTopic,
    returned_after_digression,
)

_FITS = st.floats(min_value=-0.2, max_value=0.9, allow_nan=False)
_LINKS = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@st.composite
def memories(draw: st.DrawFn) -> tuple[list[HeldTopic], int]:
    """Earlier topics with distinct recencies, and the latest topic (recency 1) last."""
    count = draw(st.integers(min_value=1, max_value=5))
    earlier = [
        HeldTopic(f"Topic {index}", draw(_FITS), draw(_LINKS), 1.0 / (count + 2 - index))
        for index in range(count)
    ]
    latest = HeldTopic("Latest", draw(_FITS), 0.0, 1.0)
    return [*earlier, latest], count


@given(memories())
def test_a_latest_topic_the_turn_fits_or_closely_linked_to_an_earlier_one_stays(
    memory: tuple[list[HeldTopic], int],
) -> None:
    topics, latest = memory
    related = any(topic.link >= LOOSE_LINK for topic in topics[:latest])
    if topics[latest].fit >= FIT_FLOOR or related:
        assert returned_after_digression(topics, latest) is None


def _margin(topics: list[HeldTopic], latest: int) -> float:
    """The margin the topic gone back to needs over a latest topic the turn does not fit."""
    linked = any(topic.link >= LINK_FLOOR for topic in topics[:latest])
    return CLEAR_GAP if linked else RETURN_MARGIN


@given(memories())
def test_past_a_loosely_linked_latest_topic_only_a_clearly_better_fit_goes_back(
    memory: tuple[list[HeldTopic], int],
) -> None:
    topics, latest = memory
    chosen = returned_after_digression(topics, latest)
    loosely = any(LINK_FLOOR <= topic.link < LOOSE_LINK for topic in topics[:latest])
    if chosen is not None and loosely:
        assert topics[chosen].fit - topics[latest].fit >= CLEAR_GAP


@given(memories())
def test_the_topic_gone_back_to_is_the_most_recent_that_fits(
    memory: tuple[list[HeldTopic], int],
) -> None:
    topics, latest = memory
    chosen = returned_after_digression(topics, latest)
    if chosen is None:
        return
    digression = topics[latest].fit
    margin = _margin(topics, latest)
    fitting = [
        index
        for index, topic in enumerate(topics[:latest])
        if topic.fit >= FIT_FLOOR and topic.fit - digression >= margin
    ]
    assert chosen == max(fitting, key=lambda index: topics[index].recency)
    assert topics[latest].fit < FIT_FLOOR


@given(memories(), st.randoms())
def test_the_order_of_the_topics_does_not_matter(
    memory: tuple[list[HeldTopic], int], shuffle: random.Random
) -> None:
    topics, latest = memory
    order = list(range(len(topics)))
    shuffle.shuffle(order)
    shuffled = [topics[index] for index in order]
    before = returned_after_digression(topics, latest)
    after = returned_after_digression(shuffled, order.index(latest))
    expected = topics[before].name if before is not None else None
    assert (shuffled[after].name if after is not None else None) == expected


def test_without_a_latest_topic_nothing_moves() -> None:
    topics = [HeldTopic("Sickle cell", 0.4, 0.0, 0.5)]
    assert returned_after_digression(topics, None) is None


def test_a_topic_of_bare_words_is_not_gone_back_to() -> None:
    topics = [
        HeldTopic("unrelated cite website", 0.5, 0.0, 0.5, named=False),
        HeldTopic("Bruno Mars", 0.0, 0.0, 1.0),
    ]
    assert returned_after_digression(topics, 1) is None


# Descriptions and person pronouns of our own wording: the comparison in context reads them
# first; where it keeps the latest topic, the digression rule still decides (round 49).
_DESCRIBED = (
    "who was the enemy?",
    "how many people worked on the project?",
    "what did the scientist study after that?",
    "how old was he then?",
)


@given(memories(), st.sampled_from(_DESCRIBED), st.booleans())
def test_a_description_kept_in_context_goes_past_a_digression_as_an_it_does(
    memory: tuple[list[HeldTopic], int], question: str, kept: bool
) -> None:
    from memcore.writers.learned.api import TopicHeld, back_past_digression

    topics, latest = memory
    held = [
        TopicHeld(t.name, t.fit, t.recency, t.link, index == latest, t.named)
        for index, t in enumerate(topics)
    ]
    plain = back_past_digression(held)
    described = back_past_digression(held, question, kept_in_context=kept)
    # Kept in context, the description goes where the rule alone goes; otherwise the
    # comparison in context has decided and the rule moves nothing.
    assert described == (plain if kept else None)
