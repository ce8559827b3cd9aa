"""Lists in earlier turns, and positions in them ("the second guy", "the latter of those two")."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

import attrs

from memcore.search.tokenize import STOPWORDS
from memcore.writers import cues
from memcore.writers.rules.names import KnownNames, Mention, TitleVocabulary, find_mentions
from memcore.writers.rules.spans import item_labels

_PERSON_NOUNS = frozenset(noun for noun, kind in cues.KIND_NOUNS.items() if kind == "person") | {
    "guy",
    "guys",
}


@attrs.frozen
class Listing:
    """An enumeration of names in one turn's question or answer."""

    names: tuple[str, ...]
    turn: int
    person_like: tuple[bool, ...]
    # Listed by the user's own question ("I'm torn between A and B"), not by an answer.
    asked: bool = False
    # The turn of the list this one adds to ("any others?" - "A few more: D and E."), else 0.
    extends: int = 0
    # Its members are labelled by letters ("a) Vespa b) Walkman"): a place by letter counts here.
    lettered: bool = False
    # How many members each group of the list holds, in order, where the answer gave them in
    # groups ("For a start: A and B. If you want something harder: C and D." is (2, 2)); empty
    # where the list is one group.
    groups: tuple[int, ...] = ()


_POSSESSIVE_PART = re.compile(r"['\u2019]s$")


def looks_like_person(mention: Mention) -> bool:
    """A name of two to four capitalised words, no digit, not written after an article, and
    without a word that names an organisation, a place or a thing ("Apple Computer"), nor a
    lone letter that is no initial ("Model T"; "John F. Kennedy" has an initial)."""
    parts = mention.name.split()
    return (
        2 <= len(parts) <= 4
        and all(len(part) > 1 for part in parts)
        and not any(
            part.casefold() in cues.NOT_PERSON_WORDS
            or part.casefold() in cues.NOT_NAMES
            or cues.KIND_NOUNS.get(part.casefold(), "person") != "person"
            for part in parts
        )
        and not mention.after_the
        and not any(ch.isdigit() for ch in mention.name)
        and all(part[:1].isupper() for part in parts)
        # A possessive inside a name makes it a thing named after someone ("Rubik's Cube").
        and not any(_POSSESSIVE_PART.search(part) for part in parts[:-1])
    )


def enumerations(text: str, mentions: Sequence[Mention]) -> tuple[tuple[Mention, ...], ...]:
    """Runs of two or more names separated only by commas, conjunctions or line breaks.

    A run of two needs a conjunction ("A and B"); a comma alone ("Montclair, New Jersey") is
    not an enumeration.
    """
    runs: list[tuple[Mention, ...]] = []
    current: list[Mention] = []
    joined = False
    for mention in mentions:
        gap = text[current[-1].end : mention.start] if current else ""
        if current and cues.LIST_GAP.match(gap):
            joined = joined or bool(cues.LIST_CONJUNCTION.search(gap))
            current.append(mention)
            continue
        if len(current) >= 3 or (len(current) == 2 and joined):
            runs.append(tuple(current))
        current, joined = [mention], False
    if len(current) >= 3 or (len(current) == 2 and joined):
        runs.append(tuple(current))
    return tuple(runs)


def _numbered_labels(text: str) -> list[tuple[int, int, int]]:
    """(place, where the label's number starts, where the label ends) of each label that
    numbers a member; a number written out needs a head noun before it ("option two")."""
    found = []
    for label in cues.MEMBER_LABEL.finditer(text):
        word = label.group("number")
        if not word.isdigit() and label.group("head") is None:
            continue
        number = int(word) if word.isdigit() else cues.NUMBER_WORDS[word.casefold()]
        found.append((number, label.start("number"), label.end()))
    return found


# A label that opens an item of a list written line by line ("- ", "2. ", "b) ").
_ITEM_LABEL = re.compile(r"(?m)^[ \t]*(?:[-*\u2022\u2013]|\d+[.)]|[A-Za-z][.)])[ \t]*")
# What ends one group of a list and opens the next: a blank line, or a sentence or heading
# that closes before the next member ("A and B. If you want something harder: C and D").
_GROUP_BREAK = re.compile(r"\n[ \t]*\n|[.!?:;](?=\s)")


_HAS_LETTER = re.compile(r"[^\W\d_]")
# A row of a table written in Markdown ("| Vespa | 1946 |").
_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|.*\|[ \t]*$")


def _row_keys(text: str, mentions: Sequence[Mention]) -> tuple[Mention, ...]:
    """`mentions` with only the first of each row of a table the text writes (two rows or
    more): a table lists its rows, each by the name its row opens with; the names in its
    other cells say something of that one."""
    rows = [(row.start(), row.end()) for row in _TABLE_ROW.finditer(text)]
    if len(rows) < 2:
        return tuple(mentions)
    kept: list[Mention] = []
    for mention in mentions:
        row = next(((start, end) for start, end in rows if start <= mention.start < end), None)
        if row is None or not any(row[0] <= m.start < row[1] for m in kept):
            kept.append(mention)
    return tuple(kept)


# A line that heads the items below it: it opens the line and the line ends in a colon.
_HEADING = re.compile(r"(?<![^\n])[^\n:]*:[ \t]*\n", re.IGNORECASE)


def list_groups(text: str, run: Sequence[Mention]) -> tuple[int, ...]:
    """How many members each group of the list `run` (its mentions in `text`, first mention of
    each name) holds, where the text gives them in two groups or more, each of two members or
    more: a group ends where a blank line or a sentence mark stands between two members, the
    labels of a list written line by line aside. Empty where the list is one group."""
    firsts = list({mention.name: mention for mention in reversed(run)}.values())[::-1]
    firsts.sort(key=lambda mention: mention.start)
    sizes: list[int] = []
    for before, mention in zip([None, *firsts], firsts, strict=False):
        gap = "" if before is None else _ITEM_LABEL.sub("", text[before.end : mention.start])
        if before is None or _GROUP_BREAK.search(gap + " ") is not None:
            sizes.append(1)
        else:
            sizes[-1] += 1
    # A main list and one name given apart after it ("A, B and C. Bonus pick: D.") are two
    # groups too; names given one a sentence are no groups.
    extra = len(sizes) == 2 and sizes[0] >= 2
    if len(sizes) < 2 or (min(sizes) < 2 and not extra):
        return ()
    return tuple(sizes)


def letter_index(letter: str) -> int:
    """The place a letter labels: 1 for "a", 2 for "b", ..."""
    return ord(letter.casefold()) - ord("a") + 1


def _lettered_labels(text: str) -> list[tuple[int, int, int]]:
    """(place, where the letter stands, where the label ends) of each label that letters a
    member ("a) Vespa", "(b) Kyoto", "Option C: Lisbon")."""
    return [
        (letter_index(label.group("letter")), label.start("letter"), label.end())
        for label in cues.LETTER_LABEL.finditer(text)
    ]


def labelled_enumerations(
    text: str, mentions: Sequence[Mention], lettered: bool = False
) -> tuple[tuple[Mention, ...], ...]:
    """Runs of names each given after a label that numbers it, the numbers running 1, 2, 3,
    ... ("Option 1: Amelie. Option 2: Metropolis.", "choice one - Kyoto, choice two - Cusco"),
    or, with `lettered`, after letters running a, b, c, ... ("a) Vespa b) Walkman"):
    whatever stands between two labelled members (a sentence mark, a description) is no gap
    of the list. A number or letter inside a name ("Soyuz 11.") labels nothing; two members
    at least."""
    runs: list[tuple[Mention, ...]] = []
    current: list[Mention] = []
    labels = _lettered_labels(text) if lettered else _numbered_labels(text)
    for number, at, end in labels:
        if any(m.start <= at < m.end for m in mentions):
            continue
        member = next((m for m in mentions if m.start == end), None)
        if member is None:
            continue
        if number == len(current) + 1:
            current.append(member)
        elif number == 1:
            if len(current) >= 2:
                runs.append(tuple(current))
            current = [member]
    if len(current) >= 2:
        runs.append(tuple(current))
    return tuple(runs)


