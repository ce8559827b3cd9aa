"""Questions from the IR ecosystem's formats: TREC topics, CAsT's XML topics, BEIR queries,
and relevance judgements from TREC qrels.

A topic file holds one utterance per conversational turn. The conversation and the turn's
place in it are carried as CAsT and iKAT carry them, in the query id `<conversation>_<turn>`
(`31_2` is turn 2 of conversation 31; the conversation is everything before the last `_`, the
turn the whole number after it). A BEIR `queries.jsonl` line may name them instead in its
`metadata`: `{"_id": "q7", "text": "...", "metadata": {"conversation_id": "31", "turn": 2}}`;
without them its `_id` is read as above. Each turn becomes a question whose dialogue is the
conversation's earlier questions in turn order, with no answers (topic files hold none), and
no judgements (tier `unjudged`): `memcore run` ranks them, and `--qrels` gives `memcore eval`
their gold.

Formats, chosen by the file's content (`load_questions`): JSON lines whose first record has
`_id` are BEIR queries, other JSON lines memcore's questions format
(`memcore.eval.datasets.questions`); a file that starts with `<` is the XML of CAsT's topic
files (`<query><number>31_2</number><text>...</text></query>`; an Indri operator such as
`#combine( ... )` around the text is taken off, and a query left empty, `#combine()`, is
left out: there is nothing to search); anything else a TREC topics TSV
(`<qid>\t<text>` per line).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from xml.etree import ElementTree

import attrs
import cattrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import atomic_open
from memcore.caps import QUESTION_CHARS
from memcore.codec import CONVERTER
from memcore.eval.datasets.questions import (
    Dialogue,
    Question,
    Turn,
    parse_questions,
    unjudged,
)
from memcore.eval.errors import FormatError, FormatErrors
from memcore.identifiers import identifier_problem
from memcore.jsontext import json_lines, read_text

_TURN_ID = re.compile(r"^(?P<conversation>.+)_(?P<turn>\d+)$")
_INDRI_OPERATOR = re.compile(r"#[A-Za-z0-9.]*\(|\)")


@attrs.frozen
class Topic:
    """One utterance of a topic file: its query id, conversation, turn number and text."""

    qid: str
    conversation: str
    turn: int
    text: str


def _turn_of(qid: str) -> tuple[str, int] | None:
    found = _TURN_ID.match(qid)
    if found is None:
        return None
    return found.group("conversation"), int(found.group("turn"))


def _topic(
    qid: str, text: str, line: int, path: str, place: tuple[str, int] | None = None
) -> Topic | FormatError:
    problem = identifier_problem(qid) if qid else "must be a non-empty id"
    if problem is not None:
        return FormatError(path, line, "qid", problem)
    place = place or _turn_of(qid)
    if place is None:
        message = f"{qid!r} names no conversation and turn (`<conversation>_<turn>`)"
        return FormatError(path, line, "qid", message)
    text = " ".join(text.split())
    if not text:
        return FormatError(path, line, "text", "must not be empty")
    if len(text) > QUESTION_CHARS:
        return FormatError(path, line, "text", f"is over the cap of {QUESTION_CHARS:,}")
    return Topic(qid, place[0], place[1], text)


def _tsv(lines: Sequence[str], path: str) -> list[Topic | FormatError]:
    found: list[Topic | FormatError] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        qid, tab, text = line.rstrip("\r").partition("\t")
        if not tab:
            found.append(FormatError(path, number, "$", "must be `<qid><TAB><text>`"))
            continue
        found.append(_topic(qid.strip(), text, number, path))
    return found


def _xml(text: str, path: str) -> list[Topic | FormatError]:
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        return [FormatError(path, error.position[0], "$", f"not well-formed XML: {error}")]
    found: list[Topic | FormatError] = []
    for position, query in enumerate(root.iter("query"), start=1):
        qid = (query.findtext("number") or "").strip()
        body = _INDRI_OPERATOR.sub(" ", query.findtext("text") or "")
        if qid and not body.split():
            # A baseline query that stopping left empty (`#combine()`): nothing to search.
            continue
        found.append(_topic(qid, body, position, path))
    if not found:
        found.append(FormatError(path, 0, "$", "no <query> element"))
    return found


@attrs.frozen
class QueryPlace:
    """Where a BEIR query stands: its conversation and its turn number (`metadata`)."""

    conversation_id: str
    turn: int


def _place(metadata: Mapping[str, object]) -> QueryPlace | str:
    # Only the two fields memcore reads: a BEIR query's metadata may hold anything else.
    fields = {key: metadata[key] for key in ("conversation_id", "turn") if key in metadata}
    try:
        return CONVERTER.structure(fields, QueryPlace)
    except (cattrs.BaseValidationError, ValueError, TypeError) as error:
        if isinstance(error, cattrs.BaseValidationError):
            return "; ".join(cattrs.transform_error(error, path="metadata"))
        return str(error)


def _beir(lines: Sequence[str], path: str) -> list[Topic | FormatError]:
    found: list[Topic | FormatError] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            found.append(FormatError(path, number, "$", f"not JSON: {error.msg}"))
            continue
        if not isinstance(record, dict) or not isinstance(record.get("_id"), str):
            found.append(FormatError(path, number, "_id", "must be a string"))
            continue
        if not isinstance(record.get("text"), str):
            found.append(FormatError(path, number, "text", "must be a string"))
            continue
        metadata = record.get("metadata") or {}
        place = None
        if isinstance(metadata, dict) and "conversation_id" in metadata:
            named = _place(metadata)
            if isinstance(named, str):
                found.append(FormatError(path, number, "metadata", named))
                continue
            if not named.conversation_id:
                message = "metadata.conversation_id must not be empty"
                found.append(FormatError(path, number, "metadata", message))
                continue
            place = (named.conversation_id, named.turn)
        found.append(_topic(record["_id"], record["text"], number, path, place))
    return found


def _questions(topics: Iterable[Topic], path: str) -> Result[tuple[Question, ...], FormatErrors]:
    by_conversation: dict[str, list[Topic]] = {}
    errors = []
    seen: set[str] = set()
    for topic in topics:
        if topic.qid in seen:
            errors.append(FormatError(path, 0, "qid", f"duplicate id {topic.qid!r}"))
            continue
        seen.add(topic.qid)
        by_conversation.setdefault(topic.conversation, []).append(topic)
    questions = []
    for conversation, turns in by_conversation.items():
        ordered = sorted(turns, key=lambda topic: topic.turn)
        numbers = [topic.turn for topic in ordered]
        if len(set(numbers)) != len(numbers):
            message = f"conversation {conversation!r} repeats a turn number: {numbers}"
            errors.append(FormatError(path, 0, "turn", message))
            continue
        for position, topic in enumerate(ordered):
            earlier = tuple(Turn(before.text, "") for before in ordered[:position])
            dialogue = Dialogue(earlier, topic.text)
            questions.append(Question(topic.qid, conversation, dialogue, unjudged()))
    if errors:
        return Failure(FormatErrors(tuple(errors)))
    if not questions:
        return Failure(FormatErrors((FormatError(path, 0, "$", "no topics"),)))
    return Success(tuple(questions))


def parse_topics(text: str, path: str = "<topics>") -> Result[tuple[Question, ...], FormatErrors]:
    """Questions from a topic file's text (TREC TSV, CAsT XML or BEIR queries JSONL)."""
    start = text.lstrip()[:1]
    lines = json_lines(text)
    if start == "{":
        read = _beir(lines, path)
    elif start == "<":
        read = _xml(text, path)
    else:
        read = _tsv(lines, path)
    errors = [item for item in read if isinstance(item, FormatError)]
    if errors:
        return Failure(FormatErrors(tuple(errors)))
    return _questions((item for item in read if isinstance(item, Topic)), path)


