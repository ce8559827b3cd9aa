"""Candidate referents by position, fact and description: what a span of the turn points at.

Each finder reads one kind of reference (`ReferentKind`): a position in an earlier list, a
stored fact, a kind noun, "the other one", or a same-name page ("no, I meant the actor").
"""

from __future__ import annotations

import re

from memcore.search.titles import normalise_title
from memcore.search.tokenize import STOPWORDS, tokenize
from memcore.writers import cues
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.bold import bold_members, speaks_of_bold, without_bold_adjective
from memcore.writers.rules.decision import Referent, ReferentKind
from memcore.writers.rules.features import kind_of_noun
from memcore.writers.rules.grid import grid_member
from memcore.writers.rules.lists import (
    ADDED,
    GRID_CORNER,
    IN_BOTH,
    SAME_PLACE,
    SUGGESTED,
    Listing,
    Position,
    anchor_length,
    answer_ranking,
    batches_joined,
    find_positions,
    in_answer_order,
    listing_for,
    pick,
)
from memcore.writers.rules.text import is_word_topic, words_of
from memcore.writers.rules.view import View, taken_up

# How much of an earlier answer is read for a page a description names.
ANSWER_SCAN = 300
# The longest run of typed words looked up as a name.
MAX_TYPED_WORDS = 6


# Places that count in no one list: the name the assistant added, the name two lists share, a
# corner of a list laid out as a grid.
_OUTSIDE_ANY_LIST = frozenset({ADDED, IN_BOTH, GRID_CORNER})


def _named_outside_list(position: Position, view: View) -> str | None:
    """The name a place of `_OUTSIDE_ANY_LIST` points at, or None."""
    if position.index == ADDED:
        return added_member(view)
    if position.index == IN_BOTH:
        return shared_member(view)
    return grid_member(view, position.row, position.column)


def position_referent(segment: str, offset: int, view: View, anchor: str | None) -> Referent | None:
    """The name at the last position the segment names in a list (`anchor`'s first)."""
    found = None
    for position in find_positions(without_bold_adjective(segment)):
        if position.index in _OUTSIDE_ANY_LIST:
            named = _named_outside_list(position, view)
            if named is not None:
                span = (offset + position.start, offset + position.end)
                found = Referent(named, span, ReferentKind.POSITION)
            continue
        listing = listing_for(view.listings, position, anchor)
        if listing is None:
            continue
        if position.ranked:
            listing = _ranked(listing, view)
        if speaks_of_bold(segment):
            # "the second bold one": places count among the members set in bold.
            listing = bold_members(listing, view)
        if position.index == SAME_PLACE:
            name = same_place_member(listing, view)
        elif position.index == SUGGESTED:
            # An answer that picks none of the user's names singles out the one it adds
            # ("A or B?" - "either works, though C is worth a look too").
            name = suggested_member(listing, view) or added_member(view)
        else:
            name = pick(listing, position, anchor, taken_up(listing, view))
        joined = batches_joined(view.listings, listing)
        if name is None and joined is not None and position.index > len(listing.names):
            # A place past the end of one batch counts on through the whole enumeration.
            name = pick(joined, position, anchor, taken_up(joined, view))
        if name is not None:
            found = Referent(
                name,
                (offset + position.start, offset + _pointing_end(segment, position, listing)),
                ReferentKind.POSITION,
            )
    return found


def _ranked(listing: Listing, view: View) -> Listing:
    """`listing` in the order its turn's answer ranks it: only the members the answer keeps
    where it keeps some (`answer_ranking`), else all in the order it names them."""
    answer = next((node.answer for node in view.recent if node.turn == listing.turn), "")
    ranked = answer_ranking(listing, answer, view.mentions(answer)) if answer else listing
    if ranked is not listing:
        return ranked
    return in_answer_order(listing, view.answer_names(listing.turn))


def _pointing_end(segment: str, position: Position, listing: Listing) -> int:
    """Where the words that point end: a place counted from a named member ("the one after
    Ada Lovelace best known for?") ends with that member's name, and the words after it
    are the question's own ("what is Charles Darwin best known for?")."""
    if not position.anchor:
        return position.end
    at = segment.find(position.anchor, position.start, position.end)
    length = anchor_length(listing.names, position.anchor)
    if at < 0 or length is None:
        return position.end
    return min(position.end, at + length)


