"""Features of a turn: what its words say, read against the memory's view.

Cue spans and steering phrases (from `cues`), pronouns and their fit with a topic, number
siblings ("Apollo 11" / "Apollo 12"), self-repair segments, names the memory knows in any
case, and the lexical overlap of a turn with what the memory holds about each open topic
(echoes, shifts). Everything here is pure and reads only the turn and the `View`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memcore.node import Node
from memcore.search.tokenize import tokenize
from memcore.writers import cues
from memcore.writers.rules.decision import Span
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.text import (
    any_match,
    content_words,
    is_word_topic,
    words_of,
)
from memcore.writers.rules.view import View

# A turn that names nothing leaves the current topic with at least this many content terms of
# its own (and none shared with the topic).
_SHIFT_TERMS = 4


def blank(text: str, spans: Iterable[Span]) -> str:
    """`text` with the characters of `spans` made spaces (offsets stay valid)."""
    chars = list(text)
    for start, end in spans:
        for index in range(max(0, start), min(len(chars), end)):
            chars[index] = " "
    return "".join(chars)


def cue_spans(text: str) -> list[Span]:
    """Where the turn's correction cues and self-repair markers stand."""
    spans: list[Span] = []
    for pattern in (*cues.CORRECTION, cues.SELF_REPAIR_SPLIT):
        spans.extend(match.span() for match in pattern.finditer(text))
    if spans:
        # "this whole time I meant Kindle": when the slip was seen goes with the cue.
        spans.extend(match.span() for match in cues.SLIP_NOTICED.finditer(text))
    return spans


def steering_spans(text: str) -> list[Span]:
    """Where the turn's steering phrases stand, with an opener ("ok,") before them."""
    spans = [match.span() for pattern in cues.STEERING for match in pattern.finditer(text)]
    if spans:
        opener = cues.OPENER.match(text)
        if opener is not None and opener.end() > 0:
            spans.append(opener.span())
    return spans


def correction_only(text: str, view: View) -> bool:
    """Whether a turn has no words of its own beyond cues, names and positions."""
    normal = cues.normalise_turn(text)
    spans = cue_spans(normal)
    spans.extend((m.start, m.end) for m in view.mentions(normal))
    spans.extend((p.start, p.end) for p in find_positions(normal))
    return not content_words(normal, spans)


def carried_question(view: View) -> str:
    """The last question in view that asked something of its own: a correction-only turn
    and an elliptic one ("what about X?") ask the question before them again, and a turn of
    thanks or acknowledgement only ("thanks!", "I see") asks nothing."""
    for node in reversed(view.recent):
        elliptic = any(
            pattern.match(cues.normalise_turn(node.question)) for pattern in cues.ELLIPSIS
        )
        if not elliptic and not correction_only(node.question, view) and not _courtesy(node):
            return without_steering(node.question)
    return without_steering(view.previous.question) if view.previous is not None else ""


# Words of a turn that only thanks or acknowledges ("thanks!", "ok, got it", "great").
_COURTESY = (
    cues.GREETING_WORDS
    | cues.POLITENESS
    | cues.ACKNOWLEDGING
    | frozenset(["ok", "okay", "great", "cool", "nice", "awesome", "perfect", "i", "that's"])
)


def _courtesy(node: Node) -> bool:
    words = words_of(node.question)
    return bool(words) and "?" not in node.question and set(words) <= _COURTESY


def without_steering(question: str) -> str:
    """A question to ask again: without steering words, or an opener such as "ok,"."""
    text = cues.normalise_turn(question)
    text = " ".join(blank(text, steering_spans(text)).split())
    return cues.OPENER.sub("", text, count=1) or text


def pronoun_position(text: str, pronoun: str) -> int:
    """Where `pronoun` first stands in `text` as `first_pronoun` reads it (its length when
    absent): not the "it" of "got it", which stands for nothing."""
    for match in re.finditer(r"\b" + re.escape(pronoun) + r"\b", text, re.IGNORECASE):
        before = words_of(text[: match.start()])
        if pronoun in cues.THING_PRONOUNS and before and before[-1] in cues.IDIOM_BEFORE_IT:
            continue
        return match.start()
    return len(text)


def first_pronoun(text: str) -> str | None:
    """The turn's first singular or plural pronoun, if any ("it" in "got it" stands for
    nothing, and so does a dummy "it": "does it snow there?", `cues.DUMMY_IT`)."""
    previous = ""
    for word in words_of(cues.without_dummy_it(cues.normalise_turn(text))):
        if word in cues.THING_PRONOUNS and previous in cues.IDIOM_BEFORE_IT:
            previous = word
            continue
        previous = word
        if word in cues.PERSON_PRONOUNS or word in cues.THING_PRONOUNS:
            return word
        if word in cues.PLURAL_PRONOUNS:
            return word
    return None


