"""The four accepted values of `validity_mode` and the three behaviours behind them."""

from __future__ import annotations

import enum

from returns.result import Failure, Result, Success

from memcore.validity.errors import ValidityError


class ValidityMode(enum.Enum):
    """What the layer does to a ranking.

    OFF leaves it untouched; CONTEXT keeps the candidates and their order and attaches validity
    metadata; DEMOTE additionally moves possibly-outdated passages below the others.
    """

    OFF = "off"
    CONTEXT = "context"
    DEMOTE = "demote"


ModeLike = ValidityMode | str | None

ACCEPTED = ("None", "off", "context", "demote")


def parse_mode(value: ModeLike) -> Result[ValidityMode, ValidityError]:
    """The mode for a public-API value: None and "off" both mean OFF; strings are exact."""
    if value is None:
        return Success(ValidityMode.OFF)
    if isinstance(value, ValidityMode):
        return Success(value)
    for mode in ValidityMode:
        if value == mode.value:
            return Success(mode)
    return Failure(
        ValidityError(
            "unknown_mode",
            "validity_mode",
            f"validity_mode must be one of {', '.join(ACCEPTED)}; got {value!r}",
        )
    )
