"""Reading MTRAG: conversations, gold passages, human rewrites and the passage pool.

The data stays where it is (a path is passed in); nothing of it ships with memcore. A context
shown with an agent answer is a gold passage of the user turn before it when its latest
`feedback.relevant` value, by timestamp, is "yes". Conversation ids are the upstream task ids'
hashes, recovered by matching each conversation's questions against the retrieval tasks.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.atomic_write import atomic_open
from memcore.eval.errors import FormatError
from memcore.jsontext import json_lines

DOMAINS = ("clapnq", "cloud", "fiqa", "govt")
TITLED_DOMAINS = ("clapnq", "govt")
TASKS = Path("ibm") / "mtrag-human" / "retrieval_tasks"
_UPSTREAM_SEPARATOR = "<::>"
_USER_PREFIX = "|user|: "


@attrs.frozen
class Context:
    """A passage shown with an answer, and whether it was finally judged relevant."""

    document_id: str
    title: str
    text: str
    relevant: bool


def _contexts(values: Iterable[Context]) -> tuple[Context, ...]:
    return tuple(values)


@attrs.frozen
class MtragTurn:
    """A user turn (numbered from 1) with the agent's answer and its judged contexts."""

    number: int
    question: str
    answer: str
    multi_turn: str
    contexts: tuple[Context, ...] = attrs.field(converter=_contexts)

    @property
    def gold(self) -> tuple[str, ...]:
        """The ids of the contexts finally judged relevant, in the order shown."""
        return tuple(context.document_id for context in self.contexts if context.relevant)

    @property
    def answerable(self) -> bool:
        """Whether the turn has at least one gold passage (the upstream task rule)."""
        return bool(self.gold)

    def gold_titles(self) -> tuple[str, ...]:
        """The page titles of the gold passages, most frequent first (ties: first shown)."""
        counts: dict[str, int] = {}
        for context in self.contexts:
            if context.relevant and context.title:
                counts[context.title] = counts.get(context.title, 0) + 1
        return tuple(sorted(counts, key=lambda title: -counts[title]))

    @property
    def topic(self) -> str | None:
        """The page the turn is about: its most frequent gold title, if it has one."""
        titles = self.gold_titles()
        return titles[0] if titles else None


def _turns(values: Iterable[MtragTurn]) -> tuple[MtragTurn, ...]:
    return tuple(values)


@attrs.frozen
class MtragConversation:
    """One MTRAG conversation."""

    id: str
    file: str
    domain: str
    turns: tuple[MtragTurn, ...] = attrs.field(converter=_turns)

    def task_id(self, number: int) -> str:
        """The upstream task id of user turn `number` (`<conversation_id>::<turn>`)."""
        return f"{self.id}::{number}"


def domain_of(collection: str) -> str:
    """The short domain name of an MTRAG collection name."""
    for domain in DOMAINS:
        if domain in collection:
            return domain
    if "ibmcloud" in collection:
        return "cloud"
    raise ValueError(f"unknown MTRAG collection {collection!r}")


def _latest_relevance(context: Mapping[str, Any]) -> bool:
    judgements = context.get("feedback", {}).get("relevant", {})
    if not judgements:
        return False
    latest = max(judgements.values(), key=lambda judgement: judgement.get("timestamp", 0))
    return bool(latest.get("value") == "yes")


def _parse_turns(messages: list[dict[str, Any]]) -> tuple[MtragTurn, ...]:
    turns: list[MtragTurn] = []
    for position, message in enumerate(messages):
        if message["speaker"] != "user":
            continue
        reply = messages[position + 1] if position + 1 < len(messages) else {}
        contexts = tuple(
            Context(
                str(context["document_id"]),
                str(context.get("title") or ""),
                str(context.get("text") or ""),
                _latest_relevance(context),
            )
            for context in reply.get("contexts", [])
        )
        multi_turn = message.get("enrichments", {}).get("Multi-Turn", ["N/A"])
        turns.append(
            MtragTurn(
                len(turns) + 1,
                str(message["text"]).strip(),
                str(reply.get("text", "")).strip(),
                str(multi_turn[0]) if multi_turn else "N/A",
                contexts,
            )
        )
    return tuple(turns)


def _task_key(questions: Iterable[str]) -> str:
    return " ".join(" ".join(f"{_USER_PREFIX}{question}" for question in questions).split())


def _conversation_ids(root: Path) -> dict[str, str]:
    """Map the whitespace-normalised full question list of each task to its conversation id."""
    keys: dict[str, str] = {}
    for path in sorted(root.glob(f"{TASKS}/*/*_questions.jsonl")):
        for line in json_lines(path.read_text(encoding="utf-8")):
            if not line.strip():
                continue
            record = json.loads(line)
            conversation_id = str(record["_id"]).split(_UPSTREAM_SEPARATOR)[0]
            keys[" ".join(str(record["text"]).split())] = conversation_id
    return keys


def load_conversations(root: Path | str) -> Result[tuple[MtragConversation, ...], FormatError]:
    """Every conversation under `root/conversations`, ordered by file number."""
    base = Path(root)
    folder = base / "conversations"
    if not folder.is_dir():
        return Failure(FormatError(str(folder), 0, "$", "no MTRAG conversations folder here"))
    task_keys = _conversation_ids(base)
    conversations: list[MtragConversation] = []
    files = sorted(folder.glob("*.json"), key=lambda path: (len(path.stem), path.stem))
    for path in files:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            turns = _parse_turns(document["messages"])
            domain = domain_of(document["retriever"]["collection"]["name"])
        except (OSError, KeyError, ValueError, TypeError) as error:
            return Failure(FormatError(str(path), 0, "$", f"not an MTRAG conversation: {error}"))
        conversation_id = f"mtrag-{path.stem}"
        for count in range(len(turns), 0, -1):
            found = task_keys.get(_task_key(turn.question for turn in turns[:count]))
            if found is not None:
                conversation_id = found
                break
        conversations.append(MtragConversation(conversation_id, path.name, domain, turns))
    return Success(tuple(conversations))


def load_rewrites(root: Path | str) -> dict[str, str]:
    """Human standalone rewrites by task id (`<conversation_id>::<turn>`), every domain."""
    rewrites: dict[str, str] = {}
    for path in sorted(Path(root).glob(f"{TASKS}/*/*_rewrite.jsonl")):
        for line in json_lines(path.read_text(encoding="utf-8")):
            if not line.strip():
                continue
            record = json.loads(line)
            task_id = str(record["_id"]).replace(_UPSTREAM_SEPARATOR, "::")
            text = str(record["text"])
            rewrites[task_id] = text.removeprefix(_USER_PREFIX).strip()
    return rewrites


@attrs.frozen
class PoolPassage:
    """A passage of MTRAG's pooled collection."""

    id: str
    domain: str
    title: str
    text: str


def load_pool(root: Path | str) -> tuple[PoolPassage, ...]:
    """The pooled passages of `root/corpus_pool.jsonl`, in file order."""
    passages = []
    with (Path(root) / "corpus_pool.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                record = json.loads(line)
                passages.append(
                    PoolPassage(
                        str(record["_id"]),
                        str(record["domain"]),
                        str(record.get("title") or ""),
                        str(record.get("text") or ""),
                    )
                )
    return tuple(passages)


def write_corpus(path: Path | str, passages: Iterable[PoolPassage]) -> int:
    """Write passages as a BEIR corpus (`_id`, `title`, `text`), replacing the file whole;
    returns how many were written."""
    location = Path(path)
    location.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with atomic_open(location) as handle:
        for passage in passages:
            record = {"_id": passage.id, "title": passage.title, "text": passage.text}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
    return count
