"""Topic choice at the final turn: candidates, their features, and the trained decision.

Candidates are every topic the memory holds, every name the turn mentions, and the rule
cascade's own choice. Each is described by where it stands in the memory (current, earlier,
dropped, how recently), how the turn mentions it (first or last, right after a negating or a
meaning word, from `cues`' word families), and how much the turn echoes what the memory holds
about it. Two trained scorers read the same features: one for the topic the turn is about,
one for the topic it rejects. Everything here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import OpKind
from memcore.replay import Status
from memcore.search.tokenize import tokenize
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention

# How many words before (after) a mention a negating or meaning word may stand.
WINDOW_BEFORE = 4
WINDOW_AFTER = 3
# Answers are read this far for echoes (as in the writer's input).
ANSWER_CHARS = 600
# Nodes further back than this are not read (as the rule writer's view of known topics), so
# the cost of a turn stays flat however long the conversation.
NODE_WINDOW = 64

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Words that refuse a name near them: negating words and rejecting verbs ("rejects X").
_REFUSING = cues.NEGATING_WORDS | cues.REJECTING_VERBS

TOPIC_FEATURES: tuple[str, ...] = (
    "bias",
    "rule_topic",
    "rule_rejected",
    "current",
    "previous_topic",
    "earlier",
    "dropped",
    "in_memory",
    "mentioned",
    "mentioned_first",
    "mentioned_last",
    "negated_before",
    "negated_after",
    "meant_before",
    "repair_turn",
    "repair_x_current",
    "repair_x_mentioned",
    "echo",
    "recency",
    "in_previous_question",
    "in_previous_answer",
    "several_mentioned",
    "typed_before",
    "full_title",
    "negated_adjacent",
    "questioned",
    "position",
    "rule_topic_x_mentioned",
    "current_x_not_mentioned",
)


@attrs.frozen(eq=False)
class TitleIndex:
    """Page titles by their first word, to find titles typed in full in a turn ("FAQs •
    Where do groundwater toxins come from?"), which the name finder reads as pieces."""

    by_first_word: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, titles: Sequence[str]) -> TitleIndex:
        grouped: dict[str, list[str]] = {}
        # Some corpora keep spacing around a title ("\n\tRestraining Orders: ..."); users
        # type the name only, as the rule writer's title vocabulary reads it.
        for title in dict.fromkeys(title.strip() for title in titles):
            words = _words(title)
            # One short word is too easily typed by chance ("CA", "Data").
            if not words or (len(words) == 1 and len(title) < 5):
                continue
            grouped.setdefault(words[0][2], []).append(title)
        return cls(
            {word: tuple(sorted(found, key=len, reverse=True)) for word, found in grouped.items()}
        )

    def typed_in(self, text: str) -> tuple[Mention, ...]:
        """The titles typed in `text` (case-insensitive, whole words), longest first at each
        position; a title inside a longer one found there is not repeated."""
        folded = text.casefold()
        found: list[Mention] = []
        covered_to = -1
        for start, _end, word in _words(text):
            if start < covered_to:
                continue
            for title in self.by_first_word.get(word, ()):
                stop = start + len(title)
                if (
                    folded.startswith(title.casefold(), start)
                    and (stop == len(text) or not text[stop].isalnum())
                    and not _owned_common_word(text, start, stop)
                ):
                    found.append(Mention(title, start, stop, known=True))
                    covered_to = stop
                    break
        return tuple(found)


# A possessive determiner right before a word ("my friends", "our family").
_OWNER_BEFORE = re.compile(r"\b(?:my|your|our|his|her|their)\s+$", re.IGNORECASE)


def _owned_common_word(text: str, start: int, stop: int) -> bool:
    """Whether the title typed at `start` is one word in lower case right after a possessive
    determiner ("so my friends can guess it"): a common noun of the turn, not the page
    "Friends"."""
    typed = text[start:stop]
    return (
        " " not in typed
        and not any(ch.isupper() for ch in typed)
        and _OWNER_BEFORE.search(text, 0, start) is not None
    )


