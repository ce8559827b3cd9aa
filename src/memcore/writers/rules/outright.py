"""Turns whose decision needs no scorer: they name what they mean outright.

A place in the conversation ("the one before that", `earlier`), a place in a list an earlier
turn gave, in a turn that names nothing else ("how deep is the latter?", `lists`), a name
an earlier answer offered, picked by a fragment ("The West branch."), and a new value for
the question just asked ("sorry, 2017 not 2016", `values`) settle the topic and the
query by themselves. The cascade takes them before its steps, and the learned writer keeps the
cascade's node for them whole: its scorers and its term selection would only add the words
of the topic left, or the old value.
"""

from __future__ import annotations

import re

from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.decision import Decision, arrive, depends, pronouns_for
from memcore.writers.rules.earlier import (
    EarlierPick,
    earlier_decision,
    pointed_decision,
    takes_back,
    unlisted_position,
)
from memcore.writers.rules.features import without_steering
from memcore.writers.rules.lists import (
    PREVIOUS,
    REMAINING,
    Listing,
    PlaceGroup,
    find_place_groups,
    find_positions,
    find_remaining_groups,
    pick_group,
    remaining_members,
)
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.preference import preferred_decision
from memcore.writers.rules.referents import position_referent
from memcore.writers.rules.spans import Mention
from memcore.writers.rules.superlatives import superlative_pick
from memcore.writers.rules.text import QUERY_CHARS, content_words, cut, with_name, words_of
from memcore.writers.rules.values import (
    answer_asked_again,
    revised_value,
    revised_with_question,
)
from memcore.writers.rules.view import View, taken_up


