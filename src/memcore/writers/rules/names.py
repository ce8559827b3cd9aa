"""Finding the names a turn mentions: capitalised spans, page titles, and names already known.

Three sources, merged in text order with the longest match winning where they overlap:
capitalised spans ("Neil Armstrong", "Apollo 11", "Lord of the Rings"); page titles from the
retriever's vocabulary, matched case-insensitively so that "apollo 11" typed in lower case is
found; and names the memory already knows (topics, names in recent answers), also matched
case-insensitively, a known person's surname alone included, and a known name with another
number ("apollo 12" when "Apollo 11" is known). The capitalised spans are `spans`'s, the
title vocabulary `vocabulary`'s; this module matches phrases against titles and known names
and merges the three.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs

from memcore.search.titles import normalise_title, title_key
from memcore.search.words import STOPWORDS
from memcore.slips import one_slip_apart
from memcore.writers import cues
from memcore.writers.rules.spans import (
    MAX_NAME_WORDS,
    NUMBERISH,
    Mention,
    bare_word,
    capitalised_spans,
    is_capitalised,
    is_member_label,
    possessive_end,
    sentence_start,
    split_words,
)
from memcore.writers.rules.vocabulary import MAX_TITLE_WORDS, TitleVocabulary, first_words

__all__ = [
    "TEXT_LIMIT",
    "KnownNames",
    "Mention",
    "TitleVocabulary",
    "capitalised_spans",
    "find_mentions",
    "first_words",
    "unique_names",
]

# Names are looked for in the first 1,000 characters of a text: the rest of a very long turn
# would only cost time (history answers are cut at 600 characters anyway).
TEXT_LIMIT = 1_000


@attrs.frozen
class _Shape:
    """What phrase matching reads of a text's words, computed once per text: each word in
    lower case, each word in lower case without a possessive "'s", whether each word is a
    number, and how many of the following words each one is joined to (nothing or a hyphen
    between them)."""

    folded: tuple[str, ...]
    last: tuple[str, ...]
    numberish: tuple[bool, ...]
    joined_after: tuple[int, ...]


@functools.lru_cache(maxsize=4096)
def _shape_of(text: str) -> _Shape:
    words = split_words(text)
    joined = [
        text[words[i].end : words[i + 1].start].strip() in ("", "-") for i in range(len(words) - 1)
    ]
    joined_after = [0] * len(words)
    for i in range(len(words) - 2, -1, -1):
        joined_after[i] = joined_after[i + 1] + 1 if joined[i] else 0
    return _Shape(
        tuple(word.text.casefold() for word in words),
        tuple(possessive_end(word)[0].casefold() for word in words),
        tuple(NUMBERISH.match(word.text) is not None for word in words),
        tuple(joined_after),
    )


def _phrase_matches(
    text: str,
    keys: Mapping[str, str],
    max_words: int,
    starts: frozenset[str],
    lower_single: frozenset[str] = frozenset(),
    lower_topics: frozenset[str] = frozenset(),
) -> list[Mention]:
    found: list[Mention] = []
    words = split_words(text)
    shape = _shape_of(text)
    index = 0
    while index < len(words):
        matched = None
        first = shape.folded[index]
        if first not in starts and bare_word(words[index].text) not in starts:
            index += 1
            continue
        longest = min(max_words, len(words) - index, shape.joined_after[index] + 1)
        for size in range(longest, 0, -1):
            chunk = words[index : index + size]
            end = possessive_end(chunk[-1])[1]
            phrase = " ".join(
                [*shape.folded[index : index + size - 1], shape.last[index + size - 1]]
            )
            name = keys.get(phrase)
            if name is None:
                continue
            if (
                size == 1
                and not (
                    is_capitalised(chunk[0].text)
                    or any(ch.isdigit() for ch in chunk[0].text)
                    # A known person's surname may be typed in lower case ("armstrong").
                    or phrase in lower_single
                    # So may a one-word topic, but not as a common noun after a determiner
                    # ("what is a parasite?"); "no" before a topic refuses it ("no lisbon
                    # for me").
                    or (
                        phrase in lower_topics
                        and _last_word(text[: chunk[0].start]) not in _TOPIC_DETERMINERS
                    )
                )
            ):
                continue
            before = text[: chunk[0].start].rstrip().casefold()
            matched = Mention(
                name,
                chunk[0].start,
                _with_qualifier(text, end, name),
                known=True,
                after_the=before.endswith(("the", "a", "an")),
            )
            index += size
            break
        if matched is None:
            index += 1
        else:
            found.append(matched)
    return found


def _with_qualifier(text: str, end: int, name: str) -> int:
    """`end` moved past the bracketed qualifier of `name` when the text writes it out
    ("Lunar distance (astronomy)" typed in full is one mention, not a name and a bracket)."""
    qualifier = name[len(normalise_title(name)) :].strip()
    if not qualifier:
        return end
    following = text[end : end + len(qualifier) + 4]
    stripped = following.lstrip()
    if stripped[: len(qualifier)].casefold() == qualifier.casefold():
        return end + (len(following) - len(stripped)) + len(qualifier)
    return end


_QUALIFIER = re.compile(r"\s*(\([^()]{1,60}\))")


def _qualified(text: str, mention: Mention, vocabulary: TitleVocabulary) -> Mention:
    """ "Grey's Anatomy (season 9)" typed in full is that page, not the name they share."""
    following = _QUALIFIER.match(text, mention.end)
    if following is None:
        return mention
    wanted = f"{normalise_title(mention.name)} {following.group(1)}".casefold()
    for title in vocabulary.pages_named(mention.name):
        if " ".join(title.split()).casefold() == wanted:
            return attrs.evolve(mention, name=title, end=following.end())
    return mention


# What may close a title typed in full after its last word: its own closing bracket or mark.
_TITLE_CLOSE = re.compile(r"[\])?!.]+")


def _spelled_titles(text: str, vocabulary: TitleVocabulary) -> list[Mention]:
    """Page titles typed out in full, their punctuation and case as the user likes ("backyard
    composting | madison county, ny"): each is one name, from its first word to its last
    (with the title's closing bracket or question mark where the turn types it)."""
    found: list[Mention] = []
    words = split_words(text)
    folded = _shape_of(text).folded
    index = 0
    while index < len(words):
        matched = None
        for title_words, title in vocabulary.spelled.get(folded[index], ()):
            size = len(title_words)
            if folded[index : index + size] == title_words:
                matched = (size, title)
                break
        if matched is None:
            index += 1
            continue
        size, title = matched
        end = words[index + size - 1].end
        closing = title[len(title.rstrip(")]?!.")) :]
        typed = _TITLE_CLOSE.match(text, end)
        if closing and typed is not None:
            end += min(len(closing), len(typed.group()))
        found.append(Mention(title, words[index].start, end, known=True))
        index += size
    return found


_NUMBER_IN_NAME = re.compile(r"^(?P<head>.*?\S)\s+(?P<number>\d+|[IVX]{1,6})$")


def _known_keys(known: Iterable[str]) -> tuple[dict[str, str], dict[str, str], set[str]]:
    """Lower-case phrase to known name, a name's number-free head to its template, and the
    surnames among the keys."""
    keys: dict[str, str] = {}
    heads: dict[str, str] = {}
    surnames: set[str] = set()
    for name in known:
        folded = name.casefold()
        keys.setdefault(folded, name)
        bare = normalise_title(name)
        if bare and bare != name:
            keys.setdefault(bare.casefold(), name)
        parts = bare.split()
        # A person's surname alone refers to them ("Armstrong" for "Neil Armstrong").
        if (
            2 <= len(parts) <= 3
            and not any(ch.isdigit() for ch in bare)
            and all(part[:1].isupper() for part in parts)
            and not any(
                part.casefold() in cues.NOT_NAMES
                or part.casefold() in cues.NOT_PERSON_WORDS
                or cues.KIND_NOUNS.get(part.casefold(), "person") != "person"
                for part in parts
            )
        ):
            keys.setdefault(parts[-1].casefold(), name)
            surnames.add(parts[-1].casefold())
        numbered = _NUMBER_IN_NAME.match(bare)
        if numbered:
            heads.setdefault(numbered.group("head").casefold(), numbered.group("head"))
    return keys, heads, surnames


# How many lower-case words after a capitalised name may still belong to it ("Sickle cell").
_MAX_OPENING_TAIL = 2


def _title_opening(text: str, span: Mention, vocabulary: TitleVocabulary) -> Mention:
    """`span` with the lower-case words after it that go on to open a page title ("How is
    Sickle cell treated?" names "Sickle cell", the opening of "Sickle cell disease", not
    "Sickle"). Only where the capitalised words alone are no title, and only through content
    words joined by spaces: the longest opening typed wins; elsewhere `span` as it is."""
    if title_key(span.name) in vocabulary.by_key:
        return span
    words = split_words(text)
    following = [word for word in words if word.start >= span.end][:_MAX_OPENING_TAIL]
    best = span
    end = span.end
    for word in following:
        if text[end : word.start].strip() or not word.text.islower():
            break
        if word.text in STOPWORDS:
            break
        end = word.end
        phrase = " ".join(text[span.start : end].split())
        if title_key(phrase) in vocabulary.openings:
            best = attrs.evolve(span, name=phrase, end=end)
    return best


def _number_siblings(text: str, heads: Mapping[str, str]) -> list[Mention]:
    found: list[Mention] = []
    if not heads:
        return found
    words = split_words(text)
    shape = _shape_of(text)
    for index in range(len(words) - 1):
        for size in range(1, 4):
            if index + size >= len(words):
                break
            if not shape.numberish[index + size]:
                continue
            chunk = words[index : index + size]
            number = words[index + size]
            head = heads.get(" ".join(shape.folded[index : index + size]))
            if head is None:
                continue
            numeral = number.text.upper() if number.text.isalpha() else number.text
            found.append(Mention(f"{head} {numeral}", chunk[0].start, number.end, known=True))
    return found


@attrs.frozen
class KnownNames:
    """Names the memory holds, indexed for matching in text: build once per turn."""

    keys: Mapping[str, str]
    heads: Mapping[str, str]
    starts: frozenset[str]
    surnames: frozenset[str]
    lower_topics: frozenset[str] = frozenset()
    # The one-word names the latest answer gave: a turn typed wholly in lower case types
    # these so too ("you mentioned marrakesh - ...").
    lower_answered: frozenset[str] = frozenset()
    # The user's earlier questions: a turn asked again in their words with another name in a
    # name's place shows how it types names (`_asked_again_lowered`).
    asked: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, names: Iterable[str], topics: Iterable[str] = (), answered: Iterable[str] = ()
    ) -> KnownNames:
        """The index of `names`. The one-word names among `topics` (names the conversation
        was about) may be typed in lower case alone, as a known surname may ("one more on
        tamagotchi"): the user has talked about them, so the word stands for the topic. So
        may those among `answered` (the names the latest answer gave) in a turn typed wholly
        in lower case."""
        names = tuple(names)
        keys, heads, surnames = _known_keys(names)
        lowered = frozenset(
            topic.casefold()
            for topic in topics
            if _lower_case_single(topic) and keys.get(topic.casefold()) == topic
        )
        given = frozenset(
            name.casefold()
            for name in answered
            if _lower_case_single(name) and keys.get(name.casefold()) == name
        )
        return cls(keys, heads, first_words(keys), frozenset(surnames), lowered, given)


# Words before a common noun: a lower-case word after one is no name ("a parasite").
_DETERMINERS = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "my",
        "your",
        "our",
        "their",
        "his",
        "her",
        "its",
        "every",
        "each",
        "no",
    ]
)
# The determiners that make a lower-case one-word topic a common noun.
_TOPIC_DETERMINERS = _DETERMINERS - {"no"}
_LAST_WORD = re.compile(r"([^\W\d_]+)\W*$")


