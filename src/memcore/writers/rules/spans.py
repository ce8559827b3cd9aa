"""Capitalised spans: runs of capitalised words that look like names, and the words under them.

"Neil Armstrong", "Apollo 11", "Lord of the Rings": capitalised words joined by name
connectors and followed by numbers. The word splitting and the tests on a word's case are
shared with the phrase matching of `names`.
"""

from __future__ import annotations

import functools
import re

import attrs

from memcore.writers import cues

_WORD = re.compile(r"[^\W_][\w'\-&.]*[^\W_]|[^\W_]", re.UNICODE)
NUMBERISH = re.compile(r"^(?:\d[\d,.]*|[IVX]{1,6})$")
MAX_NAME_WORDS = 8
_MAX_NAME_CHARS = 80


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
class Word:
    """A word of a text with its character span."""

    text: str
    start: int
    end: int


# Pure functions of the text, asked for the same answers and questions turn after turn: the
# memo keeps a writer's cost per turn from repeating the splitting of its recent nodes.
_TEXT_MEMO = 4096


@functools.lru_cache(maxsize=_TEXT_MEMO)
def split_words(text: str) -> tuple[Word, ...]:
    """The words of `text`, a sentence's closing full stop left out."""
    found = []
    for match in _WORD.finditer(text):
        word = match.group(0)
        end = match.end()
        # A trailing full stop ends a sentence; keep it only inside abbreviations ("U.S.").
        while word.endswith(".") and word.count(".") == 1:
            word = word[:-1]
            end -= 1
        found.append(Word(word, match.start(), end))
    return tuple(found)


def bare_word(word: str) -> str:
    """`word` in lower case without a possessive "'s"."""
    lowered = word.casefold()
    return lowered[:-2] if lowered.endswith("'s") else lowered


def is_capitalised(word: str) -> bool:
    """Whether `word` starts with a capital."""
    return word[:1].isupper()


def _mixed_case(word: str) -> bool:
    """Whether capitals after the first letter make a word a name (NeXT, iPhone)."""
    return any(character.isupper() for character in word[1:]) and not word.isupper()


def _stressed(word: str) -> bool:
    """Whether `word` is a correction's word typed in capitals for emphasis ("I MEANT X", "X
    was WRONG"): stress, not a name's word (`cues.EMPHASIS_WORDS`)."""
    return word.isupper() and bare_word(word) in cues.EMPHASIS_WORDS


_I_FORMS = frozenset(
    {"I'm", "I'd", "I've", "I'll", "I\u2019m", "I\u2019d", "I\u2019ve", "I\u2019ll"}
)


def _first_person(words: tuple[Word, ...], cursor: int) -> bool:
    """Whether the word at `cursor` is the speaker's "I" ("it's Game Boy I want"), not a
    numeral of a name ("Elizabeth I"): a contracted form, or "I" before a lower-case word."""
    word = words[cursor].text
    if word in _I_FORMS:
        return True
    if word != "I" or cursor + 1 >= len(words):
        return False
    following = words[cursor + 1].text
    return following[:1].islower()


def _name_follows(text: str, words: tuple[Word, ...], cursor: int) -> bool:
    if cursor + 1 >= len(words):
        return False
    following = words[cursor + 1]
    return (
        text[words[cursor].end : following.start].strip() == ""
        and is_capitalised(following.text)
        and bare_word(following.text) not in cues.NOT_NAMES
    )


# The rest of a line that goes on in lower-case words after its first word ("Keep them
# short"): a sentence, not a bare item of a list on lines ("Lisbon").
_LINE_GOES_ON = re.compile(r"[^\W\d_][\w'-]*[ \t]+[a-z]")


def sentence_start(text: str, position: int) -> bool:
    """Whether `position` opens a sentence: nothing before it, a sentence mark, a colon or a
    quote right before, or a line break before a line that reads as a sentence."""
    before = text[:position].rstrip()
    if not before or before[-1] in ".!?\n:\"'":
        return True
    return "\n" in text[len(before) : position] and bool(_LINE_GOES_ON.match(text, position))


_ITEM_END = re.compile(r"[\s,;.!?]*(?:$|\n|(?=#?\d{1,2}[.)]\s))")


def _bare_labelled_item(text: str, start: int, end: int) -> bool:
    """Whether the words from `start` to `end` are the whole of a labelled item ("1. Vespa
    2. Kindle"): the full stop before them closes an item's label, not a sentence, and the
    item ends with them. An item that goes on ("1. Apply for a permit") opens a sentence."""
    before = text[:start].rstrip()
    return len(before) in item_labels(text) and _ITEM_END.match(text, end) is not None


def possessive_end(word: Word) -> tuple[str, int]:
    """`word` and where it ends, a possessive "'s" left out."""
    if word.text.casefold().endswith("'s"):
        return word.text[:-2], word.end - 2
    return word.text, word.end


def _connector_run(text: str, words: tuple[Word, ...], cursor: int) -> list[Word]:
    """Up to two connectors ("of", "of the") and the capitalised word after them, or []."""
    run: list[Word] = []
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
    if not is_capitalised(following.text) or bare_word(following.text) in cues.NOT_NAMES:
        return []
    return [*run, following]