def outright_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that names what it means outright (see the module docstring),
    or None."""
    return (
        rest_pick_decision(text, view)
        or other_after_set_aside(text, view)
        or grouped_decision(text, view)
        or (listed_decision(text, view) if _neighbour_in_list(text, view) else None)
        or earlier_decision(text, view)
        or offered_decision(text, view)
        or listed_decision(text, view)
        or unlisted_decision(text, view)
        or ranked_decision(text, view)
        or revised_with_question(text, view)
        or revised_value(text, view)
        or answer_asked_again(text, view)
        or preferred_decision(text, view)
    )


def _neighbour_in_list(text: str, view: View) -> bool:
    """Whether the turn points at the member before the one the talk is on ("the one above
    it", "the one listed just before that") while that one is a member of a list: the list's
    order is meant, not the order the talk took (`earlier`), which "the one before" alone
    counts."""
    current = view.current
    listing = view.listing_with(current)
    return (
        current is not None
        and listing is not None
        and current in listing.names
        and any(position.index == PREVIOUS for position in find_positions(text))
    )


# The words that may join an ordinal to the rest of a list it counts in: "of the remaining
# two, the second one", "the second of the other two", "from the ones left, the last".
_REST_JOINT = re.compile(r"^[\s,:;-]*(?:(?:out\s+)?of|from|among(?:st)?)?[\s,:;-]*$", re.IGNORECASE)
_REST_OPENING = re.compile(
    r"(?:\b(?:out\s+)?of|\bfrom|\bamong(?:st)?|\bbetween)[\s,]*$", re.IGNORECASE
)


def _rest_spans(text: str) -> list[tuple[int, int, int | None]]:
    """Every phrase of `text` that names the rest of a list: its span and the number of
    members it counts (None: uncounted, "the ones left")."""
    counted = [(g.start, g.end, len(g.indices)) for g in find_remaining_groups(text)]
    uncounted: list[tuple[int, int, int | None]] = [
        (m.start(), m.end(), None) for m in cues.REMAINING_REST.finditer(text)
    ]
    return [*counted, *uncounted]


def _joined(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether two spans overlap or only joining words stand between them."""
    (_, high), (other_low, _) = sorted((first, second))
    return other_low <= high or _REST_JOINT.match(text[high:other_low]) is not None


def _rest_of(listing: Listing, view: View) -> tuple[str, ...]:
    """The members of `listing` the talk has neither set aside nor taken up: not dropped,
    no subject since the list, typed in no question since."""
    asked = [node.question.casefold() for node in view.recent if node.turn > listing.turn]
    done = taken_up(listing, view) | {
        name for name in listing.names if any(name.casefold() in q for q in asked)
    }
    return tuple(name for name in listing.names if name not in done)


def rest_pick_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that counts among what is left of a list ("of the remaining
    two, the second one", "the first of the ones left", "from the ones still left, the
    last"): the ordinal counts only the members the talk has neither set aside (dropped)
    nor taken up, in the list's order
    (spec/writer-cues-positions.md#writer-cues-positions.rest-pick)."""
    rests = _rest_spans(text)
    if not rests:
        return None
    positions = [
        p
        for p in find_positions(text)
        if not p.anchor and not p.group and not p.part and -10 <= p.index <= 10 and p.index
    ]
    # The rest named first sets the scope of an ordinal anywhere after it in the turn ("of the
    # remaining two... what is the population of the second one?"); named after, it must be
    # joined to the ordinal ("the second of the ones left").
    pairs = [
        (position, rest)
        for position in positions
        for rest in rests
        if _joined(text, (position.start, position.end), (rest[0], rest[1]))
        or rest[1] <= position.start
    ]
    if len(pairs) != 1:
        return None
    position, (rest_start, rest_end, count) = pairs[0]
    listing = view.listing_with(view.current) or (view.listings[-1] if view.listings else None)
    if listing is None:
        return None
    left = _rest_of(listing, view)
    if len(left) < 2 or len(left) == len(listing.names) or count not in (None, len(left)):
        return None
    at = position.index - 1 if position.index > 0 else len(left) + position.index
    if not 0 <= at < len(left):
        return None
    name = left[at]
    besides = [
        m.name
        for m in view.mentions(text)
        if not (rest_start <= m.start < rest_end or position.start <= m.start < position.end)
        and m.known
    ]
    if any(other not in view.state or view.was_subject(other) for other in besides):
        return None
    if rest_start < position.start:
        opening = _REST_OPENING.search(text, 0, rest_start)
        rest_start = opening.start() if opening is not None else rest_start
    if _joined(text, (position.start, position.end), (rest_start, rest_end)):
        span = (min(position.start, rest_start), max(position.end, rest_end))
        return pointed_decision(EarlierPick(name, span, None), text, view)
    # The rest said apart, before the ordinal: it leaves the text, and the ordinal's place
    # holds the member.
    cut = rest_end - rest_start
    without = text[:rest_start] + text[rest_end:]
    span = (position.start - cut, position.end - cut)
    return pointed_decision(EarlierPick(name, span, None), without, view)


def other_after_set_aside(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at "the other one" right after a turn that only set
    names aside ("I'm not bothering with X." then "how long did the other one last?"), typing
    no name: the one member left of the list that holds a name set aside, else the newest
    topic neither set aside nor dropped
    (spec/writer-cues-roles.md#writer-cues-roles.set-aside-turn)."""
    previous = view.previous
    if previous is None or not previous.operations:
        return None
    if any(op.kind is not OpKind.ABANDON for op in previous.operations):
        return None
    match = cues.THE_OTHER.search(text)
    if match is None or any(m.known for m in view.mentions(text)):
        return None
    dropped = {op.topic for op in previous.operations}
    name = None
    for listing in view.listings:
        if dropped & set(listing.names):
            left = [n for n in listing.names if n not in dropped and not view.is_dropped(n)]
            name = left[0] if len(left) == 1 else None
            break
    if name is None:
        live = [n for n in view.primaries() if n not in dropped and not view.is_dropped(n)]
        if not live:
            return None
        name = live[0]
    return pointed_decision(EarlierPick(name, (match.start(), match.end()), None), text, view)


# The end of a clause: a mark of punctuation or a new line.
_CLAUSE_END = re.compile(r"[,;:.!?\n]")


def grouped_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at several members of one list at once ("the first
    or the last one", "the last two") and types no subject's name besides: its query names
    every member pointed at, joined as the turn joins the places; its topic is the first."""
    for group in (*find_remaining_groups(text), *find_place_groups(text)):
        if _asked_elsewhere(text, group):
            continue
        listing = view.listing_with(view.current)
        names = None if listing is None else _members(listing, group, view)
        if not names:
            continue
        besides = [
            m.name
            for m in view.mentions(text)
            if (m.start < group.start or m.end > group.end) and m.known
        ]
        if any(name not in view.state or view.was_subject(name) for name in besides):
            return None
        joined = ", ".join(names[:-1]) + f" {group.joint} {names[-1]}"
        query = cut(
            " ".join((text[: group.start] + joined + text[group.end :]).split()), QUERY_CHARS
        )
        return Decision(
            topic=names[0],
            operations=(arrive(names[0], view),),
            basis=query,
            extra_topics=names[1:],
            pronouns=pronouns_for(names[0], view),
            kind=view.kind(names[0]),
            query=query,
        )
    return None


def _asked_elsewhere(text: str, group: PlaceGroup) -> bool:
    """Whether a clause that asks nothing holds `group` and a later question points at one
    place of its own ("I know the first two already. who directed the third?", "the last two
    I've read, so just the first: when did it launch?"): the statement says what the user
    has, and the question's place is the one asked about (`position_referent`)."""
    statement_end = _CLAUSE_END.search(text, group.end)
    if statement_end is None or statement_end.group() == "?":
        return False
    return any(
        position.start >= statement_end.end() and "?" in text[position.end :]
        for position in find_positions(text)
    )


def _members(listing: Listing, group: PlaceGroup, view: View) -> tuple[str, ...] | None:
    """The members `group` points at: its places, or the members the user has not taken up
    (typed, in any case, in no question after the list), as many as the group counts."""
    if group.indices and all(index == REMAINING for index in group.indices):
        asked = [node.question.casefold() for node in view.recent if node.turn > listing.turn]
        discussed = frozenset(
            name for name in listing.names if any(name.casefold() in question for question in asked)
        )
        return remaining_members(listing, discussed, len(group.indices))
    return pick_group(listing, group)


def offered_decision(text: str, view: View) -> Decision | None:
    """The decision of a fragment that only picks a name an earlier answer offered ("The West
    branch." after "the Penobscot River begins where the West Branch meets the East Branch"):
    it goes on with the topic that answer was about, the name being a part or an option of
    it, not a subject of its own, and asks that topic's last question again about the name.
    Only for a name that is neither a page title nor a topic in memory, in a turn that asks
    nothing, takes nothing back and has no other word of its own."""
    mentions = view.mentions(text)
    if not mentions or "?" in text or set(words_of(text)) & cues.ASKING_WORDS:
        return None
    if any(pattern.search(text) for pattern in cues.CORRECTION):
        return None
    name = mentions[0].name
    titles = view.vocabulary.by_key if view.vocabulary is not None else {}
    if name in view.state or name.casefold() in titles:
        return None
    if content_words(text, [(m.start, m.end) for m in mentions]):
        return None
    turn = next(
        (turn for turn, offered in reversed(view.answer_mentions) if name in _names(offered)),
        None,
    )
    asked = [node for node in view.recent if node.turn == turn]
    about = asked[0].topic if asked else None
    if about is None or about == name or view.is_dropped(about):
        return None
    question = without_steering(asked[0].question)
    return Decision(
        topic=about,
        operations=(arrive(about, view),),
        basis=text,
        extra_topics=(name,),
        pronouns=pronouns_for(about, view),
        depends_on=depends(view, about),
        kind=view.kind(about),
        query=with_name(f"{text} {question}", about, frozenset()),
    )


def _names(mentions: tuple[Mention, ...]) -> set[str]:
    return {mention.name for mention in mentions}


def ranked_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at the name the last answer ranked with a
    superlative ("who wrote the music for the oldest one?"), and types no subject's name
    besides (`superlatives`)."""
    pick = superlative_pick(text, view)
    if pick is None:
        return None
    name, (start, end) = pick
    besides = [m.name for m in view.mentions(text) if (m.start < start or m.end > end) and m.known]
    if any(other not in view.state or view.was_subject(other) for other in besides):
        return None
    return pointed_decision(EarlierPick(name, (start, end), None), text, view)


def unlisted_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at a list place where no list was given, and types
    no subject's name besides: it counts the conversation's subjects (`unlisted_position`)."""
    pick = unlisted_position(text, view)
    # A turn that takes the current topic back ("no, I meant the first one") cannot mean it.
    if pick is None or (takes_back(text) and pick.name == view.current):
        return None
    start, end = pick.span
    besides = [m.name for m in view.mentions(text) if m.start < start or m.end > end]
    if any(name not in view.state or view.was_subject(name) for name in besides):
        return None
    return pointed_decision(pick, text, view)


def listed_decision(text: str, view: View) -> Decision | None:
    """The decision of a turn that points at a member of an earlier list and types no name
    besides ("was Buzz Aldrin the second one?" asks about the name it types), except a name
    that only rode along with an earlier subject ("did the second one win any Oscars?")."""
    referent = position_referent(text, 0, view, view.current)
    if referent is None:
        return None
    start, end = referent.span
    # A capitalised word no page and no memory knows ("Oscars") is part of what is asked; a
    # name the turn takes back ("the last one, not parasite") is asked about no more.
    mentions = view.mentions(text)
    taken_back = set(read_turn(text, mentions).taken_back)
    besides = [
        m.name
        for m in mentions
        if (m.start < start or m.end > end) and m.known and m.name not in taken_back
    ]
    if any(name not in view.state or view.was_subject(name) for name in besides):
        return None
    return pointed_decision(EarlierPick(referent.name, referent.span, None), text, view)


def decided_outright(request: WriterRequest, vocabulary: TitleVocabulary | None) -> bool:
    """Whether `request`'s turn names what it means outright (`outright_decision`)."""
    text = cues.normalise_turn(request.turn.question)
    return outright_decision(text, View.of(request, vocabulary)) is not None
