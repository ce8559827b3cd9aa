"""An "it" after a digression: the topic before the digression, found by meaning.

"How is sickle cell treated?", then an unrelated question about Bruno Mars, then "will it
kill me?": the "it" is sickle cell, not the singer. A bare "it" usually means the latest
topic, and the cascade keeps it; that is wrong where the latest topic is a digression. By
meaning, a digression is a latest topic that is about nothing the conversation held before
(no question or answer of it resembles one of any earlier topic) and that the turn does not
fit (no question, answer or fact of it resembles the turn). Then the "it" goes back, most
recent topic first, to the first named topic the turn does fit. In real conversations the
latest topic grows out of the earlier ones (MTRAG: a question about the MLS All-Star Game
after one on the USA), so the rule leaves them alone.

Pure: the fits and links come from `similarity.py`'s vectors; encoding is the writer's effect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from memcore.writers.learned.similarity import CandidateTexts, Vector, cosine

# The turn fits a topic when its best cosine with the topic's questions, answers and facts
# reaches this (tuning parts: a digression's fit was -0.05 to 0.14, the topic returned to
# 0.18 to 0.39; MTRAG dev's latest topics under an "it" 0.19 to 0.51).
FIT_FLOOR = 0.15
# Two topics are about related things when a question or answer of one has at least this
# cosine with one of the other (tuning parts: spliced digressions 0.01 to 0.19 with every
# earlier topic; MTRAG's topic changes 0.18 to 1.0, 0.59 and more for most).
LINK_FLOOR = 0.20
# The topic gone back to must fit the turn better than the digression by this much.
RETURN_MARGIN = 0.05
# A latest topic only loosely linked to an earlier one (every link below `LOOSE_LINK`) is
# still left behind where the turn does not fit it and fits an earlier topic better by
# `CLEAR_GAP` (tuning parts: "how do I apply?" fits the talk of a learner's permit at 0.20 and
# a question on air pressure at -0.01, which the talk of skywatching before the permit links
# at 0.26; MTRAG's topic changes link at 0.59 and more for most; MTRAG dev's natural final
# turns: no case moves).
LOOSE_LINK = 0.35
CLEAR_GAP = 0.15


@attrs.frozen
class HeldTopic:
    """A topic in memory as the rule reads it: its name, the turn's fit to what the memory
    holds about it, its link to the latest topic (best cosine between their questions and
    answers; 0 for the latest itself), its recency (1 the previous turn, 1/2 the one before,
    ...) and whether it is a named topic (not the bare words of a question that named none)."""

    name: str
    fit: float
    link: float
    recency: float
    named: bool = True


def topic_link(
    first: CandidateTexts, second: CandidateTexts, vectors: Mapping[str, Vector]
) -> float:
    """The best cosine between a question or answer about `first` and one about `second` (0
    where either has none with a vector)."""
    mine = [vectors[text] for text in (*first.questions, *first.answers) if text in vectors]
    theirs = [vectors[text] for text in (*second.questions, *second.answers) if text in vectors]
    return max((cosine(one, other) for one in mine for other in theirs), default=0.0)


def is_digression(latest: HeldTopic, earlier: Sequence[HeldTopic]) -> bool:
    """Whether the latest topic is a digression: the turn does not fit it, and it is linked to
    no earlier topic (and there is one)."""
    return (
        bool(earlier)
        and latest.fit < FIT_FLOOR
        and all(topic.link < LINK_FLOOR for topic in earlier)
    )


def returned_after_digression(topics: Sequence[HeldTopic], latest: int | None) -> int | None:
    """The index of the topic an "it" goes back to past a digressing latest topic (`latest`
    its index): the most recent named topic the turn fits by `FIT_FLOOR`, and better than
    the digression by `RETURN_MARGIN`. Where the latest topic is loosely linked to an earlier
    one (below `LOOSE_LINK`) and the turn does not fit it, the topic gone back to must fit
    better by `CLEAR_GAP`. None where the latest topic fits the turn, is closely linked to an
    earlier one, or no earlier topic fits well enough."""
    if latest is None:
        return None
    digression = topics[latest]
    earlier = [i for i, topic in enumerate(topics) if i != latest and topic.recency > 0]
    if not earlier or digression.fit >= FIT_FLOOR:
        return None
    if is_digression(digression, [topics[i] for i in earlier]):
        margin = RETURN_MARGIN
    elif all(topics[i].link < LOOSE_LINK for i in earlier):
        margin = CLEAR_GAP
    else:
        return None
    for index in sorted(earlier, key=lambda i: (-topics[i].recency, i)):
        topic = topics[index]
        if topic.named and topic.fit >= FIT_FLOOR and topic.fit - digression.fit >= margin:
            return index
    return None
