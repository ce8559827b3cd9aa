"""A final turn read with its slips of cue words spelled out (spec/writer-standalone.md, "Slips
of the words a turn is read by").

"Nothnig about Vertigo plaese. how long is Metropolis?": every reader of the turn (the cue
readers, the stance model, the query) should meet the words the user meant. `normalise_turn`
already spells the slips out for the readers that call it; some read the turn as typed, so
the final turn is handed on with the slips spelled out, as `line_items` hands on numbered
lines as bullets. Only the slip table's words change (`cues.spelled_slips`): a name, a number
or a word of its own is left as typed.
"""

from __future__ import annotations

import attrs

from memcore.writers import cues
from memcore.writers.protocol import WriterRequest


def with_slips_spelled_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's slips of cue words spelled out (`cues.spelled_slips`);
    `request` itself for a history turn or a final turn without one."""
    if not request.turn.final:
        return request
    spelled = cues.spelled_slips(request.turn.question)
    if spelled == request.turn.question:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=spelled))