# A gap between two names of a list written as clauses ("A is a classic choice, B is less
# known, and C would also work well"): no sentence end, at most this many words.
_CLAUSE_GAP_WORDS = 8
_SENTENCE_MARK = re.compile(r"[.!?:](?=\s|$)")


def _clause_gap(gap: str) -> bool:
    """Whether `gap` separates two members of a list written as clauses: it holds a comma, a
    semicolon or a conjunction, no sentence end, and few words."""
    return (
        _SENTENCE_MARK.search(gap) is None
        and ("," in gap or ";" in gap or cues.LIST_CONJUNCTION.search(gap) is not None)
        and len(gap.split()) <= _CLAUSE_GAP_WORDS
    )


def clause_enumerations(text: str, mentions: Sequence[Mention]) -> tuple[tuple[Mention, ...], ...]:
    """Runs of names that one sentence gives clause by clause ("Maybe A first, then B, and if
    you still have time, C"): each gap holds a comma or a conjunction and no sentence end;
    three names or more (two names in clauses are as often a subject and what it says, as in
    "people in A speak the national language, and many speak English")."""
    runs: list[tuple[Mention, ...]] = []
    current: list[Mention] = []
    for mention in [*mentions, None]:
        gap = text[current[-1].end : mention.start] if current and mention is not None else ""
        if mention is not None and current and _clause_gap(gap):
            current.append(mention)
            continue
        if len({m.name for m in current}) >= 3:
            runs.append(tuple(current))
        current = [mention] if mention is not None else []
    return tuple(runs)


def _within(run: Sequence[Mention], runs: Sequence[Sequence[Mention]]) -> bool:
    """Whether every member of `run` is a member of one of `runs`."""
    return any(set(run) <= set(other) for other in runs)


def listings_of(
    turn: int,
    texts: Iterable[str],
    known: KnownNames | Iterable[str],
    vocabulary: TitleVocabulary | None,
    questions: Iterable[str] = (),
) -> tuple[Listing, ...]:
    """The enumerations in `texts` (a turn's answer), then in `questions` (what the user
    typed in that turn; their listings are `asked`)."""
    known_names = known if isinstance(known, KnownNames) else KnownNames.of(known)
    found = []
    questions = tuple(questions)
    several = any(asks_for_several(cues.normalise_turn(question)) for question in questions)
    typed = {
        mention.name
        for question in questions
        for mention in find_mentions(cues.normalise_turn(question), known_names, vocabulary)
    }
    marked = [(text, False) for text in texts] + [(text, True) for text in questions]
    for text, asked in marked:
        if not text:
            continue
        normal = cues.normalise_turn(text)
        mentions = find_mentions(normal, known_names, vocabulary)
        if not asked:
            # "Harder picks:" over the items of a group heads them; it is no member.
            mentions = tuple(m for m in mentions if _HEADING.match(normal, m.start) is None)
            # "1. Vostok 1 - 1961": beside names, a bare number (a year, a price) is what the
            # answer states of a member, no member of its own.
            if sum(1 for m in mentions if _HAS_LETTER.search(m.name)) >= 2:
                mentions = tuple(m for m in mentions if _HAS_LETTER.search(m.name))
            mentions = _row_keys(normal, mentions)
        runs = enumerations(normal, mentions)
        lettered = labelled_enumerations(normal, mentions, lettered=True)
        labelled = (*labelled_enumerations(normal, mentions), *lettered)
        # A list whose members are labelled is one list, however its labels split it.
        runs = (*labelled, *(run for run in runs if not _within(run, labelled)))
        if not runs and not asked:
            # An answer may give its names in clauses rather than as a bare list.
            runs = clause_enumerations(normal, mentions)
        if not runs and asked:
            # "1) who flew on X? 2) who flew on Y?": the user's numbered points list the
            # name each one asks about; so do questions asked one after another in one
            # message ("when did X come out? also, did Y win any Oscars?").
            runs = _numbered_points(normal, mentions) or _question_points(normal, mentions)
        if several and not asked:
            # An answer to a question that asks for several things may give them in prose,
            # sentence by sentence ("A is where most people start, though B and C are worth
            # a look too"): every name it offers, in the order it offers them, is the list.
            prose = _prose_enumeration(normal, mentions, typed)
            if prose and not _within(prose, runs):
                runs = (*runs, prose)
        for run in runs:
            names = tuple(dict.fromkeys(mention.name for mention in run))
            people = {mention.name: looks_like_person(mention) for mention in run}
            if len(names) >= 2:
                people_like = tuple(people[name] for name in names)
                by_letter = run in lettered
                groups = () if asked else list_groups(normal, run)
                found.append(
                    Listing(names, turn, people_like, asked, lettered=by_letter, groups=groups)
                )
    # An answer that ranks the names a question listed ("A is the oldest, then B, and C")
    # repeats part of the list: the part is no list of its own.
    return tuple(
        listing
        for listing in found
        if not any(set(listing.names) < set(other.names) for other in found)
    )


# The most names an answer in prose may offer and still be read as one list of them.
_PROSE_MOST = 6
# A question that asks for several things: a word of number or choice, up to two modifiers,
# and a plural noun ("which cities would you suggest", "some classic films", "a few people").
_SEVERAL = re.compile(
    r"\b(?:which|what|some|a\s+few|few|several|any|other|more|good|best|top|couple\s+of"
    r"|two|three|four|five)\s+(?:[a-z]+\s+){0,2}?(?P<noun>[a-z]{3,}s|people)\b",
    re.IGNORECASE,
)


def asks_for_several(question: str) -> bool:
    """Whether `question` asks for several things of a kind ("can you recommend some classic
    films?", "which space missions should I read about?"), by a plural noun that names
    things after a word of number or choice."""
    for match in _SEVERAL.finditer(question):
        noun = match.group("noun").casefold()
        if noun in cues.KIND_NOUNS or noun in cues.REFERENT_NOUNS:
            return True
        # Any other plural noun: an "-s" that is no verb's, nor a word's own ("us", "less").
        if noun not in STOPWORDS and noun not in _NOT_PLURAL and not noun.endswith(_NOT_PLURAL_END):
            return True
    return False


# Words ending in "s" that are no plural noun a question asks for.
_NOT_PLURAL = frozenset(
    [
        "less",
        "always",
        "perhaps",
        "across",
        "plus",
        "thus",
        "yes",
        "goes",
        "means",
        "makes",
        "takes",
    ]
)
_NOT_PLURAL_END = ("ss", "us", "is", "ous")


# What sets a name apart from the names an answer offers: "Apart from X (we just covered that
# one), I'd suggest A, B and C", "Besides X, people often mention ...".
_SET_APART = re.compile(
    r"\b(?:apart\s+from|aside\s+from|besides|other\s+than|except(?:\s+for)?)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _prose_enumeration(
    text: str, mentions: Sequence[Mention], typed: set[str]
) -> tuple[Mention, ...]:
    """The names an answer offers in prose, first mention of each in order, the names the
    user typed in the question and the names the answer sets apart (`_SET_APART`) left out:
    three to `_PROSE_MOST` of them, else none."""
    apart = {m.name for m in mentions if _SET_APART.search(text, 0, m.start) is not None}
    firsts: dict[str, Mention] = {}
    for mention in mentions:
        if mention.name not in typed | apart and mention.name not in firsts:
            firsts[mention.name] = mention
    if not 3 <= len(firsts) <= _PROSE_MOST:
        return ()
    return tuple(firsts.values())


def _question_points(text: str, mentions: Sequence[Mention]) -> tuple[tuple[Mention, ...], ...]:
    """The names the questions of one message ask about, one question after another ("hi!
    when did X come out? also, did Y win any Oscars?"): the first name of each question,
    where two or more questions each name one and no two the same; else none."""
    firsts: list[Mention] = []
    start = 0
    for mark in re.finditer(r"\?+", text):
        inside = [m for m in mentions if start <= m.start < mark.start()]
        if inside:
            firsts.append(inside[0])
        start = mark.end()
    if len(firsts) < 2 or len({m.name for m in firsts}) != len(firsts):
        return ()
    return (tuple(firsts),)


