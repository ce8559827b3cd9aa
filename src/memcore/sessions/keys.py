"""Who is asking and which session: the identity every store call checks."""

from __future__ import annotations

import attrs
from returns.result import Failure, Result, Success

from memcore.sessions.errors import SessionError


@attrs.frozen
class Principal:
    """The authenticated caller: a user of a tenant. Stores act only on its own sessions."""

    tenant: str
    user: str


@attrs.frozen
class SessionKey:
    """A session of a user of a tenant."""

    tenant: str
    user: str
    session: str

    @property
    def owner(self) -> Principal:
        """The principal that owns this session."""
        return Principal(self.tenant, self.user)


def _encodable(text: str) -> bool:
    # A lone surrogate is a valid Python str but has no UTF-8 form, so no store can hold it.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _checked_name(field: str, value: object) -> SessionError | None:
    if not isinstance(value, str) or not value.strip():
        return SessionError("bad_key", field, f"must be a non-empty string: {value!r}")
    if not _encodable(value):
        return SessionError("bad_key", field, f"must be encodable as UTF-8: {value!r}")
    if "\x00" in value:
        # PostgreSQL text cannot hold NUL; refused in every store so that all behave alike.
        return SessionError("bad_key", field, f"must not contain NUL: {value!r}")
    return None


def checked_principal(principal: Principal) -> Result[Principal, SessionError]:
    """`principal` if its tenant and user are non-empty strings encodable as UTF-8."""
    for name in ("tenant", "user"):
        error = _checked_name(f"principal.{name}", getattr(principal, name))
        if error is not None:
            return Failure(error)
    return Success(principal)


def authorised(principal: Principal, key: SessionKey) -> Result[SessionKey, SessionError]:
    """`key` if `principal` owns it; an `isolation` error (naming no foreign data) otherwise."""
    return checked_principal(principal).bind(lambda _: _owned(principal, key))


def _owned(principal: Principal, key: SessionKey) -> Result[SessionKey, SessionError]:
    session_error = _checked_name("key.session", key.session)
    if session_error is not None:
        return Failure(session_error)
    if key.owner != principal:
        return Failure(
            SessionError(
                "isolation",
                "key",
                f"user {principal.user!r} of tenant {principal.tenant!r} "
                "may not access this session",
            )
        )
    return Success(key)
