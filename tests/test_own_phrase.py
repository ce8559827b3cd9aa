"""A phrase typed as a search names its own subject (spec/writer-standalone.md, own-phrase):
such a turn stands alone and both writers search it as typed; a fragment that attaches to
what came before, replies, says one word or leans on a pronoun does not."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets.questions import Turn
from memcore.node import Node
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.own_phrase import names_own_phrase
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.standalone import stands_alone

WriteFinal = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: dict[str, WriteFinal] = {"rules": rules_final, "learned": learned_final}

HISTORY = (
    Turn(
        "how do I renew a passport for my daughter?",
        "Passports for children are renewed in person with both parents' consent.",
    ),
    Turn("what documents does she need?", "A birth certificate and two photographs."),
)
TITLES = ("Passport", "Birth certificate")

# One need, said as a search in four structures: a head with its modifier, two things side
# by side, a verb with its object, a head with a prepositional phrase.
PHRASES = (
    "visa processing times",
    "tourist visa versus work visa",
    "apply for a residence permit",
    "fees for visa extensions",
)
# Fragments that go on with what came before: an opening preposition or conjunction, a
# reply, one word of content, an unfixed "the", a pronoun or "other".
LEANING_FRAGMENTS = (
    "for the older one",
    "and processing times",
    "but faster",
    "yes, the express service",
    "ok visa fees",
    "fees",
    "the application",
    "its processing time",
    "other visa types",
)
_HEADS = ("fees", "rules", "deadlines", "requirements", "costs", "forms")
_MODIFIERS = ("visa", "passport", "ferry", "parking", "library", "pension")


@pytest.mark.parametrize("phrase", PHRASES)
def test_a_phrase_with_its_own_subject_stands_alone(phrase: str) -> None:
    assert names_own_phrase(phrase)
    assert stands_alone(phrase, [])


@pytest.mark.parametrize("fragment", LEANING_FRAGMENTS)
def test_a_fragment_that_leans_does_not_stand_alone(fragment: str) -> None:
    assert not stands_alone(fragment, [])


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("phrase", PHRASES)
def test_both_writers_search_the_phrase_as_typed(writer: str, phrase: str) -> None:
    node = WRITERS[writer](HISTORY, phrase, TITLES)
    assert node.query is not None
    assert node.query.casefold().split() == phrase.casefold().split()


@given(
    modifier=st.sampled_from(_MODIFIERS),
    head=st.sampled_from(_HEADS),
    opener=st.sampled_from(("in", "for", "and", "but", "with", "yes,", "ok")),
)
def test_an_opening_that_attaches_or_replies_never_stands_alone(
    modifier: str, head: str, opener: str
) -> None:
    # Invariant: whatever the phrase, a preposition, conjunction or reply before it makes it
    # go on with what came before.
    phrase = f"{modifier} {head}"
    assert names_own_phrase(phrase)
    assert not names_own_phrase(f"{opener} {phrase}")


@given(
    modifier=st.sampled_from(_MODIFIERS),
    head=st.sampled_from(_HEADS),
    leaning=st.sampled_from(("its", "their", "those", "that", "other")),
)
def test_a_pronoun_or_demonstrative_makes_the_phrase_lean(
    modifier: str, head: str, leaning: str
) -> None:
    assert not names_own_phrase(f"{leaning} {modifier} {head}")


@given(
    head=st.sampled_from(_HEADS),
    year=st.integers(1800, 2100),
    joiner=st.sampled_from((" ", ", ", ": ", " in ")),
)
def test_a_word_with_a_number_gives_a_value_and_names_no_subject(
    head: str, year: int, joiner: str
) -> None:
    # "fees, 2019" asks the question before again with a new value: one word of content and a
    # number are no phrase of their own.
    assert not names_own_phrase(f"{head}{joiner}{year}")
    assert not stands_alone(f"same again{joiner}{year}", [])


@given(
    relative=st.sampled_from(("next", "previous", "following")),
    head=st.sampled_from(_HEADS),
    year=st.integers(1800, 2100),
)
def test_a_phrase_placed_after_something_said_goes_on_from_it(
    relative: str, head: str, year: int
) -> None:
    # "next row: 2007", "previous fees 1999": the phrase is placed relative to the question
    # before, whatever it names.
    assert not names_own_phrase(f"{relative} {head}: {year}")
    assert not names_own_phrase(f"{relative} {head}")


@pytest.mark.parametrize(
    ("fragment", "names"),
    [
        ("Lyon, France.", ["Lyon", "France"]),
        ("Ghent and Bruges", ["Ghent", "Bruges"]),
        ("Mount Fuji", ["Mount Fuji"]),
    ],
)
def test_names_alone_are_no_phrase(fragment: str, names: list[str]) -> None:
    # However many names a fragment types, they name where to look next, not a search.
    assert not names_own_phrase(fragment, names)


def test_a_name_with_a_word_of_its_own_is_a_phrase() -> None:
    assert names_own_phrase("Lyon restaurant prices", ["Lyon"])


@pytest.mark.parametrize("fragment", ["Lyon, France.", "Ghent and Bruges", "Mount Fuji"])
def test_capitalised_words_alone_are_names_not_a_phrase(fragment: str) -> None:
    # Found as names or not, capitalised words alone name where to look next.
    assert not names_own_phrase(fragment, [])


@given(
    reaction=st.sampled_from(("interesting", "great", "cool", "nice", "amazing")),
    verb=st.sampled_from(("go on", "go on please", "more please")),
)
def test_a_reaction_that_asks_for_more_is_no_phrase(reaction: str, verb: str) -> None:
    # Appraisal of the answer names no subject: the turn asks for more of the same.
    assert not names_own_phrase(f"{reaction}, {verb}")
