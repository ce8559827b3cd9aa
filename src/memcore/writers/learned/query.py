"""The learned writer's query for the final turn.

The user's words are never edited in place. The query is the request (the final question as
typed; when the turn revises an earlier one, the question of the turn it revises too, so a
bare "not Rome, Paris" still asks what was asked), minus the words of a rejected name (and of
any other page title a revising turn types in full), plus the intended topic's name where it
may be trusted, plus the history terms the term scorer selects (`terms.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcore.operations import OpKind
from memcore.search.tokenize import tokenize
from memcore.search.words import STOPWORDS
from memcore.writers import cues
from memcore.writers.asked_parts import asked_parts
from memcore.writers.contractions import contraction_terms
from memcore.writers.learned.digressions import returned_question, without_digression
from memcore.writers.learned.model import LogisticModel
from memcore.writers.learned.term_reader import ContextTerms
from memcore.writers.learned.terms import Candidate, History, Rarity, candidates
from memcore.writers.learned.topic_choice import WORD, Topical, rejected_names, revises
from memcore.writers.listed_set import listed_set
from memcore.writers.numbered import referred_items
from memcore.writers.protocol import WriterRequest
from memcore.writers.remarks import without_remarks
from memcore.writers.replies import (
    asked_back,
    asks_back,
    open_question,
    picks_offered,
    replies_only,
)
from memcore.writers.rules.names import Mention
from memcore.writers.rules.text import asks_itself, with_name
from memcore.writers.rules.values import other_values

# At most this many history terms join a query: a few right terms help, many drown the request.
TERM_LIMIT = 6

# A negating word this close to the start opens a correction ("no, ...", "wrong one, ...").
OPENING_WORDS = 2


def _revised_question(request: WriterRequest) -> str:
    """The question of the latest earlier turn that was a request, not itself a revision."""
    for node in reversed(request.memory.nodes):
        if not revises(node):
            return node.question
    return request.memory.nodes[-1].question if request.memory.nodes else ""


def _ellipsis_asked(request: WriterRequest, topic: str) -> str | None:
    """The question an ellipsis turn asks ("same for X?", "what about X?", "and X?" with X
    the topic it types): the latest earlier request with X in place of the topic that request
    was about, then any other words the turn adds after X. None for other turns, and for a
    turn whose words after "and" ask a question of their own ("and who won it in 2008?")."""
    text = cues.normalise_turn(request.turn.question)
    matched = next((m for m in (p.match(text) for p in cues.ELLIPSIS) if m is not None), None)
    if matched is None or not topic or not _has_name(matched.group("rest"), topic):
        return None
    rest = _without_names(matched.group("rest"), [topic])
    if (
        (rest.split() and rest.split()[0].casefold() in cues.ASKING_WORDS)
        or asks_itself(rest)
        or _asks_its_own(text[matched.start("rest") :])
    ):
        # "what about one you didn't mention? who flew on X?" asks its own question.
        return None
    replacing = cues.INSTEAD_OF.match(rest)
    if replacing is not None:
        # "what about X instead of Y?": the words after X only say what X replaces.
        rest = rest[: replacing.start()]
    # "what about Nairobi, though?" after "how long is Parasite? also what is Nairobi famous
    # for?": Nairobi had a question of its own, left unanswered; that one is asked again.
    own = _asked_about(request, topic)
    if own is not None:
        return " ".join([own, rest]).strip()
    carried = next(
        (node for node in reversed(request.memory.nodes) if not revises(node)),
        None,
    )
    if carried is None:
        return None
    olds = (*carried.topics, *(n.topic for n in request.memory.nodes[-1:] if n.topic))
    replaced = [old for old in olds if old.casefold() != topic.casefold()]
    # The carried question's pronouns stood for its topic: X takes their place too.
    asked = with_name(_asking(carried.question), topic, _CARRIED_PRONOUNS, replaced, append=False)
    return " ".join([asked, rest]).strip()


def _asks(part: str) -> bool:
    """Whether one sentence of a turn asks something: a question mark, or an asking word
    first ("tell me ...", "how old is X"); "I can't decide between X and Y." only sets the
    scene."""
    words = part.split()
    return part.rstrip().endswith("?") or (
        bool(words) and words[0].casefold() in cues.ASKING_WORDS | cues.REQUEST_VERBS
    )


def _asking(question: str) -> str:
    """The sentences of `question` that ask something, where it also holds sentences that
    only set the scene ("I can't decide between Lisbon and Porto. how old is Lisbon?" asks
    "how old is Lisbon?"); the whole question where none asks."""
    parts = asked_parts(question)
    asking = [part for part in parts if _asks(part)]
    return " ".join(asking) if asking and len(asking) < len(parts) else question


# Where a clause of a turn ends: a sentence mark, a colon or a semicolon.
_CLAUSE_END = re.compile(r"(?<=[.?!:;\u2026])\s+")


def _asks_its_own(question: str) -> bool:
    """Whether a correcting turn asks a question of its own besides the correction ("no,
    the other one: when did he die?"): a clause that opens with an asking word, goes on for
    more than a name and ends with a question mark; not "what about X?" nor "what I meant
    was X?". Such a turn re-asks nothing: the question it corrects is not carried."""
    for clause in _CLAUSE_END.split(cues.normalise_turn(question)):
        words = [_bare(word) for word in clause.split()]
        if (
            len(words) > 2
            and clause.rstrip().endswith("?")
            and words[0] in cues.ASKING_WORDS
            and words[1] not in {"about", "if"}
            and not any(word in cues.MEANING_WORDS | cues.INTENT_WORDS for word in words)
        ):
            return True
    return False


def _scene_terms(request: WriterRequest) -> frozenset[str]:
    """The words of the sentences that only set the scene (`_asking`) in the question an
    ellipsis carries over."""
    carried = next((node for node in reversed(request.memory.nodes) if not revises(node)), None)
    if carried is None:
        return frozenset()
    return frozenset(
        term for part in asked_parts(carried.question) if not _asks(part) for term in tokenize(part)
    )


def _asked_about(request: WriterRequest, topic: str) -> str | None:
    """The latest question an earlier turn asked about `topic` by name, as one of several
    questions of that turn (`asked_parts`); None where no turn asked it so. A sentence that
    asks nothing ("I can't decide between X and Y.") is no question about X."""
    for node in reversed(request.memory.nodes):
        if revises(node):
            continue
        parts = asked_parts(node.question)
        named = [part for part in parts if _has_name(part, topic) and _asks(part)]
        if len(parts) > 1 and named:
            return named[-1]
    return None


_CARRIED_PRONOUNS = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS


def _has_name(text: str, name: str) -> bool:
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in name.split()) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def _bare_repair_asked(
    question: str, revised: str, topic: str, taken_back: Sequence[str]
) -> str | None:
    """The question `revised` with `topic` in place of the names taken back that it types,
    where the turn `question` says nothing but those names, repair chatter and small words
    ("Rome -> Paris, sorry", "s/Rome/Paris/", "I typed Rome instead of Paris"); None
    otherwise."""
    replaced = tuple(name for name in taken_back if _has_name(revised, name))
    if not topic or not replaced or _has_name(revised, topic):
        return None
    said = _without_names(_without_chatter(cues.normalise_turn(question)), [topic, *taken_back])
    # A small word left over ("I typed X instead of Y" leaves "of") asks nothing; a word
    # that carries meaning, or one that asks ("why"), is more than a swap.
    if any(
        word.casefold() not in CORRECTION_CHATTER
        and (tokenize(word) or word.casefold() in cues.QUESTION_WORDS)
        for word in WORD.findall(said)
    ):
        return None
    return with_name(revised, topic, _CARRIED_PRONOUNS, replaced, append=False)


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
# Words that set no offered alternative apart: function words, the asking frame ("do you
# mean", "would you like"), yes and no.
_NOT_OFFERED = (
    _NOT_QUERY_TERMS | STOPWORDS | cues.ASKING_WORDS | cues.NEGATING_WORDS | cues.FIRST_PERSON
)

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


