"""The title vocabulary: page titles the rule writer may recognise in a turn, by their name."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import attrs

from memcore.search.titles import normalise_title, title_key
from memcore.writers import cues
from memcore.writers.rules.spans import split_words

MAX_TITLE_WORDS = 6
# A page title typed out in full, punctuation and all ("Backyard Composting | Madison County,
# NY"), is one name however long: people paste such titles whole.
MAX_SPELLED_WORDS = 20
# Words joined by nothing but spaces (and hyphens or apostrophes inside words): the titles the
# phrase matching of `by_key` already finds.
_PLAIN_TITLE = re.compile(r"[^\W_]+(?:['\-][^\W_]+)*(?:\s+[^\W_]+(?:['\-][^\W_]+)*)*")


def spelled_words(text: str) -> tuple[str, ...]:
    """The lower-case words of `text` with its punctuation left out, as a title typed in
    full is compared with the turn ("FAQs • Monterey Park, CA" is faqs monterey park ca)."""
    return tuple(word.text.casefold() for word in split_words(cues.normalise_turn(text)))


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
    spelled: Mapping[str, tuple[tuple[tuple[str, ...], str], ...]] = attrs.field(factory=dict)
    openings: frozenset[str] = attrs.field(
        default=attrs.Factory(lambda self: title_openings(self.by_key), takes_self=True),
        eq=False,
    )

    @classmethod
    def of(cls, titles: Iterable[str]) -> TitleVocabulary:
        """The vocabulary of `titles` (for example `corpus.titles()`)."""
        pages: dict[str, list[str]] = {}
        for title in titles:
            key = title_key(title)
            if not key or len(key.split()) > MAX_TITLE_WORDS or key in cues.NOT_NAMES:
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
        return cls(
            chosen, {key: tuple(named) for key, named in pages.items()}, spelled=_spelled(titles)
        )

    def pages_named(self, name: str) -> tuple[str, ...]:
        """Every title whose name (qualifier and case ignored) is `name`'s."""
        return self.pages.get(title_key(name), ())

    def __len__(self) -> int:
        return len(self.by_key)


def _spelled(titles: Iterable[str]) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """The titles of two or more words that punctuation or length keeps from `by_key`'s
    phrase matching, by their first word, each as its words; the longest first."""
    found: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for title in dict.fromkeys(title.strip() for title in titles):
        words = spelled_words(title)
        # A trailing "?" or "." alone does not set a short title apart from the words of a
        # question ("What is a galaxy?").
        bare = normalise_title(title).rstrip("?.! ")
        plain = _PLAIN_TITLE.fullmatch(bare) is not None
        if len(words) < 2 or len(words) > MAX_SPELLED_WORDS:
            continue
        if plain and len(words) <= MAX_TITLE_WORDS:
            continue
        found.setdefault(words[0], []).append((words, title))
        # The name without its bracketed qualifier, typed alone, is the name ("Dr. No").
        name = normalise_title(title)
        name_words = spelled_words(name)
        if name != title and len(name_words) >= 2:
            found.setdefault(name_words[0], []).append((name_words, name))
    return {
        first: tuple(sorted(named, key=lambda entry: -len(entry[0])))
        for first, named in found.items()
    }


def title_openings(keys: Iterable[str]) -> frozenset[str]:
    """The openings of two or more words of each key that are not the whole key ("sickle
    cell" of "sickle cell disease"): a name typed short, up to a word of its title."""
    openings: set[str] = set()
    for key in keys:
        words = key.split(" ")
        openings.update(" ".join(words[:size]) for size in range(2, len(words)))
    return frozenset(openings)


def first_words(keys: Iterable[str]) -> frozenset[str]:
    """The first word of each key: a phrase can only match where one of them stands."""
    return frozenset(key.split(" ", 1)[0] for key in keys)
