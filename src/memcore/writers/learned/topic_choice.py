"""The learned writer's topic choice: the rule cascade's choice as evidence, and the trained
scorers' choice where they decide the turn.

A `TopicChoice` is what a turn decides about topics (the topics it carries, its operations on
the memory, the topics it contradicts), as a value apart from the node: the learned writer
reads the cascade's, decides its own once (`chosen_topics` and `revised_choice` with page
titles, `named_by_user` without), and builds the node from it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from memcore.node import Node
from memcore.operations import Operation, OpKind, abandon
from memcore.replay import Status
from memcore.writers import cues
from memcore.writers.learned.bundle import WriterModels
from memcore.writers.learned.dismissal import set_aside
from memcore.writers.learned.minilm import TopicSimilarity
from memcore.writers.learned.topics import (
    TOPIC_FEATURES,
    TitleIndex,
    TopicCandidate,
    topic_candidates,
)
from memcore.writers.protocol import WriterRequest
from memcore.writers.replies import open_question
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.scorer import pick_topics
from memcore.writers.rules.text import fallback_topic
from memcore.writers.rules.view import View
from memcore.writers.standalone import typed_in

WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


class Topical(Protocol):
    """What a turn decided about topics: a node, or a `TopicChoice` before its node is built."""

    @property
    def topics(self) -> tuple[str, ...]: ...

    @property
    def operations(self) -> tuple[Operation, ...]: ...

    @property
    def contradicts(self) -> tuple[str, ...]: ...

    @property
    def topic(self) -> str | None: ...


@attrs.frozen
class TopicChoice:
    """The topics a turn carries (the first is its topic), its operations on the memory and
    the topics it contradicts."""

    topics: tuple[str, ...]
    operations: tuple[Operation, ...]
    contradicts: tuple[str, ...]

    @classmethod
    def of(cls, node: Node) -> TopicChoice:
        """The choice `node` records (the cascade's, read as evidence)."""
        return cls(node.topics, node.operations, node.contradicts)

    @property
    def topic(self) -> str | None:
        """The turn's topic: the first of its topics, if any."""
        return self.topics[0] if self.topics else None


def revises(choice: Topical) -> bool:
    """Whether the choice takes a topic back: it contradicts one or abandons one."""
    return bool(choice.contradicts) or any(op.kind is OpKind.ABANDON for op in choice.operations)


def rejected_names(choice: Topical) -> tuple[str, ...]:
    """The topics the choice contradicts or abandons, each once, in order."""
    abandoned = (op.topic for op in choice.operations if op.kind is OpKind.ABANDON)
    return tuple(dict.fromkeys((*choice.contradicts, *abandoned)))


def _arrival(name: str, request: WriterRequest) -> Operation:
    view = next((v for v in request.state.topics if v.name == name), None)
    status = view.status if view is not None else None
    if status is Status.CURRENT:
        return Operation(OpKind.REFINE, name)
    if status in (Status.EARLIER, Status.DROPPED):
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.ADD, name)


_REPAIR_TURN = TOPIC_FEATURES.index("repair_turn")
_SEVERAL_MENTIONED = TOPIC_FEATURES.index("several_mentioned")
_MENTIONED = TOPIC_FEATURES.index("mentioned")
_FULL_TITLE = TOPIC_FEATURES.index("full_title")
_CURRENT = TOPIC_FEATURES.index("current")
_IN_MEMORY = TOPIC_FEATURES.index("in_memory")


def _looks_revising(candidate: TopicCandidate, question: str) -> bool:
    """Whether the turn may revise a topic: it has a negating, repair or intent word, or names
    two candidates. Elsewhere the cascade's choice stands: the scorers learned from revisions
    (on plain follow-ups, tried on the tuning part, they lost more than they gained)."""
    features = candidate.features
    if features[_REPAIR_TURN] > 0 or features[_SEVERAL_MENTIONED] > 0:
        return True
    return bool({w.casefold() for w in WORD.findall(question)} & cues.INTENT_WORDS)


