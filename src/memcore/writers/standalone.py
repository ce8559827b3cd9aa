"""Turns that stand alone, and names a turn takes back (spec/writer-standalone.md).

A final turn stands alone when it names its own subject (a page title, a capitalised name or
a topic the memory knows, typed in the turn), leans on nothing earlier (no pronoun,
demonstrative or position, no "what about ...", "and ...?" or return), and revises nothing
(no negating, repair or intent word). Such a turn is searched as the user typed it: the
writer adds no term from the history and removes nothing, so the memory cannot make a
self-contained question worse than the question itself.

A turn that takes nothing back (no negating, repair or intent word, no correction phrase)
rejects no name it types: the writer's rejection of such a name is dropped, so the name stays
in the query and the search does not lower its page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from memcore.caps import cut_answer
from memcore.node import Node
from memcore.operations import Operation, OpKind, abandon
from memcore.replay import Status
from memcore.writers import cues
from memcore.writers.correcting import (
    arriving,
    asked_after_rejection,
    clean_query,
    corrected_node,
)
from memcore.writers.counting import without_counts
from memcore.writers.declined_question import accepted_offer, with_offer_declined
from memcore.writers.history_repair import repaired_history_node
from memcore.writers.left_topic_remark import without_left_topic_remark
from memcore.writers.list_refusal import (
    refused_names,
    refused_rest,
    without_refusal,
    without_rest_refusal,
)
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.own_list import ListPick, own_list_pick
from memcore.writers.own_phrase import names_own_phrase
from memcore.writers.own_subject import fixes_own_subject
from memcore.writers.pronoun_named import named_pronoun
from memcore.writers.protocol import WriterRequest
from memcore.writers.question_parts import (
    asked_now,
    latest_skipped_part,
    points_at_unanswered_part,
)
from memcore.writers.refused_other import known_refusals, refused_beside_question
from memcore.writers.remarks import (
    closing_context,
    closing_remarks,
    opening_context,
    repaired_query,
    reported_context,
    without_leading_debris,
    without_remarks,
    without_trailing_retraction,
)
from memcore.writers.replies import asks_back
from memcore.writers.rules.corrections import implicit_other
from memcore.writers.rules.earlier import find_earlier
from memcore.writers.rules.lists import find_place_groups, find_positions
from memcore.writers.rules.names import Mention, TitleVocabulary
from memcore.writers.rules.outright import decided_outright
from memcore.writers.rules.preference import preferred_decision
from memcore.writers.rules.text import QUERY_CHARS, cut, with_name
from memcore.writers.rules.values import (
    answer_asked_again,
    only_year_typed,
    revised_value,
    with_year_meant,
    without_replaced_years,
    without_retracted_years,
    year_meant,
)
from memcore.writers.rules.view import View
from memcore.writers.set_aside import set_aside_node
from memcore.writers.wrong_copy import wrong_copy

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# "is there", "are there": the existential "there" points at nothing earlier.
_EXISTENTIAL_THERE = re.compile(r"\b(?:is|are|was|were|be|been)\s+there\b", re.IGNORECASE)
# Words that take a turn back or say which one was meant: such a turn revises, never stands
# alone, and may reject a name it types ("sorry", "actually", "I meant", "not").
_REVISING = (
    cues.NEGATING_WORDS
    | cues.REPAIR_WORDS
    | cues.INTENT_WORDS
    | cues.MORE_WORDS
    | cues.SETTING_ASIDE
)
# A user owning up to a slip ("my bad, I wrote ...") revises as surely as "sorry".
# Writing a work of one's own ("I wrote a school report on X once") owns up to nothing.
_OWNING_UP = re.compile(
    r"\bmy\s+bad\b|\bi\s+(?:wrote|typed)\b(?!\s+(?:a|an|my|our|some|several|two|three|lots)\b)",
    re.IGNORECASE,
)


def _folded_words(text: str) -> list[str]:
    return [word.casefold().replace("\u2019", "'") for word in _WORD.findall(text)]


def _outside_questions(text: str) -> str:
    """`text` without its clauses that end in a question mark: a negation there is part of
    what is asked ("what went wrong on Apollo 13?", "why didn't it land?")."""
    return re.sub(r"[^,;:.!?]*\?", " ", text)


def revises(question: str) -> bool:
    """Whether `question` may take something back: a repair, intent or "more" word, a
    negating word outside a question it asks, or a correction or value-revision phrase."""
    # "sorry for changing the subject" excuses a move: it takes nothing back.
    text = cues.JUMP_APOLOGY.sub(" ", cues.normalise_turn(question))
    words = set(_folded_words(text))
    negating = set(_folded_words(_outside_questions(text))) & cues.NEGATING_WORDS
    if words & (_REVISING - cues.NEGATING_WORDS) or negating or _OWNING_UP.search(text):
        return True
    return any(pattern.search(text) for pattern in (*cues.CORRECTION, *cues.VALUE_REVISION))


def stands_alone(question: str, names: Iterable[str], replying: bool = False) -> bool:
    """Whether `question` stands alone: it asks something and types one of `names` (the
    names found in it) or fixes its subject by its own words without a name
    (`own_subject.fixes_own_subject`: "what was the most popular song in 2012?"), or asks
    nothing yet is a phrase typed as a search that names its own subject
    (`own_phrase.names_own_phrase`: "bonds versus stocks"); it takes
    nothing back (`revises`) and has no word or phrase that leans on the conversation ("what
    about ...", "and ...?", a return, a position, or a pronoun or demonstrative before any
    name it types)."""
    if revises(question):
        return False
    named = any(name.strip() for name in names)
    text = cues.normalise_turn(question)
    asks = "?" in text or bool(set(_folded_words(text)) & cues.ASKING_WORDS)
    # A fragment ("Celts", "the reunification", "in water") goes on with what came before,
    # unless it is a phrase typed as a search that names its own subject ("speed limit",
    # "bonds versus stocks": `own_phrase.names_own_phrase`); after an answer that asked the
    # user (`replying`), a fragment is the reply, read with the question it answers.
    if not asks and (replying or not names_own_phrase(question, names)):
        return False
    if asks and not (named or fixes_own_subject(question)):
        return False
    if any(pattern.search(text) for pattern in (*cues.ELLIPSIS, *cues.RETURN)):
        return False
    # "the first one", "the one before last", "one step back"; not "when did it first
    # launch?".
    # "everything but X", "the others besides X": the rest of a list leans on that list.
    if find_positions(text) or find_earlier(text) or find_place_groups(text):
        return False
    # A pronoun after a name the turn types points at that name ("Talking about the Celts,
    # what was their importance?"); one before any name leans on the conversation.
    # Nor does a dummy "it" ("where does it snow the most in North Carolina?").
    plain = cues.without_dummy_it(_EXISTENTIAL_THERE.sub(" ", text))
    # A remark before the sentence that asks ("ok, enough about that.", "that helped.") points
    # at the conversation to close it, not to ask about it: only the asking part may lean.
    asked_from = _asking_sentence_start(plain)
    leaning = [
        match.start()
        for match in _WORD.finditer(plain)
        if match.start() >= asked_from
        and match.group().casefold().replace("\u2019", "'") in cues.LEANING_WORDS
    ]
    if not leaning:
        return True
    named_at = [at for name in names if (at := _typed_at(plain, name)) is not None]
    return bool(named_at) and min(named_at) < min(leaning)


_SENTENCE_SPAN = re.compile(r"[^.!?]+[.!?]*")


def _asking_sentence_start(text: str) -> int:
    """Where the first sentence of `text` that asks (a question mark, or an asking word to
    open it) starts; 0 where none does."""
    for sentence in _SENTENCE_SPAN.finditer(text):
        words = _folded_words(sentence.group())
        if "?" in sentence.group() or (words and words[0] in cues.ASKING_WORDS):
            return sentence.start()
    return 0


def _typed_at(text: str, name: str) -> int | None:
    words = name.split()
    if not words:
        return None
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words) + r"(?!\w)"
    found = re.search(pattern, text, re.IGNORECASE)
    return None if found is None else found.start()


def typed_in(question: str, name: str) -> bool:
    """Whether every word of `name` is typed in `question`, in order (case ignored)."""
    return _typed_at(cues.normalise_turn(question), name) is not None


def keep_typed_names(question: str, node: Node, dismissed: Sequence[str] = ()) -> Node:
    """`node` without the rejections of names the user typed in `question`, when the turn
    takes nothing back: such a turn asks about the names it types. A name of `dismissed`
    (one a statement of the turn dismisses by meaning, `learned.dismissal`) is taken back."""
    if revises(question):
        return node

    def kept_back(name: str) -> bool:
        return typed_in(question, name) and name not in dismissed

    kept = tuple(
        op for op in node.operations if not (op.kind is OpKind.ABANDON and kept_back(op.topic))
    )
    contradicts = tuple(name for name in node.contradicts if not kept_back(name))
    if kept == node.operations and contradicts == node.contradicts:
        return node
    return attrs.evolve(node, operations=kept, contradicts=contradicts)


def _typed_as_name(question: str, mention: Mention, remembered: Iterable[str] = ()) -> bool:
    # A page title of one lower-case word ("movement", "history") is a word of the question,
    # not its subject named: a name counts when it is typed with a capital or has several words.
    normal = cues.normalise_turn(question)
    typed = normal[mention.start : mention.end]
    # A turn typed wholly in lower case types the names the memory holds (`remembered`: its
    # topics and the names of recent answers) so too.
    lowered = (
        mention.name in remembered
        and typed.casefold() == mention.name.casefold()
        and not any(ch.isupper() for ch in normal)
    )
    return len(typed.split()) > 1 or typed[:1].isupper() or lowered


def guarded_node(
    request: WriterRequest,
    node: Node,
    vocabulary: TitleVocabulary | None,
    dismissed: Sequence[str] = (),
) -> Node:
    """The writer's `node` for `request`'s turn with the guards of this module: no typed
    name rejected by a turn that takes nothing back, and at the final turn, a turn that
    stands alone searched as typed, no remark in the query (`remarks.without_remarks`: "Not
    that either.", "thanks for the info on X!") and no year the turn takes back in it
    (`values.without_retracted_years`), nor any debris of a repair the turn makes
    (`remarks.repaired_query`), nor a statement about the topic the turn moves away from
    (`left_topic_remark`). The names a turn types are page titles
    (`vocabulary`), capitalised names and the memory's topics, found as the rule writer finds
    them. `dismissed` holds the names a statement of the turn dismisses by meaning (the
    `learned-minilm` writer's `learned.dismissal`): the writer's rejection of them stands,
    and a turn that dismisses one is no turn that stands alone."""
    guarded = without_arrival_at_rejected(
        _guarded(request, _kept_through_aside(request, node, vocabulary), vocabulary, dismissed)
    )
    if not request.turn.final or guarded.query is None:
        return guarded
    guarded = _past_the_report(request, _past_the_remark(request, guarded, vocabulary), vocabulary)
    guarded = _past_the_passing_mention(request, guarded, vocabulary)
    guarded = _on_skipped_part(request, guarded, vocabulary)
    guarded = _past_declined_offer(request, guarded, vocabulary)
    guarded = _past_wrong_copy(request, guarded, vocabulary)
    guarded = _past_refused_other(request, guarded, vocabulary)
    guarded = _past_refused_known(request, guarded, vocabulary)
    guarded = _past_year_as_topic(request, guarded, vocabulary)
    view = View.of(request, vocabulary)
    guarded = without_left_topic_remark(
        guarded,
        request.turn.question,
        view.current,
        [m.name for m in view.mentions(cues.normalise_turn(request.turn.question))],
    )
    if guarded.query is None:
        return guarded
    query = without_retracted_years(
        without_remarks(without_refusal(guarded.query), request.turn.question),
        request.turn.question,
    )
    query = without_trailing_retraction(query, request.turn.question)
    query = without_counts(repaired_query(query, request.turn.question) if query else query)
    query = _without_slip_parts(query, guarded, request.turn.question)
    query = without_leading_debris(query) if query else query
    earlier = [node.question for node in request.memory.nodes]
    year = year_meant(cues.normalise_turn(request.turn.question), earlier)
    if year is not None and query:
        query = with_year_meant(query, year)
    only = only_year_typed(cues.normalise_turn(request.turn.question))
    if year is None and only is not None and query:
        query = without_replaced_years(query, only, guarded.topic or "")
    return guarded if query == guarded.query else attrs.evolve(guarded, query=query or None)


# The parts of a turn: its sentences, a dash aside and a bracketed remark.
_TURN_PARTS = re.compile(r"(?<=[.?!])\s+|\s[-\u2013\u2014]+\s|[()]")


def _without_slip_parts(query: str, node: Node, question: str) -> str:
    """`query`, where it still types a name the turn typed and the node abandons, made again
    from the turn's parts (sentences, dash asides) that type none ("Now for Game Boy - no,
    Rubik's Cube, sorry - how many of it were sold?"), where a question is left among them;
    the topic stands for its pronoun."""
    slips = [
        op.topic
        for op in node.operations
        if op.kind is OpKind.ABANDON and op.topic != node.topic and typed_in(question, op.topic)
    ]
    if not query or node.topic is None or not any(typed_in(query, slip) for slip in slips):
        return query
    parts = [part.strip() for part in _TURN_PARTS.split(cues.normalise_turn(question))]
    asked = [part for part in parts if "?" in part and not any(typed_in(part, s) for s in slips)]
    return with_name(" ".join(asked), node.topic, _ANY_PRONOUN) if asked else query


def _past_declined_offer(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """`node` after a "no" to the name the latest answer offered to go on with
    (`declined_question.with_offer_declined`), or after a "yes" to it
    (`declined_question.accepted_offer`): on the name offered, asked as the turn asks."""
    nodes = request.memory.nodes
    if not nodes:
        return node
    view = View.of(request, vocabulary)
    answer_names = [m.name for _, mentions in view.answer_mentions[-1:] for m in mentions]
    typed = view.mentions(request.turn.question)
    accepted = accepted_offer(request.turn.question, nodes[-1].answer, answer_names, typed)
    if accepted is not None and node.topic != accepted[0]:
        # "Yes please. who directed it?": the pronoun stands for the name offered.
        offered, asked = accepted
        moved = _moved_to(node, offered, request)
        kept = tuple(op for op in moved.operations if op.kind is not OpKind.ABANDON)
        query = with_name(asked, offered, _ANY_PRONOUN)
        return attrs.evolve(moved, operations=kept, contradicts=(), query=query)
    return with_offer_declined(node, request.turn.question, nodes[-1].answer, answer_names, typed)


def _past_refused_other(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """`node` for a turn that asks about the current topic and turns down another name beside
    the question (`refused_other.refused_beside_question`): the current topic stays, the
    names turned down are rejected, and the query is the asking sentences on that topic."""
    view = View.of(request, vocabulary)
    question = request.turn.question
    mentions = [m for m in view.mentions(question) if m.known]
    if view.current is None or not mentions:
        return node
    found = refused_beside_question(question, read_turn(question, mentions), view.current)
    # Only where the writer went to a name the turn turns down, or stayed on the current topic:
    # a turn that points elsewhere ("the other one", "the one from the start") has its own.
    refused = {name.casefold() for name in found.refused} if found is not None else set()
    current = view.current
    if found is None or node.topic is None:
        return node
    if node.topic.casefold() not in refused:
        if node.topic != current:
            return node
        # The writer stayed on the current topic: the names turned down are rejected too.
        abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
        missing = tuple(name for name in found.refused if name not in abandoned)
        return attrs.evolve(
            node, operations=(*(abandon(name) for name in missing), *node.operations)
        )
    return attrs.evolve(
        node,
        topics=(current,),
        operations=(*(abandon(name) for name in found.refused), arriving(current, request)),
        contradicts=found.refused,
        query=with_name(found.asked, current, _ANY_PRONOUN),
    )


def _past_refused_known(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """`node` with the names the turn refuses beside its question on the node's topic
    (`refused_other.known_refusals`: "> Helsinki / no thanks. what is Tbilisi famous for?")
    rejected too, where they are names the conversation knows (a topic, or a name of a recent
    answer) that the writer left alone."""
    view = View.of(request, vocabulary)
    question = request.turn.question
    mentions = [m for m in view.mentions(question) if m.known]
    if node.topic is None or len(mentions) < 2:
        return node
    abandoned = {op.topic.casefold() for op in node.operations if op.kind is OpKind.ABANDON}
    # Only beside a question of the turn's own that leaves the refused names out: "I was
    # asking about X, not Y" asks nothing new, and its Y is often the answer's subject, whose
    # page the search still needs (spec/writer-cues-corrections.md, keep-current).
    asking = [part for part in _TURN_PARTS.split(cues.normalise_turn(question)) if "?" in part]
    # A closing remark that praises a name ("X was a great read, but Y is what I want now")
    # leaves it, as `_past_the_remark` reads it.
    remarks = [
        piece
        for piece in closing_remarks(" ".join(cues.normalise_turn(question).split()))
        if not set(_folded_words(piece)) & cues.NEGATING_WORDS
    ]
    missing = tuple(
        name
        for name in known_refusals(read_turn(question, mentions), node.topic)
        if name.casefold() not in abandoned
        and any(not typed_in(part, name) for part in asking)
        and not any(typed_in(piece, name) for piece in remarks)
    )
    if not missing:
        return node
    # After the writer's own rejections, before its arrival: the order the turn reads in.
    own = tuple(op for op in node.operations if op.kind is OpKind.ABANDON)
    rest = tuple(op for op in node.operations if op.kind is not OpKind.ABANDON)
    return attrs.evolve(
        node,
        operations=(*own, *(abandon(name) for name in missing), *rest),
        contradicts=tuple(dict.fromkeys((*node.contradicts, *missing))),
    )


def _past_year_as_topic(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """`node` on the current topic, not on a bare year the turn types beside it ("and the World
    Series - 1996 this time - who won?"): the year is a new value for the question asked about
    the topic, which the turn names and does not turn down, so the topic stays and the year
    takes the old one's place in the query."""
    topic, question = node.topic, request.turn.question
    view = View.of(request, vocabulary)
    current = view.current
    if topic is None or current is None or not re.fullmatch(r"\d{4}", topic):
        return node
    mentions = [m for m in view.mentions(question) if m.known]
    if not typed_in(question, current) or current.casefold() in {
        name.casefold() for name in read_turn(question, mentions).taken_back
    }:
        return node
    query = node.query
    if query is not None and not typed_in(query, current):
        query = re.sub(rf"(?<!\w){topic}(?!\w)", current, query, count=1)
    return attrs.evolve(
        node,
        topics=(current,),
        operations=(
            *(
                op
                for op in node.operations
                if op.kind is OpKind.ABANDON and op.topic not in (current, topic)
            ),
            arriving(current, request),
        ),
        contradicts=tuple(name for name in node.contradicts if name != current),
        query=query,
    )


def _past_wrong_copy(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """`node` for a turn that types its question twice and disowns one copy
    (`wrong_copy.wrong_copy`): on the name of the copy meant, the other name rejected, the
    copy meant as the query."""
    question = request.turn.question
    typed = [m.name for m in View.of(request, vocabulary).mentions(question) if m.known]
    found = wrong_copy(question, typed)
    if found is None:
        return node
    moved = _moved_to(node, found.meant, request)
    # The repair is the turn's own: it takes back the disowned copy's name and no topic the
    # turn does not type.
    kept = tuple(
        op
        for op in moved.operations
        if op.topic != found.disowned and (op.kind is not OpKind.ABANDON or op.topic in typed)
    )
    contradicts = (*(name for name in moved.contradicts if name in typed), found.disowned)
    return attrs.evolve(
        moved,
        operations=(abandon(found.disowned), *kept),
        contradicts=tuple(dict.fromkeys(contradicts)),
        query=found.kept,
    )


def without_arrival_at_rejected(node: Node) -> Node:
    """`node` without an arrival (Add, Refine, Revise, Reactivate) at a topic it also
    abandons: a turn that takes a topic back does not mean it in the same breath, so a
    description resolved to the only topic there is ("no, I meant the mission" where the
    rejected topic is the one mission known) leaves the turn with no topic rather than with
    the one it rejects."""
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    operations = tuple(
        op for op in node.operations if op.kind is OpKind.ABANDON or op.topic not in abandoned
    )
    if len(operations) == len(node.operations):
        return node
    topics = tuple(topic for topic in node.topics if topic not in abandoned)
    return attrs.evolve(node, operations=operations, topics=topics)


# Words that open an aside rather than a request ("sorry, my cat walked over the keyboard",
# "ha, she does that every morning").
_ASIDE_OPENERS = frozenset(
    ["sorry", "oops", "whoops", "ha", "haha", "hah", "lol", "ugh", "brb", "heh", "wow", "argh"]
)
# Words that make a turn say what it meant, or take a name back: no aside then ("sorry, I
# meant saturn").
_NOT_ASIDE = cues.INTENT_WORDS | cues.MEANING_WORDS | cues.NEGATING_WORDS


def is_aside(question: str, names: Sequence[Mention]) -> bool:
    """Whether `question` is an aside: it opens with an apology or an exclamation, asks
    nothing (no question mark, no asking word) and types no name."""
    text = cues.normalise_turn(question)
    words = _folded_words(text)
    if names or not words or words[0] not in _ASIDE_OPENERS or "?" in text:
        return False
    return not set(words) & (cues.ASKING_WORDS | cues.REQUEST_VERBS | _NOT_ASIDE)


def _kept_through_aside(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """An aside leaves the current topic as it was: the words of a remark about the user's
    cat are no topic a later "when did it first go on sale?" could point at."""
    current = request.state.current
    if current is None or node.topic == current.name:
        return node
    if not is_aside(
        request.turn.question,
        View.of(request, vocabulary).mentions(cues.normalise_turn(request.turn.question)),
    ):
        return node
    return attrs.evolve(
        node,
        topics=(current.name,),
        operations=(arriving(current.name, request),),
        contradicts=(),
    )


def _guarded(
    request: WriterRequest,
    node: Node,
    vocabulary: TitleVocabulary | None,
    dismissed: Sequence[str] = (),
) -> Node:
    question = request.turn.question
    # The names the memory knows include those of recent answers ("Aldrin" is Buzz Aldrin).
    view = View.of(request, vocabulary)
    mentions = view.mentions(question)
    node = repaired_history_node(request, node, mentions)
    # A history turn that only turns names down drops them and arrives nowhere.
    set_aside = set_aside_node(request, node, mentions, vocabulary)
    if set_aside is not None:
        return set_aside
    # The name roles decide at the final turn only: the history turns stay the cascade's, as
    # the learned writer's scorers were trained on them.
    # A turn that names what it means outright ("I meant the one before X") was decided by
    # its place or value (`rules.outright`): the name it types there is no name it means.
    reread = request.turn.final and not decided_outright(request, vocabulary)
    listings = tuple(listing.names for listing in view.listings)
    subjects = [
        m for m in mentions if m.known and (m.name not in view.state or view.was_subject(m.name))
    ]
    if reread:
        named = _on_named_pronoun(request, node, mentions)
        if named is not None:
            return named
    repaired = _question_repaired(request, node, subjects) if reread else None
    if repaired is not None:
        return repaired
    corrected = (
        corrected_node(
            request,
            node,
            mentions,
            listings,
            _offered(view),
            frozenset(view.known),
            lambda name: implicit_other(view, name),
        )
        if reread
        else None
    )
    if corrected is not None:
        node, reading = corrected
        # Every name the node abandons is taken back in the query, the current topic as well
        # as the slips before it.
        abandoned = tuple(op.topic for op in node.operations if op.kind is OpKind.ABANDON)
        rejected = tuple(dict.fromkeys((*node.contradicts, *abandoned)))
        return attrs.evolve(node, query=clean_query(request, reading, rejected, node.query))
    if reread and node.query is not None:
        asked = asked_after_rejection(request, node)
        if asked is not None:
            node = attrs.evolve(node, query=asked)
    normal = cues.normalise_turn(question)
    # "let's swap A for S: ..." takes A back by its structure, not by a correction word.
    preferred = preferred_decision(normal, view) is not None
    node = node if preferred else keep_typed_names(question, node, dismissed)
    pick = own_list_pick(question, view.mentions(normal))
    if pick is not None:
        return _on_list_pick(request, node, pick)
    if not request.turn.final:
        return node
    refused = (
        (refused_names(question, listings) or refused_rest(question, listings)) if reread else ()
    )
    if refused:
        node = _declining_list(request, node, refused, mentions)
    if (
        preferred
        or dismissed
        or answer_asked_again(normal, view) is not None
        or revised_value(normal, view) is not None
    ):
        # "did Toni Morrison win it in 1990 as well?" types the answer's name, yet asks the
        # question before it again with a new year; so does "World Series, 1989 edition?"
        # for the question asked about the World Series; "let's swap A for S: ..." sets A
        # aside: none stands alone.
        return node
    names = [
        _core_name(mention.name, request, vocabulary)
        for mention in mentions
        if _typed_as_name(question, mention, view.known)
    ]
    nodes = request.memory.nodes
    replying = bool(nodes) and asks_back(nodes[-1].answer)
    if not stands_alone(question, names, replying):
        return _without_left_topics(request, node, names, listings)
    node = _on_typed_name(request, node, names)
    # The writer's query stays where it only wrote a name with its page's capitals.
    if node.query is not None and node.query.split() and _same_words(node.query, question):
        return node
    return attrs.evolve(node, query=cut(question, QUERY_CHARS) or node.query)


def _on_named_pronoun(
    request: WriterRequest, node: Node, mentions: Sequence[Mention]
) -> Node | None:
    """The final `node` on the earlier topic the turn names for its pronoun
    (`pronoun_named`): that topic is the topic, and the query is the pronoun's question
    asked about it; None where the turn names none or the writer already took it."""
    earlier = frozenset(view.name for view in request.state.topics)
    named = named_pronoun(request.turn.question, mentions, earlier)
    if named is None or node.topic == named.name:
        return None
    pronouns = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS
    return attrs.evolve(
        node,
        topics=(named.name,),
        operations=(arriving(named.name, request),),
        contradicts=(),
        query=with_name(named.asked, named.name, pronouns),
    )


def _on_list_pick(request: WriterRequest, node: Node, pick: ListPick) -> Node:
    """`node` on the item the turn picks from the list it gives (`own_list`): that item is the
    topic, and at the final turn the query is the turn without the listing sentence."""
    kept = tuple(
        op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != pick.name
    )
    return attrs.evolve(
        node,
        topics=(pick.name,),
        operations=(*kept, arriving(pick.name, request)),
        contradicts=tuple(name for name in node.contradicts if name != pick.name),
        query=cut(pick.asked, QUERY_CHARS) if request.turn.final else node.query,
    )


def _past_the_remark(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """The final `node` on the name the turn asks about where its topic is typed only in a
    remark that closes it ("X was fascinating, but ...", "thanks for the info on X!"): the
    remark looks back, the question forward. The name remarked on is left, not rejected."""
    question = " ".join(cues.normalise_turn(request.turn.question).split())
    view = View.of(request, vocabulary)
    # Only remarks that name something closed look back at a topic ("X was fascinating").
    remarks = [
        piece
        for piece in closing_remarks(question)
        if not set(_folded_words(piece)) & cues.NEGATING_WORDS
        and any(m.known for m in view.mentions(piece))
    ]
    asked = without_remarks(question)
    if not remarks or asked == question:
        return node
    # The query is the typed turn, some words taken out: the remark leaves it whole.
    if node.query is not None and set(_folded_words(node.query)) <= set(_folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    # A name typed only in the remark is praised, not turned down. After "but" or "though"
    # the stance is the clause's own: a remark that thanks or praises and then turns a name
    # down ("thanks for that, but I'll pass on X") turns that name down
    # (spec/writer-standalone.md#writer-standalone.thanks-but).
    turned_down = {name for piece in remarks for name in _turned_down(piece, view)}
    praised = {
        op.topic
        for op in node.operations
        if op.kind is OpKind.ABANDON
        and any(typed_in(piece, op.topic) for piece in remarks)
        and not typed_in(asked, op.topic)
        and op.topic not in turned_down
    }
    if praised:
        node = attrs.evolve(
            node,
            operations=tuple(op for op in node.operations if op.topic not in praised),
            contradicts=tuple(c for c in node.contradicts if c not in praised),
        )
    topic = node.topic
    if topic is None or not any(typed_in(piece, topic) for piece in remarks):
        return node
    if typed_in(asked, topic):
        return node
    names = list(dict.fromkeys(m.name for m in view.mentions(asked) if m.known))
    if len(names) != 1:
        return node
    name = names[0]
    kept = tuple(op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != topic)
    return attrs.evolve(
        node,
        operations=(*kept, arriving(name, request)),
        topics=(name,),
        contradicts=tuple(c for c in node.contradicts if c != name),
    )


def _turned_down(piece: str, view: View) -> frozenset[str]:
    """The names a remark turns down by the roles its clauses bind (a setting-aside word, a
    refusing predicate, an unwelcome appraisal), each clause after "but" read on its own."""
    reading = read_turn(piece, view.mentions(piece))
    return frozenset(n.name for n in reading.names if n.role is Role.NEGATED)


# Words of a question that lean on what the report named ("is it in Kyoto?", "did he meet
# her?"): the question then asks about the report's name, not past it.
_LEANING = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS | {"that", "this"}


def _past_the_report(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """The final `node` on the one name the turn's question asks about where the turn opens
    with a report of a mention ("someone compared X to Y the other day. how much did Y
    cost?", "the article on X mentioned Y - where was Y born?"; spec/writer-standalone.md
    #writer-standalone.reports): the names of the report were only heard of, and the query is
    the question. The names reported are neither meant nor rejected."""
    found = reported_context(request.turn.question)
    if found is None or node.query is None:
        return node
    report, asked = found
    view = View.of(request, vocabulary)
    if set(_folded_words(asked)) & _LEANING:
        return node
    names = list(dict.fromkeys(m.name for m in view.mentions(asked) if m.known))
    reported = {m.name for m in view.mentions(report) if m.known}
    if len(names) != 1 or not reported - set(names):
        return node
    name = names[0]
    question = " ".join(cues.normalise_turn(request.turn.question).split())
    # The query is the typed turn, some words taken out: the report leaves it whole.
    if set(_folded_words(node.query)) <= set(_folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    # A name only reported is not turned down: the report has no negating word. One the
    # report goes on to turn down ("my dad talks about X non-stop, so I'm sick of that one")
    # keeps its refusal.
    heard = reported - set(names) - _turned_down(report, view)
    node = attrs.evolve(
        node,
        operations=tuple(op for op in node.operations if op.topic not in heard),
        contradicts=tuple(c for c in node.contradicts if c not in heard),
    )
    return _moved_to(node, name, request)


# Words by which a statement asks or requests after all ("tell me about X: ..."): such an
# opening is no statement in passing.
_REQUESTING = frozenset(
    ["tell", "explain", "describe", "give", "show", "list", "find", "compare", "summarise"]
)


# Subjects other than the assistant, and the words that may stand between one and its verb:
# a requesting verb after them tells what someone does ("I'll tell my sister about X"), and
# requests nothing of the assistant.
_OWN_SUBJECTS = frozenset(
    {"i", "i'll", "i'd", "i'm", "i've", "we", "we'll", "we'd", "we're"}
    | {"he", "he'll", "she", "she'll", "they", "they'll"}
)
_BETWEEN_SUBJECT = frozenset(
    {"will", "would", "might", "may", "can", "could", "should", "shall", "must"}
    | {"also", "probably", "definitely", "totally", "just"}
)


def _requests(words: Sequence[str]) -> bool:
    """Whether `words` hold a requesting verb the assistant is asked to do: one with no
    subject of its own before it (an imperative, or after "can you")."""
    for index, word in enumerate(words):
        if word not in _REQUESTING:
            continue
        before = [w for w in words[max(0, index - 3) : index] if w not in _BETWEEN_SUBJECT]
        if not (before and before[-1] in _OWN_SUBJECTS):
            return True
    return False


def _in_passing(statement: str) -> bool:
    """Whether `statement` only says something in passing: it asks nothing (no question
    mark, no asking word to open it), requests nothing of the assistant, negates nothing and
    takes nothing back ("I've read plenty about X already", "we spent a week in X last
    year", "I'll tell my sister about X")."""
    words = _folded_words(statement)
    return (
        "?" not in statement
        and not _requests(words)
        and not set(words[:1]) & cues.ASKING_WORDS
        and not revises(statement)
    )


# The words of a statement that tells what the speaker or someone near them did or thinks
# ("I watched it after ...", "my dad loves it", "my brother says ..."), and the words that
# make a statement after a question ask more after all ("Quito too", "I also want to know
# about Quito", "same for Quito", "I wonder about Quito as well").
def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_TELLING = _word_set(
    "i i've i'm i'd i'll my me we we've we're our us he she they his her their mine"
)
_ASKING_MORE = _word_set(
    """also too same either both well wonder wondering curious interested want wanted wants
    need needs like love know care more"""
)


_STATED_INTENT = re.compile(
    r"\b(?:i|my\s+question)\s+(?:was\s+|had\s+)?(?:asked|asking|meant|wanted|about|intended)\b",
    re.IGNORECASE,
)


def _told_after(statement: str) -> bool:
    """Whether `statement`, after the question, only tells something in passing: it says it
    in the first or third person ("I watched it after ...", "my brother says ..."), and asks
    nothing more (`_in_passing`, and no word of wanting or adding to the question)."""
    words = set(_folded_words(statement))
    # Owning up to a slip ("I confused X with Y") repairs the question: nothing in passing.
    if cues.OWNING_UP.search(statement) or cues.OWNED_SLIP.search(statement):
        return False
    # Saying what was asked or meant ("I asked about Y") states intent: nothing in passing.
    if _STATED_INTENT.search(statement):
        return False
    return _in_passing(statement) and bool(words & _TELLING) and not words & _ASKING_MORE


def _past_the_passing_mention(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """The final `node` on the one name the turn's question asks about where the turn opens
    with a statement that names other pages in passing ("I've read plenty about X already,
    so: when was Y born?", "we were in X last spring - what is Y famous for?";
    spec/writer-standalone.md#writer-standalone.in-passing): the question stands alone (it
    names its own subject and leans on nothing), so it is the query, and its name the topic.
    The names said in passing are not meant; whether the statement turns them down is the
    writer's reading, left as it is."""
    question = request.turn.question
    # A report or quotation is read by `_past_the_report`.
    found = None if reported_context(question) else opening_context(question, _in_passing)
    if found is None:
        # A statement after the question that tells of the user's own life ("who directed
        # X? I watched it after reading about Y last week") names Y in passing as well.
        closing = closing_context(question, _told_after)
        found = None if closing is None else (closing[1], closing[0])
    if found is None or node.query is None:
        return node
    statement, asked = found
    # A question between two statements ("X is a rabbit hole lol. who invented Y? I'll save X
    # for later."): the one after it tells in passing too.
    after = closing_context(asked, _told_after)
    if after is not None:
        asked, statement = after[0], f"{statement} {after[1]}"
    view = View.of(request, vocabulary)
    names = list(
        dict.fromkeys(
            _core_name(m.name, request, vocabulary)
            for m in view.mentions(asked)
            if _typed_as_name(asked, m, view.known)
        )
    )
    if len(names) != 1 or not stands_alone(asked, names):
        return node
    name = names[0]
    passing = {m.name for m in view.mentions(statement) if m.known} - {name}
    # A statement of the user's own that names nothing but points back ("found it on my own,
    # thanks though!") tells something in passing of the last answer: its pronoun leads no
    # question after it.
    said = set(_folded_words(statement))
    if not passing and not (said & _LEANING and said & _TELLING):
        return node
    question = " ".join(cues.normalise_turn(question).split())
    # The query is the typed turn, some words taken out: the statement leaves it whole.
    if set(_folded_words(node.query)) <= set(_folded_words(question)):
        node = attrs.evolve(node, query=cut(asked, QUERY_CHARS) or node.query)
    return _moved_to(node, name, request)


def _on_skipped_part(
    request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None
) -> Node:
    """The final `node` on the part of an earlier two-part question that the answer left out,
    where the turn points at it ("and the other half of my question?", "you only answered the
    first part"; spec/writer-standalone.md#writer-standalone.question-parts): that part's name
    is the topic and the part as asked (or the turn's own new question about it) the query,
    with no word of the part answered. The part answered is neither rejected nor meant."""
    question = request.turn.question
    if node.query is None or not points_at_unanswered_part(question):
        return node
    view = View.of(request, vocabulary)

    def names_in(text: str) -> list[str]:
        return [m.name for m in view.mentions(text) if m.known]

    nodes = request.memory.nodes
    part = latest_skipped_part(
        [n.question for n in nodes], [cut_answer(n.answer) for n in nodes], names_in
    )
    if part is None:
        return node
    typed = {name.casefold() for name in names_in(cues.normalise_turn(question))}
    if typed - {part.name.casefold()}:
        # The turn names another page than the part left out: it asks about that one.
        return node
    own = asked_now(question, part)
    pronouns = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS
    query = with_name(own, part.name, pronouns) if own is not None else part.asked
    # Nothing the turn points at is taken back: not the part left out, nor the part answered.
    spared = {part.name, *part.answered}
    kept = tuple(
        op for op in node.operations if op.kind is OpKind.ABANDON and op.topic not in spared
    )
    arrival = next(
        (op for op in node.operations if op.topic == part.name and op.kind is not OpKind.ABANDON),
        arriving(part.name, request),
    )
    return attrs.evolve(
        node,
        operations=(*kept, arrival),
        topics=(part.name,),
        contradicts=tuple(c for c in node.contradicts if c not in spared),
        query=cut(query, QUERY_CHARS) or node.query,
    )


def _declining_list(
    request: WriterRequest, node: Node, refused: Sequence[str], mentions: Sequence[Mention]
) -> Node:
    """`node` rejecting every item of the list the turn declines as a whole ("none of
    those"); where the writer's topic is one of them, the name the turn types outside the
    list is the topic instead (none: the node stands)."""
    topic = node.topic
    if topic is None or topic in refused:
        typed = [m.name for m in mentions if m.name not in refused]
        if not typed:
            return node
        topic = typed[-1]
        arrival: tuple[Operation, ...] = (arriving(topic, request),)
    else:
        arrival = tuple(op for op in node.operations if op.kind is not OpKind.ABANDON)
    kept = [op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != topic]
    done = {op.topic for op in kept}
    rejected = [name for name in refused if name != topic and name not in done]
    # The turn's own words past the refusal are what it asks, where they name the topic.
    asked = without_refusal(without_rest_refusal(cues.normalise_turn(request.turn.question)))
    query = cut(asked, QUERY_CHARS) if typed_in(asked, topic) else node.query
    return attrs.evolve(
        node,
        query=query,
        operations=(*kept, *(abandon(name) for name in rejected), *arrival),
        topics=(topic, *(t for t in node.topics if t != topic and t not in refused)),
        contradicts=node.contradicts or tuple(rejected[:1]),
    )


# Words by which an answer's sentence puts a name forward rather than state a fact ("you
# might also enjoy Y", "you could look at Y", "readers often go on to Y next").
_PROPOSING_WORDS = frozenset(
    ["also", "might", "could", "may", "try", "recommend", "suggest", "enjoy", "next", "similar"]
)
# "Y is worth a look too", "Y is well worth visiting": worth as a verdict on trying the name,
# not as a price ("Y was worth millions").
WORTH_TRYING = re.compile(
    r"\bworth\s+(?:a\s+(?:closer\s+)?(?:look|visit|try|read|watch|listen|shot|peek)"
    r"|(?:checking|reading|seeing|exploring|visiting|watching|trying|a\s+look\s+at)\b)",
    re.IGNORECASE,
)


def _offered(view: View) -> frozenset[str]:
    """The names the latest answer proposed, in a sentence that puts them forward ("you might
    also enjoy Y"), which no turn was about yet: a turn may decline them. A name the answer
    states as a fact ("Y flew the command module") is no proposal."""
    previous = view.previous
    if previous is None or not view.answer_mentions:
        return frozenset()
    answer = cut_answer(previous.answer)
    _, mentions = view.answer_mentions[-1]
    offered: set[str] = set()
    for mention in mentions:
        start = max(answer.rfind(mark, 0, mention.start) for mark in ".!?") + 1
        ends = [at for at in (answer.find(mark, mention.end) for mark in ".!?") if at >= 0]
        sentence = answer[start : min(ends, default=len(answer))]
        proposing = bool(set(_folded_words(sentence)) & _PROPOSING_WORDS)
        if (proposing or WORTH_TRYING.search(sentence)) and mention.name not in view.state:
            offered.add(mention.name)
    return frozenset(offered)


_ANY_PRONOUN = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS


def _question_repaired(
    request: WriterRequest, node: Node, subjects: Sequence[Mention]
) -> Node | None:
    """The final node of a turn that takes back its question, not its subject ("that's not
    what I meant to ask. how long is it?"), and names no known subject: the current topic
    stays, and the question after the repair is asked about it. None for other turns.
    `subjects` are the names the turn types that are subjects (page titles or topics asked
    about; not a name that only rode along with one, "any Oscars")."""
    text = cues.normalise_turn(request.turn.question)
    repair = cues.QUESTION_REPAIR.search(text)
    current = request.state.current
    if repair is None or current is None or subjects:
        return None
    asked = re.split(r"(?<=[.!?;:])\s+|,\s+", text[repair.end() :], maxsplit=1)
    question = asked[1].strip() if len(asked) > 1 else ""
    if "?" not in question and not set(_folded_words(question)) & cues.ASKING_WORDS:
        return None
    query = with_name(question, current.name, _ANY_PRONOUN)
    return attrs.evolve(
        node,
        topics=(current.name,),
        operations=(Operation(OpKind.REFINE, current.name),),
        contradicts=(),
        query=cut(query, QUERY_CHARS),
    )


def _core_name(name: str, request: WriterRequest, vocabulary: TitleVocabulary | None) -> str:
    """The page title or known topic that ends a longer capitalised span ("Speaking of
    Casablanca" is Casablanca), else `name`."""
    words = name.split()
    known = {topic.name.casefold(): topic.name for topic in request.state.topics}
    titles = vocabulary.by_key if vocabulary is not None else {}
    for start in range(1, len(words)):
        tail = " ".join(words[start:])
        found = known.get(tail.casefold()) or titles.get(tail.casefold())
        if found is not None:
            return found
    return name


def _on_typed_name(request: WriterRequest, node: Node, names: Sequence[str]) -> Node:
    """A turn that stands alone is about the one name it types: a pronoun after that name
    points at it ("Talking about Vertigo, who directed it?"), not at the previous topic."""
    distinct = list(dict.fromkeys(names))
    question = request.turn.question
    if len(distinct) != 1 or node.topic == distinct[0]:
        return node
    name = distinct[0]
    # A topic typed in the turn stands, unless it is the name with words of the turn around
    # it ("Speaking of Casablanca" for Casablanca).
    topic = node.topic
    if topic is not None and typed_in(question, topic) and not typed_in(topic, name):
        return node
    text = cues.normalise_turn(question)
    at = _typed_at(text, name)
    pronouns = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS
    if at is None or not set(_folded_words(text[at:])) & pronouns:
        return node
    kept = tuple(op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != name)
    return attrs.evolve(node, operations=(*kept, arriving(name, request)), topics=(name,))


def _left_topics(
    request: WriterRequest,
    node: Node,
    names: Sequence[str],
    listings: Sequence[Sequence[str]] = (),
) -> set[str]:
    """The topics the final turn leaves: those dropped; where the turn moves to a topic it
    names and leans on nothing before that name, the topic it moves from; and where its topic
    is one of a recent list ("Tbilisi or Helsinki, which is older?" then "I'm more interested
    in Tbilisi"), the list's other names."""
    left = {view.name for view in request.state.topics if view.status is Status.DROPPED}
    for listed in listings:
        if node.topic in listed:
            left |= set(listed)
    left |= {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    topic = node.topic
    question = request.turn.question
    current = request.state.current
    named = topic is not None and topic in names and _names_before_leaning(question, topic)
    if current is not None and named and current.name != topic:
        left.add(current.name)
    left.discard(topic or "")
    return left


def _names_before_leaning(question: str, topic: str) -> bool:
    text = _EXISTENTIAL_THERE.sub(" ", cues.normalise_turn(question))
    at = _typed_at(text, topic)
    if at is None:
        return False
    return not any(
        match.group().casefold() in cues.LEANING_WORDS for match in _WORD.finditer(text[:at])
    )


def _without_left_topics(
    request: WriterRequest,
    node: Node,
    names: Sequence[str],
    listings: Sequence[Sequence[str]] = (),
) -> Node:
    """The final `node` without words of topics the turn leaves in its query, where the user
    did not type them: they would steer the search back to a page the turn moved away from."""
    query = node.query
    if query is None:
        return node
    left = _left_topics(request, node, names, listings)
    # Every topic of the node stays ("compare the first and the last one" has two).
    keep = set(_folded_words(request.turn.question)) | set(_folded_words(" ".join(node.topics)))
    drop = {word for name in left for word in _folded_words(name)} - keep
    if not drop:
        return node
    kept = [
        word
        for word in query.split()
        if not (set(_folded_words(word)) and set(_folded_words(word)) <= drop | {"s"})
    ]
    return attrs.evolve(node, query=" ".join(kept) or query)


def _same_words(one: str, other: str) -> bool:
    return one.casefold().split() == other.casefold().split()


def _moved_to(node: Node, name: str, request: WriterRequest) -> Node:
    """`node` on `name`: its abandons of other topics kept, `name` arriving and no longer
    contradicted (unchanged where `name` is its topic already)."""
    if node.topic == name:
        return node
    kept = tuple(op for op in node.operations if op.kind is OpKind.ABANDON and op.topic != name)
    return attrs.evolve(
        node,
        operations=(*kept, arriving(name, request)),
        topics=(name,),
        contradicts=tuple(c for c in node.contradicts if c != name),
    )
