"""Title normalisation: page names compared without a trailing bracketed qualifier."""

from __future__ import annotations

import re

_QUALIFIER = re.compile(r"\s*\([^()]*\)\s*$")
_SPACES = re.compile(r"\s+")


def normalise_title(title: str) -> str:
    """The page name without a trailing bracketed qualifier, spaces collapsed.

    "Avatar (2009 film)" and "Avatar" share the name "Avatar". Case is kept; compare
    with `same_name` or `title_key` for a case-insensitive match.
    """
    stripped = _QUALIFIER.sub("", title.strip())
    return _SPACES.sub(" ", stripped).strip()


def title_key(title: str) -> str:
    """The case-insensitive key under which pages with the same name group together."""
    return normalise_title(title).casefold()


def same_name(first: str, second: str) -> bool:
    """Whether two titles name the same thing once qualifiers and case are ignored."""
    return title_key(first) == title_key(second)
