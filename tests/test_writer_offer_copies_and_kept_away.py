"""A "no" to the assistant's offer, a copy of the question marked wrong, a name kept away from
the results, and slips spelled out at the final turn (spec/writer-cues-roles.md
#writer-cues-roles.declined-offer and #writer-cues-roles.set-aside-more,
spec/writer-cues-self-repair.md#writer-cues-self-repair.wrong-copy,
spec/writer-cues-names.md#writer-cues-names.robust)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import Operation, OpKind
from memcore.writers import cues
from memcore.writers.declined_question import declining_opening, offered_name
from memcore.writers.driver import Turn
from memcore.writers.wrong_copy import wrong_copy
from writer_pair import WRITERS

FILMS = ("Vertigo", "Moonlight", "Casablanca", "Metropolis", "Chinatown")
OFFERS = (
    "Shall I start with {}?",
    "Want me to begin with {}?",
    "Should I tell you about {} first?",
)
NOS = ("No, not that one.", "I'd rather not, actually.\n", "Hmm no 😅", "Nope.")


def _abandoned(operations: tuple[Operation, ...]) -> set[str]:
    return {op.topic for op in operations if op.kind is OpKind.ABANDON}


def _offer_history(films: tuple[str, ...], offer: str) -> list[Turn]:
    """A topic, then three films suggested with an offer to start with the first."""
    offered, other, third = films
    answer = f"Sure: {offered}, {other} and {third}. {offer.format(offered)}"
    return [
        Turn("who invented Model T?", "Model T was designed by a small team of engineers."),
        Turn("can you recommend some classic films?", answer),
    ]


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    films=st.permutations(FILMS).map(lambda order: tuple(order[:3])),
    offer=st.sampled_from(OFFERS),
    no=st.sampled_from(NOS),
)
def test_a_no_to_the_offer_turns_the_offered_name_down(
    writer: str, films: tuple[str, ...], offer: str, no: str
) -> None:
    offered, other, _ = films
    history = _offer_history(films, offer)
    node = WRITERS[writer](history, f"{no} who directed {other}?", (*FILMS, "Model T"))
    assert node.topic == other
    assert offered in _abandoned(node.operations)
    assert "Model T" not in _abandoned(node.operations)
    assert node.query is not None
    assert offered not in node.query
    assert not node.query.casefold().startswith(("no", "i'd", "hmm"))


@pytest.mark.parametrize(
    ("answer", "offered"),
    [
        ("Sure: Vertigo and Moonlight. Shall I start with Vertigo?", "Vertigo"),
        ("Try Vertigo or Moonlight. Want me to begin with Moonlight?", "Moonlight"),
        # A question that offers no going-on, or offers two names, names no offer.
        ("Sure: Vertigo and Moonlight. Have you seen Vertigo?", None),
        ("Sure: Vertigo and Moonlight. Shall I start with Vertigo or Moonlight?", None),
        ("Sure: Vertigo and Moonlight.", None),
    ],
)
def test_only_a_closing_offer_of_one_name_is_an_offer(answer: str, offered: str | None) -> None:
    assert offered_name(answer, ("Vertigo", "Moonlight")) == offered


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("No, not that one. who directed Moonlight?", "No, not that one. "),
        ("I'd rather not, actually.\nwho directed Moonlight?", "I'd rather not, actually."),
        ("Nope", None),
        ("Nobody knows who directed Moonlight?", None),
        ("Notably, who directed Moonlight?", None),
    ],
)
def test_a_declining_opening_is_said_before_words_that_follow(
    question: str, opening: str | None
) -> None:
    assert declining_opening(question) == opening


COPY_QUESTIONS = ("how long did {} last?", "where did {} come down?", "who flew on {}?")
MISSIONS = ("Apollo 11", "Apollo 13", "Gemini 8", "Artemis 1", "Skylab 2")
DISOWNING_FIRST = (
    "Ignore the first of those two, wrong name.",
    "(the second one - the first had the wrong name)",
    "the top one was a typo",
)
DISOWNING_SECOND = ("Ignore the second one, typo.", "the latter was a mistake, sorry")


@given(
    pair=st.permutations(MISSIONS).map(lambda order: tuple(order[:2])),
    asked=st.sampled_from(COPY_QUESTIONS),
    first_wrong=st.booleans(),
    remark=st.integers(min_value=0, max_value=2),
    joint=st.sampled_from(("\n", " ")),
)
def test_the_copy_not_disowned_is_the_one_asked(
    pair: tuple[str, ...], asked: str, first_wrong: bool, remark: int, joint: str
) -> None:
    first, second = pair
    remarks = DISOWNING_FIRST if first_wrong else DISOWNING_SECOND
    question = joint.join(
        (asked.format(first), asked.format(second), remarks[remark % len(remarks)])
    )
    found = wrong_copy(question, MISSIONS)
    assert found is not None
    meant, disowned = (second, first) if first_wrong else (first, second)
    assert (found.meant, found.disowned, found.kept) == (meant, disowned, asked.format(meant))


@pytest.mark.parametrize(
    "question",
    [
        # Two different questions, not copies of one.
        "how long did Apollo 11 last?\nwho flew on Gemini 8?\nignore the first, wrong name.",
        # No remark that disowns a copy.
        "how long did Apollo 11 last?\nhow long did Gemini 8 last?",
        "how long did Apollo 11 last?\nhow long did Gemini 8 last?\nthe first one was great.",
    ],
)
def test_no_copy_is_disowned_without_copies_and_a_disowning_remark(question: str) -> None:
    assert wrong_copy(question, MISSIONS) is None


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_disowned_copy_is_rejected_and_leaves_the_query(writer: str) -> None:
    history = [Turn("who directed Parasite?", "Parasite was directed by a filmmaker.")]
    question = (
        "when was Cusco founded?\nwhen was Montreal founded?\n"
        "(the second one - the first had the wrong name)"
    )
    node = WRITERS[writer](history, question, ("Parasite", "Cusco", "Montreal"))
    assert node.topic == "Montreal"
    assert _abandoned(node.operations) == {"Cusco"}
    assert node.query == "when was Montreal founded?"


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "remark",
    [
        "Please keep {} out of whatever you find.",
        "(no {} stuff please)",
        "Nothing about {} please.",
        "Nothnig about {} plaese.",
    ],
)
def test_a_name_kept_away_from_the_results_is_rejected(writer: str, remark: str) -> None:
    history = [Turn("how long is Parasite?", "Parasite runs a little under two hours.")]
    question = f"how long is Moonlight? {remark.format('Parasite')}"
    node = WRITERS[writer](history, question, ("Parasite", "Moonlight"))
    assert node.topic == "Moonlight"
    assert "Parasite" in _abandoned(node.operations)
    assert node.query == "how long is Moonlight?"


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "kept", ["how do I keep Rome in mind?", "no Rome trip is complete without what?"]
)
def test_keeping_a_name_in_mind_or_a_no_before_it_alone_keeps_it(writer: str, kept: str) -> None:
    node = WRITERS[writer]([], kept, ("Rome",))
    assert "Rome" not in _abandoned(node.operations)


@given(
    text=st.text(alphabet=st.sampled_from("abcdefghij XYZ.,?\n"), max_size=40),
)
def test_spelled_slips_change_no_text_without_a_slip(text: str) -> None:
    words = [w.casefold() for w in text.split()]
    if not any(w in cues._SPELLED_AS for w in words):
        assert cues.spelled_slips(text) == text


@pytest.mark.parametrize(
    ("typed", "spelled"),
    [
        ("Nothnig about Vertigo plaese.", "Nothing about Vertigo please."),
        ("Plaese keep Moonlight out", "Please keep Moonlight out"),
        ("who flew on Apollo 13?", "who flew on Apollo 13?"),
    ],
)
def test_spelled_slips_keep_case_and_names(typed: str, spelled: str) -> None:
    assert cues.spelled_slips(typed) == spelled


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(pair=st.permutations(MISSIONS).map(lambda order: tuple(order[:2])))
def test_it_before_a_denied_name_is_no_anaphor_for_the_name_before(
    writer: str, pair: tuple[str, ...]
) -> None:
    out, kept = pair
    history = [Turn("how long is Vertigo?", "Vertigo runs a little under two hours.")]
    question = (
        f"I was torn between {out} and {kept} but it's not going to be {out}, "
        f"I've decided - how long did {kept} last?"
    )
    node = WRITERS[writer](history, question, ("Vertigo", *MISSIONS))
    assert node.topic == kept
    assert out in _abandoned(node.operations)
    assert kept not in _abandoned(node.operations)
    assert node.query == f"how long did {kept} last?"


@pytest.mark.parametrize(
    "opening",
    [
        "What about one you didn't mention?",
        "Something we haven't covered:",
        "a mission you did not list -",
    ],
)
def test_a_negation_that_describes_the_new_subject_takes_nothing_back(opening: str) -> None:
    history = [
        Turn(
            "which space missions should I read about?",
            "I would start with Apollo 13, Skylab 2 and Apollo 12.",
        ),
        Turn("who flew on Apollo 13?", "Apollo 13 carried a small crew."),
    ]
    for writer in WRITERS.values():
        node = writer(history, f"{opening} who flew on Artemis 1?", (*MISSIONS, "Apollo 12"))
        assert node.topic == "Artemis 1"
        assert not _abandoned(node.operations)
        assert node.query is not None and "Apollo 13" not in node.query


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("one you didn't mention", True),
        ("something we haven't covered yet", True),
        ("a mission you did not list", True),
        ("I didn't mean Apollo 13", False),
        ("not that one", False),
    ],
)
def test_a_negated_relative_clause_is_found_only_after_its_head(text: str, relative: bool) -> None:
    assert (cues.NEGATED_RELATIVE.search(text) is not None) is relative


YESES = ("Yes please.", "sure,", "ok, go ahead.", "Yeah!")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    films=st.permutations(FILMS).map(lambda order: tuple(order[:3])),
    offer=st.sampled_from(OFFERS),
    yes=st.sampled_from(YESES),
)
def test_a_yes_to_the_offer_goes_on_with_the_offered_name(
    writer: str, films: tuple[str, ...], offer: str, yes: str
) -> None:
    offered = films[0]
    history = _offer_history(films, offer)
    node = WRITERS[writer](history, f"{yes} who directed it?", (*FILMS, "Model T"))
    assert node.topic == offered
    assert not _abandoned(node.operations)
    assert node.query == f"who directed {offered}?"
