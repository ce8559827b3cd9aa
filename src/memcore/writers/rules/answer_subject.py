"""The subject an answer gives a turn that names none of its own.

"what was its religion?" asked while the talk is on a sitcom, and answered "During the reign
of Constantine in the Byzantine Empire, Christianity ...", was not about the sitcom: the
question names no subject, the answer shares (almost) nothing with what the memory holds
about the current topic, and it names a page the retriever knows. The turn is about that
page. An answer that goes on with the topic ("Construction ended in 1889, for the World's
Fair" after facts about the Eiffel Tower's 1889 opening) shares its words and changes
nothing, and so does a short one ("Yes.").
"""

from __future__ import annotations

from collections import Counter

from memcore.caps import cut_answer
from memcore.search.tokenize import tokenize
from memcore.writers import cues
from memcore.writers.rules.lists import looks_like_person
from memcore.writers.rules.view import View

# An answer needs this many content terms before its silence about the topic says anything.
_MIN_ANSWER_TERMS = 12
# At most one of the answer's content terms, or this share of them, may be held about the
# current topic (one word in common, "world" or "people", says nothing).
_MOST_SHARED = 0.08


def answer_subject(view: View, answer: str, person: bool | None) -> str | None:
    """The page the turn's answer is about when it is not the current topic, else None.

    `person` says what the turn's pronoun asks for (True for "he", False for "it", None where
    the turn has no pronoun, and then a thing is taken: "which is the most popular?" asks
    about a thing more often than about someone the answer names).
    """
    current = view.current
    if current is None or not answer:
        return None
    body = cut_answer(answer)
    terms = set(tokenize(body)) - cues.NOT_CONTENT
    if len(terms) < _MIN_ANSWER_TERMS:
        return None
    if len(terms & view.profile(current)) > max(1.0, _MOST_SHARED * len(terms)):
        return None
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for mention in view.mentions(body):
        if mention.name == current or not mention.known or view.is_dropped(mention.name):
            continue
        if looks_like_person(mention) != bool(person):
            continue
        if view.vocabulary is None or not view.vocabulary.pages_named(mention.name):
            continue
        counts[mention.name] += 1
        first.setdefault(mention.name, mention.start)
    if not counts:
        return None
    return min(counts, key=lambda name: (-counts[name], first[name]))
