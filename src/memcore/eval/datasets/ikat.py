"""TREC iKAT 2023 as a retrieval set: its provenance passages and one question per turn.

The iKAT collection (ClueWeb22) is not available offline, but the 2023 topics ship the text of
every provenance passage (`2023_<part>_topics_psg_text.jsonl`). Their union is the corpus
(untitled: ids `<doc_id>:<passage_id>`, the form `response_provenance` uses), and every turn
with provenance in it becomes a `natural` question whose gold passages are that provenance.
The train topics are the development (tuning) part, the test topics the test part. The
personal knowledge base (PTKB) of each topic is not used: memcore's systems see only the
conversation.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.mtrag import PoolPassage, write_corpus
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.eval.datasets.sourcefiles import read_json, read_json_lines
from memcore.eval.datasets.split import DEV, TEST
from memcore.eval.errors import FormatError

NATURAL = "natural"
CORPUS_NAME = "ikat"
# iKAT's parts and the evaluation parts they become.
PARTS = {"train": DEV, "test": TEST}
DATA_FOLDER = Path("2023") / "data"


def topics_path(root: Path, part: str) -> Path:
    """The topics file of an iKAT 2023 part (`train` or `test`) under the iKAT folder `root`."""
    return root / DATA_FOLDER / f"2023_{part}_topics.json"


def passages_path(root: Path, part: str) -> Path:
    """The provenance passages file of an iKAT 2023 part under the iKAT folder `root`."""
    return root / DATA_FOLDER / f"2023_{part}_topics_psg_text.jsonl"


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen
class IkatTurn:
    """A turn of an iKAT topic: the user's utterance, its human rewrite, the response and the
    ids of the passages the response was written from."""

    turn_id: int
    utterance: str
    resolved_utterance: str
    response: str
    provenance: tuple[str, ...] = attrs.field(converter=_strings)


def _turns(values: Iterable[IkatTurn]) -> tuple[IkatTurn, ...]:
    return tuple(values)


@attrs.frozen
class IkatTopic:
    """One iKAT conversation, named by its topic number (`9-1`: topic 9, persona 1)."""

    number: str
    turns: tuple[IkatTurn, ...] = attrs.field(converter=_turns)


def _topic(record: Any) -> IkatTopic:
    turns = tuple(
        IkatTurn(
            int(turn["turn_id"]),
            str(turn["utterance"]).strip(),
            str(turn["resolved_utterance"]).strip(),
            str(turn.get("response") or "").strip(),
            tuple(str(item) for item in turn.get("response_provenance") or ()),
        )
        for turn in record["turns"]
    )
    return IkatTopic(str(record["number"]), turns)


def load_topics(path: Path) -> Result[tuple[IkatTopic, ...], FormatError]:
    """The topics of an iKAT 2023 topics file, in file order."""
    read = read_json(path)
    if isinstance(read, Failure):
        return Failure(read.failure())
    document = read.unwrap()
    if not isinstance(document, list):
        return Failure(FormatError(str(path), 0, "$", "must be a list of iKAT topics"))
    topics = []
    for position, record in enumerate(document):
        try:
            topics.append(_topic(record))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            field = f"[{position}]"
            return Failure(FormatError(str(path), 0, field, f"not an iKAT topic: {error!r}"))
    return Success(tuple(topics))


def passage_id(doc_id: str, passage: str) -> str:
    """The id of a passage in `response_provenance` form: `<doc_id>:<passage_id>`."""
    return f"{doc_id}:{passage}"


def load_passages(path: Path) -> Result[tuple[PoolPassage, ...], FormatError]:
    """The provenance passages of a `*_psg_text.jsonl` file, text stripped, untitled."""
    read = read_json_lines(path)
    if isinstance(read, Failure):
        return Failure(read.failure())
    passages = []
    for number, record in enumerate(read.unwrap(), start=1):
        fields = ("doc_id", "passage_id", "passage_text")
        if not isinstance(record, dict) or any(name not in record for name in fields):
            message = f"an iKAT passage is an object with {', '.join(fields)}"
            return Failure(FormatError(str(path), number, "$", message))
        identifier = passage_id(str(record["doc_id"]), str(record["passage_id"]))
        text = str(record["passage_text"]).strip()
        if any(character.isspace() for character in identifier):
            message = f"passage id must not contain whitespace: {identifier!r}"
            return Failure(FormatError(str(path), number, "doc_id", message))
        passages.append(PoolPassage(identifier, CORPUS_NAME, "", text))
    return Success(tuple(passages))


def union_passages(*parts: Iterable[PoolPassage]) -> tuple[PoolPassage, ...]:
    """The passages of every part, each id once (its first occurrence), in order."""
    found: dict[str, PoolPassage] = {}
    for passages in parts:
        for passage in passages:
            found.setdefault(passage.id, passage)
    return tuple(found.values())


def questions_of(topics: Iterable[IkatTopic], corpus_ids: Collection[str]) -> tuple[Question, ...]:
    """One `natural` question per turn with provenance in the corpus.

    The history is every earlier turn of the topic (with or without provenance), each with
    its response as the answer; gold is the turn's provenance found in the corpus. An empty
    human rewrite is left out (the oracle then falls back to the utterance).
    """
    questions = []
    for topic in topics:
        for position, turn in enumerate(topic.turns):
            gold = tuple(dict.fromkeys(doc for doc in turn.provenance if doc in corpus_ids))
            if not gold or not turn.utterance:
                continue
            history = tuple(Turn(t.utterance, t.response) for t in topic.turns[:position])
            source = f"{topic.number}::{turn.turn_id}"
            questions.append(
                Question(
                    source,
                    topic.number,
                    Dialogue(history, turn.utterance),
                    Judgement(NATURAL, gold, (), turn.resolved_utterance or None, source),
                )
            )
    return tuple(questions)


Counts = dict[str, dict[str, dict[str, int]]]


def build_ikat(data: Path | str, out: Path | str) -> Result[Counts, FormatError]:
    """Build the iKAT 2023 retrieval set from the iKAT folder `data` and write it under `out`.

    Layout, as `memcore build-mtrag`'s: `corpus/ikat.jsonl` (BEIR, the union of both parts'
    provenance passages), `dev/ikat.jsonl` (train topics), `test/ikat.jsonl` (test topics),
    `split.json` (topic numbers per part) and `counts.json` (questions per part, corpus and
    tier, also returned).
    """
    root = Path(data)
    topics: dict[str, tuple[IkatTopic, ...]] = {}
    passages: list[tuple[PoolPassage, ...]] = []
    for part in PARTS:
        loaded = load_topics(topics_path(root, part))
        if isinstance(loaded, Failure):
            return Failure(loaded.failure())
        topics[part] = loaded.unwrap()
        read = load_passages(passages_path(root, part))
        if isinstance(read, Failure):
            return Failure(read.failure())
        passages.append(read.unwrap())
    corpus = union_passages(*passages)
    corpus_ids = frozenset(passage.id for passage in corpus)
    target = Path(out)
    write_corpus(target / "corpus" / f"{CORPUS_NAME}.jsonl", corpus)
    counts: Counts = {}
    for part, evaluation_part in PARTS.items():
        questions = questions_of(topics[part], corpus_ids)
        write_questions(target / evaluation_part / f"{CORPUS_NAME}.jsonl", questions)
        counts[evaluation_part] = {CORPUS_NAME: {NATURAL: len(questions)}}
    split = {PARTS[part]: [topic.number for topic in found] for part, found in topics.items()}
    (target / "split.json").write_text(json.dumps(split, indent=1))
    (target / "counts.json").write_text(json.dumps(counts, indent=1, sort_keys=True))
    return Success(counts)
