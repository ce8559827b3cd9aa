"""Reading rewrite conversations from TREC CAsT 2019, 2020, 2022 and TREC iKAT 2023.

Each reader takes the data set's folder (`trec_cast/` or `ikat/` of the shared data) and
returns every conversation with a human rewrite of each user turn, or the first problem found.
CAsT 2021 is never read.

- CAsT 2019: raw utterances from the training and evaluation topics, manual rewrites from the
  `*_annotated_resolved_v1.0.tsv` files, joined by turn id (`<topic>_<turn>`); topics without
  a rewrite for every turn are skipped (most training topics). No response text.
- CAsT 2020: `raw_utterance` and `manual_rewritten_utterance` of the manual evaluation topics.
  No response text (only a canonical passage id).
- CAsT 2022: the flattened file lists every root-to-leaf path of each topic tree; each path is
  one conversation `<topic>/<n>` (n from 1, in file order). Paths of one tree repeat their
  shared turns, with the same history; the metric scores such a turn once.
- iKAT 2023: `utterance`, `resolved_utterance` and `response` of the train and test topics
  (sources `ikat2023-train`, `ikat2023-test`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from returns.result import Failure, Result, Success

from memcore.eval.datasets.ikat import load_topics, topics_path
from memcore.eval.datasets.rewrites import BRANCH_SEPARATOR, RewriteConversation, RewriteTurn
from memcore.eval.datasets.sourcefiles import read_json
from memcore.eval.errors import FormatError
from memcore.jsontext import read_text

Conversations = tuple[RewriteConversation, ...]
_MALFORMED = (KeyError, TypeError, ValueError, AttributeError)

CAST2019_FILES = (
    (
        Path("2019/data/training/train_topics_v1.0.json"),
        Path("2019/data/training/train_topic_sample_annotated_resolved_v1.0.tsv"),
    ),
    (
        Path("2019/data/evaluation/evaluation_topics_v1.0.json"),
        Path("2019/data/evaluation/evaluation_topics_annotated_resolved_v1.0.tsv"),
    ),
)
CAST2020_FILE = Path("2020/2020_manual_evaluation_topics_v1.0.json")
CAST2022_FILE = Path("2022/2022_evaluation_topics_flattened_duplicated_v1.0.json")


def _topics(path: Path) -> Result[list[Any], FormatError]:
    read = read_json(path)
    if isinstance(read, Failure):
        return Failure(read.failure())
    document = read.unwrap()
    if not isinstance(document, list):
        return Failure(FormatError(str(path), 0, "$", "must be a list of topics"))
    return Success(document)


def _malformed(path: Path, position: int, error: Exception) -> FormatError:
    return FormatError(str(path), 0, f"[{position}]", f"not a topic of this file: {error!r}")


def _resolved(path: Path) -> Result[dict[str, str], FormatError]:
    """Manual rewrites by turn id from a CAsT 2019 `<turn id>\\t<rewrite>` file."""
    read = read_text(path)
    if isinstance(read, Failure):
        return Failure(FormatError(str(path), 0, "$", read.failure().message))
    rewrites: dict[str, str] = {}
    for number, line in enumerate(read.unwrap().splitlines(), start=1):
        if not line.strip():
            continue
        turn_id, tab, rewrite = line.partition("\t")
        if not tab:
            return Failure(FormatError(str(path), number, "$", "expected <turn id>\\t<rewrite>"))
        rewrites[turn_id.strip()] = rewrite.strip()
    return Success(rewrites)


def read_cast2019(root: Path) -> Result[Conversations, FormatError]:
    """CAsT 2019's topics that have a manual rewrite for every turn, training topics first."""
    conversations = []
    for topics_file, rewrites_file in CAST2019_FILES:
        topics = _topics(root / topics_file)
        if isinstance(topics, Failure):
            return Failure(topics.failure())
        rewrites = _resolved(root / rewrites_file)
        if isinstance(rewrites, Failure):
            return Failure(rewrites.failure())
        resolved = rewrites.unwrap()
        for position, topic in enumerate(topics.unwrap()):
            try:
                number = str(topic["number"])
                turns = [
                    (str(turn["raw_utterance"]).strip(), resolved.get(f"{number}_{turn['number']}"))
                    for turn in topic["turn"]
                ]
            except _MALFORMED as error:
                return Failure(_malformed(root / topics_file, position, error))
            if turns and all(rewrite is not None for _, rewrite in turns):
                conversations.append(
                    RewriteConversation(
                        "cast2019",
                        number,
                        (RewriteTurn(text, rewrite or "", "") for text, rewrite in turns),
                    )
                )
    return Success(tuple(conversations))


