"""The number rule: a short final turn naming one new number moves the topic to that number.

Rules (spec/search-number-rule.md): the final turn has at most 12 words and no question
word, and names exactly one new number, decade or Roman numeral (new: not already in the
previous node's topic, or the final node's where there is no previous one); that number
replaces the one number of the same kind in the topic of the final node, or failing that of
the previous node; where the writer has already moved the final topic to the new number, the
rule keeps that topic and compares it with the previous node's; the search then
uses the writer's query with the new name, and of the memory rules only the title prior runs
afterwards. When any condition fails the rule changes nothing.

This module is the rule's only implementation: writers call `apply_number_rule`.
"""

from __future__ import annotations

import enum
import re

import attrs

from memcore.search.config import PAPER

# The rule's values, re-exported: they are importable from the rule as before.
from memcore.search.number_rewrite import NumberKind as NumberKind
from memcore.search.number_rewrite import NumberRewrite as NumberRewrite
from memcore.search.number_rewrite import TopicSource as TopicSource
from memcore.search.stages import Phase, SearchState, TraceEntry

LENGTH_RULE = "search-number-rule.length"
QUESTION_WORD_RULE = "search-number-rule.question-word"
NEW_NUMBER_RULE = "search-number-rule.new-number"
SAME_KIND_RULE = "search-number-rule.same-kind"
NEW_TOPIC_RULE = "search-number-rule.new-topic"
QUERY_RULE = "search-number-rule.query"
AFTERWARDS_RULE = "search-number-rule.afterwards"

QUESTION_WORDS: frozenset[str] = frozenset(
    {"what", "who", "whom", "whose", "which", "where", "when", "why", "how"}
)

_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019][A-Za-z]+)?")
_DECADE = re.compile(r"^(?:'|\u2019)?(\d{1,3}0)s$")
_DIGITS = re.compile(r"^\d+$")
_ROMAN = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
# In a user's turn only numerals of I, V and X count (2 to 39), so words such as "mix",
# "civic" or "cd" are never read as numbers; a lone "i" is the pronoun.
_TURN_ROMAN = re.compile(r"^(?:X{0,3})(?:IX|IV|V?I{0,3})$")
_MENTION = re.compile(r"(?:'|\u2019)?[A-Za-z0-9]+")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@attrs.frozen
class NumberMention:
    """A number in a text: its kind, its value, and where it stands (`start`, `end`)."""

    kind: NumberKind
    value: int
    text: str
    start: int
    end: int


def _roman_value(numeral: str) -> int:
    total = 0
    for position, letter in enumerate(numeral):
        value = _ROMAN_VALUES[letter]
        following = _ROMAN_VALUES[numeral[position + 1]] if position + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def _mention(token: str, start: int, in_topic: bool) -> NumberMention | None:
    end = start + len(token)
    decade = _DECADE.match(token)
    if decade:
        return NumberMention(NumberKind.DECADE, int(decade.group(1)), token, start, end)
    if _DIGITS.match(token):
        return NumberMention(NumberKind.NUMBER, int(token), token, start, end)
    if in_topic:
        if token.isupper() and _ROMAN.match(token):
            return NumberMention(NumberKind.ROMAN, _roman_value(token), token, start, end)
        return None
    upper = token.upper()
    if _TURN_ROMAN.match(upper) and upper != "I" and len(upper) >= 1:
        return NumberMention(NumberKind.ROMAN, _roman_value(upper), token, start, end)
    return None


def find_numbers(text: str, in_topic: bool = False) -> tuple[NumberMention, ...]:
    """The numbers, decades ("1960s", "'60s") and Roman numerals of `text`, in order.

    In a topic (a page name) Roman numerals are upper-case tokens of any size; in a user's
    turn they are written with I, V and X only, in either case, and a lone "i" is not one.
    """
    found = []
    for match in _MENTION.finditer(text):
        mention = _mention(match.group(0), match.start(), in_topic)
        if mention is not None:
            found.append(mention)
    return tuple(found)