def _switched_from(request: WriterRequest, node: Topical) -> str | None:
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
    words = {w.casefold() for w in WORD.findall(text)}
    if "?" in text or words & cues.ASKING_WORDS:
        return False
    # "anything else interesting about Soyuz 11?": the question mark went with the name it
    # stood by, but words other than repair chatter are left, so the turn still asks ("wait,
    # Gemini 8?" does not: it only names).
    return "?" not in question or not words - CORRECTION_CHATTER


def _replies(request: WriterRequest) -> bool:
    """Whether the final turn follows an answer that ended by asking the user something: a
    turn that asks nothing then replies to it (`memcore.writers.replies`)."""
    nodes = request.memory.nodes
    return bool(nodes) and asks_back(nodes[-1].answer)


def question_replied(request: WriterRequest) -> str | None:
    """The assistant's question the final turn replies to: the last answer's closing question,
    where the turn asks nothing of its own and that question has a word a search can use
    that the turn lacks ("Where do you live?" for "Near Utrecht.", not "Anything else you
    would like to know?"), and where the turn does not pick one of alternatives the answer
    offers (`replies.picks_offered`: "Portland. Oregon." after "Do you mean Portland, Oregon?
    Or Portland, Maine?" says its choice). None otherwise."""
    nodes = request.memory.nodes
    if not nodes or not replies_only(request.turn.question):
        return None
    asked = asked_back(nodes[-1].answer)
    if asked is None or picks_offered(request.turn.question, nodes[-1].answer, _NOT_OFFERED):
        return None
    if declines(request.turn.question, asked):
        return None
    typed = set(tokenize(request.turn.question))
    useful = [t for t in tokenize(asked) if t not in _NOT_QUERY_TERMS and t not in typed]
    return asked if useful else None


