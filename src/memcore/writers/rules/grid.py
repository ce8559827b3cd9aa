"""A list the answer laid out as a grid, and the member in one of its corners
(spec/writer-cues-positions.md#writer-cues-positions.grid).

An answer may lay names out in rows of cells ("A | B" over "C | D"): "the bottom right one"
then names no place in the order of the list but a corner of the layout. The grid is read from
the newest answer that has one: its lines with a cell bar ("|"), each line a row, each cell a
column; a corner is the first or last row and the first or last column, and the member is the
name in that cell. Pure.
"""

from __future__ import annotations

from memcore.writers.rules.view import View

# Fewer rows or columns than this make no grid, only a line with a bar in it.
_SIDE = 2


def _rows(answer: str) -> list[list[str]]:
    """The rows of cells of `answer`'s grid lines (a line with at least one bar)."""
    rows: list[list[str]] = []
    for line in answer.splitlines():
        if "|" not in line:
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        # A table's rule line ("---|---") holds no name.
        if all(set(cell) <= set("-: ") for cell in cells):
            continue
        rows.append(cells)
    return rows


def grid_member(view: View, row: int, column: int) -> str | None:
    """The name in the cell at `row` and `column` (0 the first, -1 the last) of the
    newest answer laid out as a grid of at least two rows and two columns; None where no
    answer is, or that cell holds no listed name."""
    listed = {name.casefold(): name for listing in view.listings for name in listing.names}
    for node in reversed(view.recent):
        rows = _rows(node.answer)
        if len(rows) < _SIDE or min(len(cells) for cells in rows) < _SIDE:
            continue
        cell = rows[row][column]
        named = [mention.name for mention in view.mentions(cell)]
        named += [name for key, name in listed.items() if key in cell.casefold()]
        return max(named, key=len) if named else None
    return None
