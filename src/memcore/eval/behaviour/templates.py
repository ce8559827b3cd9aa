"""The behavioural suite's templates, read into typed values: capabilities and their wording
families (`<folder>/<capability>.toml`), the slot fillers (`_slots.toml`), the page titles of
the packaged Apollo fixture, and real MTRAG first questions where the data is present.

A family is one way of phrasing a capability, tagged `tuning` or `test`. It holds one or more
scenarios (alternative histories and final-turn variants; a robustness family takes the
file's shared bases), an expectation per variant, and for invariance and directional tests a
base run to compare with.

The reader lives in the package so that `memcore train-writer --behaviour-templates` can learn
from template folders without the test tree; the suite (tests/behaviour) names its own folders.
"""

from __future__ import annotations

import enum
import json
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

# The packaged Apollo fixture (the same file as the repository's fixtures/apollo-corpus.jsonl).
APOLLO_CORPUS = Path(str(resources.files("memcore") / "data" / "apollo-corpus.jsonl"))
# The tuning/test split of MTRAG conversations the project's builders use by default.
MTRAG_SPLIT_SEED = 13

TUNING = "tuning"
TEST = "test"
SPLITS = (TUNING, TEST)
MTRAG_SOURCE = "mtrag"


class CheckType(enum.Enum):
    """CheckList's three test types."""

    MFT = "MFT"  # minimum functionality: the expectation holds
    INV = "INV"  # invariance: the decision equals the base run's (and any expectation holds)
    DIR = "DIR"  # directional: the base meets `base_expect` and the change meets `expect`


class TemplateError(ValueError):
    """A template or slot file that does not have the shape the suite reads."""


@attrs.frozen
class Expectation:
    """What a run must show. Names are slot roles (A, T, Y2, ...), resolved per case."""

    topic: str | None = None
    rejected: tuple[str, ...] = ()
    not_rejected: tuple[str, ...] = ()
    query_has: tuple[str, ...] = ()
    query_lacks: tuple[str, ...] = ()
    keeps_words: str | None = None
    no_abandon: bool = False


@attrs.frozen
class Variant:
    """A final-turn template and what its run must show."""

    text: str
    expect: Expectation


History = tuple[tuple[str, str], ...]


@attrs.frozen
class Scenario:
    """Alternative histories (question and answer templates) and final-turn variants."""

    histories: tuple[History, ...]
    variants: tuple[Variant, ...]


@attrs.frozen
class Family:
    """One wording family of a capability."""

    capability: str
    name: str
    split: str
    test: CheckType
    scenarios: tuple[Scenario, ...]
    base_histories: tuple[History, ...] | None = None
    base_finals: tuple[str, ...] | None = None
    base_expect: Expectation | None = None
    main_kind: str | None = None
    source: str | None = None
    perturb: str | None = None
    wraps: tuple[str, ...] = ()


@attrs.frozen
class Capability:
    name: str
    title: str
    summary: str
    families: tuple[Family, ...]

    def families_in(self, split: str) -> tuple[Family, ...]:
        return tuple(family for family in self.families if family.split == split)


@attrs.frozen
class Stem:
    """A question about an entity in three forms, and a short answer to it."""

    named: str
    pronoun: str
    description: str
    answer: str


@attrs.frozen
class Kind:
    name: str
    plural: str
    list_question: str
    list_answer: str
    stems: tuple[Stem, ...]


@attrs.frozen
class Entity:
    name: str
    kind: str
    pronoun: str
    description: str


@attrs.frozen
class ValueStem:
    named: str
    answer: str


@attrs.frozen
class Slots:
    """Every filler a template may draw."""

    kinds: Mapping[str, Kind]
    entities: tuple[Entity, ...]
    events: tuple[str, ...]
    years: tuple[int, int]
    value_stems: tuple[ValueStem, ...]

    def of_kind(self, kind: str) -> tuple[Entity, ...]:
        return tuple(entity for entity in self.entities if entity.kind == kind)


@attrs.frozen
class RealQuestion:
    """A user's first question of an MTRAG conversation, its answer, and its page if titled."""

    text: str
    answer: str
    title: str | None


