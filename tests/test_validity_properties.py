"""Hypothesis properties of the validity layer: order preservation, protection, contracts."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from returns.result import Failure

from memcore.codec import CONVERTER
from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import replay
from memcore.search.values import Ranking
from memcore.validity import (
    EVAL_ONLY_FIELDS,
    leaked_fields,
    validate_candidates,
    validate_ranking,
)

TOPICS = ("A", "B", "C", "A (film)")
PAGES = (*TOPICS, "Other", "")


@st.composite
def nodes(draw: st.DrawFn, turn: int) -> Node:
    operations = draw(
        st.lists(
            st.builds(Operation, st.sampled_from(list(OpKind)), st.sampled_from(TOPICS)),
            max_size=3,
        )
    )
    restored = {op.topic for op in operations if op.kind is not OpKind.ABANDON}
    contradicts = draw(
        st.lists(st.sampled_from([t for t in TOPICS if t not in restored] or ["none"]), max_size=2)
    )
    topics = draw(st.lists(st.sampled_from(TOPICS), max_size=2))
    return Node(turn, f"q{turn}", operations=operations, topics=topics, contradicts=contradicts)


@st.composite
def memories(draw: st.DrawFn) -> Memory:
    count = draw(st.integers(0, 6))
    return Memory(tuple(draw(nodes(turn)) for turn in range(1, count + 1)))


@st.composite
def rankings(draw: st.DrawFn) -> tuple[Ranking, dict[str, str]]:
    count = draw(st.integers(0, 12))
    ids = [f"d{i:02d}" for i in range(count)]
    scores = draw(st.lists(st.floats(-5, 5), min_size=count, max_size=count))
    titles = {doc_id: draw(st.sampled_from(PAGES)) for doc_id in ids}
    return Ranking.from_scores(zip(ids, scores, strict=True)), titles


@given(memories(), rankings())
def test_property_context_keeps_the_candidates_and_their_order(
    memory: Memory, ranked: tuple[Ranking, dict[str, str]]
) -> None:
    ranking, titles = ranked
    view = validate_ranking(ranking, memory, titles, "context").unwrap()
    assert view.hits == ranking.hits
    assert len(view.validity) == len(ranking)


@given(memories(), rankings())
def test_property_demote_is_a_stable_partition(
    memory: Memory, ranked: tuple[Ranking, dict[str, str]]
) -> None:
    ranking, titles = ranked
    context = validate_ranking(ranking, memory, titles, "context").unwrap()
    demoted = validate_ranking(ranking, memory, titles, "demote").unwrap()
    flagged = {
        hit.doc_id
        for hit, validity in zip(context.hits, context.validity, strict=True)
        if validity.possibly_outdated
    }
    kept = [doc_id for doc_id in ranking.ids() if doc_id not in flagged]
    moved = [doc_id for doc_id in ranking.ids() if doc_id in flagged]
    assert list(demoted.ids()) == kept + moved
    assert sorted(demoted.hits, key=lambda h: h.doc_id) == sorted(
        ranking.hits, key=lambda h: h.doc_id
    )


@given(memories(), rankings())
def test_property_current_topic_and_unrelated_pages_are_protected(
    memory: Memory, ranked: tuple[Ranking, dict[str, str]]
) -> None:
    ranking, titles = ranked
    current = replay(memory).current
    view = validate_ranking(ranking, memory, titles, "demote").unwrap()
    for hit, validity in zip(view.hits, view.validity, strict=True):
        title = titles[hit.doc_id]
        if title in ("", "Other") or (current is not None and title == current.name):
            assert not validity.possibly_outdated
            if title in ("", "Other"):
                assert validity.evidence == ()


@given(memories(), rankings(), st.sampled_from([None, "off"]))
def test_property_off_is_byte_identical(
    memory: Memory, ranked: tuple[Ranking, dict[str, str]], mode: str | None
) -> None:
    ranking, titles = ranked
    view = validate_ranking(ranking, memory, titles, mode).unwrap()
    assert json.dumps(view.to_document()) == json.dumps(CONVERTER.unstructure(ranking))


SAFE_KEYS = st.sampled_from(["score", "source", "rank", "text", "meta"])
JSON_LEAF = st.one_of(st.integers(), st.text(max_size=5), st.booleans())


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    memories(),
    st.lists(st.dictionaries(SAFE_KEYS, JSON_LEAF, max_size=3), max_size=6),
    st.sampled_from(["context", "demote"]),
)
def test_property_output_never_carries_eval_fields(
    memory: Memory, extras: list[dict[str, Any]], mode: str
) -> None:
    candidates = [{"doc_id": f"d{i}", **extra} for i, extra in enumerate(extras)]
    out = validate_candidates(candidates, memory, {"d0": "A", "d1": "B"}, mode).unwrap()
    assert leaked_fields(list(out)) == ()
    assert sorted(candidate["doc_id"] for candidate in out) == sorted(
        candidate["doc_id"] for candidate in candidates
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    memories(),
    st.lists(st.dictionaries(SAFE_KEYS, JSON_LEAF, max_size=3), min_size=1, max_size=6),
    st.sampled_from(sorted(EVAL_ONLY_FIELDS)),
    st.data(),
)
def test_property_any_eval_field_is_refused(
    memory: Memory, extras: list[dict[str, Any]], field: str, data: st.DataObject
) -> None:
    candidates: list[dict[str, Any]] = [
        {"doc_id": f"d{i}", **extra} for i, extra in enumerate(extras)
    ]
    position = data.draw(st.integers(0, len(candidates) - 1))
    candidates[position][field] = "x"
    result = validate_candidates(candidates, memory, None, "context")
    assert isinstance(result, Failure)
    assert result.failure().field == f"candidates[{position}].{field}"


_SEPARATORS = ["_", "-", " ", ".", "\u200b", "\u00ad", "\u2060", ""]
_LOOK_ALIKES = {"a": "а", "e": "е", "o": "о", "i": "і", "c": "с", "p": "р", "s": "ѕ", "x": "х"}


@st.composite
def disguised_names(draw: st.DrawFn) -> tuple[str, str]:
    """An evaluation-only name and a variant of it: words split by any separator or none,
    letters in any case, full-width or a look-alike of another script, ignorable characters
    between letters."""
    name = draw(st.sampled_from(sorted(EVAL_ONLY_FIELDS)))
    separator = draw(st.sampled_from(_SEPARATORS))
    variant = []
    for character in separator.join(name.split("_")):
        style = draw(st.sampled_from(["as is", "upper", "full width", "look-alike"]))
        if style == "upper":
            character = character.upper()
        elif style == "full width" and character.isascii() and character.isalnum():
            character = chr(ord(character) + 0xFEE0)
        elif style == "look-alike":
            character = _LOOK_ALIKES.get(character, character)
        variant.append(character + draw(st.sampled_from(["", "", "\u200b", "\ufeff"])))
    return name, "".join(variant)


@given(disguised_names())
def test_property_disguised_eval_fields_are_leaked_fields(named: tuple[str, str]) -> None:
    _, variant = named
    assert leaked_fields({"doc_id": "d0", variant: 1}) == (variant,)