# A pronoun that is the subject of what the turn asks ("did he meet X?"), not one that only
# introduces a name ("It is X.", "it's X", "it should be X").
_SUBJECT_PRONOUN = re.compile(
    r"\b(?:he|she|it|they|him|her|them|his|its|their)\b"
    r"(?!\s*(?:['\u2019]s|is|was|should|must|would|will)\b)",
    re.IGNORECASE,
)


def _types_another_title(rule_node: Node, found: Sequence[TopicCandidate], question: str) -> bool:
    """Whether the turn types in full a page title other than the cascade's topic ("I misnamed
    the subject. It is Axis powers."): the cascade kept a topic the user's words leave. Not
    where a subject pronoun comes first ("did he meet Neil Armstrong?": the pronoun's topic
    is asked about, the title is incidental)."""
    folded = question.casefold()
    for candidate in found:
        if candidate.features[_FULL_TITLE] <= 0:
            continue
        if candidate.name.casefold() == (rule_node.topic or "").casefold():
            continue
        at = folded.find(candidate.name.strip().casefold())
        if at >= 0 and not _SUBJECT_PRONOUN.search(question, 0, at):
            return True
    return False


def scored_here(rule_node: Node, found: Sequence[TopicCandidate], question: str) -> bool:
    """Whether the trained scorers decide this turn's topic (see `_looks_revising`), or the
    turn types another page's title in full (`_types_another_title`)."""
    return bool(found) and (
        revises(rule_node)
        or _looks_revising(found[0], question)
        or _types_another_title(rule_node, found, question)
    )


def chosen_topics(
    request: WriterRequest,
    rule_node: Node,
    models: WriterModels,
    view: View,
    titles: TitleIndex | None = None,
    similarity: TopicSimilarity | None = None,
    away: Sequence[str] = (),
) -> tuple[str | None, str | None]:
    """The intended topic and the rejected one (None: nothing rejected) by the trained scorers;
    (None, None) when the turn offers no candidate. With `similarity` (the `learned-minilm`
    variant), a turn that names none of several topics gets the topic its referent scorer
    picks by meaning, and rejects nothing; and a candidate of `away` (the names the final
    turn dismisses by meaning, `dismissal.py`) is the one rejected."""
    text = cues.normalise_turn(request.turn.question)
    found = topic_candidates(request, text, rule_node, view.mentions(text), titles)
    if not away and not scored_here(rule_node, found, request.turn.question):
        # Only the final turn, the one searched: a history turn moved by meaning misled the
        # follow-ups after it on MTRAG dev. A turn that names its topic, or revises one, costs
        # no encoding.
        if similarity is None or not request.turn.final or not similarity.decides(found):
            return None, None
        return similarity.referent(request, found), None
    intended, rejected = models.intended, models.rejected
    rows = [c.features for c in found]
    best, worst = pick_topics(rows, intended, rejected, rejected.threshold)
    aside = set_aside(found, intended.scores(rows), away) if away else None
    if aside is not None:
        best, worst = aside
    kept = _typed_title_kept(found, best, rule_node, text)
    if kept is not None:
        best, worst = kept, (None if worst == kept else worst)
    if worst is not None and not _grounded_rejection(found[worst], request.turn.question):
        worst = None
    if worst is not None and _keeps_current_against_stranger(found[best], found[worst]):
        worst = None
    if worst is not None and _left_by_named_shift(
        found[best], found[worst], rule_node, text, similarity
    ):
        worst = None
    return found[best].name, (found[worst].name if worst is not None else None)