def _numbered_points(text: str, mentions: Sequence[Mention]) -> tuple[tuple[Mention, ...], ...]:
    """The names a turn's numbered points ask about ("1) who flew on X? 2) when did Y
    launch?"), the first name of each point, where every point names one; else none."""
    labels = sorted(item_labels(text))
    if len(labels) < 2:
        return ()
    bounds = [*labels, len(text) + 1]
    firsts = []
    for start, end in itertools.pairwise(bounds):
        inside = [mention for mention in mentions if start <= mention.start < end]
        if not inside:
            return ()
        firsts.append(inside[0])
    return (tuple(firsts),)


_COUNTS_WORDS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
# `Position.index` of the middle member ("the one in the middle").
MIDDLE = 0
# `Position.index` of the member after the one the conversation is on ("the next one").
NEXT = 1_000
# `Position.index` of the member the conversation has not taken up ("the remaining one").
REMAINING = 2_000
# `Position.index` of the member before the one the conversation is on ("the one above it").
PREVIOUS = 3_000
# `Position.index` of the member the assistant singled out ("the one you suggested", "your
# pick"): the member its newest answer that is no list of its own names first.
SUGGESTED = 4_000
# `Position.index` of the member of a pair other than the one `Position.anchor` names ("the
# one that isn't X").
OTHER_THAN = 5_000
# `Position.index` of the member at the place, in a newer batch of a list, of the member the
# talk took up from the batch before it ("same position in the new list").
SAME_PLACE = 7_000
# `Position.index` of the name the assistant brought in beside the user's own ("the one you
# added", "your extra one"): the first name of its newest answer that no user turn typed.
ADDED = 6_000
# `Position.index` of the one name two of the assistant's lists share ("the one on both
# lists", "the name that turned up in both lots", "the one you listed twice").
IN_BOTH = 8_000
# `Position.index` of a corner of a list the answer laid out as a grid of rows and columns
# ("the bottom right one", "top left corner").
GRID_CORNER = 9_000


@attrs.frozen
class Position:
    """A reference to a list member: `index` is 1-based from the start, negative from the
    end (-1 is the last), or `MIDDLE`; `noun` is the word after the ordinal, if any;
    `start`/`end` span it."""

    index: int
    noun: str
    start: int
    end: int
    # `BESIDE_NAMED`: the words naming the member it is next to; index 1 after it, -1 before.
    anchor: str = ""
    # Said as the user's own ("the second one I mentioned"): a place in what the user listed.
    own: bool = False
    # Said of the assistant's order ("the one you ranked last", "your number two"): a place
    # in the order the answer gave the names (`in_answer_order`).
    ranked: bool = False
    # Said of one batch of a list given in batches: `FIRST_BATCH` ("from your first list",
    # "the very first one"), `NEWEST_BATCH` ("the last one you added", "the first of the new
    # ones"), else 0.
    batch: int = 0
    # Named by its letter ("option c", "(b)"): a place only in a list labelled by letters.
    lettered: bool = False
    # The group of a list given in groups it counts in (`Listing.groups`): 1-based from the
    # first, negative from the last ("the first one in the second group"), else 0.
    group: int = 0
    # The part of the list it counts in, where the turn names one beside the place ("of the
    # last two, the first one", "the second of the first three"): the first `part` members,
    # or the last `-part`; 0 for the whole list.
    part: int = 0
    # For `GRID_CORNER`: the row (0 the top, -1 the bottom) and the column (0 the left, -1 the
    # right) of the corner named.
    row: int = 0
    column: int = 0


FIRST_BATCH = 1
NEWEST_BATCH = -1
# "of the new ones", "from your first list", "you added": words that say which batch.
_BATCH_TAIL = re.compile(
    r"(?:\s+(?:that|which))?\s+you\s+(?:just\s+|then\s+)?added\b"
    r"|(?:\s+(?:of|from|in|among)\s+(?:the|your|those|these))?\s+"
    r"(?P<which>new(?:er|est)?|added|additional|extra|latest|more\s+recent|first|original"
    r"|earlier|initial|second)\s+(?:ones|batch|list|lot|set|round|names|suggestions"
    # "the last of the new three": a batch by how many it holds.
    r"|two|three|four|five)\b",
    re.IGNORECASE,
)
_FIRST_BATCH_WORDS = frozenset({"first", "original", "earlier", "initial"})
# A batch the turn names apart from the place ("going back to the first batch - the last one").
BATCH_NAMED = re.compile(
    # With its determiner, or bare at the start of a sentence ("Second batch, the first one").
    r"(?:\b(?:the|your|that|this)\s+|^\s*|(?<=[.!?:;\n])\s*)(?P<which>first|original|earlier|initial|new(?:er|est)?|latest"
    r"|second)\s+(?:batch|list|lot|set|round)\b"
    r"|\b(?P<new>new(?:er|est)?\s+(?:ones|two|three|four|five))\b"
    # "of the second three you suggested": a later batch by its rank and how many it holds.
    r"|\bthe\s+(?P<second>second)\s+(?:two|three|four|five)\b"
    # "of the extra ones", "from the ones you added": the batch the assistant added.
    r"|\b(?P<added>(?:extra|additional|added)\s+ones"
    r"|ones\s+(?:that\s+|which\s+)?you\s+(?:just\s+|then\s+|later\s+)?added)\b",
    re.IGNORECASE,
)
# "the very first one": the first of the whole list, however many batches it came in.
_VERY = re.compile(r"\bvery\s+$", re.IGNORECASE)


def _batch_of(text: str, position: Position) -> Position:
    """`position` with its span stretched over a batch tail ("the first of the new ones")
    and its `batch` read from the tail, from "the very first/last", or from a batch the turn
    names elsewhere."""
    tail = _BATCH_TAIL.match(text, position.end) or _BATCH_TAIL.search(
        text, position.start, position.end
    )
    end = position.end
    which = ""
    if tail is not None:
        end = max(end, tail.end())
        which = (tail.group("which") or "added").casefold()
    else:
        named = BATCH_NAMED.search(text)
        if named is not None:
            which = (named.group("which") or named.group("second") or "new").casefold()
        elif _VERY.search(text, 0, position.start + len("the very ")) and " very " in (
            text[position.start : position.end + 1].casefold()
        ):
            which = "first" if position.index > 0 else "new"
    if not which:
        return position
    batch = FIRST_BATCH if which in _FIRST_BATCH_WORDS else NEWEST_BATCH
    return attrs.evolve(position, end=end, batch=batch)


def _with_tail(text: str, end: int) -> int:
    """`end` moved past a tail that points back at the list ("in that list you gave")."""
    start = cues.POSITION_TAIL_START.match(text, end)
    return end if start is None else _with_tail_words(text, start.end())


def _with_tail_words(text: str, end: int) -> int:
    while True:
        word = re.match(r"\s+([A-Za-z]+)", text[end:])
        if word is None:
            return end
        folded = word.group(1).casefold()
        known = (
            folded in cues.POSITION_TAIL_WORDS
            or folded in cues.KIND_NOUNS
            or folded in cues.REFERENT_NOUNS
        )
        if not known:
            return end
        end += word.end()


def _counts_options(text: str, at: int) -> bool:
    """Whether the number word at `at` counts options: not part of a name ("Chanel No. 5",
    "Symphony Number 9"), whose word before is capitalised inside a sentence."""
    before = re.search(r"(\S+)\s+$", text[:at])
    if before is None:
        return True
    word = before.group(1)
    return not (word[:1].isupper() and word[-1:] not in ".!?:" and word not in {"I"})


# Words after an ordinal with no determiner that make it a place: they point into a list
# ("second on your list", "next-to-last in the list you gave").
_LIST_AFTER_BARE = re.compile(
    r"\s+(?:on|in|from|of)\s+(?:your|my|our|the|that|this)\s+(?:list|ranking|suggestions|picks)\b",
    re.IGNORECASE,
)


# A clause that says a speaker named the member ("... you suggested", "... that I listed").
_NAMED_BY_SPEAKER = re.compile(
    r"(?:\s+(?:that|which))?\s+(?:you|I)\s+(?:just\s+)?(?:mentioned|listed|gave|named|said"
    r"|suggested|recommended|offered|put)\b",
    re.IGNORECASE,
)


