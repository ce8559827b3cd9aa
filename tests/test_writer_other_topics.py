"""A learned query that names its topic takes no word of another topic's name
(spec/writer-learned.md#writer-learned.no-other-topic)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.search.tokenize import tokenize
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final

MISSIONS = ("Gemini 8", "Artemis 1", "Skylab 2", "Vostok 1", "Soyuz 11", "Apollo 13")
QUESTIONS = (
    ("who flew on {}?", "{} carried a small crew of experienced pilots."),
    ("when did {} launch?", "{} launched early in the morning from the main launch site."),
    ("where did {} come down?", "{} came down in the ocean and the crew were picked up by ship."),
)
FINALS = ("when did {} launch?", "one more about {}, where did it come down?", "and {}?")


@given(
    topics=st.lists(st.sampled_from(MISSIONS), min_size=2, max_size=4, unique=True),
    asked=st.lists(st.sampled_from(QUESTIONS), min_size=4, max_size=4),
    final=st.sampled_from(FINALS),
    named=st.integers(min_value=0, max_value=3),
)
def test_a_named_topic_takes_no_other_topics_name(
    topics: list[str], asked: list[tuple[str, str]], final: str, named: int
) -> None:
    history = [
        Turn(question.format(topic), answer.format(topic))
        for topic, (question, answer) in zip(topics, asked, strict=False)
    ]
    subject = topics[named % len(topics)]
    question = final.format(subject)
    node = write_final(history, question, MISSIONS)
    assert node.query is not None
    others = {t for name in topics if name != subject for t in tokenize(name)}
    leaked = (set(tokenize(node.query)) & others) - set(tokenize(question))
    assert not leaked, node.query


def test_the_earlier_topics_names_leave_a_pronoun_query() -> None:
    history = [
        Turn("who flew on Gemini 8?", "Gemini 8 carried a small crew of experienced pilots."),
        Turn("who flew on Skylab 2?", "Skylab 2 carried a small crew of experienced pilots."),
    ]
    node = write_final(history, "and what went wrong on it?", MISSIONS)
    assert node.topic == "Skylab 2"
    assert node.query is not None
    assert "gemini" not in node.query.casefold()
