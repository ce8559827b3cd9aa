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


def checked_principal(principal: Principal) -> Result[Principal, SessionError]:
    """`principal` if its tenant and user are non-empty strings."""
    for name in ("tenant", "user"):
        value = getattr(principal, name)
        if not isinstance(value, str) or not value.strip():
            return Failure(
                SessionError(
                    "bad_key", f"principal.{name}", f"must be a non-empty string: {value!r}"
                )
            )
    return Success(principal)


def authorised(principal: Principal, key: SessionKey) -> Result[SessionKey, SessionError]:
    """`key` if `principal` owns it; an `isolation` error (naming no foreign data) otherwise."""
    checked = checked_principal(principal)
    if isinstance(checked, Failure):
        return Failure(checked.failure())
    if not isinstance(key.session, str) or not key.session.strip():
        return Failure(
            SessionError("bad_key", "key.session", f"must be a non-empty string: {key.session!r}")
        )
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
