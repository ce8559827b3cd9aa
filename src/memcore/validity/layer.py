"""The validity layer over any ranking, driven by the memory (spec/validity.md).

OFF returns the ranking untouched; CONTEXT keeps the candidates and their order and attaches
a `Validity` to each; DEMOTE also moves possibly-outdated passages below the others, each
group keeping its relative order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from memcore.codec import CONVERTER
from memcore.node import Memory, Node
from memcore.search.corpus import Corpus
from memcore.search.values import Hit, Ranking
from memcore.validity.config import DEFAULT_CONFIG, ValidityConfig, checked_config
from memcore.validity.contracts import VALIDITY_KEY, check_candidates
from memcore.validity.errors import ValidityError
from memcore.validity.evidence import memory_evidence, mentioned_topics
from memcore.validity.match import clean_topics, evidence_for_title
from memcore.validity.mode import ModeLike, ValidityMode, parse_mode
from memcore.validity.score import Validity, assess

Titles = Corpus | Mapping[str, str] | None


def _title_lookup(titles: Titles) -> Callable[[str], object]:
    if titles is None:
        return lambda _doc_id: ""
    if isinstance(titles, Corpus):
        corpus = titles
        return lambda doc_id: corpus.title_of(doc_id) if doc_id in corpus else ""
    mapping = titles
    return lambda doc_id: mapping.get(doc_id, "")


def _page_titles(
    doc_ids: Sequence[str], own_titles: Sequence[object], titles: Titles
) -> Result[list[str], ValidityError]:
    """Each passage's page title: its own string `title` if it has one, else from `titles`,
    whose values must be strings (a caller's mapping is not type-checked at run time)."""
    title_of = _title_lookup(titles)
    found: list[str] = []
    for doc_id, own in zip(doc_ids, own_titles, strict=True):
        title = own if isinstance(own, str) else title_of(doc_id)
        if not isinstance(title, str):
            return Failure(
                ValidityError("bad_title", f"titles[{doc_id!r}]", f"must be a string: {title!r}")
            )
        found.append(title)
    return Success(found)


def _not_a_mapping(candidates: Sequence[object]) -> ValidityError | None:
    for position, candidate in enumerate(candidates):
        if not isinstance(candidate, Mapping):
            return ValidityError(
                "not_a_mapping", f"candidates[{position}]", "a candidate is a JSON object"
            )
    return None


def assess_titles(
    page_titles: Sequence[str], memory: Memory | Sequence[Node], config: ValidityConfig
) -> tuple[Validity, ...]:
    """The validity of passages on pages `page_titles` (in order) under `memory`. Pure."""
    evidence = memory_evidence(memory)
    clean = clean_topics(mentioned_topics(memory), evidence)
    return tuple(
        assess(evidence_for_title(title, evidence, clean), config) for title in page_titles
    )


def demoted_order(validities: Sequence[Validity]) -> tuple[int, ...]:
    """Positions in demote order: valid passages first, then possibly-outdated ones, each group
    in its original relative order (a stable partition)."""
    kept = [i for i, validity in enumerate(validities) if not validity.possibly_outdated]
    moved = [i for i, validity in enumerate(validities) if validity.possibly_outdated]
    return (*kept, *moved)


@attrs.frozen
class ValidatedRanking:
    """A ranking after the layer: hits in output order, with a validity per hit (none in OFF)."""

    mode: ValidityMode
    hits: tuple[Hit, ...]
    validity: tuple[Validity, ...] = ()

    def ids(self) -> tuple[str, ...]:
        """Passage ids in output order."""
        return tuple(hit.doc_id for hit in self.hits)

    def to_document(self) -> dict[str, Any]:
        """The JSON form: a ranking's document, each hit gaining a `validity` object unless
        the mode is OFF (then it is exactly the document of the input ranking)."""
        document: dict[str, Any] = CONVERTER.unstructure(Ranking(self.hits))
        if self.mode is ValidityMode.OFF:
            return document
        for entry, validity in zip(document["hits"], self.validity, strict=True):
            entry[VALIDITY_KEY] = validity.to_metadata()
        return document


def _settings(
    validity_mode: ModeLike, config: ValidityConfig
) -> Result[tuple[ValidityMode, ValidityConfig], ValidityError]:
    return parse_mode(validity_mode).bind(
        lambda mode: checked_config(config).map(lambda checked: (mode, checked))
    )


def validate_ranking(
    ranking: Ranking,
    memory: Memory | Sequence[Node],
    titles: Titles = None,
    validity_mode: ModeLike = ValidityMode.CONTEXT,
    config: ValidityConfig = DEFAULT_CONFIG,
) -> Result[ValidatedRanking, ValidityError]:
    """Apply the layer to `ranking`; page titles come from `titles` (a corpus or a mapping)."""
    settings = _settings(validity_mode, config)
    if isinstance(settings, Failure):
        return Failure(settings.failure())
    mode, checked = settings.unwrap()
    if mode is ValidityMode.OFF:
        return Success(ValidatedRanking(mode, ranking.hits))
    ids = [hit.doc_id for hit in ranking.hits]
    page_titles = _page_titles(ids, [None] * len(ids), titles)
    if isinstance(page_titles, Failure):
        return Failure(page_titles.failure())
    validities = assess_titles(page_titles.unwrap(), memory, checked)
    order = demoted_order(validities) if mode is ValidityMode.DEMOTE else range(len(validities))
    return Success(
        ValidatedRanking(
            mode,
            tuple(ranking.hits[i] for i in order),
            tuple(validities[i] for i in order),
        )
    )


def validate_candidates(
    candidates: Sequence[Mapping[str, Any]],
    memory: Memory | Sequence[Node],
    titles: Titles = None,
    validity_mode: ModeLike = ValidityMode.CONTEXT,
    config: ValidityConfig = DEFAULT_CONFIG,
) -> Result[tuple[dict[str, Any], ...], ValidityError]:
    """Apply the layer to JSON-shaped candidates (each with a `doc_id` or `id`).

    OFF (or None) returns copies of the candidates unchanged and, beyond each being a mapping
    (`not_a_mapping` in every mode), unchecked: the layer is absent. Otherwise the input
    contract is checked first; each output candidate is its input plus a `validity` object.
    A candidate's own string `title` wins over `titles`.
    """
    settings = _settings(validity_mode, config)
    if isinstance(settings, Failure):
        return Failure(settings.failure())
    mode, checked = settings.unwrap()
    if mode is ValidityMode.OFF:
        shape = _not_a_mapping(candidates)
        if shape is not None:
            return Failure(shape)
        return Success(tuple(dict(candidate) for candidate in candidates))
    checked_ids = check_candidates(candidates)
    if isinstance(checked_ids, Failure):
        return Failure(checked_ids.failure())
    page_titles = _page_titles(
        checked_ids.unwrap(), [candidate.get("title") for candidate in candidates], titles
    )
    if isinstance(page_titles, Failure):
        return Failure(page_titles.failure())
    validities = assess_titles(page_titles.unwrap(), memory, checked)
    order = demoted_order(validities) if mode is ValidityMode.DEMOTE else range(len(validities))
    return Success(
        tuple({**candidates[i], VALIDITY_KEY: validities[i].to_metadata()} for i in order)
    )
