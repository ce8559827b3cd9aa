"""The guards over a writer's node, in the order they apply (`guarded_node`; both writers
call it; spec/writer-standalone.md).

At every turn: history repairs, names set aside, an aside that keeps the current topic, and the
rejections a turn that takes nothing back cannot make (`standalone.keep_typed_names`). At the
final turn also: the name roles of a correction (`correcting`), a list declined as a whole, the
guards of `final_guards` and `passing_mentions`, and a turn that stands alone searched as typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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
from memcore.writers.final_guards import (
    on_skipped_part,
    past_declined_offer,
    past_refused_known,
    past_refused_other,
    past_wrong_copy,
    past_year_as_topic,
    without_slip_parts,
)
from memcore.writers.history_repair import repaired_history_node
from memcore.writers.left_topic_remark import without_left_topic_remark
from memcore.writers.list_refusal import (
    refused_names,
    refused_rest,
    without_refusal,
    without_rest_refusal,
)
from memcore.writers.own_list import ListPick, own_list_pick
from memcore.writers.passing_mentions import (
    past_the_passing_mention,
    past_the_remark,
    past_the_report,
)
from memcore.writers.pronoun_named import named_pronoun
from memcore.writers.protocol import WriterRequest
from memcore.writers.remarks import (
    repaired_query,
    without_leading_debris,
    without_remarks,
    without_trailing_retraction,
)
from memcore.writers.replies import asks_back
from memcore.writers.rules.corrections import implicit_other
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
from memcore.writers.standalone import (
    ANY_PRONOUN,
    EXISTENTIAL_THERE,
    WORD,
    core_name,
    folded_words,
    is_aside,
    keep_typed_names,
    same_words,
    stands_alone,
    typed_as_name,
    typed_at,
    typed_in,
    without_arrival_at_rejected,
)


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
    guarded = past_the_report(request, past_the_remark(request, guarded, vocabulary), vocabulary)
    guarded = past_the_passing_mention(request, guarded, vocabulary)
    guarded = on_skipped_part(request, guarded, vocabulary)
    guarded = past_declined_offer(request, guarded, vocabulary)
    guarded = past_wrong_copy(request, guarded, vocabulary)
    guarded = past_refused_other(request, guarded, vocabulary)
    guarded = past_refused_known(request, guarded, vocabulary)
    guarded = past_year_as_topic(request, guarded, vocabulary)
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
    query = without_slip_parts(query, guarded, request.turn.question)
    query = without_leading_debris(query) if query else query
    earlier = [node.question for node in request.memory.nodes]
    year = year_meant(cues.normalise_turn(request.turn.question), earlier)
    if year is not None and query:
        query = with_year_meant(query, year)
    only = only_year_typed(cues.normalise_turn(request.turn.question))
    if year is None and only is not None and query:
        query = without_replaced_years(query, only, guarded.topic or "")
    return guarded if query == guarded.query else attrs.evolve(guarded, query=query or None)


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
        core_name(mention.name, request, vocabulary)
        for mention in mentions
        if typed_as_name(question, mention, view.known)
    ]
    nodes = request.memory.nodes
    replying = bool(nodes) and asks_back(nodes[-1].answer)
    if not stands_alone(question, names, replying):
        return _without_left_topics(request, node, names, listings)
    node = _on_typed_name(request, node, names)
    # The writer's query stays where it only wrote a name with its page's capitals.
    if node.query is not None and node.query.split() and same_words(node.query, question):
        return node
    return attrs.evolve(node, query=cut(question, QUERY_CHARS) or node.query)


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
    if "?" not in question and not set(folded_words(question)) & cues.ASKING_WORDS:
        return None
    query = with_name(question, current.name, ANY_PRONOUN)
    return attrs.evolve(
        node,
        topics=(current.name,),
        operations=(Operation(OpKind.REFINE, current.name),),
        contradicts=(),
        query=cut(query, QUERY_CHARS),
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
        proposing = bool(set(folded_words(sentence)) & _PROPOSING_WORDS)
        if (proposing or WORTH_TRYING.search(sentence)) and mention.name not in view.state:
            offered.add(mention.name)
    return frozenset(offered)


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
    at = typed_at(text, name)
    pronouns = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS
    if at is None or not set(folded_words(text[at:])) & pronouns:
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
    text = EXISTENTIAL_THERE.sub(" ", cues.normalise_turn(question))
    at = typed_at(text, topic)
    if at is None:
        return False
    return not any(
        match.group().casefold() in cues.LEANING_WORDS for match in WORD.finditer(text[:at])
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
    keep = set(folded_words(request.turn.question)) | set(folded_words(" ".join(node.topics)))
    drop = {word for name in left for word in folded_words(name)} - keep
    if not drop:
        return node
    kept = [
        word
        for word in query.split()
        if not (set(folded_words(word)) and set(folded_words(word)) <= drop | {"s"})
    ]
    return attrs.evolve(node, query=" ".join(kept) or query)
