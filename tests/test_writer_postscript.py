"""A postscript's mark is no name (spec/writer-standalone.md#writer-standalone.postscript), and
taking a name out of what is weighed sets it aside
(spec/writer-cues-roles.md#writer-cues-roles.set-aside-more)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

_TITLES = ("Tartu", "Narva", "Grace Hopper", "Rakvere")
_HISTORY = (Turn("how old is Tartu?", "Tartu is one of the oldest towns in the Baltics."),)
_QUESTIONS = ("how big is Narva?", "what is Narva known for?", "who founded Narva?")
_MARKS = ("P.S.", "PS:", "p.s.", "ps -", "PS,", "P.P.S.", "pps:", "Postscript:", "ps.")
_REMARKS = (
    "my bus is nearly here",
    "I might log off soon",
    "you have been a great help",
    "sorry for the late reply",
)
_GAPS = ("\n\n", "\n", " ")


def _abandoned(final: object) -> frozenset[str]:
    operations = getattr(final, "operations", ())
    return frozenset(op.topic for op in operations if op.kind is OpKind.ABANDON)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(_QUESTIONS),
    st.sampled_from(_MARKS),
    st.sampled_from(_REMARKS),
    st.sampled_from(_GAPS),
)
def test_a_postscript_is_read_as_its_sentence_alone(
    question: str, mark: str, remark: str, gap: str
) -> None:
    typed = f"{question}{gap}{mark} {remark}"
    # The turn reads as if the mark were never typed.
    assert cues.normalise_turn(typed) == cues.normalise_turn(f"{question}{gap}{remark}")
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Narva"
        assert not _abandoned(node)
        query = node.query or ""
        assert "Narva" in query
        assert mark.rstrip(":,.- ").casefold() not in query.casefold().split()


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(_QUESTIONS),
    st.sampled_from(("P.S.", "PS:", "(ps:", "p.s.", "")),
    st.sampled_from(
        (
            "please remove Tartu from my options",
            "delete Tartu from the list",
            "I've eliminated Tartu",
            "Tartu can go, I removed it from my plans",
        )
    ),
)
def test_a_name_taken_out_of_the_options_is_set_aside(
    question: str, mark: str, rejection: str
) -> None:
    closing = ")" if mark.startswith("(") else ""
    typed = f"{question}\n{mark} {rejection}{closing}".replace("\n ", "\n")
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Narva"
        assert "Tartu" in _abandoned(node)
        assert "Tartu" not in (node.query or "")


def test_a_name_that_starts_with_the_letters_stays() -> None:
    assert cues.without_postscript_mark("PS Vita sales?") == "PS Vita sales?"
    assert cues.without_postscript_mark("how many PS5 units? ps thanks") == (
        "how many PS5 units? thanks"
    )
    # Inside a sentence the letters mark nothing.
    assert cues.without_postscript_mark("the PS: line of the letter") == (
        "the PS: line of the letter"
    )


def test_a_question_about_removing_is_no_rejection() -> None:
    history = (Turn("how old is Tartu?", "Tartu is very old."),)
    node = learned_final(history, "when was Tartu removed from the league?", _TITLES)
    assert node.topic == "Tartu"
    assert not _abandoned(node)


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(_QUESTIONS),
    st.sampled_from(
        (
            "sorry for the slow reply",
            "sorry for the delay!",
            "sorry for so many questions today",
            "Sorry for the long message.",
            "sorry to keep asking",
        )
    ),
    st.booleans(),
)
def test_an_apology_for_time_taken_takes_nothing_back(
    question: str, apology: str, before: bool
) -> None:
    typed = f"{apology} {question}" if before else f"{question} {apology}"
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Narva"
        assert not _abandoned(node)


def test_an_apology_for_an_error_still_repairs() -> None:
    history = (Turn("how big is Tartu?", "Tartu is the second city of Estonia."),)
    node = rules_final(history, "sorry for the confusion, I meant Narva", _TITLES)
    assert node.topic == "Narva"
    assert "Tartu" in _abandoned(node)


# Statements after a question that tell of the user's life and name another page in passing
# (spec/writer-standalone.md#writer-standalone.in-passing).
_TOLD = (
    "I read about it after reading up on Tartu",
    "my uncle grew up there, not far from Tartu",
    "(my flatmate says it is nicer than Tartu)",
    "we drove through it on the way to Tartu.",
)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(_QUESTIONS), st.sampled_from(_TOLD), st.sampled_from((" ", "\n")))
def test_a_name_told_in_passing_after_the_question_is_not_asked_about(
    question: str, told: str, gap: str
) -> None:
    typed = f"{question}{gap}{told}"
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Narva"
        assert "Tartu" not in (node.query or "")
        assert "Narva" in (node.query or "")


def test_a_statement_that_adds_to_the_question_is_no_passing_mention() -> None:
    for typed in (
        "how big is Narva? I also want to know about Tartu",
        "how big is Narva? Tartu too",
    ):
        node = learned_final(_HISTORY, typed, _TITLES)
        assert "Tartu" in (node.query or "")


# A question passed on from someone near the user
# (spec/writer-cues-roles.md#writer-cues-roles.intent).
_PASSERS = ("my friend", "my dad", "my flatmate", "my little sister", "my boss")
_PASSING = ("asked me", "wants to know", "keeps asking", "texted me")


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(_PASSERS),
    st.sampled_from(_PASSING),
    st.sampled_from(_QUESTIONS),
    st.booleans(),
)
def test_a_question_passed_on_takes_nothing_back(
    passer: str, passing: str, question: str, quoted: bool
) -> None:
    asked = f'"{question}"' if quoted else question
    typed = f"{passer} {passing} {asked} - can you help?"
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Narva"
        assert not _abandoned(node)
        assert not node.contradicts


def test_the_users_own_words_still_state_intent() -> None:
    history = (Turn("how big is Tartu?", "Tartu is the second city of Estonia."),)
    node = rules_final(history, "my earlier question asked about Narva", _TITLES)
    assert node.topic == "Narva"
    assert "Tartu" in node.contradicts
