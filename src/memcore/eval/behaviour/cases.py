"""Behaviour cases generated from templates: slot roles bound to names, history and final
turns filled, perturbed where the family says so.

A case is drawn from a wording family: slot roles are bound to names (A, S, R1-R3, T of one
kind; X, Z of two other kinds; E, Y1, Y2 (and Y3, one step past Y2) for value revisions, W the
name in a value answer; M a real MTRAG question), the history and final templates are filled,
and for INV and DIR tests a base conversation is built beside it. The behavioural suite
(tests/behaviour) runs writers over such cases and checks them; `memcore train-writer
--behaviour-templates` learns from their expectations.

Draws go through a `Chooser`, so the same generator serves hypothesis (the suite) and a seeded
`random.Random` (the bench script's fixed cases, the training cases).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

import attrs

from memcore.eval.behaviour.templates import (
    APOLLO_CORPUS,
    MTRAG_SOURCE,
    Capability,
    CheckType,
    Entity,
    Expectation,
    Family,
    History,
    RealQuestion,
    Slots,
    Stem,
    ValueStem,
)
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.writers.driver import Turn

_T = TypeVar("_T")

SAME_KIND_ROLES = ("A", "S", "R1", "R2", "R3", "T")
OTHER_KIND_ROLES = ("X", "Z")
# Subject pronoun -> (object, possessive).
PRONOUN_FORMS = {"she": ("her", "her"), "he": ("him", "his"), "it": ("it", "its")}
YEAR_STEPS = (-3, -2, -1, 1, 2, 3)


class Chooser(Protocol):
    """Where a case's draws come from."""

    def choice(self, options: Sequence[_T]) -> _T: ...

    def distinct(self, options: Sequence[_T], count: int) -> list[_T]: ...

    def integer(self, low: int, high: int) -> int: ...


@attrs.frozen
class RandomChooser:
    """Draws from a seeded generator: the bench's fixed, unbiased cases."""

    rng: random.Random

    def choice(self, options: Sequence[_T]) -> _T:
        return self.rng.choice(list(options))

    def distinct(self, options: Sequence[_T], count: int) -> list[_T]:
        return self.rng.sample(list(options), count)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


@attrs.frozen
class Bindings:
    """What the roles of one case stand for."""

    entities: Mapping[str, Entity]
    stems: Mapping[str, tuple[Stem, Stem]]
    values: Mapping[str, str]
    value_stem: ValueStem
    winner: str
    real: RealQuestion | None

    def text_of(self, role: str) -> str | None:
        """The words a role puts into a conversation (None: the role is not bound)."""
        if role in self.entities:
            return self.entities[role].name
        if role in self.values:
            return self.values[role]
        if role == "M" and self.real is not None:
            return self.real.text
        if role == "W":
            return self.winner
        if role == "Y3" and "Y1" in self.values and "Y2" in self.values:
            # A third year one more step past the second (never equal to either), derived
            # rather than drawn so that adding it changed no earlier case's draw.
            first, second = int(self.values["Y1"]), int(self.values["Y2"])
            return str(2 * second - first)
        return None

    def names(self) -> dict[str, str]:
        """Every bound name and value by role (not the real question, which is a sentence)."""
        named = {role: entity.name for role, entity in self.entities.items()}
        return {**named, **self.values}


@attrs.frozen
class Case:
    """One generated conversation and what its run must show."""

    capability: str
    family: str
    split: str
    test: CheckType
    history: tuple[Turn, ...]
    final: str
    expect: Expectation
    bindings: Bindings
    base_history: tuple[Turn, ...] | None = None
    base_final: str | None = None
    base_expect: Expectation | None = None

    @property
    def has_base(self) -> bool:
        return self.base_final is not None


class TemplateFillError(ValueError):
    """A placeholder the harness does not know."""