def _is_questions_format(text: str) -> bool:
    # JSON lines are memcore's questions format unless the first record is a BEIR query (it
    # has `_id`); a line that does not parse is left to the questions reader to report.
    first = next((line for line in json_lines(text) if line.strip()), "")
    if not first.lstrip().startswith("{"):
        return False
    try:
        record = json.loads(first)
    except json.JSONDecodeError:
        return True
    return not (isinstance(record, dict) and "_id" in record)


def load_questions(path: Path | str) -> Result[tuple[Question, ...], FormatErrors]:
    """The questions of a memcore questions JSONL file, or of a topic file (see the module
    docstring), read by its content."""
    location = Path(path)
    read = read_text(location)
    if isinstance(read, Failure):
        return Failure(FormatErrors((FormatError(str(location), 0, "$", read.failure().message),)))
    text = read.unwrap()
    if _is_questions_format(text):
        return parse_questions(json_lines(text), str(location))
    return parse_topics(text, str(location))


@attrs.frozen
class Qrels:
    """TREC relevance judgements: query id to passage id to relevance grade."""

    grades: Mapping[str, Mapping[str, int]]

    def gold(self, qid: str) -> tuple[str, ...]:
        """The passages judged relevant (grade above 0) for `qid`, in file order."""
        return tuple(doc for doc, grade in self.grades.get(qid, {}).items() if grade > 0)


