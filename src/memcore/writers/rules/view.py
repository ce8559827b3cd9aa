"""What the rule writer reads from the structured memory for one turn.

Everything is taken from the carried replay state and the last few nodes, never from the
rendered text, and every look-back is bounded, so the writer's cost per turn stays flat as a
conversation grows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import attrs

from memcore.caps import cut_answer
from memcore.node import Node
from memcore.replay import ReplayState, Status
from memcore.search.tokenize import tokenize
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.lists import Listing, listings_of, looks_like_person
from memcore.writers.rules.names import (
    TEXT_LIMIT,
    KnownNames,
    Mention,
    TitleVocabulary,
    find_mentions,
)
from memcore.writers.rules.text import words_of

# How many of the last nodes the writer reads for lists, pronouns and earlier answers.
LOOKBACK = 6
# How many of the most recently introduced topics are matched by name in lower-case text.
KNOWN_TOPICS = 64


@attrs.frozen
class View:
    """The memory as the rule writer sees it for one turn; `current` is the current topic."""

    state: ReplayState
    recent: tuple[Node, ...]
    vocabulary: TitleVocabulary | None
    known: tuple[str, ...]
    listings: tuple[Listing, ...]
    answer_mentions: tuple[tuple[int, tuple[Mention, ...]], ...]
    index: KnownNames
    current: str | None
    _memo: dict[str, tuple[Mention, ...]] = attrs.field(factory=dict, eq=False, repr=False)

    def mentions(self, text: str) -> tuple[Mention, ...]:
        """The names in `text` (remembered: one turn asks about the same text many times)."""
        found = self._memo.get(text)
        if found is None:
            found = find_mentions(text, self.index, self.vocabulary)
            self._memo[text] = found
        return found

    @classmethod
    def of(cls, request: WriterRequest, vocabulary: TitleVocabulary | None) -> View:
        """Read the request's state and last nodes."""
        state = request.state
        recent = request.memory.nodes[-LOOKBACK:]
        topic_names = [view.name for view in state.topics[-KNOWN_TOPICS:]]
        for node in recent:
            topic_names.extend(node.mentioned())
        base = tuple(dict.fromkeys(topic_names))
        base_index = KnownNames.of(base)
        answer_mentions = tuple(
            (node.turn, find_mentions(cut_answer(node.answer), base_index, vocabulary))
            for node in recent
        )
        from_answers = [m.name for _, mentions in answer_mentions for m in mentions]
        known = tuple(dict.fromkeys([*base, *from_answers]))
        latest = answer_mentions[-1][1] if answer_mentions else ()
        index = attrs.evolve(
            KnownNames.of(
                known,
                topics=[view.name for view in state.topics],
                answered=[m.name for m in latest],
            ),
            asked=tuple(node.question[:TEXT_LIMIT] for node in recent),
        )
        listings: list[Listing] = []
        for node in reversed(recent):
            questions = (node.question[:TEXT_LIMIT],)
            listings.extend(
                listings_of(node.turn, (cut_answer(node.answer),), index, vocabulary, questions)
            )
        current = state.current
        return cls(
            state,
            recent,
            vocabulary,
            known,
            _with_batches(listings, recent),
            answer_mentions,
            _with_distinguishing_words(_with_listed_words(index, listings), listings),
            current.name if current is not None else None,
        )

    @property
    def previous(self) -> Node | None:
        """The last node the writer sees."""
        return self.recent[-1] if self.recent else None

    def kind(self, name: str) -> str:
        """The stored kind of topic `name` ("" when unknown)."""
        view = self.state.get(name)
        return view.kind if view is not None else ""

    def is_dropped(self, name: str) -> bool:
        """Whether topic `name` is dropped."""
        view = self.state.get(name)
        return view is not None and view.status is Status.DROPPED

    def person(self, name: str) -> bool | None:
        """Whether `name` is a person: from its stored kind, else from its form (None: unknown)."""
        kind = self.kind(name)
        if kind:
            return kind == "person"
        if self._made_as_work(name):
            return False
        for _, mentions in self.answer_mentions:
            for mention in mentions:
                if mention.name == name:
                    return looks_like_person(mention)
        parts = name.split()
        if any(ch.isdigit() for ch in name) or len(parts) > 4:
            return False
        return None

    def _made_as_work(self, name: str) -> bool:
        """Whether a recent turn says `name` was made as a work is ("who directed Spirited
        Away?", "Spirited Away was directed by ...", "when did Spirited Away come out?"): a
        name of a person's form that is directed, released or published is no person."""
        typed = r"\s+".join(re.escape(word) for word in name.split())
        made = (
            rf"(?:\b(?:directed|produced|released|published|recorded|composed)\s+{typed}\b)"
            rf"|(?:\b{typed}\s+(?:(?:was|were|is|got)\s+(?:first\s+)?"
            r"(?:directed|produced|released|published|recorded|composed)|came\s+out|comes\s+out)\b)"
            rf"|(?:\b(?:did|does|will)\s+{typed}\s+come\s+out\b)"
        )
        pattern = re.compile(made, re.IGNORECASE)
        return any(
            pattern.search(node.question) or pattern.search(node.answer) for node in self.recent
        )

    def last_turn_of(self, name: str) -> int | None:
        """The last turn that discussed or mentioned `name`, among what the writer sees."""
        view = self.state.get(name)
        if view is not None and view.turns:
            return view.turns[-1]
        for turn, mentions in reversed(self.answer_mentions):
            if any(mention.name == name for mention in mentions):
                return turn
        for node in reversed(self.recent):
            if name in node.mentioned():
                return node.turn
        return None

    def was_mentioned(self, name: str) -> bool:
        """Whether the memory holds `name` as a topic or a recent answer named it."""
        return name in self.state or self.last_turn_of(name) is not None

    def was_subject(self, name: str) -> bool:
        """Whether the memory holds `name` as a subject of the talk: the topic of a recent
        node, or a topic older than the recent nodes that was asked about. A name asked about
        the subject ("did Vertigo win any Oscars?") rides along as a second topic and is not
        one: a later question that types it and a new name is about the new name."""
        view = self.state.get(name)
        if view is None:
            return False
        if any(node.topic == name for node in self.recent):
            return True
        return bool(view.turns) and not any(name in node.topics for node in self.recent)

    def primaries(self) -> Iterator[str]:
        """The topics of the recent nodes, newest first, each once."""
        seen: set[str] = set()
        for node in reversed(self.recent):
            if node.topic is not None and node.topic not in seen:
                seen.add(node.topic)
                yield node.topic

    def recent_answer_names(self) -> Iterator[Mention]:
        """Names in the recent answers, newest answer first, in text order within one."""
        for _, mentions in reversed(self.answer_mentions):
            yield from mentions

    def answer_names(self, turn: int) -> tuple[str, ...]:
        """The names the answer of `turn` gives, in order (none where the writer does not
        see that turn)."""
        return tuple(
            mention.name
            for at, mentions in self.answer_mentions
            if at == turn
            for mention in mentions
        )

    def listing_with(self, name: str | None) -> Listing | None:
        """The newest listing that holds `name`, else the newest listing."""
        if name is not None:
            for listing in self.listings:
                if name in listing.names:
                    return listing
        return self.listings[0] if self.listings else None

    def subjects_after(self, turn: int) -> frozenset[str]:
        """The topics of the recent nodes after `turn`: what the talk took up since then."""
        return frozenset(
            node.topic for node in self.recent if node.turn > turn and node.topic is not None
        )

    def kind_said(self, name: str) -> str:
        """The kind what the recent turns about `name` say of it gives (`cues.KIND_PREDICATES`:
        "where did Skylab 2 come down?" says a mission), "" where no kind leads alone."""
        texts = [
            f"{node.question} {cut_answer(node.answer)}"
            for node in self.recent
            if name in node.topics
        ]
        counts = {
            kind: sum(len(pattern.findall(text)) for text in texts)
            for kind, pattern in cues.KIND_PREDICATES.items()
        }
        best = max(counts.values(), default=0)
        leading = [kind for kind, count in counts.items() if count == best]
        return leading[0] if best > 0 and len(leading) == 1 else ""

    def fact_words(self, name: str) -> frozenset[str]:
        """The words of the facts stored for `name` and of recent answer sentences naming it."""
        words: set[str] = set()
        view = self.state.get(name)
        if view is not None:
            for fact in view.facts:
                words.update(words_of(fact))
        for node in self.recent:
            for sentence in cues.SENTENCE_END.split(node.answer):
                if name.casefold() in sentence.casefold():
                    words.update(words_of(sentence))
        return frozenset(words)

    def candidates(self) -> tuple[str, ...]:
        """Every name a description may point at: listed names, recent topics, answer names."""
        names: list[str] = []
        for listing in self.listings:
            names.extend(listing.names)
        names.extend(self.primaries())
        names.extend(mention.name for mention in self.recent_answer_names())
        return tuple(dict.fromkeys(names))

    def profile(self, name: str) -> frozenset[str]:
        """The index terms the memory holds about topic `name`: its name, its stored facts
        and the questions of the recent turns about it (what a return may echo)."""
        texts = [name]
        view = self.state.get(name)
        if view is not None:
            texts.extend(view.facts)
        texts.extend(node.question for node in self.recent if node.topic == name)
        return frozenset(tokenize(" ".join(texts))) - cues.NOT_CONTENT

    def open_topics(self) -> tuple[str, ...]:
        """The topics that are not dropped, most recently discussed first (among the last
        `KNOWN_TOPICS` introduced, so that the cost per turn stays flat)."""
        views = [
            view for view in self.state.topics[-KNOWN_TOPICS:] if view.status is not Status.DROPPED
        ]
        views.sort(key=lambda view: view.turns[-1] if view.turns else 0, reverse=True)
        return tuple(view.name for view in views)


