"""The learned writer: the rule cascade's candidates, trained scorers for topic and query.

Every turn starts from the rule cascade's node, with the step chosen by the trained step
model (`steps.py`: every step's proposal scored, the best taken) where `trained_steps` is on,
else by the rule writer's hand-set order. Then:

1. **Topic** (any turn that may revise a topic, where the corpus has page titles). The
   candidates (memory topics, names the turn mentions, page titles typed in full, the rule
   cascade's own choice) are scored by two trained models (`topics.py`): the topic the turn
   is about, and the topic it rejects (if any scores above its threshold; else the cascade's
   rejection stands). Where they agree with the cascade its node is kept; otherwise the
   node's operations, topic and contradicted topic are rebuilt from the scores.
2. **Query** (the final turn). The user's words are never edited in place. The query is the
   request (the final question as typed; when the turn revises an earlier one, the question
   of the turn it revises too, so a bare "not Rome, Paris" still asks what was asked), minus
   the words of a rejected name (and of any other page title a revising turn types in full),
   plus the intended topic's name where it may be trusted, plus
   the history terms the term scorer selects (`terms.py`).

A value revision keeps the number rule's query, which already names the new value.

The `learned-minilm` variant (`similarity` set) also decides the turns that name none of the
several topics the memory holds (a bare pronoun, a description, a return without a cue): its
referent scorer reads MiniLM similarity features of each candidate (`minilm.py`), and the
query of a turn that returns takes no history term from the digression it leaves
(`digressions.py`); everything else is the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.operations import Operation, OpKind, abandon
from memcore.replay import Status
from memcore.search.corpus import Corpus
from memcore.search.number_rule import find_numbers
from memcore.search.tokenize import tokenize
from memcore.writers import cues
from memcore.writers.learned.bundle import WriterModels
from memcore.writers.learned.digressions import without_digression
from memcore.writers.learned.minilm import TopicSimilarity
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.steps import TrainedStepChoice
from memcore.writers.learned.terms import (
    Candidate,
    History,
    Rarity,
    candidates,
)
from memcore.writers.learned.topics import (
    TOPIC_FEATURES,
    TitleIndex,
    TopicCandidate,
    topic_candidates,
)
from memcore.writers.live import value_reply
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules.assemble import Decider
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.scorer import decide, pick_topics
from memcore.writers.rules.text import QUERY_CHARS, cut, fallback_topic
from memcore.writers.rules.view import View
from memcore.writers.rules.writer import write_node
from memcore.writers.standalone import guarded_node

# At most this many history terms join a query: a few right terms help, many drown the request.
TERM_LIMIT = 6

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# A negating word this close to the start opens a correction ("no, ...", "wrong one, ...").
OPENING_WORDS = 2


def _revises(node: Node) -> bool:
    return bool(node.contradicts) or any(op.kind is OpKind.ABANDON for op in node.operations)


def _rejected_names(node: Node) -> tuple[str, ...]:
    abandoned = (op.topic for op in node.operations if op.kind is OpKind.ABANDON)
    return tuple(dict.fromkeys((*node.contradicts, *abandoned)))


def _revised_question(request: WriterRequest) -> str:
    """The question of the latest earlier turn that was a request, not itself a revision."""
    for node in reversed(request.memory.nodes):
        if not _revises(node):
            return node.question
    return request.memory.nodes[-1].question if request.memory.nodes else ""


def _trusted(name: str, request: WriterRequest, titled: bool) -> bool:
    """A topic name that may join the query: a real name (not lower-case question words);
    without page titles, only one the user typed in this or an earlier question."""
    if not name or name == name.casefold():
        return False
    if titled:
        return True
    folded = name.casefold()
    questions = (request.turn.question, *(n.question for n in request.memory.nodes))
    return any(folded in question.casefold() for question in questions)


def _without_names(text: str, names: Sequence[str]) -> str:
    """`text` with every whole occurrence of each name taken out (case and spacing ignored):
    a rejected name goes as one piece, so none of its small words ("of", "-", "|") is left
    behind to match the page it names."""
    removed = 0
    for name in names:
        words = name.split()
        if words:
            pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)"
            text, count = re.subn(pattern, " ", text, flags=re.IGNORECASE)
            removed += count
    tokens = text.split()
    if removed:  # the punctuation that stood by a removed name ("X? no, Y") goes too
        tokens = [token for token in tokens if any(c.isalnum() for c in token)]
    return " ".join(tokens)


# Words too small to keep a clause of chatter ("hold on,", "that is not the one,").
SMALL_WORDS = frozenset({"on", "is", "it", "it's", "that", "this", "the", "a", "one", "was", "be"})
# History words that say nothing about what is asked ("tell", "know", "sorry"): a person would
# not type them into a search box, and the term scorer's candidates sometimes include them.
_NOT_QUERY_TERMS = cues.NOT_CONTENT | cues.REQUEST_VERBS | cues.FILLER

# The words of a correcting turn that only say it corrects ("no", "sorry", "hold on", "I
# meant", "you thought"): they leave the query, which re-asks the question corrected.
CORRECTION_CHATTER = (
    cues.FILLER
    | cues.REPAIR_WORDS
    | cues.NEGATING_WORDS
    | cues.INTENT_WORDS
    | cues.MEANING_WORDS
    | frozenset({"i", "you", "your", "but", "thought", "think"})
    # A position the turn resolved ("the second guy") is named by the topic added after it.
    | frozenset(cues.ORDINALS)
)


def _bare(word: str) -> str:
    return word.strip(",.;:!?\u2026\"'()").casefold()


def _without_chatter(text: str) -> str:
    """`text` without the words of correction chatter ("no", "sorry", "hold", "I meant"),
    case kept; what is left of a clause of chatter alone goes with it."""
    kept: list[str] = []
    for clause in re.split(r"(?<=[,;:.!?\u2026])\s+", text):
        words = [word for word in clause.split() if _bare(word) not in CORRECTION_CHATTER]
        if any(_bare(word) not in SMALL_WORDS for word in words):
            kept.extend(words)
    return " ".join(kept)


def _without_terms(text: str, dropped: frozenset[str]) -> str:
    """`text` with the words whose index term is in `dropped` taken out (whole words only)."""
    if not dropped:
        return text
    kept = [word for word in text.split() if not (set(tokenize(word)) & dropped)]
    return " ".join(kept)


def _switched_from(request: WriterRequest, node: Node) -> str | None:
    """The previous turn's topic, where the final turn leaves it for a topic it types."""
    nodes = request.memory.nodes
    previous = nodes[-1].topic if nodes else None
    topic = node.topic
    if previous is None or topic is None or previous.casefold() == topic.casefold():
        return None
    return previous if topic.casefold() in request.turn.question.casefold() else None


