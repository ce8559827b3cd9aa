"""The questions format: one final question per JSON line, split into what systems may see.

A record is `{"id", "conversation_id", "tier", "turns": [{"question", "answer"}], "final",
"gold": [ids], "stale": [ids]}`. A question without judgements leaves out `gold` and `stale`
(and may leave out `tier`, then `unjudged`): `memcore run` ranks it, `memcore eval` scores it
only with judgements from `--qrels`. Optional too: `rewrite` (a human standalone rewrite), `source`
(the `<conversation_id>::<turn>` a built item was made from) and `family` (the wording family
of a built item's written final question). Reading a record yields a `Dialogue` (the turns and
the final question: the only thing memories, writers and search pipelines receive) and a
`Judgement` (tier, gold, stale, rewrite, source, family), kept apart so that evaluation-only
fields cannot reach a system by accident.

Lines are split on `\n` only (JSON Lines; a question may hold U+2028 and its kin raw). Ids
hold no whitespace or control characters. A question (a turn's, the final one or the
rewrite) is capped at `memcore.caps.QUESTION_CHARS` characters and an answer at
`ANSWER_CHARS`, far above real conversations.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import atomic_open
from memcore.caps import ANSWER_CHARS, QUESTION_CHARS
from memcore.eval.errors import FormatError, FormatErrors
from memcore.identifiers import identifier_problem
from memcore.jsontext import decode_json, json_lines, read_text

# An earlier turn of a dialogue is the writer driver's turn: the user's question and the
# system's answer.
from memcore.writers.driver import Turn as Turn

REQUIRED_FIELDS = ("id", "conversation_id", "turns", "final")
JUDGEMENT_FIELDS = ("tier", "gold", "stale")
OPTIONAL_FIELDS = ("rewrite", "source", "family")
UNJUDGED_TIER = "unjudged"
"""The tier of a question read without one (a topic, a query, a record with no `tier`)."""


def _tuple_of_str(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _turns(values: Iterable[Turn]) -> tuple[Turn, ...]:
    return tuple(values)


@attrs.frozen
class Dialogue:
    """Everything a system may see: the earlier turns and the final question, nothing else."""

    turns: tuple[Turn, ...] = attrs.field(converter=_turns)
    final: str

    def questions(self) -> tuple[str, ...]:
        """Every user question in order, the final one last."""
        return (*(turn.question for turn in self.turns), self.final)


@attrs.frozen
class Judgement:
    """The evaluation-only part of a question: never handed to a conversational system."""

    tier: str
    gold: tuple[str, ...] = attrs.field(converter=_tuple_of_str)
    stale: tuple[str, ...] = attrs.field(converter=_tuple_of_str)
    rewrite: str | None = None
    source: str | None = None
    family: str | None = None

    @property
    def judged(self) -> bool:
        """Whether the question has relevance judgements (at least one gold passage)."""
        return bool(self.gold)


def unjudged() -> Judgement:
    """The judgement of a question read without one: no gold, no stale, tier `unjudged`."""
    return Judgement(UNJUDGED_TIER, (), ())


@attrs.frozen
class Question:
    """One line of a questions file."""

    id: str
    conversation_id: str
    dialogue: Dialogue
    judgement: Judgement

    @property
    def group(self) -> str:
        """The resampling unit of the bootstrap: the source conversation.

        Built items name their source turn (`<conversation_id>::<turn>`); mirrored pairs and
        items spliced from one conversation share it and are resampled together.
        """
        if self.judgement.source:
            return self.judgement.source.split("::", 1)[0]
        return self.conversation_id


def _check_id(value: Any, field: str, problems: list[tuple[str, str]]) -> str:
    if not isinstance(value, str) or not value:
        problems.append((field, "must be a non-empty string"))
        return ""
    problem = identifier_problem(value)
    if problem is not None:
        problems.append((field, problem))
    return value


def _check_ids(value: Any, field: str, problems: list[tuple[str, str]]) -> tuple[str, ...]:
    if not isinstance(value, list):
        problems.append((field, "must be a list of passage ids"))
        return ()
    return tuple(_check_id(item, f"{field}[{i}]", problems) for i, item in enumerate(value))


def _check_text(
    value: Any, field: str, problems: list[tuple[str, str]], cap: int | None = None
) -> str:
    if not isinstance(value, str):
        problems.append((field, "must be a string"))
        return ""
    if cap is not None and len(value) > cap:
        problems.append((field, f"is {len(value):,} characters long; the cap is {cap:,}"))
    return value


def _check_turns(value: Any, problems: list[tuple[str, str]]) -> tuple[Turn, ...]:
    if not isinstance(value, list):
        problems.append(("turns", "must be a list of {question, answer} objects"))
        return ()
    turns = []
    for position, item in enumerate(value):
        field = f"turns[{position}]"
        if not isinstance(item, dict) or set(item) != {"question", "answer"}:
            problems.append((field, "must be an object with exactly `question` and `answer`"))
            continue
        turns.append(
            Turn(
                _check_text(item["question"], f"{field}.question", problems, QUESTION_CHARS),
                _check_text(item["answer"], f"{field}.answer", problems, ANSWER_CHARS),
            )
        )
    return tuple(turns)


def _optional_text(
    record: Mapping[str, Any], name: str, problems: list[tuple[str, str]], cap: int
) -> str | None:
    if name not in record or record[name] is None:
        return None
    return _check_text(record[name], name, problems, cap)


def parse_question(record: Any) -> Result[Question, tuple[tuple[str, str], ...]]:
    """A question from one decoded JSON record, or every `(field, problem)` found in it."""
    if not isinstance(record, dict):
        return Failure((("$", "must be a JSON object"),))
    problems: list[tuple[str, str]] = []
    missing = [name for name in REQUIRED_FIELDS if name not in record]
    problems.extend((name, "is required") for name in missing)
    known = {*REQUIRED_FIELDS, *JUDGEMENT_FIELDS, *OPTIONAL_FIELDS}
    unknown = sorted(set(record) - known)
    problems.extend((name, "is not a field of the questions format") for name in unknown)
    if missing:
        return Failure(tuple(problems))
    question_id = _check_id(record["id"], "id", problems)
    conversation_id = _check_id(record["conversation_id"], "conversation_id", problems)
    tier = _check_id(record.get("tier", UNJUDGED_TIER), "tier", problems)
    turns = _check_turns(record["turns"], problems)
    final = _check_text(record["final"], "final", problems, QUESTION_CHARS)
    if isinstance(record["final"], str) and not final.strip():
        problems.append(("final", "must not be empty"))
    if "stale" in record and "gold" not in record:
        problems.append(("gold", "is required with `stale`"))
    gold = _check_ids(record["gold"], "gold", problems) if "gold" in record else ()
    if isinstance(record.get("gold"), list) and not gold:
        problems.append(("gold", "must name at least one passage (leave it out when unjudged)"))
    stale = _check_ids(record["stale"], "stale", problems) if "stale" in record else ()
    overlap = sorted(set(gold) & set(stale))
    if overlap:
        problems.append(("stale", f"passages cannot be both gold and stale: {overlap}"))
    rewrite = _optional_text(record, "rewrite", problems, QUESTION_CHARS)
    source = record.get("source")
    if source is not None:
        source = _check_id(source, "source", problems)
    family = record.get("family")
    if family is not None:
        family = _check_id(family, "family", problems)
    if problems:
        return Failure(tuple(problems))
    return Success(
        Question(
            question_id,
            conversation_id,
            Dialogue(turns, final),
            Judgement(tier, gold, stale, rewrite, source, family),
        )
    )


def parse_questions(
    lines: Iterable[str], path: str = "<questions>"
) -> Result[tuple[Question, ...], FormatErrors]:
    """Questions from JSON lines (blank lines skipped), or every problem with its line number."""
    questions: list[Question] = []
    errors: list[FormatError] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        decoded = decode_json(line)
        if isinstance(decoded, Failure):
            problem = decoded.failure()
            errors.append(FormatError(path, number, problem.path, problem.message))
            continue
        record = decoded.unwrap()
        parsed = parse_question(record)
        if isinstance(parsed, Failure):
            errors.extend(FormatError(path, number, f, m) for f, m in parsed.failure())
            continue
        question = parsed.unwrap()
        if question.id in seen:
            errors.append(
                FormatError(
                    path, number, "id", f"duplicate id {question.id!r} (line {seen[question.id]})"
                )
            )
            continue
        seen[question.id] = number
        questions.append(question)
    if errors:
        return Failure(FormatErrors(tuple(errors)))
    if not questions:
        return Failure(FormatErrors((FormatError(path, 0, "$", "no questions"),)))
    return Success(tuple(questions))


def read_questions(path: Path | str) -> Result[tuple[Question, ...], FormatErrors]:
    """Read a questions JSONL file (see the module docstring for the format)."""
    location = Path(path)
    read = read_text(location)
    if isinstance(read, Failure):
        return Failure(FormatErrors((FormatError(str(location), 0, "$", read.failure().message),)))
    return parse_questions(json_lines(read.unwrap()), str(location))


def question_record(question: Question) -> dict[str, Any]:
    """The JSON record of a question (optional fields only when set)."""
    record: dict[str, Any] = {
        "id": question.id,
        "conversation_id": question.conversation_id,
        "tier": question.judgement.tier,
        "turns": [
            {"question": turn.question, "answer": turn.answer} for turn in question.dialogue.turns
        ],
        "final": question.dialogue.final,
    }
    if question.judgement.judged:
        record["gold"] = list(question.judgement.gold)
        record["stale"] = list(question.judgement.stale)
    if question.judgement.rewrite is not None:
        record["rewrite"] = question.judgement.rewrite
    if question.judgement.source is not None:
        record["source"] = question.judgement.source
    if question.judgement.family is not None:
        record["family"] = question.judgement.family
    return record


def write_questions(path: Path | str, questions: Sequence[Question]) -> None:
    """Write questions as JSON lines, in the given order, replacing the file whole."""
    location = Path(path)
    location.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(location) as handle:
        for question in questions:
            handle.write(json.dumps(question_record(question), ensure_ascii=False) + "\n")


def first_per_tier(questions: Sequence[Question], limit: int | None) -> tuple[Question, ...]:
    """The first `limit` questions of each tier, in file order (all for None): a cut of a
    file whose tiers follow one another keeps every tier (`--limit`)."""
    if limit is None:
        return tuple(questions)
    kept: dict[str, int] = {}
    chosen = []
    for question in questions:
        tier = question.judgement.tier
        if kept.get(tier, 0) < limit:
            kept[tier] = kept.get(tier, 0) + 1
            chosen.append(question)
    return tuple(chosen)
