"""An in-memory passage collection that knows each passage's page."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

import attrs

from memcore.search.titles import title_key
from memcore.search.values import Passage


def _passages(values: Iterable[Passage]) -> tuple[Passage, ...]:
    return tuple(values)


def _by_id(passages: tuple[Passage, ...]) -> dict[str, Passage]:
    return {passage.id: passage for passage in passages}


def _by_title(passages: tuple[Passage, ...]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for passage in passages:
        if passage.title:
            grouped.setdefault(passage.title, []).append(passage.id)
    return {title: tuple(ids) for title, ids in grouped.items()}


def _by_name(titles: Iterable[str]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for title in titles:
        grouped.setdefault(title_key(title), []).append(title)
    return {key: tuple(sorted(names)) for key, names in grouped.items()}


class PassageTexts(Protocol):
    """Where a catalogue's passage texts are read from, one at a time (`corpus_catalogue`)."""

    def text_of(self, doc_id: str) -> str:
        """The text of passage `doc_id` (KeyError if absent)."""
        ...


@attrs.frozen
class Corpus:
    """Passages in collection order, with lookups by id, page title and page name.

    With `texts`, the corpus is a catalogue: its passages carry ids and titles (all the search
    rules read) and empty texts, and `passage` reads a passage's text from `texts` when asked
    (what a driver shows or explains), so a collection past one machine's memory can still be
    searched from it. A catalogue serves indexes built elsewhere and is not for building
    them: its passages' texts are empty (`holds_text` is False)."""

    passages: tuple[Passage, ...] = attrs.field(converter=_passages)
    _by_id: Mapping[str, Passage] = attrs.field(
        default=attrs.Factory(lambda self: _by_id(self.passages), takes_self=True),
        eq=False,
        repr=False,
    )
    _by_title: Mapping[str, tuple[str, ...]] = attrs.field(
        default=attrs.Factory(lambda self: _by_title(self.passages), takes_self=True),
        eq=False,
        repr=False,
    )
    _by_name: Mapping[str, tuple[str, ...]] = attrs.field(
        default=attrs.Factory(lambda self: _by_name(self._by_title), takes_self=True),
        eq=False,
        repr=False,
    )

    texts: PassageTexts | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

    def __len__(self) -> int:
        return len(self.passages)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._by_id

    @property
    def holds_text(self) -> bool:
        """False for a catalogue, whose passages' texts are read on demand by `passage`."""
        return self.texts is None

    @property
    def has_titles(self) -> bool:
        """Whether passages carry page titles; title-based rules switch off when not."""
        return bool(self._by_title)

    def passage(self, doc_id: str) -> Passage:
        """The passage with id `doc_id` (KeyError if absent), its text read from `texts` in
        a catalogue."""
        found = self._by_id[doc_id]
        if self.texts is None:
            return found
        return attrs.evolve(found, text=self.texts.text_of(doc_id))

    def title_of(self, doc_id: str) -> str:
        """The page title of passage `doc_id` ("" if it has none)."""
        return self._by_id[doc_id].title

    def titles(self) -> tuple[str, ...]:
        """Every page title, in order of first appearance."""
        return tuple(self._by_title)

    def passages_of(self, title: str) -> tuple[str, ...]:
        """The ids of the passages of page `title`, in collection order."""
        return self._by_title.get(title, ())

    def pages_named(self, name: str) -> tuple[str, ...]:
        """The page titles whose name (qualifier and case ignored) equals `name`'s, sorted."""
        return self._by_name.get(title_key(name), ())