@attrs.frozen
class TopicCandidate:
    """A name the turn may be about (or reject), with its features (as `TOPIC_FEATURES`)."""

    name: str
    features: tuple[float, ...]


def _words(text: str) -> list[tuple[int, int, str]]:
    """The turn's words with their spans, less a "wrong" after a form of "go" ("what went
    wrong"): that one asks about a failure and negates no name; less a "wrong" that says the
    user erred on a question ("got a quiz question about X wrong", "the one I got wrong";
    `cues.ERRED_ON_QUESTION`); and less a "no" after an existential "there" ("imagine there
    was no X")."""
    found = [
        (m.start(), m.end(), m.group(0).casefold())
        for m in _WORD.finditer(text.replace("\u2019", "'"))
    ]
    erred = [
        m.span() for m in (*cues.ERRED_ON_QUESTION.finditer(text), *cues.ERRED_ONE.finditer(text))
    ]
    return [
        word
        for index, word in enumerate(found)
        if not (word[2] == "wrong" and index and found[index - 1][2] in cues.FAILURE_VERBS)
        and not (word[2] == "wrong" and any(low <= word[0] < high for low, high in erred))
        and not (word[2] == "no" and _existential(found, index))
    ]


_BE = frozenset(["is", "was", "are", "were", "be"])


def _existential(found: list[tuple[int, int, str]], index: int) -> bool:
    """Whether the word at `index` follows an existential "there" ("imagine there was no X"):
    its "no" denies existence and refuses nothing."""
    before = [word for _, _, word in found[max(0, index - 2) : index]]
    return before[-1:] == ["there's"] or (
        len(before) == 2 and before[0] == "there" and before[1] in _BE
    )


def _near(
    words: list[tuple[int, int, str]], start: int, end: int, family: frozenset[str]
) -> tuple[bool, bool]:
    """Whether a word of `family` stands within the window before / after a span."""
    before = [w for s, _, w in words if s < start][-WINDOW_BEFORE:]
    after = [w for s, _, w in words if s >= end][:WINDOW_AFTER]
    return any(w in family for w in before), any(w in family for w in after)


def _adjacent_negation(words: list[tuple[int, int, str]], text: str, start: int) -> bool:
    """Whether a negating word stands right before `start` with only spaces between ("not
    X", but not "No, X")."""
    before = [(s, e, w) for s, e, w in words if e <= start]
    if not before:
        return False
    _, end, word = before[-1]
    return word in _REFUSING and not text[end:start].strip()


def holds_whole(text: str, key: str) -> bool:
    """Whether `key` occurs in `text` as whole words: neither end inside a longer word, so
    "f" is not in "for" and "art" not in "start" (both already case-folded)."""
    start = text.find(key)
    while start >= 0:
        end = start + len(key)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or after.isalnum()):
            return True
        start = text.find(key, start + 1)
    return False


def _rejected_by(node: Node) -> tuple[str, ...]:
    abandoned = (op.topic for op in node.operations if op.kind is OpKind.ABANDON)
    return tuple(dict.fromkeys((*node.contradicts, *abandoned)))