def _last_word(text: str) -> str:
    found = _LAST_WORD.search(text)
    return found.group(1).casefold() if found else ""


# A one-word topic shorter than this is too like a common word to be read in lower case.
_MIN_LOWER_NAME = 4


def _lower_case_single(name: str) -> bool:
    """Whether a one-word topic may be read typed in lower case: a capitalised word, not a
    stop word nor a word the cues read as no name."""
    folded = name.casefold()
    return (
        len(name.split()) == 1
        and len(name) >= _MIN_LOWER_NAME
        and name[:1].isupper()
        and name.isalpha()
        and folded not in STOPWORDS
        and folded not in cues.NOT_NAMES
    )


_SPACED_DASH = re.compile(r"\s[-\u2013\u2014]+\s")


def _cut_at_dashes(text: str, span: Mention, known: Sequence[Mention]) -> list[Mention]:
    """`span` cut at its spaced dashes where a known name (a page title, a name the memory
    holds) stands in it without covering it: "no not Walkman - Rubik's Cube" holds two
    names, one each side of the dash, not one name "Walkman - Rubik". A span that a known
    name covers whole, or that no known name touches, stays whole (the caller keeps a span
    that is itself a known name: "Doing Business With DEC - NYSDEC")."""
    typed = text[span.start : span.end]
    cuts = list(_SPACED_DASH.finditer(typed))
    if not cuts:
        return [span]
    touching = [m for m in known if m.start < span.end and m.end > span.start]
    if not touching or any(m.start <= span.start and m.end >= span.end for m in touching):
        return [span]
    pieces: list[Mention] = []
    start = 0
    for cut in [*cuts, None]:
        end = cut.start() if cut is not None else len(typed)
        piece = typed[start:end]
        stripped = piece.strip()
        if stripped:
            at = span.start + start + len(piece) - len(piece.lstrip())
            pieces.append(Mention(stripped, at, at + len(stripped)))
        start = cut.end() if cut is not None else len(typed)
    return pieces


