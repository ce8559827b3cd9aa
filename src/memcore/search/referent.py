"""The referent by fit: a turn that names no subject searches the topic its question fits.

Rules (spec/search-referent.md): when the final turn types no word of the final topic, the
topic came from the memory, and a pronoun or an elided subject ("what was its religion?",
"any awards") may point at any topic the conversation held, not only the latest. The
candidates are the final topic, then every earlier node's topic that is a name and that no
node abandons without a later one taking it up again. A candidate's passages are those among
the top of its template search that a search with its name alone finds too; its fit is the
best score the final question alone gives one of them, as a z-score on the scale of the
question's own top passages (one query, so the fits compare, whatever the retriever). A
candidate replaces the final topic only when its fit beats the final topic's by more than the
margin; the writer's query, written for the other referent, becomes the question followed by
the new topic.
Nothing changes without page titles, after the number rule, when the turn types a word of
the topic, when the question has no word of its own, or when it asks for more ("what else
is there?"): such a turn is about the subject already under way, and its words describe the
conversation, not a subject. Where the writer's topic is a return (the conversation left it
and came back to it) and the question has at most `FEW_WORDS` words of its own ("I'm still
nervous", "will it kill me?"), the topics the return skipped over are no candidates: what so
few words happen to match is no evidence against the writer's reading that the user left
them behind.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import OpKind
from memcore.search.config import DEFAULT_SEARCH
from memcore.search.retriever import PlannedSearch, prefetch_searches
from memcore.search.stages import Phase, SearchState, TraceEntry
from memcore.search.standardise import Scale
from memcore.search.template import for_retriever, template_query
from memcore.search.values import Query
from memcore.search.words import STOPWORDS, words
from memcore.slips import one_slip_apart

WHEN_RULE = "search-referent.when"
CANDIDATES_RULE = "search-referent.candidates"
FIT_RULE = "search-referent.fit"
SWITCH_RULE = "search-referent.switch"
RETURN_RULE = "search-referent.return"

FIT_DEPTH = 10
"""Each candidate's template search keeps this many passages; the question's best score
among them is the candidate's fit."""
TOPIC_DEPTH = 100
"""A candidate's passages are among the top this many of a search with its name alone: a
name made of common words ("summarize types services") cannot borrow the question's own
passages."""
QUESTION_DEPTH = 100
"""The question's own top this many passages set the scale its fits are z-scores on."""

# Words that ask for more of what is being discussed: a turn holding one continues the
# current subject ("tell me more", "what else is there?", "sum it up").
MORE_WORDS: frozenset[str] = frozenset(
    (
        "more",
        "else",
        "further",
        "rest",
        "details",
        "detail",
        "elaborate",
        "expand",
        "continue",
        "sum",
        "summarise",
        "summarize",
        "summary",
    )
)


FEW_WORDS = 2
"""A question with at most this many words of its own fits too little to move a return: a
passage of any page may hold one of them ("nervous" in a fairground's questions)."""

SLIP_WORD = 6
"""A topic word this long is read through a typing slip; in a shorter one a letter makes
another word."""


def content_words(text: str) -> frozenset[str]:
    """The words of `text` that may carry meaning: no stopword, at least three letters."""
    return frozenset(word for word in words(text) if len(word) >= 3 and word not in STOPWORDS)


def types_topic(question: str, topic: str) -> bool:
    """Whether `question` types a content word of `topic` ("the wall" types "Berlin Wall"),
    or one of six letters or more with a typing slip ("Herper" types "Herpes":
    `slips.one_slip_apart`): either way the user named the subject, and leans on nothing."""
    typed, named = content_words(question), content_words(topic)
    return bool(typed & named) or any(
        one_slip_apart(word, name) for word in typed for name in named if len(name) >= SLIP_WORD
    )


def asks_for_more(question: str) -> bool:
    """Whether `question` asks for more of the subject under way ("what else is there?")."""
    return bool(set(words(question)) & MORE_WORDS)


