"""Checking a Ray cluster address before `ray.init` is asked to connect to it.

`ray.init(address=...)` waits for the cluster's GCS server for minutes when nothing answers at
the address (a misspelt host, a stopped cluster, the wrong port), printing a warning every few
seconds. `address_problem` first tries one TCP connection to the address, bounded by
`CONNECT_TIMEOUT_S`, and says in one line why the address cannot be a running cluster; only
then do the callers (`sharded`, the Ray runner, the command line) start Ray. A listening port
that is not a Ray cluster is not detected here.
"""

from __future__ import annotations

import socket

CONNECT_TIMEOUT_S = 10.0
"""How long the check waits for the address to accept a connection."""

# What Ray itself takes without a host and port: the cluster named by RAY_ADDRESS or the one
# started on this machine, and memcore's own name for a local Ray.
_NOT_CHECKED = frozenset({"auto", "local"})
_CLIENT_SCHEME = "ray://"
_CLIENT_PORT = 10001


def address_problem(address: str | None, timeout_s: float = CONNECT_TIMEOUT_S) -> str | None:
    """Why nothing can be a Ray cluster at `address` (`HOST:PORT` of its GCS server, or
    `ray://HOST[:PORT]` of its client server), or None when it accepts a connection or is
    not a network address (None, `auto`, `local`)."""
    if address is None or address in _NOT_CHECKED:
        return None
    target = address.removeprefix(_CLIENT_SCHEME)
    host, colon, port_text = target.rpartition(":")
    if not colon and address.startswith(_CLIENT_SCHEME):
        host, port_text = target, str(_CLIENT_PORT)
    elif not colon:
        return f"the Ray address {address!r} is not HOST:PORT"
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 literal, [::1]:6379
    if not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return f"the Ray address {address!r} is not HOST:PORT"
    unreachable = f"cannot reach the Ray cluster at {address}"
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout_s):
            return None
    except socket.gaierror:
        return f"{unreachable}: unknown host {host!r}"
    except TimeoutError:
        return f"{unreachable}: no answer within {timeout_s:g} seconds"
    except OSError as error:
        return f"{unreachable}: {error.strerror or error}"


def join_ray(address: str | None) -> None:
    """Join the Ray cluster at `address` (None: a local Ray), unless this process already has:
    the address is checked first (`address_problem`), a `ConnectionError` if nothing answers,
    rather than minutes of `ray.init` waiting."""
    import ray

    if ray.is_initialized():
        return
    unreachable = address_problem(address)
    if unreachable is not None:
        raise ConnectionError(unreachable)
    ray.init(address=address, include_dashboard=False, log_to_driver=False)