def _typed_title_kept(
    found: Sequence[TopicCandidate], best: int, rule_node: Node, text: str
) -> int | None:
    """The cascade's topic where the scorer would put a word the corpus has no page for
    before it: the turn types the cascade's topic as a page title in full, the scorer's pick
    is neither a page title nor in the memory ("sum up X as if it were a TV forecast", "X?
    (in English this time)"), and the turn has no negating, repair or intent word (the
    scorers' repair feature) and no retraction. A name with no page is a weak
    topic beside a typed title; in a correction it may be the one meant (writer-learned.
    typed-title). None where the scorer's pick stands."""
    chosen = found[best].features
    if chosen[_FULL_TITLE] > 0 or chosen[_IN_MEMORY] > 0 or chosen[_REPAIR_TURN] > 0:
        return None
    words = {w.casefold() for w in WORD.findall(text)}
    if words & (cues.INTENT_WORDS | cues.REPAIR_WORDS) or cues.RETRACTION.search(text):
        return None
    topic = (rule_node.topic or "").casefold()
    return next(
        (
            index
            for index, candidate in enumerate(found)
            if candidate.name.casefold() == topic
            and candidate.features[_FULL_TITLE] > 0
            and candidate.features[_MENTIONED] > 0
        ),
        None,
    )


def _keeps_current_against_stranger(intended: TopicCandidate, rejected: TopicCandidate) -> bool:
    """Whether the turn keeps the current topic and refuses a name the memory never held
    ("No, X, not Y" after an answer about Y): nothing is taken back from the memory, as the
    cascade's kept topic (writer-learned.typed-back)."""
    return intended.features[_CURRENT] > 0 and rejected.features[_IN_MEMORY] == 0


def _left_by_named_shift(
    intended: TopicCandidate,
    rejected: TopicCandidate,
    rule_node: Node,
    text: str,
    similarity: TopicSimilarity | None = None,
) -> bool:
    """Whether the turn moves to a topic it types and types nothing of the one the scorer
    would take back, while the cascade takes nothing back: a shift, which leaves the old
    topic behind without rejecting it. The scorer weighs the negating words of the whole turn
    ("I've no idea about the details", "I give up"); with no name to bind them to and no
    refusal the cue readers bind, they say nothing of the old topic
    (writer-learned.grounded-rejection)."""
    if any(op.kind is OpKind.ABANDON for op in rule_node.operations):
        return False
    if corrects_itself(text) and not (
        similarity is not None and similarity.only_social(text, corrects_itself)
    ):
        return False
    return typed_in(text, intended.name) and not typed_in(text, rejected.name)


# Words by which a turn corrects what it or the answer said, beside the repair words: such a
# turn may reject what it does not type ("I didn't mean that. what is Y famous for?").
_CORRECTING_WORDS = cues.REPAIR_WORDS | frozenset(
    {"mean", "meant", "meaning", "intended", "referring", "typed", "wrote", "said"}
    | {"wrong", "instead", "rather"}
)
# A negation of a pronoun or demonstrative points back at what it refuses ("not that one").
_NEGATED_POINTER = re.compile(
    r"\b(?:not|no|nope|never)\s+(?:that|this|it|him|her|them|those|these|one)\b", re.IGNORECASE
)


# A sentence someone else's act opens ("the barista wrote X on my cup instead of my name",
# "my friend said it was wrong"): what another person wrote or got wrong takes back nothing of
# the user's.
_OTHERS_ACT = re.compile(
    r"(?:^|(?<=[.!?\n]))\W*(?:the|a|an|our|his|her|their)\s+[a-z]+\s+"
    r"(?:(?:just|then|also)\s+)?(?:wrote|typed|said|says|misheard|misread|spelled|spelt|called)\b"
    r"[^.!?\n]*",
    re.IGNORECASE,
)


