"""The session store's typed error values."""

from __future__ import annotations

import attrs


@attrs.frozen
class SessionError:
    """A store call that did not happen.

    `code`: `isolation` (the caller does not own the key), `bad_key`, `not_found`,
    `turn_order` (a turn that does not follow the stored ones), `concurrent_update` (a write
    based on a read the session has moved past: `ConcurrentUpdate`), `bad_document` (a stored
    memory that does not read back), `bad_text` (node content with no UTF-8 form, such as a
    lone surrogate) or `storage` (the database failed).
    """

    code: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"session store refused ({self.code} at {self.field}): {self.message}"


@attrs.frozen(init=False)
class ConcurrentUpdate(SessionError):
    """A write based on version `expected` of the session, which is now at `found`: another
    writer saved it since it was read, and nothing was written. Read it again and re-apply
    the change (or tell the user). A `SessionError` with code `concurrent_update`, so callers
    that handle every store error handle this one too."""

    expected: int
    found: int

    def __init__(self, expected: int, found: int) -> None:
        self.__attrs_init__(
            "concurrent_update",
            "expected_version",
            f"the session is at version {found}, not {expected} as read: another writer "
            "saved it since; nothing was written",
            expected,
            found,
        )