def _same(first: NumberMention, second: NumberMention) -> bool:
    if first.kind is not second.kind:
        return False
    if first.kind is NumberKind.DECADE:
        # "60s" and "1960s" name the same decade.
        return first.value % 100 == second.value % 100
    return first.value == second.value


class NotApplicableReason(enum.Enum):
    """Why the number rule did not fire."""

    NO_TURN = "the final turn is empty"
    TOO_LONG = "the final turn has more words than the limit"
    QUESTION_WORD = "the final turn contains a question word"
    NO_NEW_NUMBER = "the final turn names no new number"
    SEVERAL_NEW_NUMBERS = "the final turn names more than one new number"
    NO_TOPIC_NUMBER = "neither topic holds exactly one number of the same kind"


_REASON_RULES = {
    NotApplicableReason.NO_TURN: LENGTH_RULE,
    NotApplicableReason.TOO_LONG: LENGTH_RULE,
    NotApplicableReason.QUESTION_WORD: QUESTION_WORD_RULE,
    NotApplicableReason.NO_NEW_NUMBER: NEW_NUMBER_RULE,
    NotApplicableReason.SEVERAL_NEW_NUMBERS: NEW_NUMBER_RULE,
    NotApplicableReason.NO_TOPIC_NUMBER: SAME_KIND_RULE,
}


@attrs.frozen
class NumberRuleNotApplicable:
    """The rule did not fire; `rule` is the id of the condition that failed."""

    reason: NotApplicableReason

    @property
    def rule(self) -> str:
        return _REASON_RULES[self.reason]


NumberRuleOutcome = NumberRewrite | NumberRuleNotApplicable


def _words(text: str) -> tuple[str, ...]:
    return tuple(match.group(0).casefold() for match in _WORD.finditer(text))


def _has_question_word(text: str) -> bool:
    for word in _words(text):
        base = re.sub(r"['\u2019](s|re|d|ll|ve)$", "", word.replace("\u2019", "'"))
        if base in QUESTION_WORDS or word in {"whats", "whos", "hows", "wheres", "whens"}:
            return True
    return False


def _written(new: NumberMention, old: NumberMention) -> str:
    if new.kind is NumberKind.ROMAN:
        return new.text.upper()
    if new.kind is NumberKind.DECADE:
        digits = str(new.value)
        old_digits = str(old.value)
        if len(digits) < len(old_digits):
            # "70s" said about "1960s in music" means the 1970s.
            digits = old_digits[: len(old_digits) - len(digits)] + digits
        return f"{digits}s"
    return new.text


def _replace_in(topic: str | None, new: NumberMention) -> tuple[str, str, str] | None:
    """(new topic, old number, new number as written) when `topic` holds exactly one number
    of `new`'s kind."""
    if topic is None:
        return None
    same_kind = [m for m in find_numbers(topic, in_topic=True) if m.kind is new.kind]
    if len(same_kind) != 1:
        return None
    old = same_kind[0]
    written = _written(new, old)
    return topic[: old.start] + written + topic[old.end :], old.text, written


def _holds(topic: str | None, number: NumberMention) -> str | None:
    """`topic` when it holds `number` (a number of its kind with its value), else None."""
    if topic is None:
        return None
    return topic if any(_same(number, m) for m in find_numbers(topic, in_topic=True)) else None


def _with_new_name(query: str, old_topic: str, new_topic: str) -> str:
    folded = query.casefold()
    if new_topic.casefold() in folded:
        return query
    if old_topic and old_topic.casefold() in folded:
        return re.sub(re.escape(old_topic), lambda _m: new_topic, query, flags=re.IGNORECASE)
    return f"{new_topic} {query}".strip()


