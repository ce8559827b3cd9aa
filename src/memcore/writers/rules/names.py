"""Finding the names a turn mentions: capitalised spans, page titles, and names already known.

Three sources, merged in text order with the longest match winning where they overlap:
capitalised spans ("Neil Armstrong", "Apollo 11", "Lord of the Rings"); page titles from the
retriever's vocabulary, matched case-insensitively so that "apollo 11" typed in lower case is
found; and names the memory already knows (topics, names in recent answers), also matched
case-insensitively, a known person's surname alone included, and a known name with another
number ("apollo 12" when "Apollo 11" is known).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import attrs

from memcore.search.titles import normalise_title, title_key
from memcore.writers import cues

_WORD = re.compile(r"[^\W_][\w'\-&.]*[^\W_]|[^\W_]", re.UNICODE)
_NUMBERISH = re.compile(r"^(?:\d[\d,.]*|[IVX]{1,6})$")
_MAX_NAME_WORDS = 8
_MAX_NAME_CHARS = 80
_MAX_TITLE_WORDS = 6
# Names are looked for in the first 1,000 characters of a text: the rest of a very long turn
# would only cost time (history answers are cut at 600 characters anyway).
TEXT_LIMIT = 1_000


@attrs.frozen
class Mention:
    """A name found in a text, with its character span; `known` when the memory or the
    vocabulary supplied it (not only its capitals)."""

    name: str
    start: int
    end: int
    known: bool = False
    after_the: bool = False


@attrs.frozen
class _Word:
    text: str
    start: int
    end: int


def _words(text: str) -> tuple[_Word, ...]:
    found = []
    for match in _WORD.finditer(text):
        word = match.group(0)
        end = match.end()
        # A trailing full stop ends a sentence; keep it only inside abbreviations ("U.S.").
        while word.endswith(".") and word.count(".") == 1:
            word = word[:-1]
            end -= 1
        found.append(_Word(word, match.start(), end))
    return tuple(found)


def _bare(word: str) -> str:
    lowered = word.casefold()
    return lowered[:-2] if lowered.endswith("'s") else lowered


def _is_capitalised(word: str) -> bool:
    return word[:1].isupper()


def _mixed_case(word: str) -> bool:
    """Whether capitals after the first letter make a word a name (NeXT, iPhone)."""
    return any(character.isupper() for character in word[1:]) and not word.isupper()


def _name_follows(text: str, words: tuple[_Word, ...], cursor: int) -> bool:
    if cursor + 1 >= len(words):
        return False
    following = words[cursor + 1]
    return (
        text[words[cursor].end : following.start].strip() == ""
        and _is_capitalised(following.text)
        and _bare(following.text) not in cues.NOT_NAMES
    )


def _sentence_start(text: str, position: int) -> bool:
    before = text[:position].rstrip()
    return not before or before[-1] in ".!?\n:\"'"


def _possessive_end(word: _Word) -> tuple[str, int]:
    if word.text.casefold().endswith("'s"):
        return word.text[:-2], word.end - 2
    return word.text, word.end


def _connector_run(text: str, words: tuple[_Word, ...], cursor: int) -> list[_Word]:
    """Up to two connectors ("of", "of the") and the capitalised word after them, or []."""
    run: list[_Word] = []
    position = cursor
    while position < len(words) and len(run) < 2:
        word = words[position]
        if run and text[run[-1].end : word.start].strip() != "":
            return []
        if word.text.casefold() in cues.NAME_CONNECTORS and word.text.casefold() != "and":
            run.append(word)
            position += 1
            continue
        break
    if not run or position >= len(words):
        return []
    following = words[position]
    if text[run[-1].end : following.start].strip() != "":
        return []
    if not _is_capitalised(following.text) or _bare(following.text) in cues.NOT_NAMES:
        return []
    return [*run, following]


def capitalised_spans(text: str) -> tuple[Mention, ...]:
    """Runs of capitalised words, joined by name connectors and followed by numbers.

    A span stops at punctuation, at a possessive "'s" and at a word that cannot be part of a
    name. A single capitalised word at the start of a sentence is not taken (it is usually
    just the first word), unless it is an acronym or holds a digit.
    """
    words = _words(text)
    spans: list[Mention] = []
    index = 0
    while index < len(words):
        word = words[index]
        if not _is_capitalised(word.text) or (
            _bare(word.text) in cues.NOT_NAMES and not _mixed_case(word.text)
        ):
            index += 1
            continue
        parts = [word]
        cursor = index + 1
        possessive = word.text.casefold().endswith("'s")
        while cursor < len(words) and not possessive:
            gap = text[parts[-1].end : words[cursor].start]
            initial = len(parts[-1].text) == 1 and parts[-1].text.isupper()
            # "E. E. Cummings": an initial's full stop stays inside the name.
            if gap.strip() not in ("", "-") and not (initial and gap.strip() == "."):
                break
            candidate = words[cursor]
            if (
                _is_capitalised(candidate.text)
                and (
                    _bare(candidate.text) not in cues.NOT_NAMES
                    or _mixed_case(candidate.text)
                    or _name_follows(text, words, cursor)
                )
            ) or _NUMBERISH.match(candidate.text):
                # "Jesus Is King": a function word inside a name, between capitalised words.
                parts.append(candidate)
            else:
                bridge = _connector_run(text, words, cursor)
                if not bridge:
                    break
                parts.extend(bridge)
                cursor += len(bridge) - 1
            possessive = parts[-1].text.casefold().endswith("'s")
            cursor += 1
        index = cursor
        name, end = _possessive_end(parts[-1])
        words_in_name = [part.text for part in parts[:-1]] + [name]
        if len(words_in_name) > _MAX_NAME_WORDS:
            continue
        joined = " ".join(text[parts[0].start : end].split())
        single = len(words_in_name) == 1
        if (
            single
            and _sentence_start(text, parts[0].start)
            and not (name.isupper() and len(name) > 1)
            and not any(character.isdigit() for character in name)
        ):
            continue
        if not joined or len(joined) > _MAX_NAME_CHARS:
            continue
        before = text[: parts[0].start].rstrip().casefold()
        spans.append(
            Mention(joined, parts[0].start, end, after_the=before.endswith(("the", "a", "an")))
        )
    return tuple(spans)


@attrs.frozen
class TitleVocabulary:
    """Page titles the rule writer may recognise in a turn, keyed by their lower-case name.

    Titles longer than six words are left out (users do not type them). Where several pages
    share a name, the one without a bracketed qualifier stands for the name; if every one of
    them has a qualifier, the bare name does ("Michael Collins" for "Michael Collins
    (astronaut)" and "Michael Collins (Irish leader)"), since the name alone does not say
    which. `pages` keeps every title under its name.
    """

    by_key: Mapping[str, str] = attrs.field(factory=dict)
    pages: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    starts: frozenset[str] = attrs.field(
        default=attrs.Factory(lambda self: first_words(self.by_key), takes_self=True),
        eq=False,
    )

    @classmethod
    def of(cls, titles: Iterable[str]) -> TitleVocabulary:
        """The vocabulary of `titles` (for example `corpus.titles()`)."""
        pages: dict[str, list[str]] = {}
        for title in titles:
            key = title_key(title)
            if not key or len(key.split()) > _MAX_TITLE_WORDS or key in cues.NOT_NAMES:
                continue
            pages.setdefault(key, [])
            if title.strip() not in pages[key]:
                pages[key].append(title.strip())
        chosen: dict[str, str] = {}
        for key, named in pages.items():
            plain = [title for title in named if normalise_title(title) == title]
            if plain:
                chosen[key] = plain[0]
            elif len(named) == 1:
                chosen[key] = named[0]
            else:
                chosen[key] = normalise_title(named[0])
        return cls(chosen, {key: tuple(named) for key, named in pages.items()})

    def pages_named(self, name: str) -> tuple[str, ...]:
        """Every title whose name (qualifier and case ignored) is `name`'s."""
        return self.pages.get(title_key(name), ())

    def __len__(self) -> int:
        return len(self.by_key)


def first_words(keys: Iterable[str]) -> frozenset[str]:
    """The first word of each key: a phrase can only match where one of them stands."""
    return frozenset(key.split(" ", 1)[0] for key in keys)


def _phrase_matches(
    text: str,
    words: tuple[_Word, ...],
    keys: Mapping[str, str],
    max_words: int,
    starts: frozenset[str],
    lower_single: frozenset[str] = frozenset(),
) -> list[Mention]:
    found: list[Mention] = []
    index = 0
    while index < len(words):
        matched = None
        first = words[index].text.casefold()
        if first not in starts and _bare(words[index].text) not in starts:
            index += 1
            continue
        for size in range(min(max_words, len(words) - index), 0, -1):
            chunk = words[index : index + size]
            if any(
                text[chunk[i].end : chunk[i + 1].start].strip() not in ("", "-")
                for i in range(size - 1)
            ):
                continue
            last, end = _possessive_end(chunk[-1])
            phrase = " ".join([word.text for word in chunk[:-1]] + [last]).casefold()
            name = keys.get(phrase)
            if name is None:
                continue
            if size == 1 and not (
                _is_capitalised(chunk[0].text)
                or any(ch.isdigit() for ch in chunk[0].text)
                # A known person's surname may be typed in lower case ("armstrong").
                or phrase in lower_single
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


def _number_siblings(
    text: str, words: tuple[_Word, ...], heads: Mapping[str, str]
) -> list[Mention]:
    found = []
    for index in range(len(words) - 1):
        for size in range(1, 4):
            if index + size >= len(words):
                break
            chunk = words[index : index + size]
            number = words[index + size]
            phrase = " ".join(word.text for word in chunk).casefold()
            head = heads.get(phrase)
            if head is None or not _NUMBERISH.match(number.text):
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

    @classmethod
    def of(cls, names: Iterable[str]) -> KnownNames:
        """The index of `names`."""
        keys, heads, surnames = _known_keys(names)
        return cls(keys, heads, first_words(keys), frozenset(surnames))


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
    words = _words(text)
    index = known if isinstance(known, KnownNames) else KnownNames.of(known)
    keys = index.keys
    candidates: list[Mention] = []
    candidates.extend(
        _phrase_matches(text, words, keys, _MAX_NAME_WORDS, index.starts, index.surnames)
    )
    candidates.extend(_number_siblings(text, words, index.heads))
    if vocabulary is not None and vocabulary.by_key:
        candidates.extend(
            _qualified(text, mention, vocabulary)
            for mention in _phrase_matches(
                text, words, vocabulary.by_key, _MAX_TITLE_WORDS, vocabulary.starts
            )
        )
    for span in capitalised_spans(text):
        candidates.append(attrs.evolve(span, name=keys.get(span.name.casefold(), span.name)))
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


def unique_names(mentions: Iterable[Mention]) -> tuple[str, ...]:
    """The names of `mentions`, first occurrence kept."""
    return tuple(dict.fromkeys(mention.name for mention in mentions))
