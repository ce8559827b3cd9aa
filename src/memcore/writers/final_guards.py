"""Guards read at the final turn only, each on one shape the writer's cascade misreads: a
slip left in the query, an offer declined or accepted, a name refused beside a question on the
current topic, a bare year typed as the topic, a question typed twice with one copy disowned,
the part of an earlier question the answer left out (spec/writer-standalone.md).

Each takes the request, the writer's node and the title vocabulary and returns the node, changed
only where its shape is found.
"""

from __future__ import annotations

import re

import attrs

from memcore.caps import cut_answer
from memcore.node import Node
from memcore.operations import OpKind, abandon
from memcore.writers import cues
from memcore.writers.correcting import arriving
from memcore.writers.declined_question import accepted_offer, with_offer_declined
from memcore.writers.name_roles import read_turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.question_parts import (
    asked_now,
    latest_skipped_part,
    points_at_unanswered_part,
)
from memcore.writers.refused_other import known_refusals, refused_beside_question
from memcore.writers.remarks import closing_remarks
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.text import QUERY_CHARS, cut, with_name
from memcore.writers.rules.view import View
from memcore.writers.standalone import (
    ANY_PRONOUN,
    TURN_PARTS,
    folded_words,
    moved_to,
    typed_in,
)
from memcore.writers.wrong_copy import wrong_copy


def without_slip_parts(query: str, node: Node, question: str) -> str:
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
    parts = [part.strip() for part in TURN_PARTS.split(cues.normalise_turn(question))]
    asked = [part for part in parts if "?" in part and not any(typed_in(part, s) for s in slips)]
    return with_name(" ".join(asked), node.topic, ANY_PRONOUN) if asked else query


def past_declined_offer(
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
        moved = moved_to(node, offered, request)
        kept = tuple(op for op in moved.operations if op.kind is not OpKind.ABANDON)
        query = with_name(asked, offered, ANY_PRONOUN)
        return attrs.evolve(moved, operations=kept, contradicts=(), query=query)
    return with_offer_declined(node, request.turn.question, nodes[-1].answer, answer_names, typed)


def past_refused_other(
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
        query=with_name(found.asked, current, ANY_PRONOUN),
    )


def past_refused_known(
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
    asking = [part for part in TURN_PARTS.split(cues.normalise_turn(question)) if "?" in part]
    # A closing remark that praises a name ("X was a great read, but Y is what I want now")
    # leaves it, as `past_the_remark` reads it.
    remarks = [
        piece
        for piece in closing_remarks(" ".join(cues.normalise_turn(question).split()))
        if not set(folded_words(piece)) & cues.NEGATING_WORDS
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


def past_year_as_topic(
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


def past_wrong_copy(request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None) -> Node:
    """`node` for a turn that types its question twice and disowns one copy
    (`wrong_copy.wrong_copy`): on the name of the copy meant, the other name rejected, the
    copy meant as the query."""
    question = request.turn.question
    typed = [m.name for m in View.of(request, vocabulary).mentions(question) if m.known]
    found = wrong_copy(question, typed)
    if found is None:
        return node
    moved = moved_to(node, found.meant, request)
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


def on_skipped_part(request: WriterRequest, node: Node, vocabulary: TitleVocabulary | None) -> Node:
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