# A list is read top to bottom: "below" a member is after it.
_AFTER_SIDES = frozenset(
    {"after", "following", "follows", "comes after", "below", "under", "underneath", "beneath"}
)


def _beside_place(match: re.Match[str]) -> Position | None:
    """The place a `cues.BESIDE_NAMED` phrase names: so many steps after or before its anchor.
    An anchor that is itself a place ("the one straight after the first one", "two before
    the last") is counted from, giving a plain place; one past an end of the list is none.
    Another anchor is a member named, kept in `anchor` (`pick` finds it)."""
    side = " ".join(match.group("side").casefold().split())
    steps_word = (match.group("steps") or match.group("bare_steps") or "one").casefold()
    steps = int(steps_word) if steps_word.isdigit() else cues.NUMBER_WORDS[steps_word]
    offset = steps if side in _AFTER_SIDES else -steps
    anchor = match.group("anchor")
    place = cues.POSITION.fullmatch(anchor.strip())
    if place is None or place.group("det") is None or place.group("ordinal") is None:
        return Position(offset, "one", 0, 0, anchor)
    noun = (place.group("noun") or "one").casefold()
    if noun not in cues.REFERENT_NOUNS and noun not in cues.KIND_NOUNS:
        return None
    base = cues.ordinal_index(place.group("ordinal"))
    if place.group("from_end"):
        base = -base if base > 0 else base
    index = base + offset
    # A place counted from the start stays at the start's side of the list, and one from the
    # end at the end's ("the one after the last" names nothing).
    if (base > 0 and index < 1) or (base < 0 and index > -1):
        return None
    return Position(index, "one", 0, 0)


# A determiner and a pause right before an ordinal ("the, uh, third").
_PAUSED_DETERMINER = re.compile(rf"\b(?:the|that){cues.PAUSE}+\s*$", re.IGNORECASE)


