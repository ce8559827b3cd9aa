"""A final turn read without the user's apology for jumping to another subject
(spec/writer-cues-roles.md#writer-cues-roles.excused-jump).

"who invented Model T? - apologies, totally different thing", "how much did it cost? (sorry
for changing the subject so suddenly)", "who flew on Apollo 11? sorry, my mind's wandering":
the apology excuses the move; it takes nothing back and asks nothing. The final turn is
handed on without it (the remark runs from the apology to the end of its sentence, bracket or
line), so no reader takes "sorry" for a repair and the query does not carry the remark.
"""

from __future__ import annotations

import re

from memcore.writers import cues
from memcore.writers.final_question import with_final_question
from memcore.writers.protocol import WriterRequest

# The remark: an opening bracket or dash before the apology, then to the end of its sentence,
# bracket or line.
_REMARK_END = re.compile(r"[.!?)\n]")
_OPENING = re.compile(r"[\s(\-\u2013\u2014,;:]*$")


def without_excused_jump(text: str) -> str:
    """`text` without its apologies for the jump to another subject (`cues.JUMP_APOLOGY`);
    `text` itself where it holds none, or where nothing else is left."""
    kept = text
    while (found := cues.JUMP_APOLOGY.search(kept)) is not None:
        end = _REMARK_END.search(kept, found.end())
        stop = len(kept) if end is None else end.end()
        start = _OPENING.search(kept, 0, found.start())
        begin = found.start() if start is None else start.start()
        kept = kept[:begin].rstrip() + (" " if stop < len(kept) else "") + kept[stop:].lstrip()
    kept = kept.strip()
    return kept if any(character.isalnum() for character in kept) else text


def with_excused_jump_left_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's apology for a jump left out (`without_excused_jump`);
    `request` itself for a history turn or a final turn without one."""
    return with_final_question(request, without_excused_jump)