def pronoun_compatible(name: str, pronoun: str, view: View, text: str) -> bool:
    """Whether `pronoun` may stand for `name` (a person, or a thing or work)."""
    person = view.person(name)
    if pronoun in cues.PERSON_PRONOUNS:
        # The words of a question that named nothing ("cite website school report") are
        # nobody: "she" goes past them.
        return person is not False and not is_word_topic(name)
    if pronoun in cues.THING_PRONOUNS:
        if person is True:
            return False
        return not (any_match(cues.WORK_CUES, text) and view.kind(name) == "person")
    return True


def number_sibling(first: str, second: str) -> bool:
    """Whether two names differ only in a trailing number ("Apollo 11", "Apollo 12")."""
    strip = re.compile(r"\s*(?:\d+|[IVX]+)\s*$")
    return first != second and strip.sub("", first) == strip.sub("", second) != first


def only_clarifying(text: str) -> bool:
    """Whether the turn's only correction cue is "I mean" (present tense).

    In real conversations "I mean ..." followed by words of its own restates the question
    ("I mean historically", "I mean better off as a result of ..."), while "I meant ..." and
    "no, ..." reject what was understood.
    """
    matched = [pattern for pattern in cues.CORRECTION if pattern.search(text)]
    return all(pattern.pattern in cues.CLARIFYING_CORRECTION for pattern in matched)


def repair_segments(text: str) -> list[tuple[str, int]]:
    """The turn cut at self-repair markers: each non-empty piece and where it starts."""
    pieces = []
    last = 0
    for match in cues.SELF_REPAIR_SPLIT.finditer(text):
        pieces.append((text[last : match.start()], last))
        last = match.end()
    pieces.append((text[last:], last))
    return [(piece, start) for piece, start in pieces if piece.strip()]


def known_in(text: str, view: View) -> tuple[str, ...]:
    """The names the memory knows that `text` writes in any case, a possessive allowed."""
    found = []
    words = re.findall(r"[\w\-.]+", text.casefold().replace("'s ", " "))
    for size in range(4, 0, -1):
        for index in range(len(words) - size + 1):
            phrase = " ".join(words[index : index + size])
            name = view.index.keys.get(phrase)
            if name is not None and phrase not in cues.NOT_NAMES and name not in found:
                found.append(name)
    return tuple(found)


def kind_of_noun(noun: str) -> str:
    """The kind a description's noun names ("" when it names none)."""
    return cues.KIND_NOUNS.get(noun.casefold(), "")


def shifts(text: str, view: View) -> bool:
    """Whether a turn that names nothing leaves the current topic: a question of its own
    (at least `_SHIFT_TERMS` content terms, politeness phrases, greetings and numbers left
    out) that
    shares none with what the memory holds about the current topic, and points at nothing
    with a demonstrative ("this one", "that one": it refers, whatever it asks)."""
    current = view.current
    if current is None:
        return False
    if set(words_of(text)) & cues.MORE_WORDS:  # "I'd love to hear a bit more": more of it
        return False
    if cues.DEMONSTRATIVE_ONE.search(text) is not None:  # "what did that one leave behind?"
        return False
    # "thanks in advance" is no part of the question: its "advance" is no term of a new one.
    asked = cues.FILLER_PHRASES.sub(" ", without_steering(text))
    terms = set(tokenize(asked)) - cues.NOT_CONTENT - cues.GREETING_WORDS
    # A number says which instance is asked about ("the host city, for 2008"), not which
    # subject: no term of a new one, though one the topic holds still ties the turn to it.
    subject_terms = {t for t in terms if not t.isdigit()}
    return len(subject_terms) >= _SHIFT_TERMS and not terms & view.profile(current)


def echoed_topic(text: str, view: View, returning: bool) -> str | None:
    """The earlier topic a turn goes back to by echoing what the memory holds about it.

    Each of the turn's content terms counts 1/n for each of the n open topics whose name,
    facts or questions hold it. An earlier topic is taken when it scores higher than the
    current one, by a term of its own at least; with a return cue ("back to the earlier one")
    any echo will do, and failing one, the topic discussed before the current one.
    """
    current = view.current
    terms = set(tokenize(without_steering(text))) - cues.NOT_CONTENT
    topics = view.open_topics()
    if current is None or not terms or not any(name != current for name in topics):
        return None
    # The current topic may have been introduced before the topics looked at.
    profiles = {name: view.profile(name) for name in (*topics, current)}
    counts = {term: sum(term in words for words in profiles.values()) for term in terms}

    def score(name: str) -> float:
        return sum(1 / counts[term] for term in terms if term in profiles[name])

    earlier = [name for name in topics if name != current]
    best = max(earlier, key=score)
    if score(best) > score(current) and (returning or (score(best) >= 1 and score(current) == 0)):
        return best
    if returning and score(current) == 0:
        return earlier[0]
    return None