_WORD_TYPED = re.compile(r"[^\W\d_]+")
# What may stand between a retraction and the name it brings: marks, a hesitation, "no".
_REPAIR_FILLER = re.compile(r"[\s,.;:!\-\u2013\u2014\u2026]*(?:(?:no|hmm+|um+|uh+)[\s,.;:!-]*)*$")
# A closing bracket ends the clause a bracketed repair holds ("(no, parasite)").
_CLAUSE_END = re.compile(r"\s*(?:[,.;:!?\-\u2013\u2014\u2026)\]]|$)")


_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s+$")


def _after_determiner(text: str, start: int) -> bool:
    """Whether a determiner stands right before `start`, nothing but space between ("a
    parasite"; not "no, lisbon", where "no" retracts)."""
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    return before is not None and before.group(1).casefold() in _DETERMINERS


# A turn typed with caps lock on ("SORRY, WHAT ABOUT KYOTO? JUST THE BASICS") has at least
# this many words in capitals, and they are at least half of its words.
_MIN_SHOUTED_WORDS = 3


def _all_capitals(name: str) -> bool:
    letters = [ch for ch in name if ch.isalpha()]
    return bool(letters) and all(ch.isupper() for ch in letters)


def _without_capital_ends(span: Mention) -> Mention | None:
    """`span` without the words in capitals at its ends ("IS Lake Ohrid" is "Lake Ohrid");
    None where no word of it has a small letter ("JUST THE BASICS", "APOLLO 11")."""
    words = list(_SPAN_WORD.finditer(span.name))
    if not any(any(ch.islower() for ch in word.group()) for word in words):
        return None
    first, last = 0, len(words) - 1
    while _all_capitals(words[first].group()):
        first += 1
    while _all_capitals(words[last].group()):
        last -= 1
    if first == 0 and last == len(words) - 1:
        return span
    start, end = words[first].start(), words[last].end()
    return attrs.evolve(
        span, name=span.name[start:end], start=span.start + start, end=span.start + end
    )


