"""Behaviour cases as training turns for the topic scorers (`memcore train-writer
--behaviour-templates`).

The behaviour sets (template folders of the behavioural suite, each written independently) hold
far more shapes of conversation than the built MTRAG questions: declined offers, corrections
in passing, returns without a cue, perturbed surfaces. Each case's expectation names what the
final turn is about (`topic`) and what it sets aside (`rejected`) by slot role; bound to the
case's names, these are the same labels the built questions give by their gold and stale
pages, since every name of the suite is a page title of its corpus (`suite_corpus`).

Cases are drawn per family with a generator seeded by the training seed, the folder's name
and the family's name, `per_family` of each: the same folders and seed give the same turns.
Families over real MTRAG questions are left out (their questions belong to the builder's
split), as are case parts whose expectation names neither a topic nor a rejection. A perturbed
final keeps its case's expectation (the family says the change must not matter), a
directional family's base final has its own (`base_expect`); an invariance family's other
base history states none and is left out.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.behaviour.cases import (
    Bindings,
    Case,
    RandomChooser,
    TemplateFillError,
    generate_case,
    suite_corpus,
)
from memcore.eval.behaviour.templates import (
    APOLLO_CORPUS,
    MTRAG_SOURCE,
    CheckType,
    Expectation,
    Slots,
    TemplateError,
    load_capabilities,
    load_slots,
)
from memcore.eval.training.final_turns import LabelledTurn, labelled_final_turns
from memcore.eval.training.train_topics import TopicExample, topic_examples
from memcore.search.backends.memory import InMemoryBM25
from memcore.writers.learned.vector_cache import VectorCache


@attrs.frozen
class BehaviourSource:
    """Where behaviour training turns come from: template folders, the slot fillers, the
    Apollo fixture the slots name, and how many cases each family gives."""

    folders: tuple[Path, ...]
    slots: Path
    per_family: int
    apollo: Path = APOLLO_CORPUS


def _labelled(
    topic: str | None, rejected: Iterable[str], text_of: Callable[[str], str | None]
) -> tuple[frozenset[str], frozenset[str]]:
    meant = text_of(topic) if topic is not None else None
    gold = frozenset({meant} if meant else set())
    named = (text_of(role) for role in rejected)
    return gold, frozenset(name for name in named if name) - gold


def labels(expect: Expectation, bindings: Bindings) -> tuple[frozenset[str], frozenset[str]]:
    """The pages `expect` means and sets aside, by the names `bindings` gives its roles (a
    role the case does not bind labels nothing; the page meant is never also set aside)."""
    return _labelled(expect.topic, expect.rejected, bindings.text_of)


def role_labels(
    names: Mapping[str, str], topic: str | None = None, rejected: Sequence[str] = ()
) -> dict[str, list[str]]:
    """`labels` for an expectation's `topic` and `rejected` roles bound by `names` (role to
    name): the pages meant (`gold`) and set aside (`stale`), sorted."""
    gold, stale = _labelled(topic, rejected, names.get)
    return {"gold": sorted(gold), "stale": sorted(stale)}


def case_turns(case: Case) -> tuple[LabelledTurn, ...]:
    """The labelled final turns of `case`: its final, and its base final where the family
    states what that must show."""
    history = tuple((turn.question, turn.answer) for turn in case.history)
    found: list[LabelledTurn] = []
    gold, stale = labels(case.expect, case.bindings)
    if gold or stale:
        found.append(LabelledTurn(history, case.final, gold, stale))
    if case.base_final is None:
        return tuple(found)
    base_history = case.base_history if case.base_history is not None else case.history
    base = tuple((turn.question, turn.answer) for turn in base_history)
    expect: Expectation | None = None
    if case.test is CheckType.DIR:
        expect = case.base_expect
    elif base == history:
        expect = case.expect  # a perturbed final: the plain one must show the same
    if expect is not None:
        gold, stale = labels(expect, case.bindings)
        if gold or stale:
            found.append(LabelledTurn(base, case.base_final, gold, stale))
    return tuple(found)


def behaviour_cases(
    folders: Iterable[Path], slots: Slots, seed: int, per_family: int
) -> list[Case]:
    """`per_family` cases of every family in `folders` (either split) that needs no real
    MTRAG question, each family drawn by its own seeded generator."""
    cases: list[Case] = []
    for folder in folders:
        for capability in load_capabilities(folder):
            for family in capability.families:
                if family.source == MTRAG_SOURCE:
                    continue
                chooser = RandomChooser(random.Random(f"{seed}:{folder.name}:{family.name}"))
                cases.extend(generate_case(family, slots, chooser) for _ in range(per_family))
    return cases


def behaviour_turns(cases: Sequence[Case]) -> tuple[LabelledTurn, ...]:
    """Every labelled final turn of `cases`, in order."""
    return tuple(turn for case in cases for turn in case_turns(case))


@attrs.frozen
class BehaviourExamples:
    """The topic examples of behaviour cases, and what the models record about them."""

    topics: tuple[TopicExample, ...]
    minilm_topics: tuple[TopicExample, ...]
    meta: dict[str, object]


def source_hash(source: BehaviourSource) -> str:
    """SHA-256 over the slot file, the Apollo fixture and every template of the folders (each
    file's folder name, file name and bytes, in order)."""
    digest = hashlib.sha256()
    files = [source.slots, source.apollo]
    for folder in source.folders:
        files.extend(sorted(folder.glob("*.toml")))
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def behaviour_examples(
    source: BehaviourSource, seed: int, vectors: VectorCache | None = None
) -> Result[BehaviourExamples, str]:
    """The topic examples of `source`'s cases drawn with `seed` (with `vectors`, those the
    variant's referent scorer decides too), each history written by the rule writer over the
    suite's corpus."""
    missing = [str(path) for path in (*source.folders, source.slots) if not path.exists()]
    if missing:
        return Failure(f"behaviour templates not found: {', '.join(missing)}")
    try:
        slots = load_slots(source.slots, source.apollo)
        cases = behaviour_cases(source.folders, slots, seed, source.per_family)
    except (TemplateError, TemplateFillError, KeyError, ValueError) as error:
        return Failure(f"behaviour templates: {error}")
    turns = behaviour_turns(cases)
    titled = labelled_final_turns(turns, InMemoryBM25.build(suite_corpus(slots, (), source.apollo)))
    if titled is None:
        return Failure("behaviour templates: the suite's corpus has no page titles")
    topics = topic_examples(titled)
    minilm_topics = topic_examples(titled, vectors) if vectors is not None else ()
    meta: dict[str, object] = {
        "behaviour_folders": [folder.name for folder in source.folders],
        "behaviour_per_family": source.per_family,
        "behaviour_sha256": source_hash(source),
        "behaviour_cases": len(cases),
        "behaviour_turns": len(turns),
        "behaviour_topic_turns": len(topics),
        "behaviour_referent_turns": len(minilm_topics),
    }
    return Success(BehaviourExamples(topics, minilm_topics, meta))