def declines(turn: str, asked: str) -> bool:
    """Whether `turn` says no to `asked`, a yes-or-no question ("No. I'd like to be near the
    old town." after "Maybe you would like to be close to the Vatican?"): the turn opens with
    a negating word, and the question asks no question word and offers no alternatives
    ("or"). What such a question proposes is what the user turns down, so its words join no
    query; after "Where do you live?" or "Rome, or Milan?" a "no" answers no proposal."""
    words = [word.casefold() for word in WORD.findall(turn)]
    if not words or words[0] not in cues.NEGATING_WORDS:
        return False
    proposed = {word.casefold() for word in WORD.findall(asked)}
    return not proposed & (cues.QUESTION_WORDS | {"or"})


def _open_question_asked(request: WriterRequest) -> tuple[str, ...]:
    """For a reply to a question a digression left open (`replies.open_question`), the
    request that question followed and the question itself: after the digression neither is
    the turn before, so the query says both ("How do I apply?" and "tell me which permit")."""
    nodes = request.memory.nodes
    index = open_question(nodes, request.turn.question)
    if index is None:
        return ()
    asked = asked_back(nodes[index].answer)
    return (nodes[index].question, *((asked,) if asked is not None else ()))


def unasked_switch(request: WriterRequest, node: Topical) -> str | None:
    """The topic an unasked switch leaves: the final turn types a topic other than the
    previous turn's and asks nothing of its own, so it repairs that turn (None otherwise,
    and None where the answer before asked the user: the turn replies to it)."""
    if revises(node) or _replies(request):
        return None
    previous = _switched_from(request, node)
    if previous is None or node.topic is None:
        return None
    if _returns_with_words_of_its_own(request, node):
        return None
    return previous if _asks_nothing(request.turn.question, (node.topic, previous)) else None


def _returns_with_words_of_its_own(request: WriterRequest, node: Topical) -> bool:
    """Whether the turn goes back to a topic held before the previous one (Reactivate) and
    types words of its own beside its name ("other indian industries" after a turn on
    infertility): a return that asks, in a search's keywords, not a repair of the turn
    before."""
    reactivates = any(
        op.kind is OpKind.REACTIVATE and op.topic == node.topic for op in node.operations
    )
    if not reactivates or node.topic is None:
        return False
    text = _without_names(request.turn.question, (node.topic,))
    own = {
        word.casefold()
        for word in WORD.findall(text)
        if word.casefold() not in CORRECTION_CHATTER and word.casefold() not in STOPWORDS
    }
    return bool(own)


def _corrects(request: WriterRequest, node: Topical) -> bool:
    """Whether the final turn takes back what came before: it revises a topic, it opens with
    a negating word ("wrong one, want Hamlet"), it says what was intended ("I meant X"), or
    it switches topic without asking anything. A negation further in is most often part of a
    question ("why could not I delete keys?")."""
    if revises(node) or unasked_switch(request, node) is not None:
        return True
    words = [w.casefold() for w in WORD.findall(request.turn.question)]
    return bool(set(words[:OPENING_WORDS]) & cues.NEGATING_WORDS or set(words) & cues.INTENT_WORDS)


def _trusted_answers(request: WriterRequest, node: Topical) -> list[str]:
    """The history's answers, each blanked where it may be about the wrong page: after a
    correcting turn, the last answer (given to the turn being taken back) and every answer of
    a turn about a rejected topic. Their words would steer the query back to that page."""
    nodes = request.memory.nodes
    answers = [n.answer for n in nodes]
    if not nodes or not _corrects(request, node):
        return answers
    rejected = {name.casefold() for name in rejected_names(node)}
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


def _memory_names(request: WriterRequest) -> frozenset[str]:
    """Every topic name the memory and the state hold."""
    names = {view.name for view in request.state.topics}
    return frozenset(names | {name for node in request.memory.nodes for name in node.topics})