def is_return(topics: Sequence[tuple[str, ...]], topic: str) -> bool:
    """Whether `topic` (case ignored) is a return in a conversation whose turns, in order and
    ending with the final one, were about `topics`: the final turn's run of turns about it
    follows a turn about something else, before which a turn was about it too."""
    key = topic.casefold()
    about = [key in {name.casefold() for name in names} for names in topics]
    end = len(about)
    while end > 0 and about[end - 1]:
        end -= 1
    return end < len(about) and any(about[:end])


def skipped_topics(topics: Sequence[tuple[str, ...]], topic: str) -> frozenset[str]:
    """The topics (case folded) a return to `topic` skipped over, in a conversation whose
    turns, in order and ending with the final one, were about `topics`: those of the turns
    between its final run of turns about `topic` and the turn about it before; none where
    `topic` is no return (`is_return`)."""
    if not is_return(topics, topic):
        return frozenset()
    key = topic.casefold()
    about = [key in {name.casefold() for name in names} for names in topics]
    end = len(about)
    while about[end - 1]:
        end -= 1
    start = end
    while not about[start - 1]:
        start -= 1
    return frozenset(name.casefold() for names in topics[start:end] for name in names)


def is_name(topic: str) -> bool:
    """Whether `topic` is a name (it has a capital letter), not a writer's placeholder of
    lower-case keywords ("summarize types services")."""
    return topic != topic.casefold()


def _left_abandoned(nodes: Sequence[Node]) -> set[str]:
    """The topics (case folded) some node abandons and no later node takes up again: a page
    the user turned away from is no subject a pronoun goes back to."""
    abandoned: set[str] = set()
    for node in nodes:
        for op in node.operations:
            if op.kind is OpKind.ABANDON:
                abandoned.add(op.topic.casefold())
            else:
                abandoned.discard(op.topic.casefold())
    return abandoned


def candidate_topics(state: SearchState) -> tuple[str, ...]:
    """The final topic, then each earlier node's topic that is a name, latest first, each
    once (case ignored), leaving out a topic the final node abandons."""
    final = state.context.final
    abandoned = _left_abandoned((*state.context.history.nodes, final))
    seen: dict[str, str] = {}
    earlier = (node.topic for node in reversed(state.context.history.nodes))
    ordered = [state.topic, *(topic for topic in earlier if topic is not None and is_name(topic))]
    for topic in ordered:
        if topic is None or not topic.strip():
            continue
        key = topic.casefold()
        if key not in abandoned and key not in seen:
            seen[key] = topic
    return tuple(seen.values())


@attrs.frozen
class Fit:
    """A candidate topic and how well the final question fits its pages."""

    topic: str
    score: float

    def __str__(self) -> str:
        return f"{self.topic!r} {self.score:+.2f}"


