"""Where memcore keeps what it computes once and reuses: indexes, embeddings, exported encoders.

`$MEMCORE_CACHE` when set; else `memcore` under `$XDG_CACHE_HOME` when that is set to an
absolute path (the XDG base-directory rule: a relative value is ignored); else
`~/.cache/memcore`. Reading the environment is the only thing this module does.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """The cache directory (see the module's docstring for the order of the choices)."""
    configured = os.environ.get("MEMCORE_CACHE")
    if configured:
        return Path(configured)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "memcore"
    return Path.home() / ".cache" / "memcore"