def bind(family: Family, slots: Slots, chooser: Chooser, real: RealQuestion | None) -> Bindings:
    """Draw names for every role a family may use."""
    kinds = sorted(kind for kind in slots.kinds if len(slots.of_kind(kind)) >= 6)
    main = family.main_kind or chooser.choice(kinds)
    same = chooser.distinct(slots.of_kind(main), len(SAME_KIND_ROLES))
    other_kinds = chooser.distinct([kind for kind in kinds if kind != main], 2)
    entities = dict(zip(SAME_KIND_ROLES, same, strict=True))
    for role, kind in zip(OTHER_KIND_ROLES, other_kinds, strict=True):
        entities[role] = chooser.choice(slots.of_kind(kind))
    stems: dict[str, tuple[Stem, Stem]] = {}
    for kind in (main, *other_kinds):
        first, second = chooser.distinct(slots.kinds[kind].stems, 2)
        stems[kind] = (first, second)
    low, high = slots.years
    first_year = chooser.integer(low + 3, high - 3)
    second_year = first_year + chooser.choice(YEAR_STEPS)
    values = {"E": chooser.choice(slots.events), "Y1": str(first_year), "Y2": str(second_year)}
    people = [entity.name for entity in slots.of_kind("person") if entity not in same]
    return Bindings(
        entities,
        stems,
        values,
        chooser.choice(slots.value_stems),
        chooser.choice(people),
        real,
    )


_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def _stem_text(template: str, name: str, entity: Entity) -> str:
    objective, possessive = PRONOUN_FORMS.get(entity.pronoun, ("them", "their"))
    replacements = {
        "{N}": name,
        "{PO}": objective,
        "{PG}": possessive,
        "{P}": entity.pronoun,
        "{D}": entity.description,
    }
    for placeholder, value in replacements.items():
        template = template.replace(placeholder, value)
    return template