def find_positions(text: str) -> tuple[Position, ...]:
    """Every position reference in `text` ("the first one", "the second last person")."""
    found = []
    listed = cues.LIST_POINTER.search(text) is not None
    for match in cues.REMAINING_MEMBER.finditer(text):
        found.append(Position(REMAINING, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.NUMBERED_PLACE.finditer(text):
        if not _counts_options(text, match.start()):
            continue
        number = match.group("number")
        index = int(number) if number else cues.NUMBER_WORDS[match.group("word").casefold()]
        if number and cues.ZERO_BASED.search(text):
            index += 1
        if index > 0:
            found.append(Position(index, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.LETTER_PLACE.finditer(text):
        letter = next(group for group in match.groups() if group is not None)
        at = (letter_index(letter), "one", match.start(), match.end())
        found.append(Position(*at, lettered=True))
    for match in cues.PLACE_CLAUSE.finditer(text):
        # "Third." "fourth and final one:": an ordinal that is a clause of its own; after a
        # determiner and a pause ("the, uh, third one") it is the determiner's place.
        if _PAUSED_DETERMINER.search(text, 0, match.start("ordinal")):
            continue
        index = cues.ordinal_index(match.group("ordinal"))
        found.append(Position(index, "one", match.start("ordinal"), match.end()))
    for match in cues.IN_NTH_PLACE.finditer(text):
        # "the one you put in third place", "at position 2": the longer reading of its words.
        found = [p for p in found if not match.start() <= p.start < match.end()]
        number = match.group("number")
        if number is None:
            index = cues.ordinal_index(match.group("ordinal"))
        else:
            index = int(number) if number.isdigit() else cues.NUMBER_WORDS[number.casefold()]
        found.append(Position(index, "one", match.start(), match.end()))
    for match in cues.ONE_BEFORE_LAST.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        found.append(Position(-2, "one", match.start(), match.end()))
    for match in cues.TOP_MEMBER.finditer(text):
        found.append(Position(1, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.NEXT_MEMBER.finditer(text):
        found.append(Position(NEXT, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.PREVIOUS_MEMBER.finditer(text):
        found.append(Position(PREVIOUS, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.FROM_END_PLACE.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        noun = (match.group("noun") or "one").casefold()
        if noun not in cues.REFERENT_NOUNS and noun not in cues.KIND_NOUNS:
            continue
        ordinal = cues.ordinal_index(match.group("ordinal"))
        index = -ordinal if ordinal > 0 else ordinal
        found.append(Position(index, noun, match.start(), _with_tail(text, match.end())))
    for match in cues.ASSISTANT_PICK.finditer(text):
        if not _asks_for_pick(text, match):
            reach = _with_tail(text, match.end())
            found.append(Position(SUGGESTED, "one", match.start(), reach))
    for match in cues.ORDER_PLACE.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        end_word = (match.group("at") or "").casefold()
        last = match.group("end") is not None or end_word in {"last", "end"}
        reach = _with_tail(text, match.end())
        found.append(Position(-1 if last else 1, "one", match.start(), reach, ranked=True))
    for match in cues.PODIUM_PLACE.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        medal = match.group("medal")
        index = (
            cues.MEDALS[medal.casefold()] if medal else cues.ordinal_index(match.group("ordinal"))
        )
        found = [p for p in found if not match.start() <= p.start < match.end()]
        found.append(Position(index, "one", match.start(), match.end(), ranked=True))
    for match in cues.SAME_PLACE.finditer(text):
        reach = _with_tail(text, match.end())
        found.append(Position(SAME_PLACE, "one", match.start(), reach, batch=NEWEST_BATCH))
    for match in cues.START_WHERE_SAID.finditer(text):
        found.append(Position(SUGGESTED, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.GRID_CORNER.finditer(text):
        if not any(position.start <= match.start() < position.end for position in found):
            row = 0 if match.group("vertical").casefold() in ("top", "upper") else -1
            column = 0 if match.group("horizontal").casefold() == "left" else -1
            found.append(
                Position(GRID_CORNER, "one", match.start(), match.end(), row=row, column=column)
            )
    for match in cues.IN_BOTH_LISTS.finditer(text):
        if not any(position.start <= match.start() < position.end for position in found):
            found.append(Position(IN_BOTH, "one", match.start(), match.end()))
    for match in cues.ASSISTANT_ADDED.finditer(text):
        if not any(position.start <= match.start() < position.end for position in found):
            found.append(Position(ADDED, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.NAMED_AT.finditer(text):
        if match.group("ordinal"):
            ordinal = cues.ordinal_index(match.group("ordinal"))
        elif match.group("opening"):
            ordinal = 1
        else:
            ordinal = 1 if (match.group("end") or "").casefold() == "top" else -1
        found.append(Position(ordinal, "one", match.start(), match.end()))
    # Phrases that name no member, whose words no other reading may take ("the one after
    # the last one" holds "the last one").
    void: list[tuple[int, int]] = []
    for match in cues.BESIDE_NAMED.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        beside = _beside_place(match)
        if beside is None:
            void.append((match.start(), match.end()))
        else:
            beside_end = _with_tail(text, match.end())
            found.append(attrs.evolve(beside, start=match.start(), end=beside_end))
    for match in cues.OTHER_THAN_NAMED.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        reach = _with_tail(text, match.end())
        found.append(Position(OTHER_THAN, "one", match.start(), reach, match.group("anchor")))
    for match in cues.LIST_END.finditer(text):
        # "the one you put at the top" is read once, whichever reading found it first.
        if any(match.start() <= p.start < match.end() for p in found):
            continue
        end = (
            match.group("end") or match.group("at") or match.group("row") or match.group("to")
        ).casefold()
        index = -1 if end in {"bottom", "end"} else 1
        found.append(Position(index, "one", match.start(), _with_tail(text, match.end())))
    loose = cues.LIST_END_NAMED_APART if cues.A_LIST_NAMED.search(text) else cues.LIST_END_LOOSE
    for match in loose.finditer(text):
        if any(position.start <= match.start() < position.end for position in found):
            continue
        placed = match.group(0).casefold()
        index = -1 if "bottom" in placed or placed.rstrip().endswith("end") else 1
        found.append(Position(index, "one", match.start(), _with_tail(text, match.end())))
    for match in cues.MIDDLE.finditer(text):
        noun = (match.group("noun") or "one").casefold()
        if noun in cues.REFERENT_NOUNS or noun in cues.KIND_NOUNS:
            # A bare "middle one" opening a clause starts at its word, past the space before.
            start = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
            found.append(Position(MIDDLE, noun, start, _with_tail(text, match.end())))
    for match in cues.POSITION.finditer(text):
        if any(position.start <= match.start() < position.end for position in found) or any(
            start <= match.start() < end for start, end in void
        ):
            continue
        word = " ".join(match.group("ordinal").casefold().replace("-", " ").split())
        start = match.start()
        # "number two" counts a place by itself; an ordinal needs "the" or "that", or words
        # right after it that point into a list ("next-to-last on your list").
        if match.group("det") is None and not word.startswith("number "):
            said = match.end("from_end") if match.group("from_end") else match.end("ordinal")
            # "second name on your list": a word for a member may stand before the list too.
            member = (match.group("noun") or "").casefold() in cues.REFERENT_NOUNS
            # "your third suggestion", "my second pick": a possessive before an ordinal and a
            # word for a member makes it definite, as "the" does.
            owned = _POSSESSIVE_BEFORE.search(text, 0, match.start()) if member else None
            if owned is not None:
                start = owned.start()
            if (
                _LIST_AFTER_BARE.match(text, said) is None
                and not (member and _LIST_AFTER_BARE.match(text, match.end("noun")))
                and owned is None
            ):
                continue
        ordinal = cues.ordinal_index(word)
        noun = (match.group("noun") or "").casefold()
        end = match.end()
        if noun in cues.NOT_A_POSITION_NOUNS:
            continue
        participle = listed and len(noun) > 4 and noun.endswith("ed")
        if (noun in cues.AFTER_BARE_ORDINAL_VERBS or participle) and word not in cues.PAIR_ORDINALS:
            # "where was the first born?": the ordinal stands alone.
            end, noun = match.end("ordinal"), ""
        elif (
            noun
            and noun not in cues.REFERENT_NOUNS
            and noun not in cues.KIND_NOUNS
            # "the fourth peak you suggested", "the second walk on your list": words that
            # point back at the list make any noun a word for its member.
            and _LIST_AFTER_BARE.match(text, match.end("noun")) is None
            and _NAMED_BY_SPEAKER.match(text, match.end("noun")) is None
        ):
            # "the latter of those two", "the first in that list": the noun is not part of it.
            # "my number two known for": "number two" counts a place by itself, so the word
            # after it is the clause's, whatever it is.
            if (
                noun not in cues.AFTER_BARE_ORDINAL
                and word not in cues.PAIR_ORDINALS
                and not word.startswith("number ")
            ):
                continue
            end = match.end("from_end") if match.group("from_end") else match.end("ordinal")
            noun = ""
        end = _with_tail(text, end)
        if match.group("from_end"):
            ordinal = -ordinal if ordinal > 0 else ordinal
        found.append(Position(ordinal, noun, start, end))
    # "the second one I asked about": the clause that says the user asked about the member
    # is part of the words that point (and marks the place as the user's own).
    found = [
        attrs.evolve(position, end=asked.end())
        if (asked := _ASKED_ABOUT.match(text, position.end)) is not None
        else position
        for position in found
    ]
    marked = [
        attrs.evolve(
            position,
            own=cues.OWN_NAMING.search(text, position.start, position.end) is not None
            or _ASKED_ABOUT.search(text, position.start, position.end) is not None
            or _possessed_by(text, position) == "my",
            ranked=position.ranked
            or _in_answer_order(text, position)
            or _possessed_by(text, position) == "your",
        )
        for position in found
    ]
    # "before we get to the third one, ...": a place the turn puts off is not what it asks
    # about now.
    marked = [p for p in marked if _PUT_OFF.search(text, 0, p.start) is None]
    marked = [_batch_of(text, position) for position in marked]
    marked = _in_part(text, _in_groups(text, [*marked, *_inner_places(text, marked)]))
    if cues.COUNTED_FROM_END.search(text) is not None:
        # "counting up from the end, the second one": every place counted from the start is
        # counted from the end instead.
        marked = [_from_end(position) for position in marked]
    return tuple(sorted(marked, key=lambda position: position.start))


# "the second group", "from the first section", "the last group": a group of a list given
# in groups; it takes the place of the member's place only beside another place.
_GROUP_PLACE = re.compile(
    r"\b(?:(?:the|that|your)\s+)?(?P<ordinal>first|second|third|fourth|last|1st|2nd|3rd|4th)"
    r"\s+(?:group|section|category|cluster|bunch|block|half|heading|tier)\b",
    re.IGNORECASE,
)


# Words that put off what follows them ("before we get to", "before I move on to").
_PUT_OFF = re.compile(
    r"\bbefore\s+(?:we|i|you)\s+(?:get|go|move|come|turn|jump|head|skip)\s+(?:on\s+|over\s+)?to\s+$",
    re.IGNORECASE,
)
# A part of a list at one of its ends, named beside a place counted inside it ("of the last
# two, the first one", "the second of the first two", "from the last pair, the first name",
# "the latter of the top three"): `end` says which end, `count` how many members.
_PART = re.compile(
    r"\b(?:the|those|these|your|my)\s+(?:very\s+)?(?P<end>first|last|final|top|bottom|latter"
    r"|former)\s+(?P<count>two|three|four|five|2|3|4|5|pair|couple)\b(?:\s+(?P<noun>[a-z]+))?",
    re.IGNORECASE,
)
_PART_COUNTS = {"pair": 2, "couple": 2, "five": 5, "5": 5, **_COUNTS_WORDS}
# The words that join a part named first to the place inside it: a preposition before the
# part ("of", "from", "out of", "among", "between").
_PART_OPENING = re.compile(r"\b(?:out\s+of|of|from|among|between|in)\s+$", re.IGNORECASE)
# A part that opens its clause ("the last two: the first one", "ok, last pair - the second").
_CLAUSE_OPENING = re.compile(r"(?:^|[.!?;:,]|\s[-\u2013\u2014])\s*$")
# The words between a place said first and the part it counts in ("the second of the first
# two", "the first one out of the last three").
_PART_AFTER_PLACE = re.compile(
    r"(?:\s+(?:one|name|item|entry|option|pick))?\s+(?:out\s+of|of|from|among|in)\s+$",
    re.IGNORECASE,
)
# The most words that may stand between a part said first and the place inside it ("out of
# the last two, I want the later one"), in one sentence.
_PART_GAP_WORDS = 4
# Places that only count inside a part or a group of a list the turn names: the side of a
# pair ("the later one", "the earlier one", "the one on the left", "the right-hand one").
_INNER_PLACE = re.compile(
    r"\bthe\s+(?P<word>later|earlier|left|right|left-hand|right-hand|upper|lower)\s+"
    r"(?:one|name|item|entry|option|pick)\b"
    r"|\bthe\s+(?:one|name|item|entry|option)\s+on\s+the\s+(?P<side>left|right)\b",
    re.IGNORECASE,
)
_INNER_FIRST = frozenset({"earlier", "left", "left-hand", "upper"})


def _inner_places(text: str, found: Sequence[Position]) -> list[Position]:
    """The places of `text` that count only inside a part or a group the turn names ("the
    later one" beside "of the last two"); none where the turn names no part or group."""
    if _PART.search(text) is None and _GROUP_PLACE.search(text) is None:
        return []
    inner = []
    for match in _INNER_PLACE.finditer(text):
        if any(p.start <= match.start() < p.end for p in found):
            continue
        word = (match.group("word") or match.group("side")).casefold()
        inner.append(Position(1 if word in _INNER_FIRST else -1, "one", *match.span()))
    return inner


def _in_part(text: str, positions: Sequence[Position]) -> list[Position]:
    """`positions` with the part of the list they count in, where the turn names one part
    (`_PART`) right beside a place: before it, after a preposition and a few words of one
    sentence ("of the last two, the first one", "out of the last two, I want the later one"),
    or after it, after a preposition ("the second of the first two"). The place's span is
    stretched over the part's words; the part is then no place group of its own
    (`find_place_groups`)."""
    parts = [m for m in _PART.finditer(text) if not counts_things(m.group("noun") or "")]
    if len(parts) != 1:
        return list(positions)
    part = parts[0]
    count = _PART_COUNTS[part.group("count").casefold()]
    end_word = part.group("end").casefold()
    size = -count if end_word in {"last", "final", "bottom", "latter"} else count
    read: list[Position] = []
    for position in positions:
        counted = (
            not position.anchor
            and not position.lettered
            and not position.part
            and (position.index == MIDDLE or -10 <= position.index <= 10)
        )
        start, end = position.start, position.end
        if counted and start < part.start() < end:
            # "the second of the first two": the place's own tail holds the part (a place
            # that starts with the part's words, "the last two you listed", is the part).
            read.append(attrs.evolve(position, part=size, end=max(end, part.end())))
            continue
        if counted and end <= part.start() and _PART_AFTER_PLACE.fullmatch(text, end, part.start()):
            read.append(attrs.evolve(position, part=size, end=part.end()))
            continue
        opening = _PART_OPENING.search(text, 0, part.start())
        opened = part.start() if opening is None else opening.start()
        if opening is None:
            opening = _CLAUSE_OPENING.search(text, 0, part.start())
        gap = text[part.end() : start]
        if (
            counted
            and opening is not None
            and part.end() <= start
            and re.search(r"[.!?\n]", gap) is None
            and len(re.findall(r"[A-Za-z']+", gap)) <= _PART_GAP_WORDS
        ):
            read.append(attrs.evolve(position, part=size, start=opened))
            continue
        read.append(position)
    return read


def part_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` names a place inside a part of a list (`_in_part`)."""
    if _PART.search(text) is None:
        return []
    return [(p.start, p.end) for p in find_positions(text) if p.part]


# "the bonus one", "your bonus pick": the name an answer gives apart after its main list.
_BONUS = re.compile(
    r"(?<!\bnot\s)\b(?:the|your|that)\s+bonus(?:\s+(?:one|pick|name|suggestion|option|item"
    r"|entry))?\b",
    re.IGNORECASE,
)
# "of your main three", "the main ones": the main group of a list given with an extra.
_MAIN_GROUP = re.compile(
    r"\b(?:the|your|those|these)\s+main\s+(?:two|three|four|five|ones|list|picks|group)\b",
    re.IGNORECASE,
)


def _in_groups(text: str, positions: Sequence[Position]) -> list[Position]:
    """`positions` with the groups they count in: "the bonus one" is the first of the last
    group, a place beside "the main three" counts in the first group, and one beside a
    group named by its place in that group (`_in_named_group`)."""
    positions = [
        *positions,
        *(Position(1, "one", m.start(), m.end(), group=-1) for m in _BONUS.finditer(text)),
    ]
    main = _MAIN_GROUP.search(text)
    if main is not None:
        return [
            _grouped(text, position, main, 1)
            if not position.anchor and not position.group and -10 <= position.index <= 10
            else position
            for position in positions
        ]
    return _in_named_group(text, positions)


def _in_named_group(text: str, positions: Sequence[Position]) -> list[Position]:
    """`positions` counted inside the group of a list the turn names ("second group, second
    one", "the first one in the second group"): the group's own words are no place of a
    member, and every other place counted from an end counts in that group. A group named
    with no other place is left as it was read (a band is a group too)."""
    groups = list(_GROUP_PLACE.finditer(text))
    if len(groups) != 1:
        return list(positions)
    named = groups[0]
    others = [
        position
        for position in positions
        if not named.start() <= position.start < named.end()
        and not position.start <= named.start("ordinal") < position.end
    ]
    if not others:
        # "first group, first name": beside a group, a bare ordinal and a word for a member
        # is a place too.
        bare = _BARE_PLACE.search(text, named.end())
        if bare is None:
            return list(positions)
        index = cues.ordinal_index(bare.group("ordinal"))
        others = [Position(index, bare.group("noun").casefold(), bare.start(), bare.end())]
    word = named.group("ordinal").casefold()
    group = -1 if word == "last" else cues.ordinal_index(re.sub(r"\d+", _ordinal_word, word))
    return [
        _grouped(text, position, named, group)
        if not position.anchor and -10 <= position.index <= 10
        else position
        for position in others
    ]


def _grouped(text: str, position: Position, named: re.Match[str], group: int) -> Position:
    """`position` counted in `group`, its span stretched over the words that name the group
    where only a few words stand between them ("second group, first one", "the first one in
    the second group")."""
    start, end = min(position.start, named.start()), max(position.end, named.end())
    between = text[min(position.end, named.end()) : max(position.start, named.start())]
    if len(between.split()) > 3:
        start, end = position.start, position.end
    return attrs.evolve(position, group=group, start=start, end=end)


# A bare ordinal and a word for a member ("first name", "second one") after a group named.
_BARE_PLACE = re.compile(
    r"\b(?P<ordinal>first|second|third|fourth|fifth|last)\s+(?P<noun>one|name|item|entry|pick"
    r"|option)\b",
    re.IGNORECASE,
)


def _ordinal_word(number: re.Match[str]) -> str:
    return ("first", "second", "third", "fourth")[int(number.group()) - 1]


# A question word standing as the subject of the verb before a pick ("which company made the
# one you picked?"): the pick is what the question is about, not asked for.
_WH_SUBJECT = re.compile(r"\b(?:who|which\s+[a-z]+|what\s+[a-z]+)\s+$", re.IGNORECASE)
# The rest of a clause after a pick that predicates of it ("... the one you'd pick famous
# for?", "... best known for"): it ends in a preposition left stranded by the question.
_STRANDED = re.compile(r"\s+[^,;:.!?]*?\b(?:for|about|of|in|on|with|from|at|by)\s*(?:[?.!]|$)")


def _asks_for_pick(text: str, match: re.Match[str]) -> bool:
    """Whether the pick phrase `match` is what the turn asks the assistant for ("what's the
    one you'd pick?", "give me the one you'd recommend") rather than a member it points at
    ("what is the one you'd pick famous for?", "which company made the one you picked?")."""
    asking = cues.ASKING_FOR_PICK.search(text, 0, match.start())
    if asking is None:
        return False
    if _WH_SUBJECT.search(text, 0, asking.start()) is not None:
        return False
    return _STRANDED.match(text, match.end()) is None


_ASKED_ABOUT = re.compile(
    r"(?:\s+(?:that|which))?\s+I\s+(?:just\s+|first\s+)?asked\s+(?:you\s+)?about\b",
    re.IGNORECASE,
)


def _from_end(position: Position) -> Position:
    """`position` counted from the end of its list where it counts from the start."""
    if position.anchor or position.lettered or not 0 < position.index <= 10:
        return position
    return attrs.evolve(position, index=-position.index)


def _possessed_by(text: str, position: Position) -> str:
    """The possessive ("your", "my") that determines `position` ("your fifth suggestion", "my
    third option"), else ""."""
    whose = cues.POSSESSED_PLACE.match(text, position.start)
    return whose.group("whose").casefold() if whose is not None else ""


# A possessive determiner right before an ordinal ("your third suggestion").
_POSSESSIVE_BEFORE = re.compile(r"\b(?:your|my|our)\s+$", re.IGNORECASE)


# How far after a place the words that say whose order it counts may stand ("the one in the
# middle of your ranking").
_ORDER_REACH = 24


# "the last of your three", "the second of your top four": the place counts in the assistant's
# choice of so many ("of your list" counts in the list as given).
_OF_YOURS = re.compile(
    r"\s+(?:of|in|from)\s+your\s+(?:top\s+)?(?:two|three|four|five|six|\d)\b", re.IGNORECASE
)


def _in_answer_order(text: str, position: Position) -> bool:
    """Whether the words of `position`, or those just after it, say the order is the one the
    assistant gave ("the one you ranked last", "your number two")."""
    before = text[max(0, position.start - 5) : position.start].casefold()
    if before.endswith("your ") or _OF_YOURS.search(text, position.start, position.end + 20):
        return True
    reach = min(len(text), position.end + _ORDER_REACH)
    clause = re.split(r"[,.;:!?]|\s[-\u2013\u2014]+\s", text[position.end : reach])[0]
    said = text[position.start : position.end] + clause
    return cues.ANSWER_ORDER.search(said) is not None


def in_answer_order(listing: Listing, answer: Sequence[str]) -> Listing:
    """`listing` in the order `answer` (the names of its turn's answer, in order) first names
    its members, where the answer names them all; else `listing` as it is."""
    firsts = list(dict.fromkeys(name for name in answer if name in listing.names))
    if len(firsts) != len(listing.names):
        return listing
    people = dict(zip(listing.names, listing.person_like, strict=True))
    return attrs.evolve(
        listing, names=tuple(firsts), person_like=tuple(people[name] for name in firsts)
    )


def answer_ranking(listing: Listing, answer: str, mentions: Sequence[Mention]) -> Listing:
    """`listing` cut to the members its turn's `answer` ranks, where the answer keeps some of
    them and leaves the rest out ("narrow it down to three" - "in order: C, A, B. I'd drop
    D."): "your last one" then counts in the answer's ranking, not in the user's list. The
    ranking is the listed members the answer names, in order, where it names some and not
    all; where it names all, its own enumeration of some of them (plain or numbered: the
    one it sets aside stands outside it). `listing` itself otherwise, and for a list the
    answer gave (its ranking is its own order, `in_answer_order`)."""
    if not listing.asked:
        return listing
    members = set(listing.names)
    named = tuple(dict.fromkeys(m.name for m in mentions if m.name in members))
    kept = named if 2 <= len(named) < len(members) else ()
    if not kept:
        # The answer names every member: its ranking is an enumeration of some of them, with
        # the rest named only in sentences of their own ("I'd drop D."), not in the ranking's.
        for run in (*labelled_enumerations(answer, mentions), *enumerations(answer, mentions)):
            names = tuple(dict.fromkeys(m.name for m in run))
            if 2 <= len(names) < len(members) and members.issuperset(names):
                if _named_apart(answer, mentions, names):
                    kept = names
                break
    if not kept:
        return listing
    people = dict(zip(listing.names, listing.person_like, strict=True))
    return attrs.evolve(
        listing, names=kept, person_like=tuple(people[name] for name in kept), groups=()
    )


def _named_apart(answer: str, mentions: Sequence[Mention], ranked: Sequence[str]) -> bool:
    """Whether no sentence (or line) of `answer` that names a member of `ranked` names one
    outside it."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"[^.!?\n]+", answer)]
    for start, end in spans:
        inside = {m.name in ranked for m in mentions if start <= m.start < end}
        if len(inside) > 1:
            return False
    return True


def listing_for(
    listings: Sequence[Listing], position: Position, current: str | None
) -> Listing | None:
    """The list `position` counts in (`listings` newest first): the newest that holds the
    member a relative place is counted from ("the one before Rome"); for a place the user
    says is their own ("the second one I mentioned"), the newest list the user typed; else
    the newest that holds `current`, else the newest."""
    if position.anchor:
        for listing in listings:
            if _anchor_at(listing.names, position.anchor) is not None:
                return listing
    if position.lettered:
        # A letter counts only in a list its letters label.
        return next((listing for listing in listings if listing.lettered), None)
    if position.batch:
        batched = _batch_for(listings, position.batch)
        if batched is not None:
            return batched
    if position.own:
        for listing in listings:
            if listing.asked:
                return listing
    if current is not None:
        for listing in listings:
            if current in listing.names:
                return listing
    return listings[0] if listings else None


def batches_joined(listings: Sequence[Listing], listing: Listing) -> Listing | None:
    """The whole enumeration `listing` is a batch of (`Listing.extends`), its batches joined in
    the order they were given ("your fifth suggestion" after three names and then two more
    counts on into the second batch); None where `listing` came in one batch."""
    for newest in listings:
        chain = [newest]
        while chain[-1].extends:
            earlier = next(
                (item for item in listings if item.turn == chain[-1].extends and not item.asked),
                None,
            )
            if earlier is None:
                break
            chain.append(earlier)
        if len(chain) > 1 and listing in chain:
            chain.reverse()
            return attrs.evolve(
                chain[0],
                names=tuple(name for item in chain for name in item.names),
                person_like=tuple(person for item in chain for person in item.person_like),
                extends=0,
            )
    return None


def _batch_for(listings: Sequence[Listing], batch: int) -> Listing | None:
    """The batch `batch` names of the newest list given in batches (`Listing.extends`): its
    newest batch, or the first it grew from; None where no list came in batches."""
    newest = next((listing for listing in listings if listing.extends), None)
    if newest is None:
        return None
    if batch == NEWEST_BATCH:
        return newest
    first = newest
    while first.extends:
        earlier = next(
            (item for item in listings if item.turn == first.extends and not item.asked), None
        )
        if earlier is None:
            break
        first = earlier
    return first


def _folded_member(name: str) -> str:
    folded = " ".join(name.casefold().split())
    return folded[4:] if folded.startswith("the ") else folded


def pick(
    listing: Listing,
    position: Position,
    anchor: str | None = None,
    discussed: frozenset[str] = frozenset(),
) -> str | None:
    """The member of `listing` at `position`, people only when the noun asks for a person;
    "the next one" is the member after `anchor` (None where `anchor` is not listed); "the
    remaining one" is the one member not in `discussed` (`remaining_member`)."""
    names = listing.names
    if position.lettered and not listing.lettered:
        return None
    if position.anchor:
        return _beside(names, position)
    if position.index == REMAINING:
        return remaining_member(listing, discussed)
    if position.index in (NEXT, PREVIOUS):
        if anchor not in names:
            return None
        at = names.index(anchor) + (1 if position.index == NEXT else -1)
        return names[at] if 0 <= at < len(names) else None
    if position.group:
        grouped = _group_of(listing, position.group)
        if grouped is None:
            return None
        listing, names = grouped, grouped.names
    if position.part:
        parted = _part_of(listing, position.part)
        if parted is None:
            return None
        listing, names = parted, parted.names
    if position.noun in _PERSON_NOUNS and any(listing.person_like):
        names = tuple(
            name for name, person in zip(listing.names, listing.person_like, strict=True) if person
        )
    if position.index == MIDDLE:
        # Only a list of odd length has one member in the middle.
        return names[len(names) // 2] if len(names) % 2 == 1 else None
    index = position.index - 1 if position.index > 0 else len(names) + position.index
    if 0 <= index < len(names):
        return names[index]
    return None


def _part_of(listing: Listing, part: int) -> Listing | None:
    """The first `part` members of `listing` (the last `-part`) as a list of their own; None
    where the list holds no more members than the part (the part would be the whole list)."""
    if abs(part) >= len(listing.names):
        return None
    kept = slice(0, part) if part > 0 else slice(len(listing.names) + part, None)
    return attrs.evolve(
        listing, names=listing.names[kept], person_like=listing.person_like[kept], groups=()
    )


def _group_of(listing: Listing, group: int) -> Listing | None:
    """The members of `listing` in its group `group` (1-based, negative from the last) as a
    list of their own; None where the list came in no groups or has no such group, but the
    first group of a list in one group is the whole list."""
    if group == 1 and not listing.groups:
        return listing
    if not listing.groups or not 0 < abs(group) <= len(listing.groups):
        return None
    at = group - 1 if group > 0 else len(listing.groups) + group
    first = sum(listing.groups[:at])
    end = first + listing.groups[at]
    return attrs.evolve(
        listing,
        names=listing.names[first:end],
        person_like=listing.person_like[first:end],
        groups=(),
    )


def _beside(names: tuple[str, ...], position: Position) -> str | None:
    """The member next to the one `position.anchor` names (case ignored), on the side its
    index says; None where no member is so named or none stands there."""
    anchored = _anchor_at(names, position.anchor)
    if anchored is None:
        return None
    if position.index == OTHER_THAN:
        # "The one that isn't X" presupposes a pair.
        return names[1 - anchored] if len(names) == 2 else None
    at = anchored + position.index
    return names[at] if 0 <= at < len(names) else None


def _anchor_at(names: Sequence[str], anchor: str) -> int | None:
    """Where in `names` the member `anchor`'s words name stands (case ignored): the whole of
    them, else their longest first words, since the rest of the clause may follow the name
    ("what is the one after Vertigo about?"); None where they name no member."""
    folded = [_folded_member(name) for name in names]
    words = anchor.split()
    for size in range(len(words), 0, -1):
        typed = _folded_member(" ".join(words[:size]))
        if typed in folded:
            return folded.index(typed)
    return None


def anchor_length(names: Sequence[str], anchor: str) -> int | None:
    """How many characters of `anchor` the member it names takes (`_anchor_at`'s words,
    with the spaces between them as typed): "Ada Lovelace" of "Ada Lovelace best known for";
    None where its words name no member."""
    words = anchor.split()
    folded = [_folded_member(name) for name in names]
    for size in range(len(words), 0, -1):
        if _folded_member(" ".join(words[:size])) in folded:
            typed = re.match(r"\s*" + r"\s+".join(re.escape(word) for word in words[:size]), anchor)
            return typed.end() if typed is not None else None
    return None


def remaining_member(listing: Listing, discussed: frozenset[str]) -> str | None:
    """The member of `listing` the conversation has not taken up: the only one left, else the
    only one left before the last member discussed (the one passed over); None otherwise."""
    left = [name for name in listing.names if name not in discussed]
    if len(left) == 1:
        return left[0]
    taken = [at for at, name in enumerate(listing.names) if name in discussed]
    if not taken:
        return None
    skipped = [name for name in listing.names[: max(taken)] if name not in discussed]
    return skipped[0] if len(skipped) == 1 else None


@attrs.frozen
class PlaceGroup:
    """Several places in one phrase ("the first or the last one", "the last two"): `indices`
    as in `Position.index`, `joint` the word that joins them ("and", "or"), `start`/`end`
    the words that point."""

    indices: tuple[int, ...]
    joint: str
    start: int
    end: int
    # A complement ("everything except the first one"): the places left out, or the words
    # naming the member left out; `indices` is then empty and the group is the rest.
    excluded: tuple[int, ...] = ()
    excluded_name: str = ""


_COUNTS = _COUNTS_WORDS


def _place_index(word: str) -> int:
    """The index of a place word ("first" 1, "last" -1)."""
    return cues.ordinal_index(word)


def counts_things(noun: str) -> bool:
    """Whether `noun`, said right after a count ("the first two facts", "the last three
    reasons"), is a plural noun the count counts, so the count names no list members: it
    is marked plural ("-s") and is no word that points at members ("ones", "names"), no
    verb or particle. A verb after a plural subject has no "-s" ("the first two sound
    good"), so the mark tells the two apart."""
    return (
        len(noun) > 3
        and noun.endswith("s")
        and not noun.endswith("ss")
        and noun not in cues.REFERENT_NOUNS
        and noun not in cues.KIND_NOUNS
        and noun not in cues.AFTER_BARE_ORDINAL_VERBS
        and noun not in cues.AFTER_BARE_ORDINAL
        and noun not in cues.POSITION_TAIL_WORDS
    )


def find_place_groups(text: str) -> tuple[PlaceGroup, ...]:
    """Every phrase that points at several list places at once: two places joined ("the
    second and third ones") or a run at one end ("the first two", "the last three")."""
    found: list[PlaceGroup] = []
    for match in cues.PLACE_PAIR.finditer(text):
        noun = (match.group("noun") or "").casefold()
        if noun in cues.NOT_A_POSITION_NOUNS:
            continue
        pointing = noun in cues.REFERENT_NOUNS or noun in cues.KIND_NOUNS
        end = _with_tail(text, match.end() if pointing else match.end("second"))
        joint = "or" if match.group("joint").casefold() == "or" else "and"
        indices: tuple[int, ...] = (
            _place_index(match.group("first")),
            _place_index(match.group("second")),
        )
        if indices[0] != indices[1]:
            found.append(PlaceGroup(indices, joint, match.start(), end))
    parted = part_spans(text)
    for match in cues.PLACE_RUN.finditer(text):
        noun = (match.group("noun") or "").casefold()
        if (
            any(start <= match.start() < end for start, end in parted)
            or noun in cues.NOT_A_POSITION_NOUNS
            or counts_things(noun)
            or any(group.start <= match.start() < group.end for group in found)
        ):
            continue
        pointing = noun in cues.REFERENT_NOUNS or noun in cues.KIND_NOUNS
        end = _with_tail(text, match.end() if pointing else match.end("count"))
        count = _COUNTS[match.group("count").casefold()]
        from_end = match.group("end").casefold() in {"last", "final", "bottom"}
        indices = tuple(range(-count, 0)) if from_end else tuple(range(1, count + 1))
        found.append(PlaceGroup(indices, "and", match.start(), end))
    found.extend(_complements(text))
    return tuple(sorted(found, key=lambda group: group.start))


def _complements(text: str) -> list[PlaceGroup]:
    """The complements of a list in `text` (`cues.LIST_COMPLEMENT`): each leaves out one
    place ("the first one", "the last") or one member it names."""
    found = []
    for match in cues.LIST_COMPLEMENT.finditer(text):
        words = (
            match.group("excluded") or match.group("left_out") or match.group("fronted")
        ).strip()
        end = match.end()
        place = cues.POSITION.fullmatch(words)
        if place is not None and place.group("det") is not None:
            noun = (place.group("noun") or "one").casefold()
            if noun not in cues.REFERENT_NOUNS and noun not in cues.KIND_NOUNS:
                continue
            index = cues.ordinal_index(place.group("ordinal"))
            if place.group("from_end"):
                index = -index if index > 0 else index
            found.append(PlaceGroup((), "and", match.start(), end, excluded=(index,)))
        else:
            found.append(PlaceGroup((), "and", match.start(), end, excluded_name=words))
    return found


def find_remaining_groups(text: str) -> tuple[PlaceGroup, ...]:
    """Every phrase that points at a counted number of list members the conversation has not
    taken up ("the other two", "the two I haven't asked about yet"); each group's `indices`
    hold one `REMAINING` per member counted (`remaining_members` names them)."""
    found = []
    for match in cues.REMAINING_MEMBERS.finditer(text):
        count = _COUNTS[(match.group("count") or match.group("left")).casefold()]
        end = _with_tail(text, match.end())
        found.append(PlaceGroup((REMAINING,) * count, "and", match.start(), end))
    return tuple(found)


def remaining_members(listing: Listing, discussed: frozenset[str], count: int) -> tuple[str, ...]:
    """The members of `listing` not in `discussed`, in the list's order, where there are
    exactly `count` of them and the conversation took up at least one; else none."""
    left = tuple(name for name in listing.names if name not in discussed)
    return left if len(left) == count and len(left) < len(listing.names) else ()


def pick_group(listing: Listing, group: PlaceGroup) -> tuple[str, ...] | None:
    """The members of `listing` at `group`'s places, in the order the turn says them; None
    where a place falls outside the list or two places are one member."""
    if group.excluded or group.excluded_name:
        return _complement(listing, group)
    names = []
    for index in group.indices:
        at = index - 1 if index > 0 else len(listing.names) + index
        if not 0 <= at < len(listing.names):
            return None
        names.append(listing.names[at])
    return tuple(names) if len(set(names)) == len(names) else None


def _complement(listing: Listing, group: PlaceGroup) -> tuple[str, ...] | None:
    """The members of `listing` a complement keeps: all but the one it leaves out; None where
    what it leaves out is no member (so the words were no complement of this list) or
    nothing is left."""
    names = listing.names
    if group.excluded_name:
        folded = [_folded_member(name) for name in names]
        left_out = _folded_member(group.excluded_name)
        if left_out not in folded:
            return None
        at = folded.index(left_out)
    else:
        index = group.excluded[0]
        at = index - 1 if index > 0 else len(names) + index
        if not 0 <= at < len(names):
            return None
    kept = names[:at] + names[at + 1 :]
    return kept or None
