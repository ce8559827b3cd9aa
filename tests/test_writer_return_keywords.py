"""A return in a search's keywords is not a repair of the turn before
(spec/writer-learned.md#writer-learned.unasked-switch)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final

FIRST = Turn(
    "which industry provides the largest employment in India",
    "The retail industry, excluding wholesale, is the second largest employer in India.",
)
DIGRESSIONS = (
    Turn("types and causes of male and female infertility", "Infertility has many causes."),
    Turn("how does the MLS All-Star Game work", "The MLS All-Star Game pits stars against a club."),
    Turn("what is the meaning of grenade by Bruno Mars", "Grenade by Bruno Mars is about love."),
)
RETURNS = (
    "other industries in India",
    "farming in India",
    "biggest exports of India",
    "India retail growth",
)


@given(st.sampled_from(DIGRESSIONS), st.sampled_from(RETURNS))
def test_a_keyword_return_keeps_the_digressions_question_out(
    digression: Turn, question: str
) -> None:
    titles = ("India", "Infertility", "MLS All-Star Game", "Bruno Mars")
    node = write_final([FIRST, digression], question, titles)
    assert node.topic == "India"
    query = (node.query or "").casefold()
    leaked = set(digression.question.casefold().split()) - set(question.casefold().split())
    assert not any(f" {word} " in f" {query} " for word in leaked if len(word) > 3)
