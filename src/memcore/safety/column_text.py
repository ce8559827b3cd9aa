"""Text written down columns (spec/poisoning.md#poisoning.obfuscation, POISON-COLUMNS).

A panel of one-letter cells ("|b g l o s c|" over "|o o e n a a|" ...) read across says
nothing; read down each column it spells words ("book", "gold", ...). The reading replaces
such a panel (three or more lines in a row, each of single letters or blanks between optional
bars, one space apart) with its columns' words, top to bottom, left to right; the rest of the
text stays. Pure.
"""

from __future__ import annotations

# A panel row is short: a longer line is prose, whatever its letters.
_MAX_WIDTH = 80
# Fewer lines than this make no panel (a line of spaced letters is read elsewhere).
_MIN_ROWS = 3
# Fewer columns than this spell no words worth reading.
_MIN_COLUMNS = 2


def _is_panel_line(line: str) -> bool:
    """Whether `line` is a row of one-letter cells (or blanks) one space apart, with optional
    bars around it. Read by position, not by a pattern, so a long line costs one pass."""
    body = line.strip().strip("|")
    if not body.strip() or len(body) > _MAX_WIDTH:
        return False
    cells, gaps = body[::2], body[1::2]
    return gaps.strip() == "" and all(cell == " " or cell.isalpha() for cell in cells)


def _cells(line: str) -> str:
    """The line's cells, the bars taken off: every other character from the first."""
    body = line.strip().strip("|")
    return body[::2]


def _columns(rows: list[str]) -> list[str]:
    width = max(len(row) for row in rows)
    padded = [row.ljust(width) for row in rows]
    words = ["".join(row[at] for row in padded).replace(" ", "") for at in range(width)]
    return [word for word in words if word]


def column_reading(text: str) -> str | None:
    """`text` with each panel of one-letter cells replaced by the words of its columns, or
    None where it has no panel."""
    lines = text.split("\n")
    out: list[str] = []
    found = False
    at = 0
    while at < len(lines):
        end = at
        while end < len(lines) and _is_panel_line(lines[end]):
            end += 1
        rows = [_cells(line) for line in lines[at:end]]
        if end - at >= _MIN_ROWS and max(len(row.replace(" ", "")) for row in rows) >= _MIN_COLUMNS:
            words = _columns(rows)
            if len(words) >= _MIN_COLUMNS:
                out.append(" ".join(words) + ".")
                found = True
                at = end
                continue
        out.append(lines[at])
        at += 1
    return "\n".join(out) if found else None