def corrects_itself(text: str) -> bool:
    """Whether `text` has a word, phrase or negated pointer by which a turn takes back what
    it does not name: a repair or meaning word, a retraction, a correction phrase, outside a
    sentence that tells what someone else wrote or said."""
    text = _OTHERS_ACT.sub(" ", text)
    text = cues.THIRD_PARTY_MY.sub(" ", text) if cues.THIRD_PARTY_MY.search(text) else text
    words = {w.casefold() for w in WORD.findall(text)}
    if words & _CORRECTING_WORDS or _NEGATED_POINTER.search(text):
        return True
    return cues.RETRACTION.search(text) is not None or any(
        pattern.search(text) for pattern in cues.CORRECTION
    )


def _grounded_rejection(candidate: TopicCandidate, question: str) -> bool:
    """Whether the turn gives the scorers ground to reject `candidate`: it types the candidate,
    or it has a negating, repair or intent word. A question about two new pages ("which is
    longer, X or Y?") rejects nothing it does not name (writer-learned.grounded-rejection)."""
    features = candidate.features
    if features[_MENTIONED] > 0:
        return True
    if features[_REPAIR_TURN] > 0:
        # "What about one you didn't mention?": a negation that only describes the new
        # subject takes nothing back.
        outside = cues.NEGATED_RELATIVE.sub(" ", question)
        return outside == question or _repairs(outside)
    return bool({w.casefold() for w in WORD.findall(question)} & cues.INTENT_WORDS)


def _repairs(text: str) -> bool:
    words = {w.casefold() for w in WORD.findall(text)}
    return bool(words & (cues.NEGATING_WORDS | cues.REPAIR_WORDS | cues.INTENT_WORDS)) or (
        cues.RETRACTION.search(text) is not None
    )


def revised_choice(
    request: WriterRequest, cascade: TopicChoice, intended: str, rejected: str | None
) -> TopicChoice:
    """The scorers' choice: `intended` as the topic and `rejected` as the topic taken back
    (the cascade's choice where they agree with it). Where the rejection scorer rejects
    nothing, the cascade's rejection stands unless it names the intended topic."""
    cascade_rejected = rejected_names(cascade)
    if rejected is None:
        kept = [name for name in cascade_rejected if name != intended]
        rejected = kept[0] if kept else None
    if intended == cascade.topic and ({rejected} if rejected else set()) == set(cascade_rejected):
        return cascade
    operations = (abandon(rejected),) if rejected else ()
    topics = (intended, *(t for t in cascade.topics if t not in (intended, rejected)))
    return TopicChoice(
        topics[:1],
        (*operations, _arrival(intended, request)),
        (rejected,) if rejected else (),
    )


def _user_named(name: str, request: WriterRequest) -> bool:
    """Whether every word of `name` was typed by the user, in this turn or an earlier one."""
    said = " ".join((request.turn.question, *(n.question for n in request.memory.nodes)))
    typed = {w.casefold() for w in WORD.findall(said)}
    return {w.casefold() for w in WORD.findall(name)} <= typed


def named_by_user(request: WriterRequest, cascade: TopicChoice) -> TopicChoice:
    """In an untitled corpus, the cascade's choice with a topic the user's own words support.

    A name read only from an answer's capitals ("Remote Sensing" for "I meant reverse osmosis")
    is no evidence there: no page title grounds it. A list pick ("the first one") keeps the
    item the answer listed. Otherwise the topic becomes the current topic if the user named
    it, else the turn's own first content words.
    """
    topic = cascade.topic
    if topic is None or _user_named(topic, request) or find_positions(request.turn.question):
        return cascade
    current = next((v.name for v in request.state.topics if v.status is Status.CURRENT), None)
    named = current if current is not None and _user_named(current, request) else None
    replacement = named or fallback_topic(request.turn.question)
    operations = tuple(
        _arrival(replacement, request)
        if op.topic == topic and op.kind is not OpKind.ABANDON
        else op
        for op in cascade.operations
    )
    topics = tuple(dict.fromkeys(replacement if t == topic else t for t in cascade.topics))
    return TopicChoice(topics, tuple(dict.fromkeys(operations)), cascade.contradicts)


