"""Runs one writer over generated conversations and checks what it decided.

A case is drawn from a wording family: slot roles are bound to names (A, S, R1-R3, T of one
kind; X, Z of two other kinds; E, Y1, Y2 (and Y3, one step past Y2) for value revisions, W the
name in a value answer; M a real MTRAG question), the
history and final templates are filled, and for INV and DIR tests a base conversation is
built beside it. A writer then goes through each conversation the way the evaluation drives
it (`memcore.eval.runs.writing.memory_builders`: every history turn once, topic repair against
the suite's corpus, then the final node with its query), and the checks read that node's
topic, its Abandon operations and its query.

Draws go through a `Chooser`, so the same generator serves hypothesis (pytest) and a seeded
`random.Random` (the bench script's fixed cases).
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Protocol, TypeVar

import attrs
from behaviour_templates import (
    APOLLO_CORPUS,
    MTRAG_SOURCE,
    SPLITS,
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
    load_real_questions,
    load_slots,
)
from hypothesis import strategies as st
from returns.result import Failure

from memcore.node import Node
from memcore.operations import OpKind
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.writers.driver import Conversation, Driver, DriverConfig, Turn

_T = TypeVar("_T")

SAME_KIND_ROLES = ("A", "S", "R1", "R2", "R3", "T")
OTHER_KIND_ROLES = ("X", "Z")
# Subject pronoun -> (object, possessive).
PRONOUN_FORMS = {"she": ("her", "her"), "he": ("him", "his"), "it": ("it", "its")}
YEAR_STEPS = (-3, -2, -1, 1, 2, 3)
# Words too common to show that a name leaked into a query ("Simone de Beauvoir").
GLUE_WORDS = frozenset({"the", "of", "de", "d", "a", "an", "in", "on", "and", "s"})


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
class DrawChooser:
    """Draws through hypothesis, so failing cases shrink and replay."""

    draw: st.DrawFn

    def choice(self, options: Sequence[_T]) -> _T:
        return self.draw(st.sampled_from(list(options)))

    def distinct(self, options: Sequence[_T], count: int) -> list[_T]:
        return self.draw(st.permutations(list(options)))[:count]

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


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


def case_strategy(
    family: Family, slots: Slots, real_questions: Sequence[RealQuestion] = ()
) -> st.SearchStrategy[Case]:
    """Cases of `family` for hypothesis."""

    @st.composite
    def cases(draw: st.DrawFn) -> Case:
        return generate_case(family, slots, DrawChooser(draw), real_questions)

    return cases()


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


# --- the suite's corpus and writers ---------------------------------------------------------


def suite_corpus(slots: Slots, real_questions: Iterable[RealQuestion] = ()) -> Corpus:
    """The Apollo fixture's passages, plus one page per entity, event and real question's
    page: the names a case uses are page titles, as they would be in a real collection."""
    passages = [
        Passage(str(row["_id"]), str(row["text"]), str(row["title"]))
        for row in map(json.loads, APOLLO_CORPUS.read_text(encoding="utf-8").splitlines())
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


@attrs.frozen
class Decision:
    """What a writer wrote at the final turn."""

    topic: str | None
    operations: tuple[str, ...]
    rejected: tuple[str, ...]
    query: str

    @classmethod
    def of(cls, node: Node) -> Decision:
        rejected = tuple(op.topic for op in node.operations if op.kind is OpKind.ABANDON)
        return cls(node.topic, tuple(str(op) for op in node.operations), rejected, node.query or "")


@attrs.frozen
class SuiteWriter:
    """A writer ready to decide final turns over the suite's corpus, driven as the
    evaluation drives it: every history turn once with topic repair against the corpus,
    then the final node with its query. A failed call falls back to the rule writer."""

    name: str
    history_driver: Driver
    final_driver: Driver

    def decide(self, history: Sequence[Turn], final: str) -> Decision:
        conversation = Conversation()
        for turn in history:
            outcome = self.history_driver.history_turn(conversation, turn)
            if isinstance(outcome, Failure):
                raise RuntimeError(f"{self.name} could not write a turn: {outcome.failure()}")
            conversation = outcome.unwrap().conversation
        written = self.final_driver.final_turn(conversation, final)
        if isinstance(written, Failure):
            raise RuntimeError(f"{self.name} could not write the final turn: {written.failure()}")
        return Decision.of(written.unwrap().node)


def open_writer(name: str, corpus: Corpus) -> SuiteWriter | str:
    """The writer `name` over `corpus`, or why it is not available here."""
    from memcore.search.backends.memory import InMemoryBM25
    from memcore.writers.factory import writer_from_spec
    from memcore.writers.rules import RuleWriter

    chosen = writer_from_spec(name, corpus)
    if isinstance(chosen, Failure):
        return str(chosen.failure())
    writer = chosen.unwrap()
    fallback = RuleWriter.for_corpus(corpus)
    retriever = InMemoryBM25.build(corpus)
    return SuiteWriter(
        name,
        Driver(writer, DriverConfig(), retriever, fallback=fallback),
        Driver(writer, DriverConfig(), fallback=fallback),
    )


@cache
def default_corpus() -> Corpus:
    """The suite's corpus with every real question's page where the MTRAG data is present."""
    real = load_real_questions()
    questions = [q for split in SPLITS for q in (real[split] if real is not None else ())]
    return suite_corpus(load_slots(), questions)


@cache
def default_writer(name: str) -> SuiteWriter:
    """The writer `name` over the default corpus, made once per process."""
    opened = open_writer(name, default_corpus())
    if isinstance(opened, str):
        raise RuntimeError(f"writer {name!r} is not available: {opened}")
    return opened


# --- checks ---------------------------------------------------------------------------------


def name_tokens(text: str) -> list[str]:
    """Lower-case word tokens, accents, apostrophes and possessive endings dropped."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    # A possessive "'s" goes ("Marie Curie's first job" holds the name Marie Curie); other
    # apostrophes join their word ("Rubik's" is one word, "rubik" after the same folding).
    folded = re.sub(r"['’]s\b", "", plain.casefold())
    return re.findall(r"[a-z0-9]+", folded.replace("'", "").replace("’", ""))


