"""Traces (CMT-RAG's memory units) and the drafts a decomposer writes for them."""

from __future__ import annotations

from collections.abc import Iterable

import attrs


def _strs(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class TraceDraft:
    """A decomposer's sub-question before resolution: it may hold [A_k] answer references;
    `keywords` are lookup anchors; `depends_on` names earlier traces by id."""

    sub_question: str
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    depends_on: tuple[int, ...] = attrs.field(default=(), converter=_ints)


@attrs.frozen
class Trace:
    """A completed, immutable trace: id k (1-based, the [T_k] of the namespace), the turn it
    came from, the resolved sub-question, keywords, dependencies, the paragraph ids retrieved
    fresh for it, and its answer (the [A_k] later sub-questions may name)."""

    id: int
    turn: int
    sub_question: str
    keywords: tuple[str, ...] = attrs.field(converter=_strs)
    depends_on: tuple[int, ...] = attrs.field(converter=_ints)
    paragraph_ids: tuple[str, ...] = attrs.field(converter=_strs)
    answer: str = ""
