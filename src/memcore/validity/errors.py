"""The validity layer's typed error value."""

from __future__ import annotations

import attrs


@attrs.frozen
class ValidityError:
    """The validity layer refused its input.

    `code` is a stable machine-readable name (`eval_only_field`, `missing_id`, `not_a_mapping`,
    `reserved_field`, `cyclic_value`, `too_deep`, `bad_title`, `unknown_mode`, `bad_weight`,
    `bad_threshold`); `field` says where (`candidates[2].gold`, `titles['p1']`,
    `validity_mode`).
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"validity input rejected ({self.code} at {self.field}): {self.message}"
