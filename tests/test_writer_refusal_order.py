"""Refusals on either side of the question, and names the turn moves away from
(spec/writer-cues-roles.md#writer-cues-roles.refusal-order, #writer-cues-roles.contrast)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.names import Mention

_NAMES = ("Oslo", "Bergen", "Tromso", "Quito", "Lima", "Ada Lovelace", "Alan Turing")
_REFUSALS = (
    "no to {x}.",
    "a firm no on {x}.",
    "{x} is out too.",
    "skip {x}.",
    "{x} was a dead end.",
    "I've given up on {x}.",
    "{x} is a no from me.",
    "{x}'s a hard no, sorry.",
    "{x} is no longer an option.",
)
_GROUNDS = (
    "since {x} is no longer an option",
    "now that {x} is out",
    "seeing as I've given up on {x}",
    "because {x} was a dead end",
)
_QUESTIONS = ("how cold does {y} get?", "where was {y} born?", "what is {y} known for?")
_CONTRASTS = (
    "ok, something rather different from {x}:",
    "moving away from {x},",
    "unlike {x},",
    "switching from {x} to something else,",
    "as opposed to {x},",
)


def _mentions(text: str, names: tuple[str, ...]) -> list[Mention]:
    found = [Mention(name, text.index(name), text.index(name) + len(name), True) for name in names]
    return sorted(found, key=lambda m: m.start)


def _read(text: str, names: tuple[str, ...]) -> tuple[str | None, frozenset[str]]:
    reading = read_turn(text, _mentions(text, names))
    return reading.intended, frozenset(reading.taken_back)


def test_no_to_a_name_refuses_it_and_retracts_nothing_before_it() -> None:
    text = "where was Alan Turing born? no to Ada Lovelace."
    assert _read(text, ("Alan Turing", "Ada Lovelace")) == (
        "Alan Turing",
        frozenset({"Ada Lovelace"}),
    )


def test_a_refusal_on_each_side_of_the_question_abandons_both() -> None:
    text = "nah to Bergen! how cold does Tromso get? Oslo is out too."
    assert _read(text, ("Bergen", "Tromso", "Oslo")) == ("Tromso", frozenset({"Bergen", "Oslo"}))


def test_a_no_as_a_predicate_refuses_its_subject_but_a_no_brainer_does_not() -> None:
    text = "how cold does Tromso get? Bergen is a no from me."
    assert _read(text, ("Tromso", "Bergen")) == ("Tromso", frozenset({"Bergen"}))
    text = "how cold does Tromso get? is Bergen a no-brainer?"
    assert _read(text, ("Tromso", "Bergen"))[1] == frozenset()


def test_an_apology_after_a_refusal_does_not_undo_it() -> None:
    # Found under a random hypothesis seed: the apology was read as owning up to a slip
    # repaired by the last name, which took that name's refusal back.
    text = "how cold does Tromso get? no to Oslo. Bergen's a hard no, sorry."
    assert _read(text, ("Tromso", "Oslo", "Bergen")) == ("Tromso", frozenset({"Oslo", "Bergen"}))


def test_no_with_a_comma_still_retracts_the_name_before_it() -> None:
    # "no," repairs what came before; only "no to"/"no on" take an object.
    text = "how cold does Oslo get? no, Bergen"
    assert _read(text, ("Oslo", "Bergen")) == ("Bergen", frozenset({"Oslo"}))


_THREE = st.lists(st.sampled_from(_NAMES), min_size=3, max_size=3, unique=True)


@given(
    _THREE,
    st.sampled_from(_REFUSALS),
    st.sampled_from(_REFUSALS),
    st.sampled_from(_QUESTIONS),
    st.integers(min_value=0, max_value=2),
)
def test_moving_a_refusal_around_the_question_never_changes_what_is_abandoned(
    names: list[str], first: str, second: str, question: str, at: int
) -> None:
    refused_a, refused_b, asked = names
    clauses = [first.format(x=refused_a), second.format(x=refused_b)]
    clauses.insert(at, question.format(y=asked))
    text = " ".join(clauses)
    intended, taken = _read(text, (refused_a, refused_b, asked))
    assert taken == {refused_a, refused_b}
    assert intended == asked


@given(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(_CONTRASTS),
    st.sampled_from(_QUESTIONS),
)
def test_a_name_the_turn_moves_away_from_is_neither_meant_nor_taken_back(
    names: list[str], contrast: str, question: str
) -> None:
    left, asked = names
    text = f"{contrast.format(x=left)} {question.format(y=asked)}"
    reading = read_turn(text, _mentions(text, (left, asked)))
    roles = {n.name: n.role for n in reading.names}
    assert roles[left] is Role.CONTRASTED
    assert reading.intended == asked
    assert reading.taken_back == ()


@given(st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True))
def test_a_question_that_compares_contrasts_nothing(names: list[str]) -> None:
    one, other = names
    text = f"how is {one} different from {other}?"
    reading = read_turn(text, _mentions(text, (one, other)))
    assert all(n.role is not Role.CONTRASTED for n in reading.names)
    assert reading.taken_back == ()


def test_a_move_that_types_where_it_goes_in_its_clause_means_that_name() -> None:
    # "moving from X to Y" names where the turn goes in the same clause: Y is what it means,
    # and X is where it moves from, out of the query and not taken back
    # (spec/writer-cues-roles.md#writer-cues-roles.summed-up).
    text = "moving from Quito to Lima, how high is it?"
    reading = read_turn(text, _mentions(text, ("Quito", "Lima")))
    roles = {n.name: n.role for n in reading.names}
    assert reading.intended == "Lima"
    assert roles["Quito"] is Role.CONTRASTED
    assert reading.taken_back == ()


@given(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(_GROUNDS),
    st.sampled_from(_QUESTIONS),
    st.booleans(),
)
def test_a_refusal_given_as_the_question_s_ground_binds_before_or_after_it(
    names: list[str], ground: str, question: str, after: bool
) -> None:
    refused, asked = names
    reason, asking = ground.format(x=refused), question.format(y=asked)
    text = f"{asking[:-1]}, {reason}?" if after else f"{reason}, {asking}"
    assert _read(text, (refused, asked)) == (asked, frozenset({refused}))


def test_since_when_opens_a_question_not_a_ground() -> None:
    text = "since when has Lima not been the capital? and Quito?"
    assert read_turn(text, _mentions(text, ("Lima", "Quito"))).taken_back == ()


@given(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(("I'll read up on {x} myself tonight.", "{x} can be for next week.")),
    st.sampled_from(_QUESTIONS),
    st.booleans(),
)
def test_a_name_kept_for_a_time_ahead_is_deferred_before_or_after_the_question(
    names: list[str], later: str, question: str, after: bool
) -> None:
    kept, asked = names
    parts = [question.format(y=asked), later.format(x=kept)]
    text = " ".join(parts if after else parts[::-1])
    reading = read_turn(text, _mentions(text, (kept, asked)))
    assert {n.name: n.role for n in reading.names}[kept] is Role.DEFERRED
    assert reading.intended == asked
    assert reading.taken_back == ()
