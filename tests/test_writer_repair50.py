"""Self-repair and value revision, stop 50: a count beside the new value, the answer quoted
back before the next value (spec/writer-cues-value-revision.md#writer-cues-value-revision.count-
and-quote), an apology after a repair (spec/writer-cues-self-repair.md#writer-cues-self-repair.
owned-after-repair) and a confession of mixing up two names after the turn's own question
(spec/writer-cues-roles.md#writer-cues-roles.mixed-up). The wordings are this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.values import revise_value
from memcore.writers.value_check import quoted_answer, without_quoted_answer
from writer_pair import WRITERS

EVENT = "Giro d'Italia"
ANSWER = "A cyclist from Lagos won the Giro d'Italia in {old}."
ASKED = "who won the Giro d'Italia in {old}?"

# A count of the user's own situation beside the new year, each said in another way.
COUNTED = (
    "we've got {count} questions to go - same again for {new}?",
    "{count} of us are stuck on this one. what about {new}?",
    "I have {count} minutes left, so what about {new}?",
    "round {count}: the same for {new}, please",
)


def _rejected(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(COUNTED),
    st.integers(min_value=1, max_value=99),
    st.integers(min_value=1986, max_value=2020),
    st.integers(min_value=1, max_value=12),
)
def test_a_count_beside_the_new_year_is_no_value_of_the_question(
    wording: str, count: int, old: int, step: int
) -> None:
    # Property: whatever small count the user types beside it, the year is the new value.
    new = old + step
    revision = revise_value(wording.format(count=count, new=new), ASKED.format(old=old), EVENT)
    assert revision is not None
    assert (revision.old, revision.new) == (str(old), str(new))
    assert revision.query == ASKED.format(old=new)


def test_two_new_years_beside_a_count_are_still_compared() -> None:
    # Two values of the question's kind: nothing tells which one stands in for the old one.
    text = "3 of us disagree: same again for 1995 and 1997?"
    assert revise_value(text, ASKED.format(old=1993), EVENT) is None


@pytest.mark.parametrize(
    "text",
    [
        "> {answer}\n\nok, and {new}?",
        '"{answer}" - noted. and in {new}?',
        'you wrote: "{answer}" now {new}, please',
    ],
)
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_answer_quoted_back_is_not_asked_again(text: str, writer: str) -> None:
    old, new = 2004, 2006
    answer = ANSWER.format(old=old)
    history = [Turn(ASKED.format(old=old), answer)]
    node = WRITERS[writer](history, text.format(answer=answer.rstrip("."), new=new), [EVENT])
    assert node.topic == EVENT
    assert node.query is not None
    assert str(new) in node.query and str(old) not in node.query


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1986, max_value=2015), st.integers(min_value=1, max_value=6))
def test_a_quotation_of_the_answer_goes_only_before_a_new_value(old: int, step: int) -> None:
    # Property: the quotation is left out exactly when the rest asks for a new value.
    answer = ANSWER.format(old=old)
    quoted = f'"{answer}"'
    asked = ASKED.format(old=old)
    assert quoted_answer(f"{quoted} thanks", answer)
    assert without_quoted_answer(f"{quoted} and {old + step}?", answer, asked) == (
        f"and {old + step}?"
    )
    assert without_quoted_answer(f"{quoted} really?", answer, asked) == f"{quoted} really?"
    # A quotation of words the answer did not say is the user's own.
    own = f'"the {old} race was dull" - and {old + step}?'
    assert without_quoted_answer(own, answer, asked) == own


PAIRS = (("Lake Garda", "Lake Como"), ("Gemini 8", "Skylab 2"), ("Tbilisi", "Kyoto"))
APOLOGIES = ("sorry, wrong name", "oops, my mistake", "apologies, typo")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("apology", APOLOGIES)
def test_an_apology_after_a_substitution_keeps_the_name_put_in(writer: str, apology: str) -> None:
    slip, meant = "Lake Garda", "Lake Como"
    history = [Turn(f"how deep is {slip}?", f"{slip} is very deep in places.")]
    node = WRITERS[writer](history, f"s/{slip}/{meant}/ - {apology}", [slip, meant])
    assert node.topic == meant
    assert slip in _rejected(node)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PAIRS), st.sampled_from(APOLOGIES), st.booleans())
def test_an_apology_stretched_to_the_repair_takes_it_back(
    pair: tuple[str, str], apology: str, too: bool
) -> None:
    # Property: the owning-up after "A, no wait, S" keeps S, unless it says S is wrong too.
    slip, meant = pair
    history = [Turn("what is the population of Lisbon?", "About two million live in Lisbon.")]
    tail = "sorry, that one's wrong too" if too else apology
    node = rules_final(history, f"{slip}, no wait, {meant} - {tail}", [slip, meant, "Lisbon"])
    if too:
        assert meant in _rejected(node)
    else:
        assert node.topic == meant


def test_the_substitution_command_after_other_words_is_written_out() -> None:
    assert cues.normalise_turn("my bad: s/Gemini 8/Skylab 2/.") == (
        "my bad: Gemini 8, no wait, Skylab 2."
    )
    # A path is no substitution command.
    assert cues.normalise_turn("see docs/a/b/ for it") == "see docs/a/b/ for it"


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "confession", ["ugh, I confused {slip} with {meant}", "I keep mixing up {slip} and {meant}"]
)
def test_a_confession_after_the_own_question_owns_up_to_it(writer: str, confession: str) -> None:
    slip, meant = "Kyoto", "Tbilisi"
    history = [Turn("what is the population of Lisbon?", "About two million live in Lisbon.")]
    text = f"when was {slip} founded? " + confession.format(slip=slip, meant=meant)
    node = WRITERS[writer](history, text, ["Lisbon", slip, meant])
    assert node.topic == meant
    assert slip in _rejected(node)
    assert node.query is not None and slip not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_confession_about_an_earlier_turn_keeps_the_question(writer: str) -> None:
    # The other name was asked about before: the question is the repair.
    history = [Turn("when was Kyoto founded?", "Kyoto was founded many centuries ago.")]
    text = "when was Tbilisi founded? I confused Kyoto with Tbilisi earlier"
    node = WRITERS[writer](history, text, ["Kyoto", "Tbilisi"])
    assert node.topic == "Tbilisi"
    assert "Kyoto" in _rejected(node)


# Question frames with the name inside ("{name}" keeps its place), retractions typed between
# names, and gadgets to put in and take back.
FRAMES = (
    "when did the {name} come out?",
    "who designed the {name} in the end?",
    "how much did the {name} cost at launch?",
)
RETRACTIONS = (", no wait, the ", " (sorry, the ", ", I mean the ", "... no, the ")
GADGETS = ("Walkman", "Kindle", "Vespa", "Tamagotchi")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(FRAMES),
    st.lists(st.sampled_from(RETRACTIONS), min_size=1, max_size=3),
    st.permutations(GADGETS),
)
def test_a_repair_inside_the_question_asks_it_about_the_last_name(
    frame: str, retractions: list[str], gadgets: list[str]
) -> None:
    # Property: 1 to 3 names, each taken back inside the question, leave the question asked
    # about the last one, with no name taken back in it.
    names = gadgets[: len(retractions) + 1]
    said = names[0]
    for retraction, name in zip(retractions, names[1:], strict=True):
        said += retraction + name + (")" if retraction.startswith(" (") else "")
    turn = frame.replace("{name}", said)
    history = [Turn("what is the population of Lisbon?", "About two million live in Lisbon.")]
    node = rules_final(history, turn, ["Lisbon", *GADGETS])
    assert node.topic == names[-1]
    assert node.query == frame.format(name=names[-1])


def test_a_question_closed_before_the_repair_is_not_spliced() -> None:
    history = [Turn("what is the population of Lisbon?", "About two million live in Lisbon.")]
    node = rules_final(history, "who made the Walkman, I mean, when did the Kindle come out?", [])
    assert node.query == "when did the Kindle come out?"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_confession_with_articles_still_names_the_pair(writer: str) -> None:
    history = [Turn("what is the population of Lisbon?", "About two million live in Lisbon.")]
    text = "when did the Walkman come out? I confused the Walkman with the Kindle"
    node = WRITERS[writer](history, text, ["Lisbon", "Walkman", "Kindle"])
    assert node.topic == "Kindle"
    assert "Walkman" in _rejected(node)


ERRATA = (
    "erratum: for {old} read {new}",
    "errata - for {old}, read {new}",
    'for "{old}" read "{new}"',
)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ERRATA), st.sampled_from(PAIRS))
def test_the_erratum_formula_is_a_retraction(wording: str, pair: tuple[str, str]) -> None:
    # Property: "for X read Y" reads as "X, no wait, Y" wherever it opens the turn or a label.
    old, new = pair
    written = cues.normalise_turn(wording.format(old=old, new=new))
    assert written.endswith(f"{old}, no wait, {new}")


def test_an_erratum_question_is_no_erratum() -> None:
    assert cues.normalise_turn("for a long flight, read Dune?") == "for a long flight, read Dune?"


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "text",
    [
        "my thumbs typed {slip} but my head meant {meant}",
        "I pictured {meant} and typed {slip}. the question was for {meant}",
        "my phone put {slip} in - the question is really about {meant}",
    ],
)
def test_the_name_typed_by_hand_is_the_slip(writer: str, text: str) -> None:
    slip, meant = "Gemini 8", "Skylab 2"
    history = [Turn(f"what went wrong on {slip}?", f"{slip} had a stuck thruster.")]
    node = WRITERS[writer](history, text.format(slip=slip, meant=meant), [slip, meant])
    assert node.topic == meant
    assert slip in _rejected(node)


PLANS = ("and then I'll leave you alone", "- after that I'm done", ", I promise it's the last")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PLANS), st.integers(min_value=1986, max_value=2015))
def test_a_plan_after_the_value_asks_nothing(plan: str, old: int) -> None:
    # Property: whatever the user says they will do next, the value is asked about.
    revision = revise_value(f"{old + 2} {plan}", ASKED.format(old=old), EVENT)
    assert revision is not None and revision.query == ASKED.format(old=old + 2)


@settings(derandomize=True, max_examples=20, deadline=None)
@given(old=st.integers(1950, 1999), new=st.integers(2000, 2020))
def test_a_value_stated_with_a_late_repair_stays_in_the_query(old: int, new: int) -> None:
    """'I got the year wrong, it should be N. who won it then?': the question after the
    repair asks by its pronoun, but the value stated before it is what the user searches."""
    history = [
        Turn(question=f"who won the Booker Prize in {old}?", answer=f"A novelist won it in {old}."),
        Turn(question="did Moonlight win any Oscars?", answer="Moonlight won Best Picture."),
    ]
    final = f"back to the Booker Prize: I got the year wrong, it should be {new}. who won it then?"
    for write in (learned_final, rules_final):
        node = write(history, final, ["Booker Prize", "Moonlight"])
        assert node.topic == "Booker Prize"
        assert node.query is not None and str(new) in node.query