# Words that count what follows them ("any Oscars", "how many Grammys"): a plural after
# them names a kind of thing, not one page.
_COUNTING = frozenset(("any", "many", "several", "some", "few", "more", "most", "no"))


def _counted_plural(name: str, before: str) -> bool:
    """Whether a single capitalised word is a plural counted by the word before it."""
    plural = name.endswith("s") and not name.endswith(("ss", "us", "is")) and name[1:].islower()
    words = before.split()
    return plural and bool(words) and words[-1] in _COUNTING


def is_member_label(name: str) -> bool:
    """Whether `name` is a list member's head noun and its number or letter ("Option 2",
    "Choice C"), no name."""
    return _member_label(name.split())


# The letters that label a list's members ("Option C"); a label, never part of a name.
_LABEL_LETTERS = frozenset("abcdefghij")


def _member_label(words: list[str]) -> bool:
    """Whether `words` are a list member's head noun and its number or letter ("Option 2",
    "Option C")."""
    return (
        len(words) == 2
        and words[0].casefold() in cues.LIST_MEMBER_HEADS
        and (
            NUMBERISH.match(words[1]) is not None
            or words[1].casefold() in cues.NUMBER_WORDS
            or words[1].casefold() in _LABEL_LETTERS
        )
    )


# A number that may label a list's item: "1. ", "2) ".
_LABEL = re.compile(r"(?:^|(?<=[\s:(\-]))(?P<number>\d{1,2})[.)](?=\s)")


@functools.lru_cache(maxsize=_TEXT_MEMO)
def item_labels(text: str) -> frozenset[int]:
    """Where the item labels of a list typed in one line end ("1. Vespa 2. Kindle 3. Walkman"):
    numbers closed by a full stop or a bracket that count on from 1, each one more than the one
    before; a lone "11." ends a sentence ("I liked Apollo 11. Rome...")."""
    found: list[re.Match[str]] = []
    for match in _LABEL.finditer(text):
        number = int(match.group("number"))
        if number == 1 or (found and number == int(found[-1].group("number")) + 1):
            found = [match] if number == 1 else [*found, match]
    return frozenset(match.end() for match in found) if len(found) > 1 else frozenset()


def _next_label(text: str, candidate: Word) -> bool:
    """Whether `candidate` labels the next item of a list typed in one line."""
    return candidate.end + 1 in item_labels(text)


@functools.lru_cache(maxsize=_TEXT_MEMO)
def capitalised_spans(text: str) -> tuple[Mention, ...]:
    """Runs of capitalised words, joined by name connectors and followed by numbers.

    A span stops at punctuation, at a possessive "'s" and at a word that cannot be part of a
    name. A single capitalised word at the start of a sentence is not taken (it is usually
    just the first word), unless it is an acronym or holds a digit.
    """
    words = split_words(text)
    spans: list[Mention] = []
    index = 0
    while index < len(words):
        word = words[index]
        if (
            not is_capitalised(word.text)
            or (bare_word(word.text) in cues.NOT_NAMES and not _mixed_case(word.text))
            or _stressed(word.text)
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
            # A line break ends a name: the next line is a list's next item ("- Cusco").
            if "\n" in gap:
                break
            candidate = words[cursor]
            # "Lisbon Option 2: Kyoto": a list's label starts the next item.
            if _member_label(
                [candidate.text, words[cursor + 1].text if cursor + 1 < len(words) else ""]
            ):
                break
            # "1) Lisbon 2) Cusco": a number closed by a bracket numbers the next item.
            if NUMBERISH.match(candidate.text) and text[candidate.end : candidate.end + 1] == ")":
                break
            # "1. Vespa 2. Kindle": a number with a full stop that counts on from the label
            # before the span's first word labels the next item.
            if _next_label(text, candidate):
                break
            if _first_person(words, cursor) or _stressed(words[cursor].text):
                break
            if (
                is_capitalised(candidate.text)
                and (
                    bare_word(candidate.text) not in cues.NOT_NAMES
                    or _mixed_case(candidate.text)
                    or _name_follows(text, words, cursor)
                )
            ) or NUMBERISH.match(candidate.text):
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
        name, end = possessive_end(parts[-1])
        words_in_name = [part.text for part in parts[:-1]] + [name]
        if len(words_in_name) > MAX_NAME_WORDS:
            continue
        joined = " ".join(text[parts[0].start : end].split())
        single = len(words_in_name) == 1
        if (
            single
            and sentence_start(text, parts[0].start)
            and not _bare_labelled_item(text, parts[0].start, end)
            and not (name.isupper() and len(name) > 1)
            and not any(character.isdigit() for character in name)
        ):
            continue
        if not joined or len(joined) > _MAX_NAME_CHARS:
            continue
        following = words[index].text if index < len(words) else ""
        if _member_label(joined.split()) or _member_label([joined, following]):
            # "Option 2", "Item 3" (or "Option" before "2)"): a place in a list, not a name.
            continue
        before = text[: parts[0].start].rstrip().casefold()
        if single and _member_label([*before.split()[-1:], joined]):
            # "go with choice C": the letter of a place after its lower-case head, not a name.
            continue
        if single and _counted_plural(name, before):
            # "did it win any Oscars?": a count of things of a kind, not a page's name.
            continue
        spans.append(
            Mention(joined, parts[0].start, end, after_the=before.endswith(("the", "a", "an")))
        )
    return tuple(spans)