def other_topic_terms(
    request: WriterRequest, topic: str, typed_before: Sequence[str] = ()
) -> frozenset[str]:
    """The index terms of the memory's topics that the conversation never ties to `topic`,
    less those `topic` or the final question has. Once the query names its topic, a word of
    an unrelated topic's name ("soyuz" beside "Apollo 11") can only pull the search to that
    topic's page. A topic named in the same turn as `topic` (a question or answer that names
    both: "Grenade" and the singer its answer names) is related and keeps its words."""
    if not topic:
        return frozenset()
    own = set(tokenize(topic)) | set(tokenize(request.turn.question))
    names = {view.name for view in request.state.topics} | set(typed_before)
    names |= {name for node in request.memory.nodes for name in node.topics}
    # Each question a turn asks ties its names, and so does each answer; two questions of
    # one turn ("how long is X? and also, what is Y famous for?") do not tie X and Y.
    texts = [
        text.casefold()
        for node in request.memory.nodes
        for text in (*asked_parts(node.question), node.answer)
    ]
    folded = topic.casefold()
    tied = {
        name
        for name in names
        if any(
            name.casefold() in text
            and folded in text
            and not _said_alike(text, name, topic)
            and not _named_in_passing(text, name, topic)
            for text in texts
        )
    }
    return frozenset(
        term
        for name in names - tied
        if name.casefold() != folded
        for term in tokenize(name)
        if term not in own
    )


_REFERRING = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS


def _named_in_passing(text: str, first: str, second: str) -> bool:
    """Whether `text` (folded) names two names only in sentences apart that nothing links:
    no sentence names both, and no sentence that names one holds a third-person pronoun that
    could stand for the other ("X is best known for its gardens. You might also like to read
    about Y.": Y is named in passing, a pointer to another page, not a fact about X). Either
    name's sentence with "it", "his" or "they" may speak of the other ("Y wrote it"), and a
    sentence with both ties them."""
    names = (first.casefold(), second.casefold())
    if names[0] in names[1] or names[1] in names[0]:
        return False
    sentences = [sentence.casefold() for sentence in _SENTENCE_GAP.split(text)]
    holding = [s for s in sentences if names[0] in s or names[1] in s]
    if any(names[0] in s and names[1] in s for s in holding):
        return False
    unnamed = [s.replace(names[0], " ").replace(names[1], " ") for s in holding]
    return not any(word in _REFERRING for s in unnamed for word in WORD.findall(s))


# How much two sentences share, their names aside, to say the same of each.
_ALIKE = 0.6
_SENTENCE_GAP = re.compile(r"(?<=[.!?])\s+")


def _said_alike(text: str, first: str, second: str) -> bool:
    """Whether `text` says the same of two names in two sentences of their own ("X carried
    a small crew. Y carried a small crew.", the answer to "1) who flew on X? 2) who flew on
    Y?"): no sentence names both, and the two sentences share most of their words once the
    names are left out. Names answered alike are alternatives, not related to each other."""
    names = (first.casefold(), second.casefold())
    if names[0] in names[1] or names[1] in names[0]:
        return False
    sentences = [sentence.casefold() for sentence in _SENTENCE_GAP.split(text)]
    words: list[set[str]] = []
    for name in names:
        holding = [sentence for sentence in sentences if name in sentence]
        if len(holding) != 1 or all(other in holding[0] for other in names):
            return False
        words.append(set(tokenize(holding[0].replace(name, " "))))
    mine, theirs = words
    return bool(mine | theirs) and len(mine & theirs) / len(mine | theirs) >= _ALIKE


def abandoned_terms(request: WriterRequest, topic: str) -> frozenset[str]:
    """The index terms of the names an earlier turn abandoned (a slip the user repaired, a
    topic taken back), less those `topic` or the final question has: a history question
    that typed a slip before its repair ("how long is Metropolis? - no, Amelie") would
    otherwise lend the slip's words to the query."""
    own = set(tokenize(topic)) | set(tokenize(request.turn.question))
    names = {
        op.topic
        for node in request.memory.nodes
        for op in node.operations
        if op.kind is OpKind.ABANDON
    }
    return frozenset(term for name in names for term in tokenize(name) if term not in own)


