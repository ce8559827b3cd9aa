"""Referents by meaning: the earlier topic a turn that names none returns to.

"when did the scientist die?" after Rosalind Franklin, then Lisbon, means Rosalind Franklin:
the description fits her, not the city. The rule cascade most often keeps the latest topic,
and on the tuning parts that is right for nearly every turn that names nothing (MTRAG's
follow-ups). So the latest topic - the cascade's - is kept unless an earlier one clearly fits
the turn better, read in context: each topic's name is put in the place of the turn's
reference ("the scientist", "she", "his") and the sentence that keeps the turn's meaning best
names the referent ("when did Rosalind Franklin die?" is closer to the turn than "when did
Lisbon die?"). A turn with no such reference, a position ("the last one") or a return cue
("back to ...") is left to the cascade, and so is one where the cascade already went back to
an earlier topic.

Pure: it says which texts a turn needs encoded and decides from their vectors; encoding is
the writer's effect (`minilm.py`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memcore.writers import cues
from memcore.writers.learned.similarity import Vector, cosine
from memcore.writers.learned.topics import TOPIC_FEATURES, TopicCandidate
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.text import is_word_topic

# How much better (in cosine with the turn) an earlier topic's sentence must be than the
# cascade topic's to take its place. Chosen on the tuning parts (docs/writers.md): on the
# behaviour suite's tuning returns the right topic's sentence is ahead by 0.03 to 0.12, and
# 0.05 settles 36 of 40; on MTRAG's built tuning turns that name nothing, moving from the
# cascade's topic never helped, and at 0.05 5 of 251 move (0.10: 3, and 29 of 40 returns).
REFERENT_MARGIN = 0.05

# A reference to a topic that a name can stand in for: a description by kind (a noun after
# "the") or a person pronoun. "it" and "they" are left out: in real conversations they far
# more often mean the latest topic, or nothing ("is it possible to ...").
_REFERENCE = re.compile(
    r"\b(?:the\s+(?P<noun>[a-z]+)(?P<own>['\u2019]s)?|(?P<possessive>his)|he|she|him|her)\b",
    re.IGNORECASE,
)
# Nouns after "the" that say no kind ("the one", "the most", "the subject we covered").
_NOT_KINDS: frozenset[str] = frozenset(
    {
        *cues.KINDLESS_NOUNS,
        *cues.NOT_A_POSITION_NOUNS,
        *("most", "same", "first", "last", "best", "other", "following", "latest", "next"),
        *("previous", "whole", "rest", "subject", "topic", "material", "conversation"),
        *("details", "information", "answer", "answers", "thread", "key", "main", "important"),
    }
)

# "it" or "its" standing for a topic; not after an idiom ("got it", "sum it up") nor in "is it
# possible", where it stands for nothing.
_THING_PRONOUN = re.compile(
    r"(?<!\bgot )(?<!\bget )(?<!\bsum )(?<!\bwrap )\b(?P<thing>it|its)\b(?!\s+possible\b)",
    re.IGNORECASE,
)

_RULE_TOPIC = TOPIC_FEATURES.index("rule_topic")
_PREVIOUS_TOPIC = TOPIC_FEATURES.index("previous_topic")
_IN_MEMORY = TOPIC_FEATURES.index("in_memory")


def substitutions(question: str, name: str) -> tuple[str, ...]:
    """`question` with each of its references replaced by `name` in turn ("where did Skylab 2
    come down?" for "where did the mission come down?"; "Rosalind Franklin's" for "his" or
    "the scientist's"), each once. Empty when it has no reference."""
    found: list[str] = []
    for match in _REFERENCE.finditer(question):
        noun = match["noun"]
        if noun is not None and noun.casefold() in _NOT_KINDS:
            continue
        possessive = match["possessive"] is not None or match["own"] is not None
        replacement = f"{name}'s" if possessive else name
        found.append(question[: match.start()] + replacement + question[match.end() :])
    return tuple(dict.fromkeys(found))


def thing_substitutions(question: str, name: str) -> tuple[str, ...]:
    """`question` with each "it" replaced by `name` ("its" by "`name`'s") in turn; empty
    where "it" stands for nothing ("got it", "is it possible", a dummy "it": `cues.DUMMY_IT`)."""
    dummy = {found.start() for found in cues.DUMMY_IT.finditer(question)}
    found = [
        question[: match.start()]
        + (f"{name}'s" if match["thing"].casefold() == "its" else name)
        + question[match.end() :]
        for match in _THING_PRONOUN.finditer(question)
        if match.start() not in dummy
    ]
    return tuple(dict.fromkeys(found))


def described_kinds(question: str) -> tuple[str, ...]:
    """The kind nouns the turn describes its referent by ("mission" in "who flew on the
    mission?"), lower case, in order; empty where it has none."""
    found = [
        match["noun"].casefold()
        for match in _REFERENCE.finditer(question)
        if match["noun"] is not None and match["noun"].casefold() not in _NOT_KINDS
    ]
    return tuple(dict.fromkeys(found))


def texts_for_referents(turn: str, names: Sequence[str]) -> tuple[str, ...]:
    """Every text the decision needs encoded: the turn, then each name's substitutions (its
    "it", else its descriptions and person pronouns); where the turn describes its referent
    by kind, that kind noun and each name."""
    wanted = [turn, *(text for name in names for text in _placed(turn, name))]
    kinds = described_kinds(turn)
    if kinds:
        wanted.extend([*kinds, *names])
    return tuple(dict.fromkeys(wanted))


def kind_fit(turn: str, name: str, vectors: Mapping[str, Vector]) -> float:
    """How well `name` is a thing of the kind the turn describes ("the mission", "the
    novelist"): the best cosine between a kind noun of the turn and the name alone (0 where
    the turn describes no kind). What the encoder knows of a name ("Helsinki" is near
    "city", "Apollo 11" near "mission") tells kinds apart that the sentence around the name
    does not: "who flew on Valparaiso?" reads almost as well as "who flew on Apollo 11?"."""
    name_vector = vectors.get(name)
    if name_vector is None:
        return 0.0
    fits = [cosine(vectors[kind], name_vector) for kind in described_kinds(turn) if kind in vectors]
    return max(fits, default=0.0)


def _placed(turn: str, name: str) -> tuple[str, ...]:
    # "who wrote the music for it?": with an "it" for a topic, a description is its attribute.
    return thing_substitutions(turn, name) or substitutions(turn, name)


def fit_in_context(turn: str, name: str, vectors: Mapping[str, Vector]) -> float:
    """How well `name` stands in for the turn's "it" (else its reference): the best cosine
    between the turn and one of its substitutions (0 without a reference or a vector)."""
    turn_vector = vectors.get(turn)
    if turn_vector is None:
        return 0.0
    placed = [vectors[text] for text in _placed(turn, name) if text in vectors]
    return max((cosine(turn_vector, vector) for vector in placed), default=0.0)


def clear_referent(
    fits: Sequence[float], kept: int | None, eligible: Sequence[bool], margin: float
) -> int | None:
    """The candidate to take instead of `kept` (the cascade's topic): the eligible one that
    fits best (the first of equals), where its fit beats `kept`'s by at least `margin`. None
    keeps `kept` (and where there is no `kept`, nothing is decided)."""
    if kept is None:
        return None
    others = [index for index, ok in enumerate(eligible) if ok and index != kept]
    if not others:
        return None
    best = max(others, key=lambda index: (fits[index], -index))
    return best if fits[best] - fits[kept] >= margin else None


def kept_topic(found: Sequence[TopicCandidate]) -> int | None:
    """The candidate the cascade chose (else the previous turn's topic), or None."""
    for feature in (_RULE_TOPIC, _PREVIOUS_TOPIC):
        index = next((i for i, c in enumerate(found) if c.features[feature] > 0), None)
        if index is not None:
            return index
    return None


def referent_by_meaning(
    found: Sequence[TopicCandidate], turn: str, vectors: Mapping[str, Vector]
) -> str | None:
    """The earlier topic in memory the turn returns to, from the vectors of
    `texts_for_referents(turn, names)`; None keeps the cascade's topic."""
    kept = kept_topic(found)
    if kept is None or described_by_name(turn, found[kept].name):
        return None
    latest = next((i for i, c in enumerate(found) if c.features[_PREVIOUS_TOPIC] > 0), None)
    chosen = choose_referent(
        turn,
        [
            fit_in_context(turn, candidate.name, vectors) + kind_fit(turn, candidate.name, vectors)
            for candidate in found
        ],
        kept,
        latest,
        [candidate.features[_IN_MEMORY] > 0 for candidate in found],
        [is_word_topic(candidate.name) for candidate in found],
    )
    return found[chosen].name if chosen is not None else None


# How much better a named topic must fit an "it" than a topic of bare words the cascade kept.
WORD_TOPIC_MARGIN = 2 * REFERENT_MARGIN


def choose_referent(
    turn: str,
    fits: Sequence[float],
    kept: int,
    latest: int | None,
    eligible: Sequence[bool],
    word_topics: Sequence[bool] = (),
) -> int | None:
    """The candidate to take instead of `kept` (the cascade's topic) from each one's fit,
    `latest` being the previous turn's topic; None keeps `kept`.

    Where the cascade kept the latest topic, a description or person pronoun goes to an
    earlier topic that fits clearly better, and a bare "it" stays ("it" far more often means
    the latest topic). Where the cascade went back past it, a bare "it" goes to the latest
    topic unless `kept` fits clearly better; a description or person pronoun stays with the
    cascade, which matched it to a kind or a pronoun it knows."""
    has_it = bool(thing_substitutions(turn, ""))
    if latest is None or kept == latest:
        if has_it and word_topics and word_topics[kept]:
            # "unrelated, but how do I cite a website?" then "when did it first go on sale?":
            # an "it" after a question that named nothing goes back to a named topic it fits
            # clearly better than those words (by twice the margin).
            named = [ok and not word for ok, word in zip(eligible, word_topics, strict=True)]
            return clear_referent(fits, kept, named, WORD_TOPIC_MARGIN)
        if has_it or not substitutions(turn, ""):
            return None
        return clear_referent(fits, kept, eligible, REFERENT_MARGIN)
    if has_it:
        return latest if fits[kept] - fits[latest] < REFERENT_MARGIN else None
    return None


# "going back a bit, ...", "anyway, coming back": a return cue without its "to".
_GOING_BACK = re.compile(r"\b(?:going|go|coming|come|getting|get)\s+back\b", re.IGNORECASE)


def leaves_to_cascade(question: str) -> bool:
    """Whether the turn points somewhere by form, not by meaning: a position in a list ("the
    last one") or a return cue ("back to ...", "earlier", "going back"). The cascade reads
    those."""
    return (
        bool(find_positions(question))
        or any(cue.search(question) for cue in cues.RETURN)
        or _GOING_BACK.search(question) is not None
    )


def described_by_name(question: str, name: str) -> bool:
    """Whether one of the turn's descriptions is a word of `name` ("the song" and "Grenade
    (song)"): the name says the kind the turn asks about, so that topic is meant."""
    words = {word.casefold() for word in re.findall(r"[^\W_]+", name)}
    return any(
        match["noun"] is not None and match["noun"].casefold() in words
        for match in _REFERENCE.finditer(question)
    )
