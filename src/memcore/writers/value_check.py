"""A value checked or an answer confirmed before a new value is asked for
(spec/writer-cues-value-revision.md, "A value only checked before a new one").

"is that for 2008? I need 2009 though", "you said 2008, right? try 2011", "Marie Curie had
2008, fine. what about 2011?": the user repeats the value the question asked about, or the
name its answer gave, only to check or confirm it, and asks in another clause for a new value
of the same kind. The checking clause changes nothing: it holds no new value and names no
one the answer did not, and it asks no question of its own (no question word). The final turn
is read without it, so the new value replaces the old one as it would in a turn that said
only the new value, the old value is not searched, and a name confirmed in passing does not
become the topic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.search.number_rule import NumberKind, NumberMention, find_numbers
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.spans import Mention
from memcore.writers.rules.view import View

# A clause ends at a mark of punctuation, a line break or a spaced dash.
_CLAUSE_END = re.compile(r"[,;:?!.]+|\n+|\s[-\u2013\u2014]\s")
# A clause that opens with one of these joins the clause before it ("in 1997, and in 1995?"):
# the two values are compared or asked together, neither is only checked.
_JOINING = re.compile(r"^\s*(?:and|or|vs\.?|versus|as\s+well\s+as|plus|both)\b", re.IGNORECASE)
# A personal pronoun in what is left would point at the name the checking clause confirms.
_PERSONAL = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Words a clause that only confirms a name may say beside it ("Miles Davis, right", "ok so
# it was Marie Curie"): acknowledgement, agreement and the copula.
_CONFIRMING = (
    cues.ACKNOWLEDGING
    | cues.FILLER
    | frozenset(
        [
            "right",
            "correct",
            "true",
            "fine",
            "so",
            "ok",
            "okay",
            "that's",
            "it's",
            "is",
            "was",
            "isn't",
            "wasn't",
            "then",
            "got",
            "noted",
        ]
    )
)
_VALUE_KINDS = (NumberKind.NUMBER, NumberKind.DECADE)


@attrs.frozen
class Clause:
    """A clause of a turn: its character span and its text."""

    start: int
    end: int

    def of(self, text: str) -> str:
        """The clause's text in `text`."""
        return text[self.start : self.end]


def clauses(text: str) -> tuple[Clause, ...]:
    """The clauses of `text`, in order, each without the mark that ends it; empty ones left out."""
    found: list[Clause] = []
    start = 0
    for match in _CLAUSE_END.finditer(text):
        found.append(Clause(start, match.start()))
        start = match.end()
    found.append(Clause(start, len(text)))
    return tuple(clause for clause in found if text[clause.start : clause.end].strip())


def _values(text: str, mentions: Sequence[Mention] = ()) -> tuple[NumberMention, ...]:
    """The values `text` types outside the names (`mentions`) in it."""
    return tuple(
        m
        for m in find_numbers(text)
        if m.kind in _VALUE_KINDS and not any(n.start <= m.start < n.end for n in mentions)
    )


def _key(value: NumberMention) -> tuple[NumberKind, int, int]:
    # "60s" and "1960s" are one decade; a year and a small number of the same digits are not.
    if value.kind is NumberKind.DECADE:
        return value.kind, 0, value.value % 100
    return value.kind, len(value.text), value.value


def checking_clauses(
    text: str,
    asked: str,
    answer_names: frozenset[str],
    mentions: Sequence[Mention] = (),
    asked_mentions: Sequence[Mention] = (),
) -> tuple[Clause, ...]:
    """The clauses of `text` that only check the value `asked` holds or confirm a name of
    the answer (`answer_names`), where another clause asks for a new value of the same kind;
    none otherwise. `mentions` are the names typed in `text`, `asked_mentions` those in
    `asked`: a number inside a name ("Apollo 13") is part of the name, not a value."""
    old = {_key(v) for v in _values(asked, asked_mentions)}
    if not old:
        return ()
    # A name the question typed ("the Boston Marathon again: who won it in 2003?") goes back
    # to what was asked; only a name the answer added (its winner) is confirmed.
    answer_names = frozenset(n for n in answer_names if n.casefold() not in asked.casefold())
    parts = clauses(text)
    held = {
        part: [v for v in _values(text, mentions) if part.start <= v.start and v.end <= part.end]
        for part in parts
    }
    names_in = {
        part: frozenset(m.name for m in mentions if part.start <= m.start and m.end <= part.end)
        for part in parts
    }
    new_at = [
        part
        for part in parts
        if any(_key(v) not in old and _key(v)[:2] in {k[:2] for k in old} for v in held[part])
    ]
    if len(new_at) != 1 or _JOINING.match(new_at[0].of(text)):
        return ()
    checking = tuple(
        part
        for part in parts
        if part != new_at[0] and _checks(text, part, held[part], old, answer_names, names_in)
    )
    if not checking:
        return ()
    # "you said 2008, right?": an agreement around the check ("right", "isn't it") goes with it.
    checking = tuple(
        part
        for part in parts
        if part in checking
        or (part != new_at[0] and not held[part] and _only_confirms(part.of(text), frozenset()))
    )
    left = "".join(part.of(text) for part in parts if part not in checking)
    return () if _PERSONAL.search(left) else checking