def _asks_nothing(question: str, names: Sequence[str]) -> bool:
    """Whether a turn carries no request of its own: once the names it types are taken out,
    it has no question mark and no asking word ("Oops, my bad, Androscoggin River is the
    one.")."""
    text = _without_names(question, names)
    return "?" not in text and not {w.casefold() for w in _WORD.findall(text)} & cues.ASKING_WORDS


def unasked_switch(request: WriterRequest, node: Node) -> str | None:
    """The topic an unasked switch leaves: the final turn types a topic other than the
    previous turn's and asks nothing of its own, so it repairs that turn (None otherwise)."""
    if _revises(node):
        return None
    previous = _switched_from(request, node)
    if previous is None or node.topic is None:
        return None
    return previous if _asks_nothing(request.turn.question, (node.topic, previous)) else None


def _corrects(request: WriterRequest, node: Node) -> bool:
    """Whether the final turn takes back what came before: it revises a topic, it opens with
    a negating word ("wrong one, want Hamlet"), it says what was intended ("I meant X"), or
    it switches topic without asking anything. A negation further in is most often part of a
    question ("why could not I delete keys?")."""
    if _revises(node) or unasked_switch(request, node) is not None:
        return True
    words = [w.casefold() for w in _WORD.findall(request.turn.question)]
    return bool(set(words[:OPENING_WORDS]) & cues.NEGATING_WORDS or set(words) & cues.INTENT_WORDS)