_SPAN_WORD = re.compile(r"\S+")


def _shouted(text: str) -> bool:
    """Whether `text` is typed in capitals: its capitals then mark no name, and only the
    names it is known to hold (page titles, names the conversation holds) are read in it
    (spec/writer-cues-names.md#writer-cues-names.caps-lock)."""
    words = [word for word in _WORD_TYPED.findall(text) if len(word) >= 2]
    capitals = sum(1 for word in words if word.isupper())
    return capitals >= _MIN_SHOUTED_WORDS and 2 * capitals >= len(words)


def _names_lowered(text: str, found: Iterable[Mention]) -> bool:
    """Whether `text` types a name it is known to hold in lower case, the name stored with a
    capital: a name the conversation holds ("... instead of valparaiso") or a page title of
    more than one word ("no, game boy"). Either shows the turn types its names so."""
    return any(
        mention.known
        and any(ch.isupper() for ch in mention.name)
        and not any(ch.isupper() for ch in text[mention.start : mention.end])
        for mention in found
    )


_FRAME_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
# At most this many words name the name an earlier question asked about; at least this many
# words right around the name's place are the earlier question's own.
_MAX_FRAME_NAME = 4
_MIN_FRAME_WORDS = 3


def _asked_again_lowered(text: str, index: KnownNames, by_key: Mapping[str, str]) -> bool:
    """Whether `text` asks an earlier question of the user's again in its words (case aside)
    with a one-word page title typed in lower case where that question typed a name it is
    known to hold, at least `_MIN_FRAME_WORDS` words right around it the same ("what
    language do people speak in montreal?" after "what language do people speak in
    Melbourne?"; either may have words of its own before or after): the name's place holds
    a name."""
    later = [word.casefold() for word in _FRAME_WORD.findall(text)]
    typed = _FRAME_WORD.findall(text)
    places = [
        k for k, word in enumerate(typed) if word.islower() and word in by_key and " " not in word
    ]
    if not places:
        return False
    for question in index.asked:
        words = _FRAME_WORD.findall(question)
        earlier = [word.casefold() for word in words]
        for start in range(len(words)):
            for size in range(1, _MAX_FRAME_NAME + 1):
                end = start + size
                name = " ".join(earlier[start:end])
                if end > len(words) or name not in index.keys or not words[start][:1].isupper():
                    continue
                for k in places:
                    before = _run(later[:k][::-1], earlier[:start][::-1])
                    after = _run(later[k + 1 :], earlier[end:])
                    if before + after >= _MIN_FRAME_WORDS:
                        return True
    return False


