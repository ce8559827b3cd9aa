"""What an identifier may hold: passage, question, conversation and tier ids.

Identifiers travel through TREC run lines, which are split on whitespace, and through file
names, terminals and logs, where a control character (NUL, escape, the other C0 and C1
controls) truncates text, rewrites the screen or forges a line. Both are refused where an
identifier is read.
"""

from __future__ import annotations

import unicodedata


def identifier_problem(value: str) -> str | None:
    """Why `value` cannot be an identifier (`contains whitespace: ...`), or None."""
    if any(character.isspace() for character in value):
        # Checked first: tab and newline are control characters too, but whitespace is the
        # reason a TREC run could not be read back.
        return f"contains whitespace: {value!r}"
    control = next((c for c in value if unicodedata.category(c) == "Cc"), None)
    if control is not None:
        return f"contains the control character U+{ord(control):04X}: {value!r}"
    return None
