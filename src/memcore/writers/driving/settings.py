"""What a driver does on failure, and how much memory the writer sees."""

from __future__ import annotations

import enum

import attrs

from memcore.caps import DEFAULT_CAPS, Caps


class FailurePolicy(enum.Enum):
    """What the driver does when the writer fails after its retries."""

    FALL_BACK = "fall-back"  # write the turn with the fallback writer
    FAIL = "fail"  # return the failure; the conversation is unchanged


@attrs.frozen
class DriverConfig:
    """The driver's settings.

    `retries` extra calls follow a failed one; then `policy` applies. `horizon` shows the
    writer only the last `horizon` nodes (None: all). `trust_nodes` takes a node the writer
    built itself (the rule writer) without parsing its text again; the text still parses to it.
    A horizon of 0 shows the writer no memory at all (`Memory.last(0)` is empty).
    """

    policy: FailurePolicy = FailurePolicy.FALL_BACK
    retries: int = 1
    horizon: int | None = None
    caps: Caps = DEFAULT_CAPS
    trust_nodes: bool = True

    def __attrs_post_init__(self) -> None:
        if self.retries < 0:
            raise ValueError(f"retries must be 0 or more, got {self.retries}")
        if self.horizon is not None and self.horizon < 0:
            raise ValueError(f"a memory horizon cannot be negative, got {self.horizon}")
