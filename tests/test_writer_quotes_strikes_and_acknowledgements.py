"""Shapes of the final turn read at stop 62 (spec writer-cues-value-revision.quoted-question,
.struck-through; writer-cues-roles.answer-acknowledged, .named-then-refused, .verdicts,
.carried-refusal; writer-cues-self-repair.numbered-slip, .pointed-back;
writer-cues-positions.answer-ranking, .closed-before-place, .answer-nudge;
writer-standalone.left-topic-remark)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.acknowledged import without_acknowledgement
from memcore.writers.carried_refusal import carried_refusals
from memcore.writers.closed_before_place import without_closing_remark
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.left_topic_remark import left_topic_statements
from memcore.writers.pointed_back import with_current_named
from memcore.writers.quoted_question import with_quoted_year_replaced
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.verdicts import verdicts_read

_Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: st.SearchStrategy[_Write] = st.sampled_from((learned_final, rules_final))
_EVENTS = ("World Series", "Nobel Prize in Literature", "Tour de France")
_YEARS = st.lists(st.integers(1950, 2024).map(str), min_size=2, max_size=2, unique=True)
_ASKED = ("who won the {event} in {year}?", "where was the {event} held in {year}?")
_QUOTED = (
    '"{asked}" - now with {new} instead',
    "> {asked}\nsame question, but {new}",
    'Copying my question from before: "{asked}" -> {new} this time',
    "> {asked}\n\n^ that, for {new} please",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@given(st.sampled_from(_EVENTS), _YEARS, st.sampled_from(_ASKED), st.sampled_from(_QUOTED))
def test_a_quoted_earlier_question_is_asked_for_the_new_year(
    event: str, years: list[str], asked: str, shape: str
) -> None:
    old, new = years
    question = asked.format(event=event, year=old)
    text = shape.format(asked=question, new=new)
    assert with_quoted_year_replaced(text, [question]) == asked.format(event=event, year=new)


@given(st.sampled_from(_EVENTS), _YEARS, st.sampled_from(_QUOTED))
def test_a_quote_of_anything_but_an_earlier_question_is_read_as_typed(
    event: str, years: list[str], shape: str
) -> None:
    old, new = years
    quoted = f"Frida Kahlo won the {event} in {old}."
    text = shape.format(asked=quoted, new=new)
    assert with_quoted_year_replaced(text, [f"who won the {event} in {old}?"]) == text


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(_EVENTS), _YEARS, st.sampled_from(_QUOTED), _WRITERS)
def test_both_writers_search_the_quoted_question_for_the_new_year_only(
    event: str, years: list[str], shape: str, write_final: _Write
) -> None:
    old, new = years
    question = f"who won the {event} in {old}?"
    history = (Turn(question, f"Frida Kahlo won the {event} in {old}."),)
    node = write_final(history, shape.format(asked=question, new=new), [event])
    assert node.topic == event
    assert node.query is not None and new in node.query and old not in node.query


_STRUCK = (
    "where was the {event} held in ~~{old}~~ {new}?",
    "~~{old}~~ {new}: where was the {event} held?",
    "same but ~~{old}~~ -> {new} (the {event})",
    "where was the {event} held in {new} (not ~~{old}~~ lol)",
)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(_EVENTS), _YEARS, st.sampled_from(_STRUCK), _WRITERS)
def test_a_struck_year_leaves_the_query(
    event: str, years: list[str], shape: str, write_final: _Write
) -> None:
    old, new = years
    history = (
        Turn(f"where was the {event} held in {old}?", f"The {event} in {old} was held far away."),
    )
    node = write_final(history, shape.format(event=event, old=old, new=new), [event])
    assert node.topic == event
    assert node.query is not None
    assert new in node.query and old not in node.query and "~~" not in node.query


_ADMISSIONS = (
    "Huh, good to know I was wrong 😅\n",
    "Oh, I had that wrong then! ok, ",
    "ah, my mistake. moving on - ",
    "I stand corrected. ",
)
_DISAGREEING = (
    "Not at all - it is still widely discussed today.",
    "That's not really the consensus, actually.",
    "Actually, it was a big success.",
)
_NEW_QUESTIONS = ("where did Apollo 12 come down?", "what is Tbilisi famous for?")


@given(st.sampled_from(_ADMISSIONS), st.sampled_from(_DISAGREEING), st.sampled_from(_NEW_QUESTIONS))
def test_an_admission_after_a_disagreeing_answer_leaves_the_question(
    admission: str, answer: str, asked: str
) -> None:
    read = without_acknowledgement(admission + asked, answer)
    assert read.endswith(asked)
    assert not re.search(r"\b(?:wrong|mistake|corrected)\b", read)


@given(st.sampled_from(_ADMISSIONS), st.sampled_from(_NEW_QUESTIONS))
def test_an_admission_after_an_agreeing_answer_stays(admission: str, asked: str) -> None:
    text = admission + asked
    assert without_acknowledgement(text, "Apollo 11 landed in the summer.") == text


@given(
    st.sampled_from(
        (
            "how long is Vertigo? ...wait, you already told me that 🙈 different one then: ",
            "who invented it?\nlol no, you answered that. ",
            "ok you'll never guess what came up at dinner... ",
        )
    ),
    st.sampled_from(_NEW_QUESTIONS),
)
def test_a_note_that_it_was_answered_and_a_teaser_leave_the_question(
    opening: str, asked: str
) -> None:
    read = without_acknowledgement(opening + asked)
    assert read.endswith(asked)
    assert not re.search(r"\b(?:never|told|answered|wait)\b", read)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(_ADMISSIONS[:3]), _WRITERS)
def test_the_topic_left_after_an_admission_is_not_rejected(
    admission: str, write_final: _Write
) -> None:
    history = (
        Turn("how long is Vertigo?", "Vertigo runs a little under two hours."),
        Turn("so Vertigo is pretty much forgotten now?", _DISAGREEING[0]),
    )
    node = write_final(history, admission + _NEW_QUESTIONS[0], ["Vertigo", "Apollo 12"])
    assert node.topic == "Apollo 12"
    assert "Vertigo" not in _abandoned(node)


_GADGETS = ("Vespa", "Model T", "Walkman", "Game Boy", "Kindle")
_NOTES = (
    "*{meant} in Q2, my bad",
    "sorry, 2 is about {meant} too",
    "(2 should say {meant}, not {slipped})",
    "ugh, {slipped} in 2 was a slip - I mean {meant}.",
)


@settings(max_examples=16, deadline=None)
@given(
    st.permutations(_GADGETS).map(lambda names: names[:3]),
    st.sampled_from(_NOTES),
    st.booleans(),
    _WRITERS,
)
def test_a_note_repairs_the_numbered_question_it_points_at(
    names: Sequence[str], note: str, q_labels: bool, write_final: _Write
) -> None:
    meant, slipped, third = names
    one, two = ("Q1: ", "Q2: ") if q_labels else ("1. ", "2. ")
    history = (
        Turn(
            "what are some gadgets that changed everyday life?",
            f"Try {meant}, {slipped} and {third}.",
        ),
    )
    text = (
        f"{one}how many units of {meant} were sold?\n{two}is {slipped} worth reading about?\n"
        + note.format(meant=meant, slipped=slipped)
    )
    node = write_final(history, text, names)
    assert node.topic == meant
    assert slipped in _abandoned(node)
    assert node.query is not None and slipped not in node.query


_PICKS = (
    "Sure - in order: {a}, {b}, {c}. I'd drop {d}.",
    "If it were me:\n1. {a}\n2. {b}\n3. {c}\nI'd leave {d} out.",
    "I'd go with {a} first, then {b}, then {c}.",
)
_PLACES = (
    ("your first one", 0),
    ("the one you put in the middle", 1),
    ("the last of your three", 2),
)


@settings(max_examples=16, deadline=None)
@given(
    st.permutations(("Valparaiso", "Helsinki", "Kyoto", "Melbourne")),
    st.sampled_from(_PICKS),
    st.sampled_from(_PLACES),
    _WRITERS,
)
def test_a_place_counts_in_the_answers_ranking_of_the_names_it_kept(
    ranked: Sequence[str], picks: str, place: tuple[str, int], write_final: _Write
) -> None:
    a, b, c, d = ranked
    listed = sorted(ranked)
    history = (
        Turn(
            f"help me cut this down to three: {' / '.join(listed)}",
            picks.format(a=a, b=b, c=c, d=d),
        ),
    )
    node = write_final(history, f"ok. {place[0]} - when was it founded?", listed)
    assert node.topic == (a, b, c)[place[1]]


_FILMS = ("Vertigo", "Spirited Away", "Metropolis", "Amelie", "Chinatown")
_PLURAL_REFUSALS = (
    "(I've done {a} and {b} already, so not those)",
    "Already done {a} and {b}, so leave those out.",
    "{a}, {b} - done both, cross them off.",
)


@settings(max_examples=16, deadline=None)
@given(
    st.permutations(_FILMS).map(lambda names: names[:4]),
    st.sampled_from(_PLURAL_REFUSALS),
    st.booleans(),
    _WRITERS,
)
def test_a_plural_refusal_takes_back_the_names_of_its_own_sentence_only(
    names: Sequence[str], refusal: str, question_first: bool, write_final: _Write
) -> None:
    a, b, asked, other = names
    history = (
        Turn(
            "can you recommend some classic films?",
            f"Sure: {a}, {asked}, {b} and {other}. Have you already seen any of them?",
        ),
    )
    said = refusal.format(a=a, b=b)
    question = f"who wrote the music for {asked}?"
    node = write_final(
        history, f"{question}\n{said}" if question_first else f"{said}\n{question}", names
    )
    assert node.topic == asked
    assert {a, b} <= _abandoned(node)
    assert other not in _abandoned(node) and asked not in _abandoned(node)
    assert node.query is not None and a not in node.query and b not in node.query


_VERDICTS = ("{no} no, {yes} yes 🙂", "no to {no}, yes to {yes} -", "yes to {yes}, no to {no}.")


@given(st.permutations(_FILMS).map(lambda names: names[:2]), st.sampled_from(_VERDICTS))
def test_a_no_and_a_yes_read_as_turning_one_name_down_for_the_other(
    names: Sequence[str], verdicts: str
) -> None:
    refused, kept = names
    text = verdicts.format(no=refused, yes=kept) + " when did it come out?"
    read = verdicts_read(text, names)
    assert read.startswith(f"not {refused}, {kept}")
    assert read.endswith("when did it come out?")


@given(st.permutations(_FILMS).map(lambda names: names[:2]))
def test_a_yes_and_a_no_for_one_name_or_for_none_is_read_as_typed(names: Sequence[str]) -> None:
    first, second = names
    for text in (f"{first} no, {first} yes", f"no, {second}", f"{first} yes, {second} yes"):
        assert verdicts_read(text, names) == text


_CLOSINGS = (
    "Great, thanks for the {name} info.\n",
    "Thanks, that's useful on {name}! ",
    "ok {name} done ✔️ ",
)
_PLACES_ASKED = (
    "What about the third one? how many were sold?",
    "Now the last one: when was it made?",
)


@given(st.sampled_from(_GADGETS), st.sampled_from(_CLOSINGS), st.sampled_from(_PLACES_ASKED))
def test_a_remark_closing_the_last_topic_goes_before_a_place(
    name: str, closing: str, asked: str
) -> None:
    assert without_closing_remark(closing.format(name=name) + asked) == asked


@given(st.sampled_from(_GADGETS), st.sampled_from(_CLOSINGS))
def test_a_closing_remark_stays_where_no_place_follows(name: str, closing: str) -> None:
    text = closing.format(name=name) + "how many were sold?"
    assert without_closing_remark(text) == text


_LEFT_REMARKS = (
    "ok, {left} is going on my list ✅ ",
    "had something to say about {left} but it's gone. ",
    "{left} was fun to read about.\n",
)


@given(
    st.permutations(_GADGETS).map(lambda names: names[:2]),
    st.sampled_from(_LEFT_REMARKS),
    st.booleans(),
)
def test_a_statement_on_the_topic_left_is_found_beside_a_question_on_the_new_one(
    names: Sequence[str], remark: str, lower: bool
) -> None:
    left, topic = names
    text = remark.format(left=left) + f"when did {topic} first go on sale?"
    text = text.casefold() if lower else text
    found = left_topic_statements(text, left, topic, names)
    assert len(found) == 1 and left.casefold() in found[0].casefold()
    assert topic.casefold() not in found[0].casefold()


@given(st.permutations(_GADGETS).map(lambda names: names[:2]))
def test_a_statement_naming_the_new_topic_too_or_a_question_on_the_old_one_stays(
    names: Sequence[str],
) -> None:
    left, topic = names
    for text in (
        f"{left} or {topic}. when did {topic} first go on sale?",
        f"{left} is on my list. when did {left} first go on sale?",
    ):
        assert left_topic_statements(text, left, topic, names) == ()


_PICKING_STATEMENTS = (
    "{left} - yes, that's the one I meant!",
    "I mean {left}.",
    "{left} is what I meant.",
    "yep, {left} is the one",
)


@given(
    st.permutations(_GADGETS).map(lambda names: names[:2]),
    st.sampled_from(_PICKING_STATEMENTS),
    st.sampled_from(("\n", " ")),
)
def test_a_statement_that_picks_the_name_it_types_is_no_remark_on_the_topic_left(
    names: Sequence[str], statement: str, gap: str
) -> None:
    # It may say which name the turn is about; the writer's topic may be the wrong one.
    left, topic = names
    text = statement.format(left=left) + gap + f"when did {topic} first go on sale?"
    assert left_topic_statements(text, left, topic, names) == ()


@settings(max_examples=10, deadline=None)
@given(st.permutations(_GADGETS).map(lambda names: names[:2]), st.sampled_from(_LEFT_REMARKS))
def test_the_default_writer_searches_the_new_question_without_the_remark(
    names: Sequence[str], remark: str
) -> None:
    left, topic = names
    history = (Turn(f"who invented {left}?", f"{left} was designed by a small team."),)
    text = remark.format(left=left) + f"when did {topic} first go on sale?"
    node = learned_final(history, text, names)
    assert node.topic == topic
    assert left not in _abandoned(node)
    assert node.query is not None and left not in node.query and topic in node.query


_POINTERS = (
    "\nwait no, not {slip} - the one we were just talking about",
    " ...sorry, wrong name, I meant the one from just now.",
    " I mean the one you just told me about, not {slip}.",
    " - ugh, ignore the name, I meant the one from my last question",
)


@settings(max_examples=12, deadline=None)
@given(st.permutations(_FILMS).map(lambda names: names[:2]), st.sampled_from(_POINTERS), _WRITERS)
def test_a_repair_pointing_back_goes_to_the_current_topic(
    names: Sequence[str], pointer: str, write_final: _Write
) -> None:
    current, slip = names
    history = (Turn(f"who wrote the music for {current}?", f"The score of {current} is famous."),)
    text = f"did {slip} win any Oscars?" + pointer.format(slip=slip)
    node = write_final(history, text, names)
    assert node.topic == current
    assert slip in _abandoned(node)
    assert node.query is not None and slip not in node.query


@given(st.sampled_from(_FILMS))
def test_a_phrase_counting_further_back_is_left_to_the_places(current: str) -> None:
    for text in ("what about the one I asked about just before this?", "the one before it"):
        assert with_current_named(text, current) == text
    assert (
        with_current_named("I meant the one from just now", None) == "I meant the one from just now"
    )


_MISSIONS = ("Apollo 13", "Apollo 12", "Gemini 8", "Soyuz 11", "Vostok 1")
_TRICKLES = (
    "\n\n{a}'s out btw. {b} too. and {c}, now I think about it.",
    " ({a} - no. {b} - also no. {c} - no.)",
    "\n{a} - no thanks. {b} - no thanks. {c}... also no.",
)


@given(st.permutations(_MISSIONS).map(lambda names: names[:4]), st.sampled_from(_TRICKLES))
def test_refusals_carried_over_or_given_by_a_bare_no_are_written_out(
    names: Sequence[str], trickle: str
) -> None:
    asked, a, b, c = names
    text = f"when did {asked} launch?" + trickle.format(a=a, b=b, c=c)
    read = carried_refusals(text, names)
    assert f"not {b}." in read and f"not {c}." in read
    assert read.startswith(f"when did {asked} launch?")


@given(st.permutations(_MISSIONS).map(lambda names: names[:3]))
def test_a_name_with_too_after_no_refusal_or_a_repair_to_a_bare_name_is_read_as_typed(
    names: Sequence[str],
) -> None:
    asked, a, b = names
    for text in (
        f"I loved {a}. {b} too. when did {asked} launch?",
        f"when did {asked} launch? {b} too?",
        f"{a}... no, {b}. when did it launch?",
        f"when did {a} launch? - no, {b}! Not {a}.",
        f"not {a}, and not {asked} either. {b}!",
        f"Tell me about {a} rather than {b} - no, the other way round! {b}. when did it launch?",
    ):
        assert carried_refusals(text, names) == text


_CITIES = ("Valparaiso", "Montreal", "Nairobi", "Melbourne", "Kyoto")
_NUDGES = (
    ("By the way, the third one on that list is a good next step.", 2),
    ("You might also like the last one I mentioned.", -1),
    ("If you liked that, the second one on the list is worth a look too.", 1),
)
_TAKEN_UP = (
    "Sounds good 👍\nwhat language do people speak in that one?",
    "go on then - when was the one you just suggested founded?",
    "sure, tell me about the one you recommended",
)


@settings(max_examples=15, deadline=None)
@given(
    st.permutations(_CITIES).map(lambda names: names[:4]),
    st.sampled_from(_NUDGES),
    st.sampled_from(_TAKEN_UP),
    _WRITERS,
)
def test_words_pointing_at_the_place_the_last_answer_named_take_its_member(
    names: Sequence[str], nudge: tuple[str, int], taken_up: str, write_final: _Write
) -> None:
    first = names[0]
    history = (
        Turn("which cities would you suggest?", f"You could try {', '.join(names)}."),
        Turn(f"when was {first} founded?", f"{first} was founded long ago. {nudge[0]}"),
    )
    node = write_final(history, taken_up, names)
    assert node.topic == names[nudge[1]]