def same_place_member(listing: Listing, view: View) -> str | None:
    """The member of `listing`, a newer batch of a list, at the place the talk's one member
    taken up from the batch before it held ("A, B, C" - "the second one?" - "more?" - "D, E,
    F" - "same position in the new list" is E); None where `listing` extends no batch or the
    talk took up no single member of it."""
    earlier = next(
        (other for other in view.listings if other.turn == listing.extends and not other.asked),
        None,
    )
    if not listing.extends or earlier is None:
        return None
    taken = [name for name in earlier.names if name in taken_up(earlier, view)]
    if len(taken) != 1:
        return None
    at = earlier.names.index(taken[0])
    return listing.names[at] if at < len(listing.names) else None


def shared_member(view: View) -> str | None:
    """The one name that two of the assistant's lists both hold ("the one on both lists"):
    of the newest list that shares a name with a list before it, that name; None where the
    newest such pair shares none or several."""
    answered = [listing for listing in view.listings if not listing.asked]
    for at in range(len(answered) - 1, 0, -1):
        newer = {name.casefold(): name for name in answered[at].names}
        for older in reversed(answered[:at]):
            shared = [
                newer[key]
                for key in dict.fromkeys(n.casefold() for n in older.names)
                if key in newer
            ]
            if len(shared) == 1:
                return shared[0]
            if shared:
                return None
    return None


def added_member(view: View) -> str | None:
    """The name the assistant brought in beside the user's own ("the one you added", "your
    extra one"): the first name of the newest answer that names one no user turn typed; None
    where no answer adds a name."""
    typed = {
        mention.name.casefold() for node in view.recent for mention in view.mentions(node.question)
    }
    for _, mentions in reversed(view.answer_mentions):
        added = [mention.name for mention in mentions if mention.name.casefold() not in typed]
        if added:
            return added[0]
    return None


def suggested_member(listing: Listing, view: View) -> str | None:
    """The member of `listing` the assistant singled out ("the one you suggested"): the first
    member named by its newest answer since the list that is no list of its own ("I'd start
    with B; the other two..." after the user asked about A, B and C), or the one member the
    answer that gave the list names twice ("A, B or C - B is my favourite"); None where no
    such answer names a member."""
    for turn, mentions in reversed(view.answer_mentions):
        if turn < listing.turn:
            continue
        named = [mention.name for mention in mentions if mention.name in listing.names]
        if turn == listing.turn and not listing.asked and not _orders_asked(listing, view):
            # The answer that gave the list singles out the member it names again ("A, B or
            # C - B is my favourite", "A, B and C. If I had to pick one, it would be B").
            # An answer that puts the user's own names in order ("A, B or C - which first?" -
            # "I'd start with B, then C") picks among them: the first it names.
            again = [name for name in dict.fromkeys(named) if named.count(name) > 1]
            if len(again) == 1:
                return again[0]
            preferred = _preferred_in(view, turn, listing)
            if preferred is not None:
                return preferred
            continue
        if named:
            return named[0]
    return None


# The assistant's own preference in a clause of its answer ("my favourite", "I love", "if I
# had to pick one").
_PREFERENCE = re.compile(
    r"\bmy\s+(?:own\s+|personal\s+)?(?:favou?rite|pick|top\s+pick|choice)\b"
    r"|\bI\s+(?:personally\s+|really\s+)?(?:like|love|prefer|enjoy)\b"
    r"|\bI(?:'d|\s+would)\s+(?:pick|choose|go\s+(?:with|for))\b|\bif\s+I\s+had\s+to\s+(?:pick|choose)\b",
    re.IGNORECASE,
)
# Where an answer's statements part: a sentence or clause mark, a line, or a
# conjunction between two members.
_STATEMENTS = re.compile(r"[,;.!?]+(?=\s|$)|\n|\s(?:and|while|whereas|but)\s", re.IGNORECASE)


def _preferred_in(view: View, turn: int, listing: Listing) -> str | None:
    """The one member of `listing` that a statement of the answer of `turn` holds beside the
    assistant's own preference ("A, B (my favourite) and C", "A, B and C. I love B."); None
    where no statement, or several, do."""
    answers = [node.answer for node in view.recent if node.turn == turn]
    found: set[str] = set()
    for statement in _STATEMENTS.split(answers[0] if answers else ""):
        if _PREFERENCE.search(statement) is None:
            continue
        names = {m.name for m in view.mentions(statement) if m.name in listing.names}
        if len(names) == 1:
            found |= names
    return next(iter(found)) if len(found) == 1 else None


def _orders_asked(listing: Listing, view: View) -> bool:
    """Whether the answer's list `listing` holds the names the user's question of the same
    turn listed: the answer orders or weighs the user's options, it offers none of its own."""
    return any(
        other.asked and other.turn == listing.turn and set(listing.names) <= set(other.names)
        for other in view.listings
    )


