"""The input and output contracts: evaluation-only fields never enter or leave the layer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from returns.result import Failure, Result, Success

from memcore.validity.errors import ValidityError

# Labels and teacher signals used only to train or evaluate; never features at inference.
EVAL_ONLY_FIELDS: frozenset[str] = frozenset(
    {
        "gold",
        "gold_ids",
        "is_current",
        "is_latest",
        "is_stale",
        "stale",
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


def _find_eval_field(value: object, path: str) -> str | None:
    if isinstance(value, Mapping):
        for key, inner in value.items():
            here = f"{path}.{key}"
            if key in EVAL_ONLY_FIELDS:
                return here
            found = _find_eval_field(inner, here)
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for position, inner in enumerate(value):
            found = _find_eval_field(inner, f"{path}[{position}]")
            if found is not None:
                return found
    return None


def check_candidates(
    candidates: Sequence[Mapping[str, object]],
) -> Result[tuple[str, ...], ValidityError]:
    """The candidates' passage ids, or the first breach of the input contract.

    A candidate is a mapping with a string `doc_id` (or `id`); no key at any depth may be an
    evaluation-only field, and `validity` is reserved for the layer's output.
    """
    ids: list[str] = []
    for position, candidate in enumerate(candidates):
        path = f"candidates[{position}]"
        if not isinstance(candidate, Mapping):
            return Failure(ValidityError("not_a_mapping", path, "a candidate is a JSON object"))
        breach = _find_eval_field(candidate, path)
        if breach is not None:
            field = breach.rsplit(".", 1)[-1]
            return Failure(
                ValidityError(
                    "eval_only_field",
                    breach,
                    f"{field!r} is an evaluation-only field and may not reach inference",
                )
            )
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
    """Every evaluation-only key anywhere in `value` (the output contract wants none)."""
    found: list[str] = []

    def walk(inner: object) -> None:
        if isinstance(inner, Mapping):
            for key, nested in inner.items():
                if key in EVAL_ONLY_FIELDS:
                    found.append(str(key))
                walk(nested)
        elif isinstance(inner, (list, tuple)):
            for nested in inner:
                walk(nested)

    walk(value)
    return tuple(found)