def _run(first: list[str], second: list[str]) -> int:
    """How many words `first` and `second` share from their starts."""
    count = 0
    while count < min(len(first), len(second)) and first[count] == second[count]:
        count += 1
    return count


# "not X," refuses X by name: a one-word title alone in its slot is a name typed in lower case
# as one after a retraction is ("not melbourne, not kyoto - helsinki").
_REFUSING_NOT = re.compile(r"(?:^|(?<=[\s,.;:!?(-]))not\s+", re.IGNORECASE)
# "what about X," and "how about X?" put a subject forward: a one-word title alone in that
# slot is a name as one after a retraction is ("what about metropolis, ...").
_PUT_FORWARD = re.compile(r"\b(?:what|how)\s+about\s+", re.IGNORECASE)


# "I meant X", "i mean X": the speaker's intent opens a slot for the name meant, as a
# retraction does ("which company made tamagotchi? sorry, i meant walkman").
_LEADING_INTENT = re.compile(
    r"\bi\s+(?:meant|mean|was\s+(?:asking|talking)\s+about)\s+(?=[^\W\d_])", re.IGNORECASE
)


# Where a clause opens: the start of the turn, or a sentence or clause mark.
_CLAUSE_OPENING = re.compile(r"[,.;:!?\u2026\n]")


def _fills_intent_slot(text: str, word: re.Match[str]) -> bool:
    """Whether `word` is a clause of its own with the intent stated after it ("... amelie i
    mean", "lisbon, i meant."): the grammar of "Y I mean" makes Y a name, whatever its case
    (spec/writer-cues-names.md#writer-cues-names.lower-case-intent)."""
    intent = cues.TRAILING_INTENT.match(text, word.end())
    if intent is None or not _CLAUSE_END.match(text, intent.end()):
        return False
    openings = [0, *(mark.end() for mark in _CLAUSE_OPENING.finditer(text, 0, word.start()))]
    return _REPAIR_FILLER.fullmatch(text, max(openings), word.start()) is not None