def _table(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TemplateError(f"{where}: expected a table")
    return value


def _strings(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TemplateError(f"{where}: expected a list of strings")
    return tuple(value)


def _expectation(value: object, where: str) -> Expectation:
    table = _table(value, where)
    known = {f.name for f in attrs.fields(Expectation)}
    unknown = set(table) - known
    if unknown:
        raise TemplateError(f"{where}: unknown expectation keys {sorted(unknown)}")
    topic = table.get("topic")
    keeps = table.get("keeps_words")
    return Expectation(
        topic=str(topic) if topic is not None else None,
        rejected=_strings(table.get("rejected", []), where),
        not_rejected=_strings(table.get("not_rejected", []), where),
        query_has=_strings(table.get("query_has", []), where),
        query_lacks=_strings(table.get("query_lacks", []), where),
        keeps_words=str(keeps) if keeps is not None else None,
        no_abandon=bool(table.get("no_abandon", False)),
    )


def _histories(value: object, where: str) -> tuple[History, ...]:
    if not isinstance(value, list) or not value:
        raise TemplateError(f"{where}: expected a non-empty list of histories")
    histories: list[History] = []
    for history in value:
        if not isinstance(history, list):
            raise TemplateError(f"{where}: a history is a list of [question, answer] pairs")
        turns: list[tuple[str, str]] = []
        for pair in history:
            question, answer = _strings(pair, where)
            turns.append((question, answer))
        histories.append(tuple(turns))
    return tuple(histories)


def _variants(value: object, expect: Expectation | None, where: str) -> tuple[Variant, ...]:
    if not isinstance(value, list) or not value:
        raise TemplateError(f"{where}: expected a non-empty list of finals")
    variants: list[Variant] = []
    for item in value:
        if isinstance(item, str):
            if expect is None:
                raise TemplateError(f"{where}: final {item!r} has no expectation")
            variants.append(Variant(item, expect))
        else:
            table = _table(item, where)
            variants.append(Variant(str(table["text"]), _expectation(table["expect"], where)))
    return tuple(variants)


def _family(
    capability: str,
    table: Mapping[str, Any],
    defaults: Mapping[str, Any],
    bases: Sequence[Mapping[str, Any]],
) -> Family:
    name = str(table["name"])
    where = f"{capability}/{name}"
    split = str(table["split"])
    if split not in SPLITS:
        raise TemplateError(f"{where}: split must be one of {SPLITS}, not {split!r}")
    test = CheckType(str(table["test"]))
    raw_expect = table.get("expect", defaults.get("expect"))
    # An INV family may state no expectation: only agreement with its base run is checked.
    expect = _expectation(raw_expect, where) if raw_expect is not None else Expectation()
    if "finals" in table:
        histories = _histories(table.get("histories", defaults.get("histories")), where)
        scenarios: tuple[Scenario, ...] = (
            Scenario(histories, _variants(table["finals"], expect, where)),
        )
    else:
        if not bases:
            raise TemplateError(f"{where}: no finals and no shared bases")
        scenarios = tuple(
            Scenario(_histories(base["histories"], where), _variants(base["finals"], expect, where))
            for base in bases
        )
    base_histories = (
        _histories_allow_empty(table["base_histories"], where)
        if "base_histories" in table
        else None
    )
    base_finals = _strings(table["base_finals"], where) if "base_finals" in table else None
    base_expect = _expectation(table["base_expect"], where) if "base_expect" in table else None
    if test is CheckType.DIR and (base_finals is None or base_expect is None):
        raise TemplateError(f"{where}: a DIR family needs base_finals and base_expect")
    if test is CheckType.INV and base_histories is None and table.get("perturb") is None:
        raise TemplateError(f"{where}: an INV family needs base_histories or perturb")
    return Family(
        capability=capability,
        name=name,
        split=split,
        test=test,
        scenarios=scenarios,
        base_histories=base_histories,
        base_finals=base_finals,
        base_expect=base_expect,
        main_kind=str(table["a_kind"]) if "a_kind" in table else None,
        source=str(table["source"]) if "source" in table else None,
        perturb=str(table["perturb"]) if "perturb" in table else None,
        wraps=_strings(table.get("wraps", []), where),
    )


def _histories_allow_empty(value: object, where: str) -> tuple[History, ...]:
    """Base histories, where `[[]]` (one empty history) means: the same turn asked first."""
    if isinstance(value, list) and all(item == [] for item in value) and value:
        return ((),)
    return _histories(value, where)


def read_capability(path: Path) -> Capability:
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    name = str(document["capability"])
    defaults = _table(document.get("defaults", {}), f"{name}/defaults")
    bases = [_table(base, f"{name}/bases") for base in document.get("bases", [])]
    families = tuple(
        _family(name, _table(item, name), defaults, bases) for item in document["families"]
    )
    return Capability(name, str(document["title"]), str(document["summary"]), families)


@cache
def load_capabilities(folder: Path) -> tuple[Capability, ...]:
    """Every capability file of `folder` (files starting with `_` hold slots), by name."""
    paths = sorted(path for path in folder.glob("*.toml") if not path.name.startswith("_"))
    return tuple(read_capability(path) for path in paths)


def apollo_titles(path: Path = APOLLO_CORPUS) -> frozenset[str]:
    """The page titles of the packaged Apollo fixture."""
    titles: set[str] = set()
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                titles.add(str(json.loads(line)["title"]))
    return frozenset(titles)


def _entities(groups: object, where: str, allowed: frozenset[str] | None) -> list[Entity]:
    if not isinstance(groups, list):
        raise TemplateError(f"{where}: expected a list of entity groups")
    found: list[Entity] = []
    for group in groups:
        table = _table(group, where)
        kind = str(table["kind"])
        for entry in table["names"]:
            fields = _strings(entry, where)
            name = fields[0]
            if allowed is not None and name not in allowed:
                raise TemplateError(f"{where}: {name!r} is not a page of the Apollo fixture")
            pronoun = fields[1] if len(fields) > 1 else ""
            description = fields[2] if len(fields) > 2 else ""
            found.append(Entity(name, kind, pronoun, description))
    return found


@cache
def load_slots(path: Path, apollo: Path = APOLLO_CORPUS) -> Slots:
    """The slot fillers of `path`; its `apollo` names must be page titles of `apollo`."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    kinds: dict[str, Kind] = {}
    defaults: dict[str, tuple[str, str]] = {}
    for kind_name, raw in _table(document["kinds"], "kinds").items():
        table = _table(raw, f"kinds.{kind_name}")
        stems = tuple(
            Stem(str(q["named"]), str(q["pronoun"]), str(q["description"]), str(q["answer"]))
            for q in table["questions"]
        )
        kinds[kind_name] = Kind(
            kind_name,
            str(table["plural"]),
            str(table["list_question"]),
            str(table["list_answer"]),
            stems,
        )
        defaults[kind_name] = (str(table.get("pronoun", "")), str(table.get("description", "")))
    written = _entities(document["entities"], "entities", None)
    from_fixture = _entities(document["apollo"], "apollo", apollo_titles(apollo))
    entities: list[Entity] = []
    for entity in [*written, *from_fixture]:
        if entity.kind not in kinds:
            raise TemplateError(f"entity {entity.name!r} has unknown kind {entity.kind!r}")
        pronoun, description = defaults[entity.kind]
        entities.append(
            attrs.evolve(
                entity,
                pronoun=entity.pronoun or pronoun,
                description=entity.description or description,
            )
        )
    values = _table(document["values"], "values")
    value_stems = tuple(ValueStem(str(q["named"]), str(q["answer"])) for q in values["questions"])
    return Slots(
        kinds=kinds,
        entities=tuple(entities),
        events=_strings(values["events"], "values.events"),
        years=(int(values["first_year"]), int(values["last_year"])),
        value_stems=value_stems,
    )


@cache
def load_real_questions(root: Path) -> Mapping[str, tuple[RealQuestion, ...]] | None:
    """The first user question of every MTRAG conversation, by split (`tuning` from the
    project's dev conversations, `test` from its test ones), or None where the data is absent.
    A first question has no history, so it stands alone by construction."""
    if not (root / "conversations").is_dir():
        return None
    from returns.result import Failure

    from memcore.eval.datasets.mtrag import load_conversations
    from memcore.eval.datasets.split import DEV, split_conversations

    loaded = load_conversations(root)
    if isinstance(loaded, Failure):
        return None
    conversations = loaded.unwrap()
    split = split_conversations(((c.id, c.domain) for c in conversations), MTRAG_SPLIT_SEED)
    by_split: dict[str, list[RealQuestion]] = {TUNING: [], TEST: []}
    for conversation in conversations:
        if not conversation.turns:
            continue
        first = conversation.turns[0]
        part = TUNING if split.part_of(conversation.id) == DEV else TEST
        by_split[part].append(RealQuestion(first.question.strip(), first.answer, first.topic))
    return {part: tuple(questions) for part, questions in by_split.items()}
