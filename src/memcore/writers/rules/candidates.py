"""Candidate referents: the names a span of the turn may point at.

The finders live in three modules, one job each: `referents` (a position in an earlier list,
a stored fact, a kind noun, "the other one", a same-name page), `corrections` (what a
correction names: a name typed after "I meant", a page title or known name in any case, a
short phrase that takes the old name's place, the implicit other, a negated topic; and
`segment_referent`, which tries them in the spec pages' order) and `pronouns` (pronoun
resolution and `answered_for`). This module keeps their names importable from one place.
"""

from memcore.writers.rules.corrections import (
    corrected_referent,
    implicit_other,
    intended_referent,
    meant_before_rejection,
    negated_topic,
    phrase_referent,
    segment_referent,
    substituted_referent,
    typed_name_referent,
)
from memcore.writers.rules.pronouns import answered_for, resolve_pronoun
from memcore.writers.rules.referents import (
    ANSWER_SCAN,
    description_referent,
    fact_referent,
    other_referent,
    page_described,
    position_referent,
    same_name_referent,
)

__all__ = [
    "ANSWER_SCAN",
    "answered_for",
    "corrected_referent",
    "description_referent",
    "fact_referent",
    "implicit_other",
    "intended_referent",
    "meant_before_rejection",
    "negated_topic",
    "other_referent",
    "page_described",
    "phrase_referent",
    "position_referent",
    "resolve_pronoun",
    "same_name_referent",
    "segment_referent",
    "substituted_referent",
    "typed_name_referent",
]