def _typed_in_lower_case(
    text: str, by_key: Mapping[str, str], shown: bool = False
) -> frozenset[str]:
    """The one-word page titles `text` types in lower case where the turn shows it types its
    names so (spec/writer-cues-self-repair.md#writer-cues-self-repair.lower-case-repair): one
    of them fills a repair's slot, alone between a retraction ("wait,", "no,", "...",
    "sorry") and the end of its clause ("... wait, melbourne. hmm no, montreal"). Then every
    one-word title typed in lower case, not after a determiner, is a name ("how old is
    kyoto?" there). A title alone after a refusing "not" fills such a slot too ("not kyoto,
    ..."), and `shown` (`_names_lowered`: the turn types a name it is known to hold in lower
    case) is sign enough (spec/writer-cues-names.md#writer-cues-names.lower-case-turn). None
    where there is no sign."""
    typed = [
        match
        for match in _WORD_TYPED.finditer(text)
        if match.group().islower()
        and match.group() in by_key
        and _lower_case_single(by_key[match.group()])
        and not _after_determiner(text, match.start())
    ]
    retractions = [match.end() for match in cues.RETRACTION.finditer(text)]
    retractions += [match.end() for match in _REFUSING_NOT.finditer(text)]
    retractions += [match.end() for match in _PUT_FORWARD.finditer(text)]
    retractions += [match.end() for match in _LEADING_INTENT.finditer(text)]
    in_slot = any(
        any(
            at <= word.start() and _REPAIR_FILLER.fullmatch(text, at, word.start())
            for at in retractions
        )
        and _CLAUSE_END.match(text, word.end())
        for word in typed
    ) or any(_fills_intent_slot(text, word) for word in typed)
    return frozenset(word.group() for word in typed) if in_slot or shown else frozenset()


def find_mentions(
    text: str,
    known: KnownNames | Iterable[str] = (),
    vocabulary: TitleVocabulary | None = None,
) -> tuple[Mention, ...]:
    """Every name in `text`, in order, overlaps resolved in favour of known and longer names.

    `known` are names the memory already holds; a capitalised span equal to one of them (case
    ignored), a known person's surname and a known numbered name with another number are
    returned under the known spelling.
    """
    text = cues.normalise_turn(text)[:TEXT_LIMIT]
    index = known if isinstance(known, KnownNames) else KnownNames.of(known)
    keys = index.keys
    candidates: list[Mention] = []
    lower_topics = index.lower_topics
    if not any(character.isupper() for character in text):
        lower_topics |= index.lower_answered
    candidates.extend(
        _phrase_matches(text, keys, MAX_NAME_WORDS, index.starts, index.surnames, lower_topics)
    )
    candidates.extend(_number_siblings(text, index.heads))
    if vocabulary is not None and vocabulary.spelled:
        candidates.extend(_spelled_titles(text, vocabulary))
    if vocabulary is not None and vocabulary.by_key:
        titles = _phrase_matches(text, vocabulary.by_key, MAX_TITLE_WORDS, vocabulary.starts)
        lowered = _typed_in_lower_case(
            text,
            vocabulary.by_key,
            _names_lowered(text, [*candidates, *titles])
            or _asked_again_lowered(text, index, vocabulary.by_key),
        )
        if lowered:
            titles = _phrase_matches(
                text, vocabulary.by_key, MAX_TITLE_WORDS, vocabulary.starts, lower_single=lowered
            )
        candidates.extend(_qualified(text, mention, vocabulary) for mention in titles)
    known_found = [mention for mention in candidates if mention.known]
    shouted = _shouted(text)
    for whole in capitalised_spans(text):
        whole_known = whole.name.casefold() in keys
        if not whole_known:
            titles_known = vocabulary.by_key if vocabulary is not None else {}
            whole = _year_cut(_sentence_capital_cut(text, whole, keys, titles_known), index)
            whole = _compound_cut(whole)
            whole_known = whole.name.casefold() in keys
        if shouted and not whole_known:
            # typed with caps lock: capitals say nothing of a name here
            trimmed = _without_capital_ends(whole)
            if trimmed is None:
                continue
            whole = trimmed
            whole_known = whole.name.casefold() in keys
        for span in [whole] if whole_known else _cut_at_dashes(text, whole, known_found):
            if is_member_label(span.name):
                continue  # "Option 1 - Lisbon": the piece before the dash is a label
            if vocabulary is not None and vocabulary.openings:
                span = _title_opening(text, span, vocabulary)
            name = keys.get(span.name.casefold()) or _misspelt_topic(span.name, index, vocabulary)
            candidates.append(attrs.evolve(span, name=name or span.name))
    # Longer mentions first ("Louis Armstrong" over a known surname), known ones on ties;
    # then keep those that do not overlap a chosen one.
    ordered = sorted(candidates, key=lambda m: (-(m.end - m.start), not m.known, m.start))
    taken = bytearray(len(text) + 1)
    chosen: list[Mention] = []
    for mention in ordered:
        if any(taken[mention.start : mention.end]):
            continue
        taken[mention.start : mention.end] = b"\x01" * (mention.end - mention.start)
        chosen.append(mention)
    return tuple(sorted(chosen, key=lambda m: m.start))


