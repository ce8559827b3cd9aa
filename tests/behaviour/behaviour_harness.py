"""Runs one writer over generated conversations and checks what it decided.

Cases come from `memcore.eval.behaviour.cases` (the generator lives in the package, where
`memcore train-writer --behaviour-templates` reads it too; its names are re-exported here). A
writer goes through each conversation the way the evaluation drives it
(`memcore.eval.runs.writing.memory_builders`: every history turn once, topic repair against
the suite's corpus, then the final node with its query), and the checks read that node's
topic, its Abandon operations and its query.

Draws go through a `Chooser`, so the same generator serves hypothesis (pytest, `DrawChooser`)
and a seeded `random.Random` (the bench script's fixed cases).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TypeVar

import attrs
from behaviour_templates import (
    SPLITS,
    CheckType,
    Expectation,
    Family,
    RealQuestion,
    Slots,
    load_real_questions,
    load_slots,
)
from hypothesis import strategies as st
from returns.result import Failure

from memcore.eval.behaviour.cases import (
    OTHER_KIND_ROLES as OTHER_KIND_ROLES,
)
from memcore.eval.behaviour.cases import (
    PRONOUN_FORMS as PRONOUN_FORMS,
)
from memcore.eval.behaviour.cases import (
    SAME_KIND_ROLES as SAME_KIND_ROLES,
)
from memcore.eval.behaviour.cases import (
    YEAR_STEPS as YEAR_STEPS,
)
from memcore.eval.behaviour.cases import (
    Bindings as Bindings,
)
from memcore.eval.behaviour.cases import (
    Case as Case,
)
from memcore.eval.behaviour.cases import (
    Chooser as Chooser,
)
from memcore.eval.behaviour.cases import (
    RandomChooser as RandomChooser,
)
from memcore.eval.behaviour.cases import (
    TemplateFillError as TemplateFillError,
)
from memcore.eval.behaviour.cases import (
    available_families as available_families,
)
from memcore.eval.behaviour.cases import (
    bind as bind,
)
from memcore.eval.behaviour.cases import (
    fill as fill,
)
from memcore.eval.behaviour.cases import (
    generate_case as generate_case,
)
from memcore.eval.behaviour.cases import (
    generate_cases as generate_cases,
)
from memcore.eval.behaviour.cases import (
    perturb as perturb,
)
from memcore.eval.behaviour.cases import (
    suite_corpus as suite_corpus,
)
from memcore.node import Node
from memcore.operations import OpKind
from memcore.replay import ReplayState, Status
from memcore.search.corpus import Corpus
from memcore.writers.driver import Conversation, Driver, DriverConfig, Turn

_T = TypeVar("_T")

# Words too common to show that a name leaked into a query ("Simone de Beauvoir").
GLUE_WORDS = frozenset({"the", "of", "de", "d", "a", "an", "in", "on", "and", "s"})


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


def case_strategy(
    family: Family, slots: Slots, real_questions: Sequence[RealQuestion] = ()
) -> st.SearchStrategy[Case]:
    """Cases of `family` for hypothesis."""

    @st.composite
    def cases(draw: st.DrawFn) -> Case:
        return generate_case(family, slots, DrawChooser(draw), real_questions)

    return cases()


# --- the suite's corpus and writers ---------------------------------------------------------


@attrs.frozen
class Decision:
    """What a writer wrote at the final turn: its topic, operations, the names it abandons
    (`rejected`) and its query. `dropped` holds the other names the memory holds as dropped
    once the final node is replayed: statuses are derived by replaying the operations, so a
    name the user turned down one message before, and that no later turn took back, is still
    turned down at the final turn (`check` counts both; an INV comparison reads the final
    node's own `rejected`, as a run without the history has no earlier turn to drop a name)."""

    topic: str | None
    operations: tuple[str, ...]
    rejected: tuple[str, ...]
    query: str
    dropped: tuple[str, ...] = ()

    @classmethod
    def of(cls, node: Node, state: ReplayState | None = None) -> Decision:
        rejected = tuple(op.topic for op in node.operations if op.kind is OpKind.ABANDON)
        dropped = (
            tuple(
                view.name
                for view in state.topics
                if view.status is Status.DROPPED and view.name not in rejected
            )
            if state is not None
            else ()
        )
        operations = tuple(str(op) for op in node.operations)
        return cls(node.topic, operations, rejected, node.query or "", dropped)

    @property
    def turned_down(self) -> tuple[str, ...]:
        """Every name the decision leaves turned down: abandoned now or dropped before."""
        return (*self.rejected, *self.dropped)


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
        node = written.unwrap().node
        return Decision.of(node, conversation.with_node(node).state)


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
        if wanted is not None and not any(same_name(wanted, r) for r in decision.turned_down):
            reasons.append(f"{wanted!r} not rejected (Abandon: {list(decision.rejected)})")
    for role in expect.not_rejected:
        name = bindings.text_of(role)
        if name is not None and any(same_name(name, r) for r in decision.turned_down):
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