def _list_of(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _value_text(template: str, bindings: Bindings, year_role: str) -> str:
    return (
        template.replace("{E}", bindings.values["E"])
        .replace("{Y}", bindings.values[year_role])
        .replace("{W}", bindings.winner)
    )


def _fill_one(words: list[str], bindings: Bindings, slots: Slots) -> str:
    verb, arguments = words[0], words[1:]
    if not arguments:
        text = bindings.text_of(verb)
        if text is None:
            raise TemplateFillError(f"unknown role {verb!r}")
        return text
    if verb in ("ask", "ask2", "answer", "answer2"):
        role = arguments[0]
        which = 1 if verb.endswith("2") else 0
        if role.startswith("="):
            # A literal in the name's place ("the first one"): the main kind's question.
            entity = bindings.entities["A"]
            stem = bindings.stems[entity.kind][which]
            return _stem_text(stem.named, " ".join(words[1:])[1:], entity)
        if role == "M" and verb == "answer" and bindings.real is not None:
            return bindings.real.answer
        entity = bindings.entities[role]
        stem = bindings.stems[entity.kind][which]
        if verb.startswith("answer"):
            return _stem_text(stem.answer, entity.name, entity)
        form = arguments[1] if len(arguments) > 1 else "named"
        template = {
            "named": stem.named,
            "pronoun": stem.pronoun,
            "description": stem.description,
        }[form]
        return _stem_text(template, entity.name, entity)
    if verb == "askv":
        return _value_text(bindings.value_stem.named, bindings, arguments[0])
    if verb == "answerv":
        return _value_text(bindings.value_stem.answer, bindings, arguments[0])
    if verb == "list_question":
        return slots.kinds[bindings.entities[arguments[0]].kind].list_question
    if verb == "list_answer":
        kind = slots.kinds[bindings.entities[arguments[0]].kind]
        names = [bindings.entities[role].name for role in arguments]
        return kind.list_answer.replace("{list}", _list_of(names))
    raise TemplateFillError(f"unknown placeholder {' '.join(words)!r}")


def fill(template: str, bindings: Bindings, slots: Slots) -> str:
    """`template` with every placeholder replaced by what the bindings say."""
    return _PLACEHOLDER.sub(
        lambda match: _fill_one(match.group(1).split(), bindings, slots), template
    )


def _history(history: History, bindings: Bindings, slots: Slots) -> tuple[Turn, ...]:
    return tuple(
        Turn(fill(question, bindings, slots), fill(answer, bindings, slots))
        for question, answer in history
    )


# Surface perturbations of the robustness capability. Names are lower-cased or upper-cased
# with the rest of the turn (case is part of what is tested) but never misspelt.
_PUNCTUATION = re.compile(r"[.,!?;:…()\"]|(?<!\w)-|-(?!\w)|'(?!\w)")
_WORD = re.compile(r"[A-Za-z]{4,}")


def _typo(text: str, protected: Iterable[str], chooser: Chooser) -> str:
    """Two different neighbouring letters swapped inside a word that is not part of a name
    (the first and last letters stay, as in most real slips)."""
    shielded: set[str] = set()
    for name in protected:
        shielded.update(word.casefold() for word in re.findall(r"\w+", name))
    spots = [
        at
        for match in _WORD.finditer(text)
        if match.group().casefold() not in shielded
        for at in range(match.start() + 1, match.end() - 2)
        if text[at] != text[at + 1]
    ]
    if not spots:
        return text + "?"
    at = chooser.choice(spots)
    return text[:at] + text[at + 1] + text[at] + text[at + 2 :]


def perturb(family: Family, text: str, bindings: Bindings, chooser: Chooser) -> str:
    """The final turn as the family's perturbation changes it."""
    match family.perturb:
        case "lowercase":
            return text.lower()
        case "strip_punctuation":
            return " ".join(_PUNCTUATION.sub(" ", text).split())
        case "typo":
            return _typo(text, bindings.names().values(), chooser)
        case "wrap":
            return chooser.choice(family.wraps).replace("{turn}", text)
        case "wrap_upper":
            return chooser.choice(family.wraps).replace("{turn}", text.upper())
    raise TemplateFillError(f"unknown perturbation {family.perturb!r}")


def generate_case(
    family: Family,
    slots: Slots,
    chooser: Chooser,
    real_questions: Sequence[RealQuestion] = (),
) -> Case:
    """One case of `family`, drawn through `chooser`."""
    real = None
    if family.source == MTRAG_SOURCE:
        if not real_questions:
            raise TemplateFillError(f"{family.name} needs real questions and none were given")
        real = chooser.choice(real_questions)
    bindings = bind(family, slots, chooser, real)
    scenario = chooser.choice(family.scenarios)
    history = _history(chooser.choice(scenario.histories), bindings, slots)
    variant = chooser.choice(scenario.variants)
    final = fill(variant.text, bindings, slots)
    case = Case(
        family.capability,
        family.name,
        family.split,
        family.test,
        history,
        final,
        variant.expect,
        bindings,
    )
    if family.perturb is not None:
        perturbed = perturb(family, final, bindings, chooser)
        return attrs.evolve(case, final=perturbed, base_history=history, base_final=final)
    if family.base_histories is not None:
        base = _history(chooser.choice(family.base_histories), bindings, slots)
        return attrs.evolve(case, base_history=base, base_final=final)
    if family.base_finals is not None:
        base_final = fill(chooser.choice(family.base_finals), bindings, slots)
        return attrs.evolve(
            case, base_history=history, base_final=base_final, base_expect=family.base_expect
        )
    return case


def available_families(
    capability: Capability, split: str, real_questions: Sequence[RealQuestion]
) -> tuple[Family, ...]:
    """The capability's families of `split` that can be generated here (real-question
    families need the MTRAG data)."""
    return tuple(
        family
        for family in capability.families_in(split)
        if family.source != MTRAG_SOURCE or real_questions
    )


def generate_cases(
    capability: Capability,
    split: str,
    count: int,
    seed: int,
    slots: Slots,
    real_questions: Sequence[RealQuestion] = (),
) -> list[Case]:
    """`count` cases of the capability's `split` families, each family equally likely; the
    same seed gives the same cases, whatever writer runs them."""
    families = available_families(capability, split, real_questions)
    if not families:
        return []
    chooser = RandomChooser(random.Random(f"{seed}:{capability.name}:{split}"))
    return [
        generate_case(chooser.choice(families), slots, chooser, real_questions)
        for _ in range(count)
    ]


def suite_corpus(
    slots: Slots, real_questions: Iterable[RealQuestion] = (), apollo: Path = APOLLO_CORPUS
) -> Corpus:
    """The Apollo fixture's passages, plus one page per entity, event and real question's
    page: the names a case uses are page titles, as they would be in a real collection."""
    passages = [
        Passage(str(row["_id"]), str(row["text"]), str(row["title"]))
        for row in map(json.loads, apollo.read_text(encoding="utf-8").splitlines())
        if row
    ]
    titles = {passage.title for passage in passages}
    extra: dict[str, str] = {}
    for entity in slots.entities:
        extra[entity.name] = f"{entity.name} is a well-known {entity.description}."
    for event in slots.events:
        extra[event] = f"The {event} has been held every year for decades."
    for question in real_questions:
        if question.title:
            extra.setdefault(question.title, question.answer)
    for number, (title, text) in enumerate(sorted(extra.items())):
        if title not in titles:
            passages.append(Passage(f"behaviour-{number}", text, title))
    return Corpus(tuple(passages))