def apply_number_rule(
    question: str,
    writer_query: str | None,
    final_topic: str | None,
    previous_topic: str | None,
    max_words: int = PAPER.number_rule_max_words,
) -> NumberRuleOutcome:
    """The number rule on a final turn (spec/search-number-rule.md).

    `question` is the user's final turn, `writer_query` the writer's query (the question when
    None), `final_topic` and `previous_topic` the topics of the final and previous nodes.
    Returns the new topic and the rewritten query, or why the rule does not apply.
    The query keeps its text when it already names the new topic; otherwise the old topic's
    name in it is replaced, or, when it does not name the old topic, the new name is put first.
    """
    words = question.split()
    if not words:
        return NumberRuleNotApplicable(NotApplicableReason.NO_TURN)
    if len(words) > max_words:
        return NumberRuleNotApplicable(NotApplicableReason.TOO_LONG)
    if _has_question_word(question):
        return NumberRuleNotApplicable(NotApplicableReason.QUESTION_WORD)
    # New against the topic the turn revises: the previous node's (the paper's rule), so a
    # writer that has already moved the final topic to the new number leaves it new.
    compared_with = previous_topic if previous_topic is not None else final_topic
    known = find_numbers(compared_with, in_topic=True) if compared_with is not None else ()
    new: list[NumberMention] = []
    for mention in find_numbers(question):
        if any(_same(mention, seen) for seen in (*known, *new)):
            continue
        new.append(mention)
    if not new:
        return NumberRuleNotApplicable(NotApplicableReason.NO_NEW_NUMBER)
    if len(new) > 1:
        return NumberRuleNotApplicable(NotApplicableReason.SEVERAL_NEW_NUMBERS)
    number = new[0]
    query = writer_query if writer_query is not None and writer_query.strip() else question
    moved = _holds(final_topic, number)
    if moved is not None and previous_topic is not None:
        # The writer has already moved the final topic to the new number: the rule confirms
        # the move against the previous topic and keeps the writer's topic.
        replaced = _replace_in(previous_topic, number)
        if replaced is None:
            return NumberRuleNotApplicable(NotApplicableReason.NO_TOPIC_NUMBER)
        _, old_number, new_number = replaced
        return NumberRewrite(
            old_topic=previous_topic,
            new_topic=moved,
            old_number=old_number,
            new_number=new_number,
            kind=number.kind,
            query=_with_new_name(query, previous_topic, moved),
            source=TopicSource.PREVIOUS,
        )
    for topic, source in ((final_topic, TopicSource.FINAL), (previous_topic, TopicSource.PREVIOUS)):
        replaced = _replace_in(topic, number)
        if replaced is None or topic is None:
            continue
        new_topic, old_number, new_number = replaced
        return NumberRewrite(
            old_topic=topic,
            new_topic=new_topic,
            old_number=old_number,
            new_number=new_number,
            kind=number.kind,
            query=_with_new_name(query, topic, new_topic),
            source=source,
        )
    return NumberRuleNotApplicable(NotApplicableReason.NO_TOPIC_NUMBER)


@attrs.frozen
class NumberRule:
    """Apply the number rule before retrieval (spec/search-number-rule.md)."""

    max_words: int = PAPER.number_rule_max_words

    @property
    def phase(self) -> Phase:
        return Phase.REWRITE

    @property
    def name(self) -> str:
        return "number rule"

    def run(self, state: SearchState) -> SearchState:
        """Change the final topic and the writer's query when the rule fires; else nothing."""
        context = state.context
        previous = context.history.nodes[-1] if context.history.nodes else None
        outcome = apply_number_rule(
            context.final.question,
            state.writer_query,
            state.topic,
            previous.topic if previous is not None else None,
            self.max_words,
        )
        turn = context.final.turn
        if isinstance(outcome, NumberRuleNotApplicable):
            return state.traced(
                TraceEntry(self.name, outcome.rule, f"not applied: {outcome.reason.value}", turn)
            )
        source_turn = (
            turn if outcome.source is TopicSource.FINAL or previous is None else (previous.turn)
        )
        entry = TraceEntry(
            self.name,
            NEW_TOPIC_RULE,
            f"{outcome.old_number} -> {outcome.new_number}: topic {outcome.old_topic!r} "
            f"(turn {source_turn}) becomes {outcome.new_topic!r}; query {outcome.query!r}",
            turn,
        )
        return attrs.evolve(
            state, topic=outcome.new_topic, writer_query=outcome.query, number_rewrite=outcome
        ).traced(entry)
