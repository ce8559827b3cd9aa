"""The number rule, case by case, and as a pipeline stage on the Apollo fixture."""

from __future__ import annotations

import pytest

from memcore.node import Memory, Node
from memcore.operations import reactivate
from memcore.search.number_rule import (
    NotApplicableReason,
    NumberKind,
    NumberRewrite,
    NumberRuleNotApplicable,
    TopicSource,
    apply_number_rule,
    find_numbers,
)
from memcore.search.pipeline import search_final_turn
from search_support import TURN_1, TURN_2, apollo_index


def _rewrite(outcome: object) -> NumberRewrite:
    assert isinstance(outcome, NumberRewrite), outcome
    return outcome


def _reason(outcome: object) -> NotApplicableReason:
    assert isinstance(outcome, NumberRuleNotApplicable), outcome
    return outcome.reason


def test_a_new_number_replaces_the_final_topics_number() -> None:
    outcome = _rewrite(apply_number_rule("and apollo 12 then", "apollo 11 crew", "Apollo 11", None))
    assert outcome == NumberRewrite(
        old_topic="Apollo 11",
        new_topic="Apollo 12",
        old_number="11",
        new_number="12",
        kind=NumberKind.NUMBER,
        query="Apollo 12 crew",
        source=TopicSource.FINAL,
    )


def test_the_previous_nodes_topic_is_used_when_the_final_topic_has_no_number() -> None:
    outcome = _rewrite(apply_number_rule("now 13 please", None, "Neil Armstrong", "Apollo 11"))
    assert (outcome.new_topic, outcome.source) == ("Apollo 13", TopicSource.PREVIOUS)
    # No writer query: the question is used, and it does not name the new topic, so the new
    # name goes first.
    assert outcome.query == "Apollo 13 now 13 please"


def test_a_year_in_a_qualifier() -> None:
    outcome = _rewrite(apply_number_rule("no, the 2004 one", None, "Avatar (2009 film)", None))
    assert outcome.new_topic == "Avatar (2004 film)"
    assert outcome.query == "Avatar (2004 film) no, the 2004 one"


def test_roman_numerals() -> None:
    outcome = _rewrite(apply_number_rule("and part iv", "rocky iii cast", "Rocky III", None))
    assert (outcome.new_topic, outcome.kind, outcome.new_number) == (
        "Rocky IV",
        NumberKind.ROMAN,
        "IV",
    )
    assert outcome.query == "Rocky IV cast"


def test_decades_keep_the_century() -> None:
    outcome = _rewrite(apply_number_rule("the 70s instead", None, "1960s in music", None))
    assert (outcome.new_topic, outcome.kind) == ("1970s in music", NumberKind.DECADE)


def test_a_query_that_already_names_the_new_topic_is_kept() -> None:
    outcome = _rewrite(
        apply_number_rule("apollo 12 then", "Apollo 12 landing site", "Apollo 11", None)
    )
    assert outcome.query == "Apollo 12 landing site"


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("", NotApplicableReason.NO_TURN),
        (
            "one two three four five six seven eight nine ten eleven 12 13",
            NotApplicableReason.TOO_LONG,
        ),
        ("what about apollo 12?", NotApplicableReason.QUESTION_WORD),
        ("and how about 12", NotApplicableReason.QUESTION_WORD),
        ("what's 12 like", NotApplicableReason.QUESTION_WORD),
        ("tell me more", NotApplicableReason.NO_NEW_NUMBER),
        ("apollo 11 again", NotApplicableReason.NO_NEW_NUMBER),
        ("apollo 12 or 13", NotApplicableReason.SEVERAL_NEW_NUMBERS),
        ("the iv one", NotApplicableReason.NO_TOPIC_NUMBER),
    ],
)
def test_conditions(question: str, reason: NotApplicableReason) -> None:
    assert _reason(apply_number_rule(question, "q", "Apollo 11", None)) == reason


def test_exactly_twelve_words_is_allowed() -> None:
    question = "one two three four five six seven eight nine ten eleven 12"
    assert _rewrite(apply_number_rule(question, None, "Apollo 11", None)).new_topic == "Apollo 12"


def test_a_topic_with_two_numbers_of_the_kind_is_not_changed() -> None:
    assert (
        _reason(apply_number_rule("and 5", None, "Route 66 in 1950", None))
        == NotApplicableReason.NO_TOPIC_NUMBER
    )


def test_the_pronoun_i_is_not_a_numeral() -> None:
    assert [m.kind for m in find_numbers("i meant ii, not 3")] == [
        NumberKind.ROMAN,
        NumberKind.NUMBER,
    ]
    assert [m.value for m in find_numbers("World War I and Super Bowl XLVII", in_topic=True)] == [
        1,
        47,
    ]
    assert [m.value for m in find_numbers("the '60s and the 1970s")] == [60, 1970]


def test_as_a_stage_only_the_title_prior_follows() -> None:
    final = Node(
        3,
        "and apollo 12 then",
        operations=(reactivate("Apollo 11"),),
        topics=("Apollo 11",),
        query="apollo 11 mission",
    )
    ranking = search_final_turn(Memory((TURN_1, TURN_2)), final, apollo_index()).unwrap()
    assert (ranking.topic, ranking.writer_query) == ("Apollo 12", "Apollo 12 mission")
    assert [query.label for query in ranking.queries] == ["writer"]
    top = ranking.hits[0]
    assert top.title == "Apollo 12"
    assert [part.rule for part in top.parts] == [
        "search-number-rule.query",
        "search-title-prior.raise",
    ]
    rules = [entry.rule for entry in ranking.trace]
    # facts vote, exclusion and the named rejected page
    assert rules.count("search-number-rule.afterwards") == 3
