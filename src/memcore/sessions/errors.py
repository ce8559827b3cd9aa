"""The session store's typed error value."""

from __future__ import annotations

import attrs


@attrs.frozen
class SessionError:
    """A store call that did not happen.

    `code`: `isolation` (the caller does not own the key), `bad_key`, `not_found`,
    `turn_order` (a turn that does not follow the stored ones), `bad_document` (a stored memory
    that does not read back), `bad_text` (node content with no UTF-8 form, such as a lone
    surrogate) or `storage` (the database failed).
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"session store refused ({self.code} at {self.field}): {self.message}"
