"""The validity layer's typed error value."""

from __future__ import annotations

import attrs


@attrs.frozen
class ValidityError:
    """The validity layer refused its input.

    `code` is a stable machine-readable name (`eval_only_field`, `missing_id`, `unknown_mode`,
    `bad_weight`, `bad_threshold`); `field` says where (`candidates[2].gold`, `validity_mode`).
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"validity input rejected ({self.code} at {self.field}): {self.message}"