def fact_referent(segment: str, offset: int, view: View, exclude: str | None) -> Referent | None:
    """The candidate whose stored facts share most with a description by fact."""
    match = cues.FACT_DESCRIPTION.search(segment)
    if match is None:
        return None
    clause = match.group("clause")
    wanted = set(tokenize(clause))
    if not wanted:
        return None
    # A name in the description ("grew up in Montclair") says more than a common word.
    named = {term for mention in view.mentions(clause) for term in tokenize(mention.name)}
    best: tuple[int, str] | None = None
    for name in view.candidates():
        if name == exclude:
            continue
        shared = wanted & set(tokenize(" ".join(view.fact_words(name))))
        score = len(shared) + 2 * len(shared & named)
        if score and (best is None or score > best[0]):
            best = (score, name)
    if best is None:
        return None
    return Referent(best[1], (offset + match.start(), offset + match.end()), ReferentKind.FACT)


def description_referent(
    segment: str, offset: int, view: View, exclude: str | None, prefer_earlier: bool
) -> Referent | None:
    """The topic a kind noun describes ("the mission", "the song")."""
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        kind = kind_of_noun(noun)
        if not kind or noun in cues.KINDLESS_NOUNS:
            continue
        span = (offset + match.start(), offset + match.end())
        current = view.current

        def fits(name: str, noun: str = noun, kind: str = kind) -> bool:
            # "the mission" fits a mission; "the continent" fits only a topic whose facts
            # say "continent", not any place. A topic no answer gave a kind is of the kind
            # its turns speak of ("came down", "went on sale"), any noun of that kind fitting.
            stored = view.kind(name)
            if not stored:
                return view.kind_said(name) == kind
            return stored == kind and (
                noun.rstrip("s") == kind or kind == "person" or noun in view.fact_words(name)
            )

        if current is not None and current != exclude and not prefer_earlier and fits(current):
            return Referent(current, span, ReferentKind.DESCRIPTION)
        for name in view.primaries():
            if name == exclude or (prefer_earlier and name == current):
                continue
            if fits(name):
                return Referent(name, span, ReferentKind.DESCRIPTION)
        page = page_described(noun, view, exclude)
        if page is not None:
            return Referent(page, span, ReferentKind.DESCRIPTION)
        for name in view.primaries():
            if name == exclude or (prefer_earlier and name == current):
                continue
            if noun in view.fact_words(name):
                return Referent(name, span, ReferentKind.DESCRIPTION)
        named = named_past_words(noun, kind, view, exclude)
        if named is not None:
            return Referent(named, span, ReferentKind.DESCRIPTION)
    return None


def named_past_words(noun: str, kind: str, view: View, exclude: str | None) -> str | None:
    """ "who directed the film?" after "how long is Metropolis?" and then a question that
    named nothing ("how do I cite a website?", kept as the topic "cite website"): a definite
    description points back at something named, and words are no film; nor is a topic known
    to be a person a film. Where the current topic is such a word topic that does not hold
    the noun, or a topic whose kind contradicts the noun's, the newest named topic of the
    noun's stored kind is meant, else the one named topic whose kind does not contradict
    it (None: several such, none, or the current one fits)."""
    current = view.current
    if current is None or noun in words_of(current):
        return None
    if not is_word_topic(current) and not _contradicts(current, kind, view):
        return None
    fitting = [
        name
        for name in view.primaries()
        if name not in (exclude, current)
        and not is_word_topic(name)
        and not view.is_dropped(name)
        and not _contradicts(name, kind, view)
    ]
    known = [name for name in fitting if view.kind(name) == kind]
    if known:
        return known[0]
    # Two names of unknown kind (a city and a mission, for "the city") are a guess by
    # recency the words cannot settle: left to the other readings (by meaning, where the
    # encoder is installed).
    return fitting[0] if len(fitting) == 1 else None


def _contradicts(name: str, kind: str, view: View) -> bool:
    """Whether what the memory knows of `name` rules out `kind`: a stored kind of another
    kind, or a person for a thing's kind, or a known non-person for "person"."""
    stored = view.kind(name)
    person = view.person(name)
    return bool(stored and stored != kind) or (person is not None and person != (kind == "person"))


def page_described(noun: str, view: View, exclude: str | None) -> str | None:
    """ "the song" after "what is grenade by bruno mars about?": a page whose bracketed
    qualifier holds the noun ("Grenade (song)") and whose name a recent turn wrote, in any
    case. The newest turn that names one decides."""
    if view.vocabulary is None:
        return None
    for node in reversed(view.recent):
        text = f"{node.question} {node.answer[:ANSWER_SCAN]}".casefold()
        words = re.findall(r"[\w'\-.]+", text)
        for size in range(MAX_TYPED_WORDS, 0, -1):
            for index in range(len(words) - size + 1):
                phrase = " ".join(words[index : index + size])
                if phrase in cues.NOT_NAMES or phrase in STOPWORDS:
                    continue
                for title in view.vocabulary.pages_named(phrase):
                    qualifier = title[len(normalise_title(title)) :].casefold()
                    if title != exclude and re.search(r"\b" + re.escape(noun) + r"\b", qualifier):
                        return title
    return None