def replied_across(request: WriterRequest, choice: TopicChoice) -> TopicChoice:
    """`choice`, or where the turn replies to a question an earlier answer asked and a
    digression left open (`memcore.writers.replies.open_question`: "The motorcycle one." after
    "which permit do you want?" and a question on Jupiter), the topic of the turn that was
    asked. A choice that takes a topic back, or whose topic the turn types itself, stands."""
    nodes = request.memory.nodes
    index = open_question(nodes, request.turn.question)
    if index is None or revises(choice):
        return choice
    asked = nodes[index].topic
    if asked is None or asked == choice.topic:
        return choice
    if choice.topic is not None and _typed_here(choice.topic, request.turn.question):
        return choice
    return TopicChoice((asked,), (_arrival(asked, request),), ())


def _typed_here(name: str, question: str) -> bool:
    """Whether every word of `name` is typed in `question` (case ignored)."""
    typed = {w.casefold() for w in WORD.findall(question)}
    return {w.casefold() for w in WORD.findall(name)} <= typed


_REFUSING_WORDS = cues.NEGATING_WORDS | cues.REJECTING_VERBS


def takes_back(text: str) -> bool:
    """Whether `text` has a word by which a turn could take something back: a correcting,
    negating or refusing word, a retraction or a correction phrase."""
    words = {w.casefold() for w in WORD.findall(text)}
    return bool(words & _REFUSING_WORDS) or corrects_itself(text)


def leaves_behind(
    text: str,
    topic: str,
    rejected: Sequence[str],
    only_social: Callable[[str, Callable[[str], bool]], bool],
) -> bool:
    """Whether a turn that moves to `topic` leaves `rejected` behind without taking it back:
    it types `topic`, types none of `rejected`, has no negated pointer ("not that one"), and
    `only_social` finds every sentence with a word of `takes_back` a social remark
    (writer-learned.remark-shift)."""
    if not typed_in(text, topic) or any(typed_in(text, name) for name in rejected):
        return False
    # A negated pointer ("no, not that one") refuses what it points back at: a repair,
    # known without reading its meaning (and without the encoder's cost).
    if _NEGATED_POINTER.search(text):
        return False
    return only_social(text, takes_back)


def shift_past_remarks(
    request: WriterRequest, choice: TopicChoice, similarity: TopicSimilarity | None
) -> TopicChoice:
    """`choice` without its rejections where the final turn only moves on past social remarks
    (`leaves_behind`, read by meaning: "ok where were we... never mind, new one: who
    influenced X?"): a shift leaves the old topic behind without rejecting it. Only the
    `learned-minilm` writer reads it; the other writers keep `choice`."""
    topic = choice.topic
    rejected = rejected_names(choice)
    if similarity is None or not request.turn.final or topic is None or not rejected:
        return choice
    text = cues.normalise_turn(request.turn.question)
    if not leaves_behind(text, topic, rejected, similarity.only_social):
        return choice
    return TopicChoice((topic,), (_arrival(topic, request),), ())


def with_every_dismissed(choice: TopicChoice, away: Sequence[str]) -> TopicChoice:
    """`choice` taking back every name of `away` (those a statement of the turn dismisses by
    meaning) beside the one the scorers set aside, other than its topic: "take X and Y off"
    rejects both (writer-learned.stance)."""
    topic = (choice.topic or "").casefold()
    taken = {name.casefold() for name in rejected_names(choice)}
    more = [name for name in dict.fromkeys(away) if name.casefold() not in taken | {topic}]
    if not more:
        return choice
    gone = {name.casefold() for name in more}
    abandons = [op for op in choice.operations if op.kind is OpKind.ABANDON]
    others = [op for op in choice.operations if op.kind is not OpKind.ABANDON]
    return TopicChoice(
        tuple(t for t in choice.topics if t.casefold() not in gone),
        (*abandons, *(abandon(name) for name in more), *others),
        (*choice.contradicts, *more),
    )