def _sentence_capital_cut(
    text: str, span: Mention, keys: Mapping[str, str], titles: Mapping[str, str]
) -> Mention:
    """`span` without its first word where that word only opens the sentence and the rest is
    a name the memory holds ("Scrap Game Boy, ..." after Game Boy was asked about: the verb's
    capital is the sentence's, not the name's; "None of Moonlight" loses "of" too), or a page
    title where the whole is none ("Try Casablanca, Chinatown or Moonlight.")."""
    # "None of Moonlight, ...": a quantifier's "of" goes with the sentence's first word.
    first = re.match(r"\S+\s+(?:of\s+(?=\S))?", text[span.start : span.end])
    if first is None or not sentence_start(text, span.start):
        return span
    rest = span.start + first.end()
    name = text[rest : span.end]
    titled = name.casefold() in titles and span.name.casefold() not in titles
    if name.casefold() not in keys and not titled:
        return span
    return attrs.evolve(span, name=name, start=rest, after_the=False)


# The head of an English compound adjective built on a name ("a Montreal-themed pep talk",
# "Charles Darwin-inspired"): the name is what comes before the hyphen.
_COMPOUND_HEAD = re.compile(
    r"-(?:themed|theme|style|styled|inspired|related|based|shaped|flavou?red|focused|"
    r"centred|centered|centric|loving|obsessed|adjacent|approved|branded|sized|free|like)$",
    re.IGNORECASE,
)


def _compound_cut(span: Mention) -> Mention:
    """`span` without the head of a compound adjective it ends in ("Montreal-themed" is
    Montreal); a name built that way still names its subject (writer-cues-names.compound)."""
    head = _COMPOUND_HEAD.search(span.name)
    if head is None or head.start() == 0:
        return span
    return attrs.evolve(span, name=span.name[: head.start()], end=span.end - len(head.group()))


_TRAILING_YEAR = re.compile(r"^(?P<name>.*?\S)\s+(?:1[0-9]|20)\d\d$")
_YEAR = re.compile(r"\b(?:1[0-9]|20)\d\d\b")


def _year_cut(span: Mention, index: KnownNames) -> Mention:
    """`span` without a year typed after a name the memory holds, where the name holds no
    number and a question the user asked before holds a year ("Boston Marathon 1991 - winner?"
    after "who won the Boston Marathon in 1993?"): the year is the value asked about, as "in
    1993" was, not a part of the name; a numbered name ("Apollo 11") is the number rule's."""
    match = _TRAILING_YEAR.match(span.name)
    if match is None:
        return span
    name = index.keys.get(match.group("name").casefold())
    if name is None or any(char.isdigit() for char in name):
        return span
    if not any(_YEAR.search(question) for question in index.asked):
        return span
    return attrs.evolve(span, name=name, end=span.start + len(match.group("name")))


# A slip of one letter is read past only in a word this long: in shorter ones ("Maria",
# "Mario") one letter makes another name.
_MIN_SLIP_NAME = 6  # as memcore.search.referent.SLIP_WORD


def _misspelt_topic(name: str, index: KnownNames, vocabulary: TitleVocabulary | None) -> str | None:
    """The one-word topic of the conversation that the capitalised word `name` misspells by one
    slip (`slips.one_slip_apart`, words of six letters or more), under its stored spelling; None
    where `name` is a page title or the first word of one itself (a name of its own), or
    where no topic, or more than one, is a slip away:
    a reader who has talked about herpes reads "Herper" as herpes."""
    key = name.casefold()
    if len(key) < _MIN_SLIP_NAME or " " in key:
        return None
    if vocabulary is not None and (key in vocabulary.by_key or key in vocabulary.starts):
        return None
    close = [topic for topic in index.lower_topics if one_slip_apart(key, topic)]
    return index.keys.get(close[0]) if len(close) == 1 else None


def unique_names(mentions: Iterable[Mention]) -> tuple[str, ...]:
    """The names of `mentions`, first occurrence kept."""
    return tuple(dict.fromkeys(mention.name for mention in mentions))