def topic_candidates(
    request: WriterRequest,
    text: str,
    rule_node: Node,
    mentions: Sequence[Mention],
    titles: TitleIndex | None = None,
) -> tuple[TopicCandidate, ...]:
    """Every candidate topic of the final turn `text` (as the mentions were found in it);
    with `titles`, page titles typed in full are candidates too."""
    typed = titles.typed_in(text) if titles is not None else ()
    full_titles = {m.name.casefold() for m in typed}
    mentions = (*typed, *(m for m in mentions if m.name.casefold() not in full_titles))
    state = request.state
    nodes = request.memory.nodes[-NODE_WINDOW:]
    # A reaction to the answer's news ("I didn't expect that.") negates no name and repairs
    # nothing: it is read as blank (spec/writer-learned.md#writer-learned.news-reaction).
    text = cues.NEWS_REACTION.sub(lambda found: " " * len(found.group()), text)
    words = _words(text)
    # A disclaimer of relation ("no connection to any of the above") moves on and repairs
    # nothing: its negation is no repair word
    # (spec/writer-cues-roles.md#writer-cues-roles.contrast).
    undisclaimed = {w for _, _, w in _words(cues.RELATION_DISCLAIMER.sub(" ", text))}
    repair = 1.0 if undisclaimed & (_REFUSING | cues.REPAIR_WORDS) else 0.0
    turn_terms = frozenset(tokenize(text))
    rule_topic = rule_node.topic
    rejected = {name.casefold() for name in _rejected_by(rule_node)}
    views = {view.name.casefold(): view for view in state.topics[-NODE_WINDOW:]}
    current = next((v.name for v in state.topics if v.status is Status.CURRENT), None)
    previous_topic = nodes[-1].topic if nodes else None
    last_turn = nodes[-1].turn if nodes else 0
    previous_question = nodes[-1].question.casefold() if nodes else ""
    previous_answer = nodes[-1].answer[:ANSWER_CHARS].casefold() if nodes else ""
    by_name: dict[str, list[Mention]] = {}
    for mention in mentions:
        by_name.setdefault(mention.name.casefold(), []).append(mention)
    order = sorted(by_name, key=lambda name: by_name[name][0].start)
    names: dict[str, str] = {}
    for name in (*(v.name for v in state.topics[-NODE_WINDOW:]), *(m.name for m in mentions)):
        names.setdefault(name.casefold(), name)
    for extra in (rule_topic, *_rejected_by(rule_node)):
        if extra:
            names.setdefault(extra.casefold(), extra)
    found: list[TopicCandidate] = []
    for key, name in names.items():
        view = views.get(key)
        spans = by_name.get(key, [])
        negated = [_near(words, m.start, m.end, _REFUSING) for m in spans]
        meant = [_near(words, m.start, m.end, cues.MEANING_WORDS)[0] for m in spans]
        topic_nodes = [n for n in nodes if any(t.casefold() == key for t in n.topics)]
        said = " ".join(f"{n.question} {n.answer[:ANSWER_CHARS]}" for n in topic_nodes)
        echo = len(turn_terms & frozenset(tokenize(said))) / max(len(turn_terms), 1)
        last_seen = max((n.turn for n in topic_nodes), default=None)
        recency = 1.0 / (1 + last_turn - last_seen) if last_seen is not None else 0.0
        is_current = 1.0 if current is not None and current.casefold() == key else 0.0
        mentioned = 1.0 if spans else 0.0
        features = (
            1.0,
            1.0 if rule_topic is not None and rule_topic.casefold() == key else 0.0,
            1.0 if key in rejected else 0.0,
            is_current,
            1.0 if previous_topic is not None and previous_topic.casefold() == key else 0.0,
            1.0 if view is not None and view.status is Status.EARLIER else 0.0,
            1.0 if view is not None and view.status is Status.DROPPED else 0.0,
            1.0 if view is not None else 0.0,
            mentioned,
            1.0 if len(order) > 1 and order[0] == key else 0.0,
            1.0 if len(order) > 1 and order[-1] == key else 0.0,
            1.0 if any(before for before, _ in negated) else 0.0,
            1.0 if any(after for _, after in negated) else 0.0,
            1.0 if any(meant) else 0.0,
            repair,
            repair * is_current,
            repair * mentioned,
            echo,
            recency,
            1.0 if holds_whole(previous_question, key) else 0.0,
            1.0 if holds_whole(previous_answer, key) else 0.0,
            1.0 if len(order) > 1 else 0.0,
            1.0 if any(holds_whole(n.question.casefold(), key) for n in nodes) else 0.0,
            1.0 if key in full_titles else 0.0,
            1.0 if any(_adjacent_negation(words, text, m.start) for m in spans) else 0.0,
            1.0 if any(text[m.end : m.end + 3].lstrip().startswith("?") for m in spans) else 0.0,
            spans[0].start / max(len(text), 1) if spans else 0.0,
            mentioned if rule_topic is not None and rule_topic.casefold() == key else 0.0,
            is_current * (1.0 - mentioned),
        )
        found.append(TopicCandidate(name, features))
    return tuple(found)