def contains_name(text: str, name: str) -> bool:
    """Whether the name's tokens occur in `text`, next to each other and in order."""
    wanted = name_tokens(name)
    tokens = name_tokens(text)
    if not wanted:
        return False
    return any(
        tokens[start : start + len(wanted)] == wanted
        for start in range(len(tokens) - len(wanted) + 1)
    )


def _without_qualifier(name: str) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", name)


def same_name(first: str | None, second: str | None) -> bool:
    """Whether two topic names are the same page, ignoring case and a "(qualifier)"."""
    if first is None or second is None:
        return first is second
    return name_tokens(_without_qualifier(first)) == name_tokens(_without_qualifier(second))


def leaked_words(query: str, name: str, allowed: Iterable[str]) -> list[str]:
    """The words of `name` found in the query (or the whole name), apart from glue words and
    words of `allowed` names ("Apollo" may stay when Apollo 12 replaces Apollo 11; "11" may
    not)."""
    if contains_name(query, name):
        return [name]
    shared: set[str] = set(GLUE_WORDS)
    for other in allowed:
        shared.update(name_tokens(other))
    present = set(name_tokens(query))
    return [word for word in name_tokens(name) if word not in shared and word in present]


def content_words(text: str) -> list[str]:
    """The words of a typed question that a query must keep: four letters or more, or
    numbers."""
    return [word for word in name_tokens(text) if len(word) >= 4 or word.isdigit()]


