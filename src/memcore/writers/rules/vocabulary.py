"""The title vocabulary: page titles the rule writer may recognise in a turn, by their name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from memcore.search.titles import normalise_title, title_key
from memcore.writers import cues

MAX_TITLE_WORDS = 6


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
        return cls(chosen, {key: tuple(named) for key, named in pages.items()})

    def pages_named(self, name: str) -> tuple[str, ...]:
        """Every title whose name (qualifier and case ignored) is `name`'s."""
        return self.pages.get(title_key(name), ())

    def __len__(self) -> int:
        return len(self.by_key)


def first_words(keys: Iterable[str]) -> frozenset[str]:
    """The first word of each key: a phrase can only match where one of them stands."""
    return frozenset(key.split(" ", 1)[0] for key in keys)