def _with_listed_words(index: KnownNames, listings: Sequence[Listing]) -> KnownNames:
    """`index` where a one-word member of the newest list is found typed in lower case too
    ("metropolis and parasite are both out" after "Metropolis, Parasite and Chinatown"): a
    word the assistant just offered as a name is that name when the user types it back. Other
    one-word names need a capital ("what is a parasite?" is no film)."""
    if not listings:
        return index
    words = {name.casefold() for name in listings[0].names if len(name.split()) == 1}
    return attrs.evolve(index, surnames=index.surnames | words) if words else index


# A word of a member that tells it from its siblings: capitalised, letters only (a hyphen or
# an apostrophe inside), at least three letters.
_DISTINGUISHING = re.compile(r"[A-Z][A-Za-z'\u2019-]{2,}")


def distinguishing_words(names: Sequence[str]) -> dict[str, str]:
    """The words of the members `names` (a list) that each name one member only, folded, to
    the member: a capitalised word of a name of two words or more that no sibling holds and
    that is no common word ("Skylab" of "Skylab 2" beside "Gemini 8"; "West" of "West
    Branch" beside "East Branch", the shared head "Branch" naming none)."""
    words_in = {name: {w.casefold() for w in _DISTINGUISHING.findall(name)} for name in names}
    found: dict[str, str] = {}
    for name in names:
        if len(name.split()) < 2:
            continue
        for word in sorted(words_in[name]):
            shared = any(word in words_in[other] for other in names if other != name)
            common = word in cues.NOT_NAMES or word in cues.KIND_NOUNS or word in _COMMON
            if not shared and not common:
                found[word] = name
    return found


