"""Rewrite conversations: the CAsT and iKAT readers and the tuning/test split."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets.cast import (
    CAST2020_FILE,
    read_cast2019,
    read_cast2020,
    read_cast2022,
    read_ikat2023,
    read_sources,
)
from memcore.eval.datasets.rewrites import (
    RewriteConversation,
    RewriteTurn,
    split_conversations,
    topic_of,
)
from rewrite_support import write_cast, write_ikat

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def test_cast2019_joins_rewrites_by_turn_id_and_skips_topics_without(tmp_path: Path) -> None:
    write_cast(tmp_path)
    (conversation,) = read_cast2019(tmp_path).unwrap()
    assert conversation == RewriteConversation(
        "cast2019",
        "31",
        (
            RewriteTurn("What is throat cancer?", "What is throat cancer?", ""),
            RewriteTurn("Is it treatable?", "Is throat cancer treatable?", ""),
        ),
    )


def test_cast2020_reads_raw_and_manual_utterances(tmp_path: Path) -> None:
    write_cast(tmp_path)
    (conversation,) = read_cast2020(tmp_path).unwrap()
    assert conversation.source == "cast2020"
    assert conversation.turns[1] == RewriteTurn("Why?", "Why door?", "")


def test_cast2022_names_each_path_of_a_tree(tmp_path: Path) -> None:
    write_cast(tmp_path)
    paths = read_cast2022(tmp_path).unwrap()
    assert [path.conversation_id for path in paths] == ["132/1", "132/2"]
    assert {topic_of(path) for path in paths} == {"132"}
    assert paths[1].turns[0] == RewriteTurn("COP26?", "COP26?", "A climate summit.")


def test_ikat2023_keeps_its_parts_as_sources(tmp_path: Path) -> None:
    write_ikat(tmp_path)
    conversations = read_ikat2023(tmp_path).unwrap()
    assert [(c.source, c.conversation_id) for c in conversations] == [
        ("ikat2023-train", "1-1"),
        ("ikat2023-test", "9-1"),
    ]
    assert conversations[0].turns == (RewriteTurn("Which one?", "Which university?", "Delft."),)


def test_a_malformed_topic_is_a_failure_naming_its_file(tmp_path: Path) -> None:
    (tmp_path / CAST2020_FILE).parent.mkdir(parents=True)
    (tmp_path / CAST2020_FILE).write_text(json.dumps([{"number": 1, "turn": [{"number": 1}]}]))
    failure = read_cast2020(tmp_path).failure()
    assert failure.path.endswith(CAST2020_FILE.name)
    assert failure.field == "[0]"


def test_a_missing_folder_and_an_unknown_source_are_failures(tmp_path: Path) -> None:
    assert "cannot read" in read_cast2022(tmp_path).failure().message
    assert "unknown source" in read_sources(tmp_path, ("cast2021",)).failure().message


def _conversations(source: str, count: int) -> list[RewriteConversation]:
    return [RewriteConversation(source, str(number), ()) for number in range(count)]


def test_split_gives_a_third_of_each_source_to_tuning_and_keeps_ikat_parts() -> None:
    conversations = [
        *_conversations("cast2019", 9),
        *_conversations("cast2020", 4),
        *_conversations("ikat2023-train", 2),
        *_conversations("ikat2023-test", 5),
    ]
    tuning, test = split_conversations(conversations)
    assert Counter(c.source for c in tuning) == {"cast2019": 3, "cast2020": 1, "ikat2023-train": 2}
    assert Counter(c.source for c in test) == {"cast2019": 6, "cast2020": 3, "ikat2023-test": 5}
    assert split_conversations(conversations, seed=13) == (tuning, test)
    assert split_conversations(conversations, seed=14) != (tuning, test)


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 3)), max_size=30), st.integers())
def test_split_is_a_partition_that_keeps_the_paths_of_a_topic_together(
    paths: list[tuple[int, int]], seed: int
) -> None:
    conversations = [
        RewriteConversation("cast2022", f"{topic}/{path}", ()) for topic, path in set(paths)
    ]
    tuning, test = split_conversations(conversations, seed)
    assert sorted(tuning + test, key=repr) == sorted(conversations, key=repr)
    assert not {topic_of(c) for c in tuning} & {topic_of(c) for c in test}


@pytest.mark.shared_data
def test_readers_on_shared_data() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/data is absent")
    sources = ("cast2019", "cast2020", "cast2022", "ikat2023")
    conversations = read_sources(SHARED, sources).unwrap()
    per_source = Counter(c.source for c in conversations)
    turns = Counter(c.source for c in conversations for _ in c.turns)
    assert per_source == {
        "cast2019": 52,
        "cast2020": 25,
        "cast2022": 50,
        "ikat2023-train": 11,
        "ikat2023-test": 25,
    }
    assert turns == {
        "cast2019": 502,
        "cast2020": 216,
        "cast2022": 284,
        "ikat2023-train": 95,
        "ikat2023-test": 332,
    }
    assert len({topic_of(c) for c in conversations if c.source == "cast2022"}) == 18
    tuning, _ = split_conversations(conversations)
    assert Counter(c.source for c in tuning) == {
        "cast2019": 17,
        "cast2020": 8,
        "cast2022": 11,
        "ikat2023-train": 11,
    }