def _checks(
    text: str,
    part: Clause,
    values: list[NumberMention],
    old: set[tuple[NumberKind, int, int]],
    answer_names: frozenset[str],
    names_in: dict[Clause, frozenset[str]],
) -> bool:
    """Whether `part` only checks an old value or confirms the answer's names."""
    said = part.of(text)
    words = {w.casefold() for w in _WORD.findall(said)}
    names = names_in.get(part, frozenset())
    if words & cues.QUESTION_WORDS or not (values or names) or names - answer_names:
        return False
    if any(_key(v) not in old for v in values):
        return False
    if any(cues.NEGATED_BEFORE.search(text[: v.start]) for v in values):
        return False
    if cues.RETRACTION.search(said):
        return False
    if values:
        return True
    return _only_confirms(said, names)


def _only_confirms(said: str, names: frozenset[str]) -> bool:
    """Whether `said`, without the `names` it types, says only words of agreement."""
    named = {w.casefold() for name in names for w in _WORD.findall(name)}
    words = {w.casefold() for w in _WORD.findall(said)}
    return bool(words) and words - named <= _CONFIRMING


# A quotation: lines marked with ">" that open the turn (the mail and chat convention), or a
# span in double quotes anywhere; and a short lead-in closed by a colon right before it
# ("quoting you:", "you said:").
_QUOTE_LINES = re.compile(r"\A(?:[ \t]*>[^\n]*(?:\n|\Z))+")
_QUOTED_SPAN = re.compile(r'"[^"\n]+"')
_LEAD_IN = re.compile(r"(?:^|(?<=[.!?\n]))[ \t]*(?:[^\W\d_]+[ \t]+){0,3}[^\W\d_]+[ \t]*:[ \t]*$")
_LEADING_MARKS = re.compile(r"^[\s,;:.!?\-\u2013\u2014]+")


def quoted_answer(text: str, answer: str) -> tuple[tuple[int, int], ...]:
    """The spans of `text` that quote `answer` (the assistant's last answer), each with a
    short lead-in closed by a colon before it ("quoting you:"): lines marked with ">" that
    open the turn, or a span in double quotes, every word of which is a word of the answer.
    Any other quotation is the user's own and is not returned."""
    said = {word.casefold() for word in _WORD.findall(answer)}

    def echoes(quote: str) -> bool:
        words = [word.casefold() for word in _WORD.findall(quote)]
        return bool(words) and all(word in said for word in words)

    spans: list[tuple[int, int]] = []
    lines = _QUOTE_LINES.match(text)
    if lines is not None and echoes(lines.group().replace(">", " ")):
        spans.append(lines.span())
    spans.extend(found.span() for found in _QUOTED_SPAN.finditer(text) if echoes(found.group()))
    led: list[tuple[int, int]] = []
    for start, end in spans:
        lead = _LEAD_IN.search(text, 0, start)
        led.append((lead.start(), end) if lead is not None else (start, end))
    return tuple(led)


def without_quoted_answer(text: str, answer: str, asked: str) -> str:
    """`text` without the words it quotes from `answer` (`quoted_answer`), where the rest asks
    for a new value of a kind the question `asked` holds ("> X won the Y in 1990\\nand who was
    it in 1987?", '"X won the Y in 1990" - thanks! and in 1987?'): the quotation is the
    assistant's words, read back, not asked again, and its value is the old one. `text`
    itself where it quotes nothing of the answer or the rest asks for no new value."""
    spans = quoted_answer(text, answer) if answer.strip() else ()
    if not spans:
        return text
    rest = text
    for start, end in sorted(spans, reverse=True):
        rest = rest[:start] + " " + rest[end:]
    rest = _LEADING_MARKS.sub("", " ".join(rest.split()))
    old = {_key(v) for v in _values(asked)}
    new = [v for v in _values(rest) if _key(v) not in old and _key(v)[:2] in {k[:2] for k in old}]
    return rest if new else text


def with_check_left_out(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn read without the words it quotes from the last answer
    (`without_quoted_answer`) and the clauses that only check the old value or confirm the
    answer (`checking_clauses`) before a new value is asked for; `request` itself for any
    other turn."""
    if not request.turn.final:
        return request
    text = cues.normalise_turn(request.turn.question)
    if not _values(text):
        return request
    asked = next(
        (node.question for node in reversed(request.memory.nodes) if _values(node.question)),
        None,
    )
    if asked is None:
        return request
    previous = request.memory.nodes[-1].answer if request.memory.nodes else ""
    unquoted = without_quoted_answer(text, previous, asked)
    if unquoted != text:
        request = attrs.evolve(request, turn=attrs.evolve(request.turn, question=unquoted))
        text = unquoted
    view = View.of(request, vocabulary)
    answered = frozenset(m.name for m in view.recent_answer_names())
    checking = checking_clauses(text, asked, answered, view.mentions(text), view.mentions(asked))
    if not checking:
        return request
    kept = " ".join(
        text[part.start : _clause_close(text, part)].strip()
        for part in clauses(text)
        if part not in checking
    )
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=kept))


def _clause_close(text: str, part: Clause) -> int:
    """Where `part` ends with the mark that closes it ("now 2002?" keeps its question mark)."""
    match = _CLAUSE_END.match(text, part.end)
    if match is None or not match.group().strip():
        return part.end
    return match.end() if match.group().strip()[0] in "?!." else part.end