def _trusted_answers(request: WriterRequest, node: Node) -> list[str]:
    """The history's answers, each blanked where it may be about the wrong page: after a
    correcting turn, the last answer (given to the turn being taken back) and every answer of
    a turn about a rejected topic. Their words would steer the query back to that page."""
    nodes = request.memory.nodes
    answers = [n.answer for n in nodes]
    if not nodes or not _corrects(request, node):
        return answers
    rejected = {name.casefold() for name in _rejected_names(node)}
    return [
        "" if index == len(nodes) - 1 or rejected & {t.casefold() for t in n.topics} else answer
        for index, (n, answer) in enumerate(zip(nodes, answers, strict=True))
    ]


def select_terms(
    model: LogisticModel, found: tuple[Candidate, ...], limit: int
) -> tuple[tuple[str, float], ...]:
    """The candidate terms at or above the model's threshold, most probable first."""
    probabilities = model.probabilities([c.features for c in found])
    ranked = sorted(
        ((c.term, float(p)) for c, p in zip(found, probabilities, strict=True)),
        key=lambda item: -item[1],
    )
    return tuple(item for item in ranked if item[1] >= model.threshold)[:limit]


def typed_others(question: str, typed: Sequence[Mention], topic: str | None) -> tuple[str, ...]:
    """The page titles typed in full in `question` other than `topic`: not a piece of it
    ("NASA" in "NASA's Shores"), not typed where the topic is ("Meant The Waters" over "The
    Waters are Rising"), and typed plainly: several words, or one word with the title's own
    capitals ("history" in a sentence is no title)."""
    topic_terms = set(tokenize(topic or ""))
    spans = _spans_of(question, topic) if topic else ()
    return tuple(
        dict.fromkeys(
            m.name
            for m in typed
            if m.name != topic
            and not set(tokenize(m.name)) <= topic_terms
            and not any(start < m.end and m.start < end for start, end in spans)
            and (len(m.name.split()) > 1 or question[m.start : m.end] == m.name)
        )
    )


def _spans_of(text: str, name: str) -> tuple[tuple[int, int], ...]:
    """Where `name` is typed in `text` (case ignored)."""
    return tuple(
        (found.start(), found.end())
        for found in re.finditer(re.escape(name.casefold()), text.casefold())
    )


def resolved_query(
    request: WriterRequest,
    node: Node,
    model: LogisticModel,
    rarity: Rarity,
    titled: bool,
    other_titles: Sequence[str] = (),
    leave_digression: bool = False,
) -> str:
    """The learned writer's query for the final turn (see the module docstring);
    `other_titles` are the page titles the turn types in full besides its topic. With
    `leave_digression` (the `learned-minilm` variant), a turn that returns to an earlier topic
    takes no history term from the turns in between (`digressions.py`)."""
    question = request.turn.question
    topic = node.topic or ""
    topic_terms = set(tokenize(topic))
    left = unasked_switch(request, node)
    # An unasked switch repairs the previous turn: its topic goes as a rejected one would. A
    # correcting turn that types another page's title in full names the page it takes back
    # ("Your answer says X; I meant Y", "No, Y. X is wrong"), whichever topic the scorers
    # rejected, and even where they rejected none.
    typed_back = tuple(other_titles) if _corrects(request, node) else ()
    taken_back = (*_rejected_names(node), *((left,) if left is not None else ()), *typed_back)
    rejected = frozenset(
        term for name in taken_back for term in tokenize(name) if term not in topic_terms
    )
    parts = [question]
    if _revises(node) or left is not None:
        # A correcting turn's own words are chatter ("no, I meant", "sorry"): its names stay,
        # and the question it corrects says what is asked.
        parts = [_without_chatter(question)]
        revised = _revised_question(request)
        if revised and revised != question:
            parts.append(revised)
    names = [name for name in taken_back if name.casefold() != topic.casefold()]
    text = _without_terms(_without_names(" ".join(parts), names), rejected)
    present = set(tokenize(text))
    if _trusted(topic, request, titled) and not topic_terms <= present:
        text = f"{text} {topic}"
        present |= topic_terms
    questions = [n.question for n in request.memory.nodes]
    answers = _trusted_answers(request, node)
    if leave_digression:
        questions = without_digression(request.memory.nodes, node.topic, questions)
        answers = without_digression(request.memory.nodes, node.topic, answers)
    history = History.of(questions, answers, text)
    found = candidates(history, rarity)
    selected = [
        term
        for term, _ in select_terms(model, found, TERM_LIMIT + len(rejected))
        if term not in rejected and term not in present and term not in _NOT_QUERY_TERMS
    ][:TERM_LIMIT]
    return " ".join([text, *selected]).strip()


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