def check(decision: Decision, expect: Expectation, bindings: Bindings) -> list[str]:
    """Why the decision misses the expectation (empty when it meets it). Roles the case
    does not bind are not checked."""
    reasons: list[str] = []
    if expect.topic is not None:
        wanted = bindings.text_of(expect.topic)
        if wanted is not None and not same_name(decision.topic, wanted):
            reasons.append(f"topic is {decision.topic!r}, expected {wanted!r}")
    for role in expect.rejected:
        wanted = bindings.text_of(role)
        if wanted is not None and not any(same_name(wanted, r) for r in decision.rejected):
            reasons.append(f"{wanted!r} not rejected (Abandon: {list(decision.rejected)})")
    for role in expect.not_rejected:
        name = bindings.text_of(role)
        if name is not None and any(same_name(name, r) for r in decision.rejected):
            reasons.append(f"{name!r} wrongly rejected")
    if expect.no_abandon and decision.rejected:
        reasons.append(f"unexpected Abandon of {list(decision.rejected)}")
    kept = [bindings.text_of(role) for role in expect.query_has]
    for name in kept:
        if name is not None and not contains_name(decision.query, name):
            reasons.append(f"query lacks {name!r}")
    allowed = [name for name in kept if name is not None]
    if expect.keeps_words is not None:
        typed = bindings.text_of(expect.keeps_words)
        if typed is not None:
            allowed.append(typed)
            present = set(name_tokens(decision.query))
            missing = [word for word in content_words(typed) if word not in present]
            if missing:
                reasons.append(f"query dropped typed words {missing}")
    for role in expect.query_lacks:
        name = bindings.text_of(role)
        if name is None:
            continue
        # A word this name shares with another bound name ("Apollo" of Apollo 13) shows
        # nothing; only its own words, or the whole name, count as a leak.
        others = [text for other, text in bindings.names().items() if other != role]
        leaked = leaked_words(decision.query, name, [*allowed, *others])
        if leaked:
            reasons.append(f"query has {name!r} ({', '.join(leaked)})")
    return reasons


def disagreements(base: Decision, changed: Decision, bindings: Bindings) -> list[str]:
    """How the changed run's decision differs from the base run's: topic, rejected topics,
    and which bound names the query holds."""
    reasons: list[str] = []
    if not same_name(base.topic, changed.topic):
        reasons.append(f"topic changed from {base.topic!r} to {changed.topic!r}")
    base_rejected = sorted(name_tokens(_without_qualifier(r)) for r in base.rejected)
    changed_rejected = sorted(name_tokens(_without_qualifier(r)) for r in changed.rejected)
    if base_rejected != changed_rejected:
        reasons.append(f"rejected changed from {list(base.rejected)} to {list(changed.rejected)}")
    for name in bindings.names().values():
        before = contains_name(base.query, name)
        if before != contains_name(changed.query, name):
            verb = "lost" if before else "gained"
            reasons.append(f"query {verb} {name!r}")
    return reasons


@attrs.frozen
class CaseResult:
    case: Case
    decision: Decision
    base_decision: Decision | None
    reasons: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.reasons


def run_case(case: Case, writer: SuiteWriter) -> CaseResult:
    """Run the case's conversation (and its base, if any) and check the decision."""
    decision = writer.decide(case.history, case.final)
    reasons = check(decision, case.expect, case.bindings)
    base_decision = None
    if case.base_final is not None:
        base_history = case.base_history if case.base_history is not None else case.history
        base_decision = writer.decide(base_history, case.base_final)
        if case.test is CheckType.INV:
            reasons += disagreements(base_decision, decision, case.bindings)
        elif case.test is CheckType.DIR and case.base_expect is not None:
            reasons += [
                f"base: {reason}"
                for reason in check(base_decision, case.base_expect, case.bindings)
            ]
    return CaseResult(case, decision, base_decision, tuple(reasons))


@attrs.frozen
class Tally:
    passed: int
    total: int

    @property
    def rate(self) -> float | None:
        return self.passed / self.total if self.total else None

    def __str__(self) -> str:
        if not self.total:
            return "n/a"
        return f"{self.rate:.0%} ({self.passed}/{self.total})"


def tally(results: Iterable[CaseResult]) -> Tally:
    listed = list(results)
    return Tally(sum(result.passed for result in listed), len(listed))


def describe(result: CaseResult) -> str:
    """A failing (or passing) case as a few readable lines."""
    case = result.case
    lines = [f"[{case.capability} / {case.family} / {case.test.value}]"]
    for turn in case.history:
        lines.append(f"  user: {turn.question}")
        lines.append(f"  agent: {turn.answer}")
    lines.append(f"  user (final): {case.final}")
    decision = result.decision
    lines.append(
        f"  -> topic {decision.topic!r}, ops {list(decision.operations)}, query {decision.query!r}"
    )
    if case.base_final is not None and result.base_decision is not None:
        base = result.base_decision
        lines.append(
            f"  base final: {case.base_final!r} -> topic {base.topic!r}, "
            f"ops {list(base.operations)}, query {base.query!r}"
        )
    lines.extend(f"  FAIL: {reason}" for reason in result.reasons)
    return "\n".join(lines)