def other_referent(segment: str, offset: int, view: View, rejected: str | None) -> Referent | None:
    """ "the other one": the other of two listed names, else the topic before."""
    match = cues.THE_OTHER.search(segment)
    if match is None:
        return None
    span = (offset + match.start(), offset + match.end())
    left = _one_left(segment, view)
    if left is not None:
        return Referent(left, span, ReferentKind.OTHER)
    if rejected is None:
        return None
    listing = view.listing_with(rejected)
    if listing is not None and rejected in listing.names and len(listing.names) == 2:
        other = [name for name in listing.names if name != rejected]
        return Referent(other[0], span, ReferentKind.OTHER)
    for name in view.primaries():
        if name != rejected:
            return Referent(name, span, ReferentKind.OTHER)
    return None


def same_name_referent(
    segment: str, offset: int, view: View, rejected: str | None
) -> Referent | None:
    """For "no, I meant the actor": the same name, another page, written "<name> (actor)"."""
    if rejected is None:
        return None
    for match in cues.DESCRIPTION.finditer(segment):
        noun = match.group("noun").casefold()
        if not kind_of_noun(noun) or noun in cues.KINDLESS_NOUNS:
            continue
        if _modifies_next(segment, match.start(), match.end()):
            # "close to the city center": the kind word modifies the noun after it, which
            # heads the phrase; the phrase names a part or a place, not a page of that kind.
            continue
        base = normalise_title(rejected)
        name = f"{base} ({noun})"
        if view.vocabulary is not None:
            # A page of that name whose qualifier holds the description: "(astronaut)".
            for title in view.vocabulary.pages_named(base):
                qualifier = title[len(normalise_title(title)) :].casefold()
                if re.search(r"\b" + re.escape(noun) + r"\b", qualifier):
                    name = title
                    break
        if name != rejected:
            return Referent(
                name, (offset + match.start(), offset + match.end()), ReferentKind.SAME_NAME
            )
    return None


# A word after a kind noun that opens a clause or phrase of its own ("the actor who ...", "the
# song he wrote", "the city itself") rather than a noun the kind word modifies.
_NEXT_WORD = re.compile(r"[ \t]+(?P<word>[a-z]+)\b")
# Prepositions (a closed class): the noun phrase after one is its object, so a word right
# after its kind word continues the phrase ("near the city centre") and is no verb of a
# clause ("did the mission come down?").
_PREPOSITIONS = frozenset(
    [
        "near",
        "to",
        "in",
        "at",
        "from",
        "around",
        "by",
        "of",
        "into",
        "onto",
        "on",
        "about",
        "for",
        "with",
        "within",
        "outside",
        "inside",
        "towards",
        "toward",
        "past",
        "beyond",
        "across",
        "along",
        "behind",
        "beside",
        "between",
        "through",
    ]
)
_LAST_WORD = re.compile(r"([a-z]+)\W*$", re.IGNORECASE)


def _modifies_next(segment: str, start: int, end: int) -> bool:
    """Whether the kind noun of the description at `start`..`end` modifies a noun right
    after it, in one phrase ("close to the city center", "at the film festival"): the
    description is the object of a preposition, and the next word follows with no mark
    between, in lower case, and is a content word that is no verb form ("-ing", "-ed") and
    none of the function words (stop words) that open a clause or close the phrase."""
    before = _LAST_WORD.search(segment[:start])
    if before is None or before.group(1).casefold() not in _PREPOSITIONS:
        return False
    found = _NEXT_WORD.match(segment, end)
    if found is None:
        return False
    word = found.group("word")
    if word in STOPWORDS or word in cues.KINDLESS_NOUNS or len(word) < 3:
        return False
    return not word.endswith(("ing", "ed"))


def _one_left(segment: str, view: View) -> str | None:
    """ "I already know about B and C. where did the other one come down?" after a list of A,
    B and C: the one member of the newest list holding every name the segment takes back that
    it does not take back, where it takes back two or more."""
    taken_back = set(read_turn(segment, view.mentions(segment)).taken_back)
    if len(taken_back) < 2:
        return None
    for listing in view.listings:
        if taken_back <= set(listing.names):
            left = [name for name in listing.names if name not in taken_back]
            return left[0] if len(left) == 1 else None
    return None