def read_cast2020(root: Path) -> Result[Conversations, FormatError]:
    """CAsT 2020's manual evaluation topics."""
    path = root / CAST2020_FILE
    topics = _topics(path)
    if isinstance(topics, Failure):
        return Failure(topics.failure())
    conversations = []
    for position, topic in enumerate(topics.unwrap()):
        try:
            turns = tuple(
                RewriteTurn(
                    str(turn["raw_utterance"]).strip(),
                    str(turn["manual_rewritten_utterance"]).strip(),
                    "",
                )
                for turn in topic["turn"]
            )
            conversations.append(RewriteConversation("cast2020", str(topic["number"]), turns))
        except _MALFORMED as error:
            return Failure(_malformed(path, position, error))
    return Success(tuple(conversations))


def read_cast2022(root: Path) -> Result[Conversations, FormatError]:
    """CAsT 2022's conversation paths, each `<topic>/<n>` (see the module docstring)."""
    path = root / CAST2022_FILE
    topics = _topics(path)
    if isinstance(topics, Failure):
        return Failure(topics.failure())
    conversations = []
    paths_seen: dict[str, int] = {}
    for position, topic in enumerate(topics.unwrap()):
        try:
            number = str(topic["number"])
            turns = tuple(
                RewriteTurn(
                    str(turn["utterance"]).strip(),
                    str(turn["manual_rewritten_utterance"]).strip(),
                    str(turn.get("response") or "").strip(),
                )
                for turn in topic["turn"]
            )
        except _MALFORMED as error:
            return Failure(_malformed(path, position, error))
        paths_seen[number] = paths_seen.get(number, 0) + 1
        conversation_id = f"{number}{BRANCH_SEPARATOR}{paths_seen[number]}"
        conversations.append(RewriteConversation("cast2022", conversation_id, turns))
    return Success(tuple(conversations))


def read_ikat2023(root: Path) -> Result[Conversations, FormatError]:
    """iKAT 2023's train topics (`ikat2023-train`), then its test topics (`ikat2023-test`)."""
    conversations: list[RewriteConversation] = []
    for part in ("train", "test"):
        loaded = load_topics(topics_path(root, part))
        if isinstance(loaded, Failure):
            return Failure(loaded.failure())
        conversations.extend(
            RewriteConversation(
                f"ikat2023-{part}",
                topic.number,
                (RewriteTurn(t.utterance, t.resolved_utterance, t.response) for t in topic.turns),
            )
            for topic in loaded.unwrap()
        )
    return Success(tuple(conversations))


# Source name -> (the data set's folder under the shared data folder, its reader).
READERS: Mapping[str, tuple[str, Callable[[Path], Result[Conversations, FormatError]]]] = {
    "cast2019": ("trec_cast", read_cast2019),
    "cast2020": ("trec_cast", read_cast2020),
    "cast2022": ("trec_cast", read_cast2022),
    "ikat2023": ("ikat", read_ikat2023),
}


def read_sources(data: Path, sources: tuple[str, ...]) -> Result[Conversations, FormatError]:
    """The conversations of each named source (keys of `READERS`) under the shared data
    folder `data`, in the order named."""
    conversations: list[RewriteConversation] = []
    for source in sources:
        if source not in READERS:
            known = ", ".join(READERS)
            return Failure(FormatError(source, 0, "$", f"unknown source (known: {known})"))
        folder, reader = READERS[source]
        read = reader(data / folder)
        if isinstance(read, Failure):
            return Failure(read.failure())
        conversations.extend(read.unwrap())
    return Success(tuple(conversations))