def parse_qrels(lines: Iterable[str], path: str = "<qrels>") -> Result[Qrels, FormatErrors]:
    """Judgements from TREC qrels lines `<qid> <iteration> <docid> <grade>` (whitespace
    separated; the iteration is ignored; a later line for the same pair wins)."""
    grades: dict[str, dict[str, int]] = {}
    errors = []
    for number, line in enumerate(lines, start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 4:
            errors.append(FormatError(path, number, "$", "must be `qid iteration docid grade`"))
            continue
        qid, _iteration, doc, grade = fields
        try:
            value = int(grade)
        except ValueError:
            errors.append(FormatError(path, number, "grade", f"{grade!r} is not a whole number"))
            continue
        grades.setdefault(qid, {})[doc] = value
    if errors:
        return Failure(FormatErrors(tuple(errors)))
    return Success(Qrels(grades))


def read_qrels(path: Path | str) -> Result[Qrels, FormatErrors]:
    """Read a TREC qrels file."""
    location = Path(path)
    read = read_text(location)
    if isinstance(read, Failure):
        return Failure(FormatErrors((FormatError(str(location), 0, "$", read.failure().message),)))
    return parse_qrels(json_lines(read.unwrap()), str(location))


def judged_by(questions: Sequence[Question], qrels: Qrels) -> tuple[Question, ...]:
    """The questions that `qrels` judges relevant passages for, their gold from `qrels`
    (questions it does not judge are left out, as trec_eval leaves them out). The stale
    passages a question had stay unless qrels judges them relevant; the tier is kept."""
    judged = []
    for question in questions:
        gold = qrels.gold(question.id)
        if not gold:
            continue
        stale = tuple(doc for doc in question.judgement.stale if doc not in set(gold))
        judgement = attrs.evolve(question.judgement, gold=gold, stale=stale)
        judged.append(attrs.evolve(question, judgement=judgement))
    return tuple(judged)


def qrels_lines(questions: Iterable[Question]) -> Iterable[str]:
    """TREC qrels lines of the questions' judgements: each gold passage with grade 1 and each
    stale passage with grade 0 (judged, not relevant); unjudged questions give none."""
    for question in questions:
        for doc in question.judgement.gold:
            yield f"{question.id} 0 {doc} 1"
        for doc in question.judgement.stale:
            yield f"{question.id} 0 {doc} 0"


def write_qrels(path: Path | str, questions: Sequence[Question]) -> int:
    """Write the questions' judgements as TREC qrels (replacing the file whole); the lines
    written."""
    location = Path(path)
    location.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with atomic_open(location) as handle:
        for line in qrels_lines(questions):
            handle.write(line + "\n")
            written += 1
    return written
