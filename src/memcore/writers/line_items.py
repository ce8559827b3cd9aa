"""A final turn typed as its own numbered items, one a line (spec/writer-standalone.md, "Numbered
items of a turn").

"1. got it on X\n2. what went wrong on Y?": the numbers only order what the user says, as
bullets do ("- got it on X\n- what went wrong on Y?"), so the turn is read with bullets in
their place. No item number is then taken for a value or for a name's number ("X 2"), and the
remark in the first item leaves the query as it does after a bullet. Only items numbered 1, 2,
3, ... in order, each opening a line, count; numbers inside a line ("rank them: 1. A 2. B"),
a single numbered line or a count that skips ("1. ... 3. ...") stay as typed.
"""

from __future__ import annotations

import re

import attrs

from memcore.writers.protocol import WriterRequest

_LINE_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?P<number>\d{1,2})[.)][ \t]+(?=\S)", re.MULTILINE)


def items_as_bullets(text: str) -> str:
    """`text` with the numbers of its own numbered lines written as bullets ("- "), where it
    has two or more lines numbered 1, 2, 3, ... in order; `text` itself otherwise."""
    items = list(_LINE_ITEM.finditer(text))
    numbers = [int(item.group("number")) for item in items]
    if len(items) < 2 or numbers != list(range(1, len(items) + 1)):
        return text
    return _LINE_ITEM.sub(lambda item: item.group("indent") + "- ", text)


def with_items_as_bullets(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's numbered lines read as bullets (`items_as_bullets`);
    `request` itself for a history turn or a final turn without them."""
    if not request.turn.final:
        return request
    bulleted = items_as_bullets(request.turn.question)
    if bulleted == request.turn.question:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=bulleted))