def resolved_query(
    request: WriterRequest,
    node: Topical,
    model: LogisticModel,
    rarity: Rarity,
    titled: bool,
    other_titles: Sequence[str] = (),
    leave_digression: bool = False,
    context: ContextTerms | None = None,
    typed_before: Sequence[str] = (),
) -> str:
    """The learned writer's query for the final turn (see the module docstring);
    `other_titles` are the page titles the turn types in full besides its topic. With
    `leave_digression` (the `learned-minilm` variant), a turn that returns to an earlier topic
    takes no history term from the turns in between (`digressions.py`). `typed_before` are
    the page titles earlier questions typed, topics or not: the words of one never tied to
    the topic join no query that names it (`other_topic_terms`). With `context` (the
    `learned-context` variant), history terms are scored by the contextual term scorer
    (`term_reader.py`) instead of `model`."""
    question = request.turn.question
    topic = node.topic or ""
    topic_terms = set(tokenize(topic))
    left = unasked_switch(request, node)
    # An unasked switch repairs the previous turn: its topic goes as a rejected one would. A
    # correcting turn that types another page's title in full names the page it takes back
    # ("Your answer says X; I meant Y", "No, Y. X is wrong"), whichever topic the scorers
    # rejected, and even where they rejected none.
    typed_back = tuple(other_titles) if _corrects(request, node) else ()
    taken_back = (*rejected_names(node), *((left,) if left is not None else ()), *typed_back)
    rejected = frozenset(
        term for name in taken_back for term in tokenize(name) if term not in topic_terms
    )
    # The user's remarks ("It should be X. Not that either.", "thanks!") go before any name
    # is taken out, while they still read as typed.
    parts = [without_remarks(question)]
    carried = _ellipsis_asked(request, topic)
    scene: frozenset[str] = frozenset()
    if carried is not None:
        # "same for Game Boy?": the question carried over, asked about the name the turn types.
        parts = [carried]
        # The words of a sentence that only set the scene of the carried question ("I can't
        # decide between Lisbon and Porto.") are not asked again, as typed or as history terms.
        scene = _scene_terms(request) - set(tokenize(carried))
    elif revises(node) or left is not None:
        # A correcting turn's own words are chatter ("no, I meant", "sorry"): its names stay,
        # and the question it corrects says what is asked.
        # When the slip was seen ("this whole time", "I just realised") is chatter too.
        # "X rather than Y": the words that say what X replaces go with Y.
        for name in taken_back:
            parts[0] = cues.without_replaced(parts[0], name)
        parts = [_without_chatter(cues.SLIP_NOTICED.sub(" ", parts[0]))]
        revised = _revised_question(request)
        swapped = _bare_repair_asked(question, revised, topic, taken_back)
        if swapped is not None:
            # "Rome -> Paris, sorry": the turn only swaps a name, so the question it
            # corrects is asked again with the name meant in the place of the one taken back.
            parts = [swapped]
        elif revised and revised != question and not _asks_its_own(question):
            parts.append(revised)
    else:
        # A reply to the assistant's question means what it means with that question:
        # "I'd like to stay here." answers "Do you want to study in the Netherlands?".
        replied = question_replied(request)
        if replied is not None:
            parts.append(replied)
        opened = _open_question_asked(request)
        parts.extend(opened)
        if leave_digression and not opened:
            parts.extend(
                returned_question(request.memory.nodes, topic, question, _memory_names(request))
            )
        # "the third step" of a numbered answer: that item's words say what is asked.
        nodes = request.memory.nodes
        items = referred_items(question, nodes[-1].answer) if nodes else ()
        parts.extend(items)
        # "Which of them suits me?" after an answer that lists names: the names are asked about.
        if nodes and not items:
            parts.extend(listed_set(question, nodes[-1].answer, _memory_names(request)))
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
    scorer = model
    if context is not None:
        found, scorer = context.extended(history, found), context.model
    # "im" of "I'm", "dont" of "don't": the scorer reads them as words the user repeats, yet
    # a function word's contraction names nothing (writer-learned.contractions).
    debris = frozenset(contraction_terms([*questions, *answers]))
    limit = TERM_LIMIT + len(rejected) + len(debris)
    ranked = [term for term, _ in select_terms(scorer, found, limit) if term not in debris]
    # A turn that types a year asks about it: another year of the history is the old value.
    replaced = other_values(question, ranked)
    # Where the query names its topic, no word of another topic's name joins it.
    foreign = (
        other_topic_terms(request, topic, typed_before)
        if topic_terms and topic_terms <= present
        else ()
    )
    abandoned = abandoned_terms(request, topic)
    selected = [
        term
        for term in ranked
        if term not in rejected
        and term not in present
        and term not in _NOT_QUERY_TERMS
        and term not in replaced
        and term not in foreign
        and term not in abandoned
        and term not in scene
    ][:TERM_LIMIT]
    return " ".join([text, *selected]).strip()