@attrs.frozen
class ReferentByFit:
    """Re-choose the final topic among the memory's topics by the question's fit
    (spec/search-referent.md)."""

    margin: float = attrs.field(default=0.75, converter=float)
    depth: int = FIT_DEPTH
    topic_weight: float = DEFAULT_SEARCH.topic_weight

    @property
    def phase(self) -> Phase:
        return Phase.REWRITE

    @property
    def name(self) -> str:
        return "referent"

    def skip_reason(self, state: SearchState) -> str | None:
        """Why the rule leaves `state` alone before any search (None: it searches)."""
        question = state.context.final.question
        if not state.context.use_titles:
            return "the corpus has no page titles"
        if state.number_rewrite is not None:
            return "the number rule has rewritten the query"
        if state.topic is None:
            return "there is no final topic"
        if types_topic(question, state.topic):
            return f"the turn types the final topic {state.topic!r}"
        if not content_words(question):
            return "the question has no word of its own to fit"
        if asks_for_more(question):
            return "the turn asks for more of the subject under way"
        return None

    def skipped(self, state: SearchState) -> frozenset[str]:
        """The topics (case folded) the writer's return skipped over (`skipped_topics`), where
        the question has too few words of its own to fit against it (`FEW_WORDS`); else none."""
        if state.topic is None or len(content_words(state.context.final.question)) > FEW_WORDS:
            return frozenset()
        turns = (*(node.topics for node in state.context.history.nodes), (state.topic,))
        return skipped_topics(turns, state.topic) - {state.topic.casefold()}

    def template_for(self, state: SearchState, topic: str) -> Query:
        """The template query of `topic` as the retriever takes it."""
        query = template_query(topic, state.context.final.question, self.topic_weight)
        return for_retriever(query, state.context.retriever)

    def fits(self, state: SearchState, candidates: tuple[str, ...]) -> tuple[Fit, ...]:
        """Each candidate's fit: the best score the question alone gives one of the candidate's
        passages that fit the question (among the top `depth` of its template search and the
        top `TOPIC_DEPTH` of its name alone), as a z-score on the scale of the question's own
        top `QUESTION_DEPTH` (so the margin means the same whatever the retriever); -inf when
        the candidate has no such passage."""
        retriever = state.context.retriever
        templates = tuple(self.template_for(state, topic) for topic in candidates)
        names = tuple(Query.of(topic) for topic in candidates)
        question = Query.of(state.context.final.question)
        # One pass of a dense retriever for all of them.
        planned = [PlannedSearch(query, self.depth) for query in templates]
        planned += [PlannedSearch(query, TOPIC_DEPTH) for query in names]
        prefetch_searches(retriever, [*planned, PlannedSearch(question, QUESTION_DEPTH)])
        own = retriever.search(question, QUESTION_DEPTH)
        scale = Scale.of([hit.score for hit in own.hits])
        found = []
        for topic, template, name in zip(candidates, templates, names, strict=True):
            about = set(retriever.search(name, TOPIC_DEPTH).ids())
            ids = [i for i in retriever.search(template, self.depth).ids() if i in about]
            scores = retriever.score(question, ids) if ids else {}
            best = max(scores.values(), default=None)
            found.append(Fit(topic, float("-inf") if best is None else scale.z(best)))
        return tuple(found)

    def run(self, state: SearchState) -> SearchState:
        """Replace the final topic (and the writer's query) when another topic fits the
        question better by more than the margin; trace why not otherwise."""
        turn = state.context.final.turn
        skip = self.skip_reason(state)
        if skip is not None:
            return state.traced(TraceEntry(self.name, WHEN_RULE, skip, turn))
        candidates = candidate_topics(state)
        skipped = self.skipped(state)
        if skipped:
            kept = tuple(topic for topic in candidates if topic.casefold() not in skipped)
            if len(kept) < len(candidates) and len(kept) < 2:
                message = f"kept {state.topic!r}: the return skipped every other topic"
                return state.traced(TraceEntry(self.name, RETURN_RULE, message, turn))
            candidates = kept
        if len(candidates) < 2:
            message = "the memory holds no other topic"
            return state.traced(TraceEntry(self.name, CANDIDATES_RULE, message, turn))
        fits = self.fits(state, candidates)
        incumbent = fits[0]
        # The latest topic wins a tie: the first of the best.
        best = max(fits[1:], key=lambda fit: fit.score)
        shown = ", ".join(str(fit) for fit in fits)
        if not best.score > incumbent.score + self.margin:
            message = f"kept {incumbent.topic!r}: {shown} (margin {self.margin:g})"
            return state.traced(TraceEntry(self.name, FIT_RULE, message, turn))
        question = state.context.final.question
        message = f"{incumbent.topic!r} -> {best.topic!r}: {shown} (margin {self.margin:g})"
        switched = attrs.evolve(state, topic=best.topic, writer_query=f"{question} {best.topic}")
        return switched.traced(TraceEntry(self.name, SWITCH_RULE, message, turn))
