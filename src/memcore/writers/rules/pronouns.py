"""Pronoun resolution: the topic a pronoun stands for, and the topic an answer was given for.

Pronouns resolve against the current topic, the answer and the memory.
"""

from __future__ import annotations

from memcore.writers import cues
from memcore.writers.rules.features import pronoun_compatible
from memcore.writers.rules.lists import looks_like_person
from memcore.writers.rules.view import View


def resolve_pronoun(pronoun: str, text: str, view: View, answer: str) -> str | None:
    """The name a pronoun stands for: the current topic, the answer's, or an earlier one; never
    a dropped topic, which the user took back (it returns only by name or a return cue)."""
    current = view.current
    if current is not None and pronoun_compatible(current, pronoun, view, text):
        return current
    if answer:
        for mention in view.mentions(answer):
            if view.is_dropped(mention.name):
                continue
            if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mention):
                return mention.name
            if (
                pronoun in cues.THING_PRONOUNS
                and not looks_like_person(mention)
                and mention.name != current
            ):
                return mention.name
    for name in view.primaries():
        if (
            name != current
            and not view.is_dropped(name)
            and pronoun_compatible(name, pronoun, view, text)
            and view.person(name) is not None
        ):
            return name
    for mention in view.recent_answer_names():
        if mention.name == current or view.is_dropped(mention.name):
            continue
        if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mention):
            return mention.name
        if pronoun in cues.THING_PRONOUNS and not looks_like_person(mention):
            return mention.name
    return current


def answered_for(resolved: str, pronoun: str, text: str, view: View, answer: str) -> str:
    """The topic a history turn's answer was given for, when it is not the one resolved.

    "where did he grow up?" answered "Buzz Aldrin grew up in Montclair" is about Aldrin, even
    if "he" could have meant the current topic: the answer's subject, when it fits the pronoun
    and the answer never names the resolved topic, is the turn's topic.
    """
    if not answer:
        return resolved
    mentions = view.mentions(answer)
    if not mentions or mentions[0].start > 0 or mentions[0].name == resolved:
        return resolved
    subject = mentions[0].name
    if any(mention.name == resolved for mention in mentions):
        return resolved
    if pronoun in cues.PERSON_PRONOUNS and looks_like_person(mentions[0]):
        return subject
    if pronoun in cues.THING_PRONOUNS and not looks_like_person(mentions[0]):
        return subject if pronoun_compatible(subject, pronoun, view, text) else resolved
    return resolved