_COMMON = frozenset({"the", "and", "of", "for", "with", "from", "new", "old", "saint", "san"})


def _with_distinguishing_words(index: KnownNames, listings: Sequence[Listing]) -> KnownNames:
    """`index` where a capitalised word that tells one member of the newest list from its
    siblings names that member ("the Gemini one", "The West branch." after "Gemini 8 and
    Skylab 2" or "East Branch and West Branch"): a careful reader takes the part that differs
    for the whole. Words that already name something known keep their name."""
    if not listings:
        return index
    added = {
        word: name
        for word, name in distinguishing_words(listings[0].names).items()
        if word not in index.keys
    }
    if not added:
        return index
    keys = {**index.keys, **added}
    return attrs.evolve(index, keys=keys, starts=index.starts | frozenset(added))


def _with_batches(listings: Sequence[Listing], recent: Sequence[Node]) -> tuple[Listing, ...]:
    """`listings` (newest first) where the answer to a request for more ("any others?", "a
    couple more?") lists more names: that list is marked as extending the answer list of the
    turn before it, a second batch of the same enumeration."""
    asked_more = {node.turn for node in recent if cues.MORE_ASKED.search(node.question)}
    answered = [listing for listing in listings if not listing.asked]
    marked = []
    for listing in listings:
        earlier = [
            other.turn
            for other in answered
            if other.turn < listing.turn and not set(other.names) & set(listing.names)
        ]
        if not listing.asked and listing.turn in asked_more and earlier:
            listing = attrs.evolve(listing, extends=max(earlier))
        marked.append(listing)
    return tuple(marked)


def taken_up(listing: Listing, view: View) -> frozenset[str]:
    """The members of `listing` the talk is done with: those it took up after the list, and
    those the user refused (dropped) in any turn since."""
    dropped = {name for name in listing.names if view.is_dropped(name)}
    return view.subjects_after(listing.turn) | dropped
