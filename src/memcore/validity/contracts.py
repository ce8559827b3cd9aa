"""The input and output contracts: evaluation-only fields never enter or leave the layer."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from returns.result import Failure, Result, Success

from memcore.textfold import fold_text, without_separators
from memcore.validity.errors import ValidityError

# Labels and teacher signals used only to train or evaluate; never features at inference.
# `gold_id`, `is_gold` and `stale_ids` are labels under another name (the gold passage, a
# passage marked gold, the stale passages), so they are listed too.
EVAL_ONLY_FIELDS: frozenset[str] = frozenset(
    {
        "gold",
        "gold_id",
        "gold_ids",
        "is_gold",
        "is_current",
        "is_latest",
        "is_stale",
        "stale",
        "stale_ids",
        "answer",
        "answer_text",
        "ce_score",
        "mxbai_score",
        "teacher_score",
        "gpt_label",
        "entity_id",
        "slot_id",
    }
)

# The key the layer writes; a candidate may not bring its own.
VALIDITY_KEY = "validity"


def eval_field_key(key: object) -> str:
    """`key` as the evaluation-only check compares it: folded (NFKC, ignorable characters
    removed, case folded, look-alike letters made Latin; `memcore.textfold`), then every
    separator and space removed, so "isCurrent", "is-current", "is current", "ＧＯＬＤ",
    "gold\u200b" and "İS_CURRENT" all compare as the field they imitate."""
    return without_separators(fold_text(str(key)))


@functools.cache
def _eval_field_keys() -> frozenset[str]:
    return frozenset(eval_field_key(name) for name in EVAL_ONLY_FIELDS)


def is_eval_field(key: object) -> bool:
    """Whether `key` names an evaluation-only field, up to case, spelling and separators."""
    return eval_field_key(key) in _eval_field_keys()


class _CyclicValueError(Exception):
    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


def _find_eval_field(value: object, path: str, open_containers: frozenset[int]) -> str | None:
    # `open_containers` holds the containers on the path from the root: meeting one again is a
    # cycle, which no JSON value has.
    if isinstance(value, (Mapping, list, tuple)):
        if id(value) in open_containers:
            raise _CyclicValueError(path)
        open_containers = open_containers | {id(value)}
    if isinstance(value, Mapping):
        for key, inner in value.items():
            here = f"{path}.{key}"
            if is_eval_field(key):
                return here
            found = _find_eval_field(inner, here, open_containers)
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for position, inner in enumerate(value):
            found = _find_eval_field(inner, f"{path}[{position}]", open_containers)
            if found is not None:
                return found
    return None


def _eval_field_breach(candidate: Mapping[str, object], path: str) -> ValidityError | None:
    try:
        breach = _find_eval_field(candidate, path, frozenset())
    except _CyclicValueError as cycle:
        return ValidityError("cyclic_value", cycle.path, "a candidate must not contain itself")
    except RecursionError:
        return ValidityError("too_deep", path, "a candidate is nested too deeply to check")
    if breach is None:
        return None
    field = breach.rsplit(".", 1)[-1]
    return ValidityError(
        "eval_only_field",
        breach,
        f"{field!r} is an evaluation-only field and may not reach inference",
    )


def check_candidates(
    candidates: Sequence[Mapping[str, object]],
) -> Result[tuple[str, ...], ValidityError]:
    """The candidates' passage ids, or the first breach of the input contract.

    A candidate is a mapping with a string `doc_id` (or `id`); no key at any depth may be an
    evaluation-only field (in any case, spelling or separators), no candidate may contain
    itself, and `validity` is reserved for the layer's output.
    """
    ids: list[str] = []
    for position, candidate in enumerate(candidates):
        path = f"candidates[{position}]"
        if not isinstance(candidate, Mapping):
            return Failure(ValidityError("not_a_mapping", path, "a candidate is a JSON object"))
        breach = _eval_field_breach(candidate, path)
        if breach is not None:
            return Failure(breach)
        if VALIDITY_KEY in candidate:
            return Failure(
                ValidityError(
                    "reserved_field", f"{path}.{VALIDITY_KEY}", "the layer writes this key itself"
                )
            )
        doc_id = candidate.get("doc_id", candidate.get("id"))
        if not isinstance(doc_id, str):
            return Failure(
                ValidityError("missing_id", f"{path}.doc_id", "a candidate needs a string doc_id")
            )
        ids.append(doc_id)
    return Success(tuple(ids))


def leaked_fields(value: Any) -> tuple[str, ...]:
    """Every evaluation-only key (in any case, spelling or separators) anywhere in `value`;
    the output contract wants none. A container met twice is walked once, so cycles end."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(inner: object) -> None:
        if not isinstance(inner, (Mapping, list, tuple)) or id(inner) in seen:
            return
        seen.add(id(inner))
        if isinstance(inner, Mapping):
            for key, nested in inner.items():
                if is_eval_field(key):
                    found.append(str(key))
                walk(nested)
        else:
            for nested in inner:
                walk(nested)

    walk(value)
    return tuple(found)
