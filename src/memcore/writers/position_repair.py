"""A correction whose new referent is a list position (spec/writer-cues-self-repair.md,
"A repair to a list position").

"when did Metropolis come out? no wait, the second one": the user types a listed name, takes
it back, and names what was meant by its place in the list instead of by name. The place is
read against the list that holds the name taken back, and the final turn is then read with
the member's name written where the place stood ("... no wait, Parasite"), so that the name
roles (spec/writer-cues-roles.md) take the typed name back and keep the member, as they do
for a repair that names its member outright. A place the turn declines ("I'll pass on the
first one", spec/writer-cues-positions.md, "A place declined by its position") is named the
same way, with every other place of the turn, in the newest list. "The other one" in a turn
that retracts nothing moves to the other of a pair that holds the current topic
(spec/writer-cues-positions.md, "The other of a pair, without a retraction").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.replay import Status
from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.own_list_place import own_list_choice
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.lists import (
    MIDDLE,
    REMAINING,
    PlaceGroup,
    Position,
    find_place_groups,
    find_positions,
    pick,
    pick_group,
)
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.rules.view import View, taken_up

# "I meant" restates the intent as a retraction does ("X? I meant the last one").
_RETRACTING = re.compile(cues.RETRACTION.pattern + r"|\bi\s+meant\b", re.IGNORECASE)


def _counted(position: Position) -> bool:
    """Whether `position` counts a place in a list by itself: from either end or the middle,
    not beside a named member nor relative to the talk ("the next one", "the remaining one")."""
    return not position.anchor and (position.index == MIDDLE or -10 <= position.index <= 10)


def with_position_named(
    request: WriterRequest, vocabulary: TitleVocabulary | None
) -> WriterRequest:
    """`request` with its final turn's positional repair written as the member it points at;
    `request` itself for any other turn, or where the place points at no other member of the
    list holding the name taken back."""
    if not request.turn.final:
        return request
    text = cues.normalise_turn(request.turn.question)
    numbered = _with_bare_numbers_named(request, text, vocabulary)
    if numbered is not None:
        return numbered
    declined = _with_declined_places(request, text, vocabulary) or _with_places_beside_refusal(
        request, text, vocabulary
    )
    if declined is not None:
        return declined
    chosen = own_list_choice(text, View.of(request, vocabulary).mentions(text))
    if chosen is not None:
        return attrs.evolve(request, turn=attrs.evolve(request.turn, question=chosen))
    retractions = [match.start() for match in _RETRACTING.finditer(text)]
    if not retractions:
        return _other_of_current(request, text, vocabulary) or request
    view = View.of(request, vocabulary)
    mentions = view.mentions(text)
    last = retractions[-1]
    before = [mention for mention in mentions if mention.end <= last]
    # A name typed after the last retraction is the repair itself: nothing to resolve.
    if not before or any(mention.start > last for mention in mentions):
        return request
    taken_back = before[-1].name
    # "X? hmm no, the other one, sorry": the retraction right after the name opens the repair;
    # "the other" is of a pair a list holds, else of the two names an earlier turn typed.
    opening = min(at for at in retractions if at >= before[-1].end)
    other = _other_of_pair(request, text, opening, taken_back, view) or _the_other_of_two(
        request, text, opening, taken_back, view
    )
    if other is not None:
        return other
    after = [position for position in find_positions(text) if position.start > last]
    if len(after) != 1 or not _counted(after[0]):
        return request
    listing = next((item for item in view.listings if taken_back in item.names), None)
    if listing is None:
        return request
    member = pick(listing, after[0])
    if member is None or member == taken_back:
        return request
    position = after[0]
    named = text[: position.start] + member + text[position.end :]
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))


def _other_of_pair(
    request: WriterRequest, text: str, start: int, taken_back: str, view: View
) -> WriterRequest | None:
    """`request` with "the other one" after the retraction at `start` written as the other
    member of the pair that holds the name taken back ("how long is Amelie? no wait, the other
    one" after "I'm torn between Amelie and Vertigo"): "the other" of two is counted from the
    one the turn just named, not from the topic the talk was on. None where no pair holds it."""
    other = cues.THE_OTHER.search(text, start)
    if other is None:
        return None
    pair = next(
        (item for item in view.listings if taken_back in item.names and len(item.names) == 2),
        None,
    )
    if pair is None:
        return None
    member = next(name for name in pair.names if name != taken_back)
    named = text[: other.start()] + member + text[other.end() :]
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))


def _the_other_of_two(
    request: WriterRequest, text: str, opening: int, taken_back: str, view: View
) -> WriterRequest | None:
    """The request with "the other one" after the turn's last retraction written as the other
    of the two names the conversation last offered together with the name taken back ("my
    two options are Helsinki and Tbilisi", "Vespa or Game Boy: which is better known?"):
    "the other" presupposes a pair, and the one not taken back is meant. None where no
    "the other" follows the retraction at `opening`, or where no earlier turn types the name
    with exactly one other."""
    said = cues.THE_OTHER.search(text, opening)
    if said is None:
        return None
    for node in reversed(view.recent):
        for part in (node.answer, node.question):
            names = list(dict.fromkeys(m.name for m in view.mentions(part)))
            if taken_back not in names:
                continue
            if len(names) != 2:
                break
            other = next(name for name in names if name != taken_back)
            named = text[: said.start()] + other + text[said.end() :]
            return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
    return None


def _other_of_current(
    request: WriterRequest, text: str, vocabulary: TitleVocabulary | None
) -> WriterRequest | None:
    """The request with "the other one" written as the other of the two names an earlier turn
    typed together with the topic the talk is on ("I can't decide between A and B" or "... People
    often bring up B in the same breath", then "and the other one? when did that one launch?"):
    a move to the other of a pair, where the turn retracts nothing. None where the turn types
    a name, is no more than "the other one" (a correction, read as one), or no pair holds the
    current topic."""
    # "the other one", "the other of the two", "the other film"; not "the other two".
    said = re.search(cues.THE_OTHER_TEXT, text, re.IGNORECASE)
    current = request.state.current
    if said is None or current is None:
        return None
    view = View.of(request, vocabulary)
    if view.mentions(text):
        return None
    around = (text[: said.start()] + " " + text[said.end() :]).split()
    if not [word for word in around if re.search(r"\w", word)]:
        return None
    if any(current.name in item.names and len(item.names) != 2 for item in view.listings):
        # The current topic is one of a longer list: "the other" counts no pair.
        return None
    moved = _the_other_of_two(request, text, said.start(), current.name, view)
    if moved is None:
        return None
    # After a name of the pair was turned down ("X is out"), "the other one" is the one left,
    # which the retraction readers settle; this reading moves between two that both stand.
    if any(view_of.status is Status.DROPPED for view_of in request.state.topics):
        return None
    return moved


# A clause ends at a mark or a spaced dash ("not X either - how tall is the one left?").
_CLAUSE_MARK = re.compile(r"[,;:.!?]|\s[-\u2013\u2014]+(?=\s)")


def _declines(text: str, position: Position | PlaceGroup) -> bool:
    """Whether the clause of `position` negates it or sets it aside ("I'll pass on the first
    one", "the first one doesn't interest me", "the second and third aren't for me"), outside
    a question."""
    start = max((m.end() for m in _CLAUSE_MARK.finditer(text, 0, position.start)), default=0)
    close = _CLAUSE_MARK.search(text, position.end)
    end = close.start() if close is not None else len(text)
    if close is not None and close.group() == "?":
        return False
    return (
        cues.NEGATION.search(text, start, end) is not None
        or cues.SETTING_ASIDE_PHRASE.search(text, start, end) is not None
        # "that's the first one done": a place the turn is through with is where it moves
        # from, read by the name roles once named (writer-cues-roles.contrast).
        or cues.COMPLETED_AFTER.match(text[position.end : end]) is not None
    )


def _with_declined_places(
    request: WriterRequest, text: str, vocabulary: TitleVocabulary | None
) -> WriterRequest | None:
    """`request` with every counted place of its final turn written as the member of the
    newest list, where the turn declines one of them by its place (spec/writer-cues-roles.md,
    "A place declined"); None where it declines none or a place points at no member. Several
    places said at once ("the second and third", "the first two") are declined together and
    written as their members joined as the turn joins them ("Y and Z"), and "the one that's
    left" is the member no place declined and the talk has not taken up
    (spec/writer-cues-positions.md, "Places declined together")."""
    # A place left out of a complement ("not the first one, the rest") is declined only as
    # the complement's part: the complement reads it (`lists.find_place_groups`).
    groups = find_place_groups(text)
    complements = [group for group in groups if group.excluded or group.excluded_name]
    joined = [
        group
        for group in groups
        if group.indices and all(-10 <= index <= 10 and index != MIDDLE for index in group.indices)
    ]
    found = [
        p
        for p in find_positions(text)
        if not any(g.start <= p.start < g.end for g in complements)
        and not any(g.start <= p.start < g.end or p.start <= g.start < p.end for g in joined)
    ]
    positions = [p for p in found if _counted(p)]
    declined = [p for p in positions if _declines(text, p)]
    declined_groups = [group for group in joined if _declines(text, group)]
    if not declined and not declined_groups:
        return None
    view = View.of(request, vocabulary)
    if not view.listings:
        return None
    listing = view.listings[0]
    members: list[str | None] = [pick(listing, position) for position in positions]
    spans: list[Position | PlaceGroup] = list(positions)
    refused: set[str] = {str(pick(listing, position)) for position in declined}
    for group in joined:
        picked = pick_group(listing, group)
        if picked is None:
            return None
        if group in declined_groups:
            refused |= set(picked)
        spans.append(group)
        members.append(", ".join(picked[:-1]) + f" {group.joint} {picked[-1]}")
    # "the one that's left": the member neither declined here nor taken up before.
    left = [p for p in found if p.index == REMAINING]
    taken = frozenset(refused) | taken_up(listing, view)
    spans.extend(left)
    members.extend(pick(listing, position, discussed=taken) for position in left)
    if any(member is None for member in members):
        return None
    return _with_members_named(request, text, spans, members)


def declined_places_named(request: WriterRequest, vocabulary: TitleVocabulary | None) -> str | None:
    """The turn's text with every place it declines written as the member of the newest list
    ("not the second one, that one doesn't interest me" reads "not Kyoto, ..."), for any turn;
    None where it declines no place or a place points at no member."""
    text = cues.normalise_turn(request.turn.question)
    named = _with_declined_places(request, text, vocabulary)
    return None if named is None else named.turn.question


def _refuses(text: str, start: int, end: int) -> bool:
    """Whether the clause around `start`..`end` refuses what it names ("X is a no", "X is out
    too", "not X either"), outside a question."""
    low = max((m.end() for m in _CLAUSE_MARK.finditer(text, 0, start)), default=0)
    close = _CLAUSE_MARK.search(text, end)
    high = close.start() if close is not None else len(text)
    if close is not None and close.group() == "?":
        return False
    return any(
        pattern.search(text, low, high) is not None
        for pattern in (
            cues.NEGATION,
            cues.SETTING_ASIDE_PHRASE,
            cues.REFUSED_PREDICATE,
            # "I've gone off X", "I'm tired of X" (writer-cues-roles.appraisal).
            cues.WEARY_OF,
        )
    )


def _with_places_beside_refusal(
    request: WriterRequest, text: str, vocabulary: TitleVocabulary | None
) -> WriterRequest | None:
    """`request` with every counted place of its final turn written as the member of the
    newest list, where the turn also refuses a member of that list by name in a clause of its
    own ("Nairobi is also a no. what is the last one you listed famous for?"), so that the
    name roles read the refusal and the member asked about together
    (spec/writer-cues-positions.md, "A place beside a refusal by name"); None for any other
    turn, a turn that retracts, or where a place points at no member or at the member
    refused."""
    positions = [p for p in find_positions(text) if _counted(p) or p.index == REMAINING]
    if not positions or any(group.excluded for group in find_place_groups(text)):
        return None
    # A turn that retracts ("sorry, I wanted the last one, not X") is a repair, read below.
    if _RETRACTING.search(text) is not None:
        return None
    view = View.of(request, vocabulary)
    if not view.listings:
        return None
    listing = view.listings[0]
    mentions = view.mentions(text)
    # The shared name roles read every form of refusal ("X sounds dull too", writer-cues-roles
    # .appraisal); the clause reading adds the short predicates they leave to a place.
    refused = {
        mention.name
        for mention in mentions
        if mention.name in listing.names and _refuses(text, mention.start, mention.end)
    } | (set(read_turn(text, mentions).taken_back) & set(listing.names))
    if not refused:
        return None
    # A place the turn refuses beside the name ("X and the third one are out") is refused
    # with it; the member at any other place must not be one refused.
    declined = [p for p in positions if _counted(p) and _refuses(text, p.start, p.end)]
    declined_members = {pick(listing, position) for position in declined}
    refused |= {str(member) for member in declined_members if member is not None}
    # "the one that's left" is the complement of every refusal: this turn's and those of
    # earlier turns (dropped), with what the talk took up since the list.
    taken = refused | taken_up(listing, view)
    members = [pick(listing, position, discussed=frozenset(taken)) for position in positions]
    if any(
        member is None or (member in refused and position not in declined)
        for position, member in zip(positions, members, strict=True)
    ):
        return None
    return _with_members_named(request, text, positions, members)


def _with_members_named(
    request: WriterRequest,
    text: str,
    positions: Sequence[Position | PlaceGroup],
    members: Sequence[str | None],
) -> WriterRequest:
    """`request` with its final turn `text` read with each member's name where its place
    stood (the last place first, so earlier spans keep their offsets)."""
    named = text
    for position, member in sorted(
        zip(positions, members, strict=True), key=lambda pair: -pair[0].start
    ):
        named = named[: position.start] + str(member) + named[position.end :]
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))


# A bare number that stands for an item of a numbered list ("crossing off 1 and 3", "2 is
# out", "neither 2 nor 3 for me, so 1 it is", "no to 1."), alone or after "number", "no." or
# "#" ("what is number 2 known for?"): a digit alone, not part of a
# number, a time or a name ("Apollo 11"), and not counting anything after it ("2 hours",
# "3 of them"): it is followed by a mark, the turn's end or a word that cannot be counted.
_BARE_NUMBER = re.compile(
    r"(?:\b(?:number|no\.)\s*|(?<!\w)#)(?P<labelled>[1-9])(?![\d.,:/]\d|\d)"
    r"|(?<![\w.,:/#$-])(?P<number>[1-9])"
    r"(?=\s*(?:[.,;:!?)\n]|$)(?!\d)|\s+(?:and|or|nor|is|was|it|for|are|too|either|then|but"
    r"|out|instead|please|works|wins)\b)",
    re.IGNORECASE,
)


_PRECEDING_WORD = re.compile(r"([^\W\d_]+)\s*$")


def _after_head(text: str, at: int) -> bool:
    """Whether the word before `at` is a head noun that labels a member ("choice", "option")."""
    word = _PRECEDING_WORD.search(text, 0, at)
    return word is not None and word.group(1).casefold() in cues.LIST_MEMBER_HEADS


def _numbered_listing(request: WriterRequest, view: View) -> tuple[str, ...]:
    """The names of the newest list, where its turn gave them as numbered items ("my options:
    1. A 2. B 3. C", "1) A\n2) B\n3) C"): each item, in order, opens with its member's name;
    none otherwise."""
    listing = view.listings[0] if view.listings else None
    if listing is None:
        return ()
    node = next((n for n in request.memory.nodes if n.turn == listing.turn), None)
    if node is None:
        return ()
    for part in (node.question, node.answer):
        folded, at = cues.normalise_turn(part).casefold(), 0
        for place, name in enumerate(listing.names, start=1):
            label = re.compile(rf"(?<![\w.]){place}[.)]\s*{re.escape(name.casefold())}(?!\w)")
            found = label.search(folded, at)
            if found is None:
                break
            at = found.end()
        else:
            return listing.names
    return ()


def _with_bare_numbers_named(
    request: WriterRequest, text: str, vocabulary: TitleVocabulary | None
) -> WriterRequest | None:
    """`request` with every bare number of its final turn that counts an item of the newest
    list, a numbered one, written as that item's name (spec/writer-cues-positions.md#writer-
    cues-positions.bare-numbers), so the name roles read what the turn does with each; None
    where the turn has no such number or the newest list is not numbered."""
    # A number after a head noun ("choice 1", "option 2") is a label the list readers read.
    found = [
        match
        for match in _BARE_NUMBER.finditer(text)
        if match.group("labelled") or not _after_head(text, match.start())
    ]
    if not found:
        return None
    # A turn that opens with the one number it names ("number 2, who designed it?") picks that
    # item as its subject: the list readers read the pick and write the question about it.
    if len(found) == 1 and not text[: found[0].start()].strip():
        return None
    names = _numbered_listing(request, View.of(request, vocabulary))
    places = [int(m.group("labelled") or m.group("number")) for m in found]
    if not names or any(place > len(names) for place in places):
        return None
    named = text
    for match, place in reversed(list(zip(found, places, strict=True))):
        member = names[place - 1]
        named = named[: match.start()] + member + named[match.end() :]
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=named))