def _looks_revising(candidate: TopicCandidate, question: str) -> bool:
    """Whether the turn may revise a topic: it has a negating, repair or intent word, or names
    two candidates. Elsewhere the cascade's choice stands: the scorers learned from revisions
    (on plain follow-ups, tried on the tuning part, they lost more than they gained)."""
    features = candidate.features
    if features[_REPAIR_TURN] > 0 or features[_SEVERAL_MENTIONED] > 0:
        return True
    return bool({w.casefold() for w in _WORD.findall(question)} & cues.INTENT_WORDS)


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
        _revises(rule_node)
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
) -> tuple[str | None, str | None]:
    """The intended topic and the rejected one (None: nothing rejected) by the trained scorers;
    (None, None) when the turn offers no candidate. With `similarity` (the `learned-minilm`
    variant), a turn that names none of several topics gets the topic its referent scorer
    picks by meaning, and rejects nothing."""
    text = cues.normalise_turn(request.turn.question)
    found = topic_candidates(request, text, rule_node, view.mentions(text), titles)
    if not scored_here(rule_node, found, request.turn.question):
        if similarity is None or not similarity.decides(found):
            return None, None
        # Encoded only here: a turn that names its topic, or revises one, costs no encoding.
        return similarity.referent(request, found), None
    intended, rejected = models.intended, models.rejected
    rows = [c.features for c in found]
    best, worst = pick_topics(rows, intended, rejected, rejected.threshold)
    if worst is not None and not _grounded_rejection(found[worst], request.turn.question):
        worst = None
    return found[best].name, (found[worst].name if worst is not None else None)


def _grounded_rejection(candidate: TopicCandidate, question: str) -> bool:
    """Whether the turn gives the scorers ground to reject `candidate`: it types the candidate,
    or it has a negating, repair or intent word. A question about two new pages ("which is
    longer, X or Y?") rejects nothing it does not name (writer-learned.grounded-rejection)."""
    features = candidate.features
    if features[_MENTIONED] > 0 or features[_REPAIR_TURN] > 0:
        return True
    return bool({w.casefold() for w in _WORD.findall(question)} & cues.INTENT_WORDS)


def revised_node(
    request: WriterRequest, rule_node: Node, intended: str, rejected: str | None
) -> Node:
    """`rule_node` with its topic and rejection replaced by the scorers' choice (kept as it is
    where they agree with it). Where the rejection scorer rejects nothing, the cascade's
    rejection stands unless it names the intended topic."""
    rule_rejected = set(_rejected_names(rule_node))
    if rejected is None:
        kept = [name for name in _rejected_names(rule_node) if name != intended]
        rejected = kept[0] if kept else None
    if intended == rule_node.topic and ({rejected} if rejected else set()) == rule_rejected:
        return rule_node
    operations = (abandon(rejected),) if rejected else ()
    topics = (intended, *(t for t in rule_node.topics if t not in (intended, rejected)))
    return attrs.evolve(
        rule_node,
        operations=(*operations, _arrival(intended, request)),
        topics=topics[:1],
        contradicts=(rejected,) if rejected else (),
    )


def _user_named(name: str, request: WriterRequest) -> bool:
    """Whether every word of `name` was typed by the user, in this turn or an earlier one."""
    said = " ".join((request.turn.question, *(n.question for n in request.memory.nodes)))
    typed = {w.casefold() for w in _WORD.findall(said)}
    return {w.casefold() for w in _WORD.findall(name)} <= typed


