"""A signature that closes a message (spec/writer-standalone.md#writer-standalone.signature), a
page named in passing by an answer (spec/writer-learned.md#writer-learned.no-other-topic), a
switch from one name to another and a bare "after" that defers
(spec/writer-cues-roles.md#writer-cues-roles.substitution, #writer-cues-roles.deferred), a
refusal typed in a statement's order (#writer-cues-roles.declared) and a lower-case name after
"I meant" (spec/writer-cues-self-repair.md#writer-cues-self-repair.lower-case-repair)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import TitleVocabulary, find_mentions

_TITLES = ("Braga", "Coimbra", "Hedy Lamarr", "Faro")
_HISTORY = (Turn("how old is Braga?", "Braga is one of the oldest cities in Portugal."),)
_CLOSINGS = ("Thanks,", "thanks, ", "Cheers,", "cheers -", "Best,\n", "Kind regards,\n", "--")
_SIGNERS = ("Ines", "Tomas Ruiz", "K.", "J. P.")
_QUESTIONS = ("how old is Coimbra?", "what is Coimbra famous for?")


def _abandoned(node_operations: tuple[object, ...]) -> frozenset[str]:
    return frozenset(
        getattr(op, "topic", "")
        for op in node_operations
        if getattr(op, "kind", None) is OpKind.ABANDON
    )


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(_QUESTIONS),
    st.sampled_from(_CLOSINGS),
    st.sampled_from(_SIGNERS),
    st.sampled_from(("\n\n", " ", "\n")),
)
def test_a_signature_is_read_as_no_name_and_leaves_the_query(
    question: str, closing: str, signer: str, gap: str
) -> None:
    typed = f"{question}{gap}{closing}{'' if closing.endswith(chr(10)) else ' '}{signer}"
    read = cues.normalise_turn(typed)
    assert signer.split()[0] not in read
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Coimbra"
        assert signer.split()[0].rstrip(".") not in (node.query or "").split()


def test_a_name_asked_after_thanks_is_no_signature() -> None:
    assert cues.normalise_turn("ok thanks. Faro?") == "ok thanks. Faro?"
    assert cues.normalise_turn("how old is Braga? thanks, Faro?").endswith("Faro?")
    # No sentence before the closing: the message is all thanks to a person, nothing signed.
    assert cues.normalise_turn("Thanks, Ines") == "Thanks, Ines"


def test_an_answer_naming_a_page_in_passing_ties_nothing() -> None:
    history = (
        Turn(
            "who was Hedy Lamarr?",
            "Hedy Lamarr was an actress and inventor. Readers often move on to Faro next.",
        ),
    )
    query = learned_final(history, "same question for Faro, please", _TITLES).query or ""
    assert "hedy" not in query.casefold()
    assert "lamarr" not in query.casefold()


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(("we're switching", "I switched", "let's shift", "ok, we changed over")),
    st.sampled_from(("from", "form")),
    st.sampled_from(("how old is Coimbra?", "what is Coimbra known for?")),
)
def test_a_switch_from_one_name_to_another_sets_the_first_aside(
    verb: str, preposition: str, question: str
) -> None:
    typed = f"{verb} {preposition} Braga to Coimbra. {question}"
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Coimbra"
        assert "Braga" in _abandoned(node.operations)
        assert "Braga" not in (node.query or "")


def test_a_change_the_world_makes_sets_nothing_aside() -> None:
    typed = "the festival changed from Braga to Coimbra. how old is Coimbra?"
    node = rules_final(_HISTORY, typed, _TITLES)
    assert "Braga" not in _abandoned(node.operations)


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(("we can do Braga after", "Braga after, please", "I'll finish Braga after")),
    st.booleans(),
)
def test_a_bare_after_puts_the_name_off(deferral: str, lower: bool) -> None:
    typed = f"how old is Coimbra? - {deferral}"
    typed = typed.lower() if lower else typed
    node = learned_final(_HISTORY, typed, _TITLES)
    assert node.topic == "Coimbra"
    assert "Braga" not in _abandoned(node.operations)
    assert "braga" not in (node.query or "").casefold()


def test_an_after_in_a_question_asks() -> None:
    node = rules_final(_HISTORY, "what happened in Braga after?", _TITLES)
    assert node.topic == "Braga"


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(("", "hmm, ", "so, like, ", "uh, well, ")),
    st.sampled_from(("isn't really it", "is not the one", "isn't what I need")),
)
def test_a_refusal_in_statement_order_binds_whatever_its_mark(opening: str, refusal: str) -> None:
    typed = f"{opening}Braga {refusal}? how old is Coimbra?"
    for final in (rules_final, learned_final):
        node = final(_HISTORY, typed, _TITLES)
        assert node.topic == "Coimbra"
        assert "Braga" in _abandoned(node.operations)
        assert "Braga" not in (node.query or "")


def test_a_yes_no_question_with_its_verb_first_binds_nothing() -> None:
    node = rules_final(_HISTORY, "isn't Braga the oldest? how old is Coimbra?", _TITLES)
    assert "Braga" not in _abandoned(node.operations)


@given(st.sampled_from(("i meant", "i mean", "i was asking about")))
def test_a_lower_case_title_after_i_meant_opens_a_repair_slot(intent: str) -> None:
    vocabulary = TitleVocabulary.of(_TITLES)
    found = find_mentions(f"how old is coimbra? sorry, {intent} faro", (), vocabulary)
    assert [m.name for m in found] == ["Coimbra", "Faro"]


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(("maybe later", "another time perhaps", "later on, maybe")),
    st.sampled_from(("nah", "not for me", "no thanks")),
)
def test_a_label_put_off_by_its_comment_is_kept(deferral: str, refusal: str) -> None:
    history = (Turn("which towns are worth a trip?", "You could try Braga, Coimbra and Faro."),)
    typed = f"Faro: {refusal}. Braga: {deferral}. Coimbra: sure - how old is it?"
    for final in (rules_final, learned_final):
        node = final(history, typed, _TITLES)
        abandoned = _abandoned(node.operations)
        assert node.topic == "Coimbra"
        assert "Faro" in abandoned
        assert "Braga" not in abandoned


def test_a_refusal_sentence_leaves_the_query_beside_a_deferral() -> None:
    history = (Turn("which towns are worth a trip?", "You could try Braga, Coimbra and Faro."),)
    typed = "Certainly not Faro. Braga some other time. how old is Coimbra?"
    node = rules_final(history, typed, _TITLES)
    assert node.query == "how old is Coimbra?"


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(("Wikipedia", "Britannica", "Travel Guide")),
    st.sampled_from((" - ", " | ", " \u2014 ")),
)
def test_a_pasted_title_names_its_site_apart(site: str, mark: str) -> None:
    typed = f'read this: "Coimbra{mark}{site}". how old is Coimbra?'
    assert site not in cues.normalise_turn(typed)
    for final in (rules_final, learned_final):
        assert final(_HISTORY, typed, _TITLES).topic == "Coimbra"


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(_TITLES + _SIGNERS[:2]), min_size=2, max_size=5, unique=True),
    st.sampled_from(("Some good ones:", "Try these:", "")),
    st.sampled_from(("- ", "-", " - ")),
)
def test_the_last_item_of_a_dashed_list_is_no_signature(
    items: list[str], opening: str, dash: str
) -> None:
    # An answer's list written with dashes ends on a line "- Name": every item stays.
    listed = "\n".join(f"{dash}{item}" for item in items)
    text = f"{opening}\n{listed}" if opening else listed
    assert cues.without_signature(text) == text
    assert cues.normalise_turn(text).rstrip().endswith(items[-1])


def test_a_dash_signature_after_a_question_still_goes() -> None:
    assert cues.without_signature("how old is Coimbra?\n- Ines") == "how old is Coimbra?"


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(("I'm", "I am", "we're", "we are", "what she was", "that's what I'm")),
    st.sampled_from(("Coimbra", "Faro")),
)
def test_after_a_form_of_be_is_wanting_not_later(subject: str, name: str) -> None:
    # "it's Faro I'm after": the name is wanted now, nothing is put off.
    assert cues.DEFERRAL.search(f"it's {name} {subject} after") is None
    assert cues.DEFERRAL.search(f"we can finish {name} after") is not None