def _named_by_user(request: WriterRequest, node: Node) -> Node:
    """In an untitled corpus, `node` with a topic the user's own words support.

    A name read only from an answer's capitals ("Remote Sensing" for "I meant reverse osmosis")
    is no evidence there: no page title grounds it. A list pick ("the first one") keeps the
    item the answer listed. Otherwise the topic becomes the current topic if the user named
    it, else the turn's own first content words.
    """
    topic = node.topic
    if topic is None or _user_named(topic, request) or find_positions(request.turn.question):
        return node
    current = next((v.name for v in request.state.topics if v.status is Status.CURRENT), None)
    named = current if current is not None and _user_named(current, request) else None
    replacement = named or fallback_topic(request.turn.question)
    operations = tuple(
        _arrival(replacement, request)
        if op.topic == topic and op.kind is not OpKind.ABANDON
        else op
        for op in node.operations
    )
    topics = tuple(dict.fromkeys(replacement if t == topic else t for t in node.topics))
    return attrs.evolve(node, topics=topics, operations=tuple(dict.fromkeys(operations)))


def _keeps_rule_query(node: Node, question: str) -> bool:
    # A value revision: the number rule's query already names the new value. A correction
    # can revise too ("not him, Neil"), but only a turn with a number is a new value.
    revises = any(op.kind is OpKind.REVISE for op in node.operations)
    return revises and bool(find_numbers(question))


@attrs.frozen(eq=False)
class LearnedWriter:
    """The cascade with trained scorers; `vocabulary` holds the corpus's page titles.
    `similarity` makes it the `learned-minilm` variant (referents by meaning)."""

    models: WriterModels
    vocabulary: TitleVocabulary | None = None
    titles: TitleIndex | None = None
    trained_steps: bool = False
    similarity: TopicSimilarity | None = None
    _rarity: Rarity = attrs.field(init=False)
    _decider: Decider = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_rarity", self.models.terms.rarity())
        decider = TrainedStepChoice(self.models.steps) if self.trained_steps else decide
        object.__setattr__(self, "_decider", decider)

    @classmethod
    def for_corpus(
        cls,
        models: WriterModels,
        corpus: Corpus,
        *,
        trained_steps: bool = False,
        similarity: TopicSimilarity | None = None,
    ) -> LearnedWriter:
        """A learned writer that knows `corpus`'s page titles (none when it has no titles)."""
        if not corpus.has_titles:
            return cls(models, trained_steps=trained_steps, similarity=similarity)
        titles = corpus.titles()
        return cls(
            models,
            TitleVocabulary.of(titles),
            TitleIndex.of(titles),
            trained_steps=trained_steps,
            similarity=similarity,
        )

    @property
    def name(self) -> str:
        """The writer's name: `learned-minilm` for the variant with similarity features, else
        `learned`."""
        return "learned" if self.similarity is None else "learned-minilm"

    def node(self, request: WriterRequest) -> Node:
        """The turn's node: trained topic choice over the rule cascade's, and at the final
        turn the resolved query; with the guards for turns that stand alone and for names
        they type (`memcore.writers.standalone`)."""
        return guarded_node(request, self._decided(request), self.vocabulary)

    def _decided(self, request: WriterRequest) -> Node:
        node = write_node(request, self.vocabulary, self._decider)
        text = request.turn.question
        typed_titles = self.titles.typed_in(text) if self.titles is not None else ()
        # A number the cascade read as a new value; not when the turn types page titles in
        # full, whose numbers ("2001 Budget Analysis ... (2260)") are part of the names.
        if _keeps_rule_query(node, text) and not typed_titles:
            return node
        # The topic scorers learned pages by their titles: without titles the cascade decides.
        if self.titles is None:
            node = _named_by_user(request, node)
        else:
            intended, rejected = chosen_topics(
                request,
                node,
                self.models,
                View.of(request, self.vocabulary),
                self.titles,
                self.similarity,
            )
            if intended is not None:
                node = revised_node(request, node, intended, rejected)

        if not request.turn.final:
            return node
        query = resolved_query(
            request,
            node,
            self.models.terms,
            self._rarity,
            self.vocabulary is not None,
            typed_others(text, typed_titles, node.topic),
            leave_digression=self.similarity is not None,
        )
        return attrs.evolve(node, query=cut(query, QUERY_CHARS) or node.query)

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for the turn, as a value and as the JSON text that parses to it."""
        return Success(value_reply(request, self.node))
