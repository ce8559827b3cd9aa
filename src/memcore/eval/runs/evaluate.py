"""Several systems over one or more (corpus, questions) parts: per-question scores by set.

A question's set is its tier, except for the natural set, which is kept per part (usually
per domain): `natural-clapnq`, `natural-govt`. Sets with at least `MIN_SET_SIZE` questions get
table columns and enter the overall mean (unweighted over sets); the clarification set
(MTRAG's real Clarification turns, pooled over domains) repeats natural questions, so it is
reported but left out of the overall mean.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.counts import counted
from memcore.eval.datasets.questions import Question
from memcore.eval.errors import EvalError
from memcore.eval.runs.runner import RunOutcome
from memcore.eval.runs.session import run_system, save_run
from memcore.eval.runs.spec import RunSpec, SystemName
from memcore.eval.runs.systems import MemoryBuilderFactory
from memcore.eval.runs.writing import memory_builders
from memcore.eval.scores.metrics import QuestionScores, score_run
from memcore.search.backends.open import OpenedRetriever, open_retriever
from memcore.search.retrieval import ONE_PROCESS, Execution

MIN_SET_SIZE = 30
PER_PART_TIERS = ("natural",)
REPORT_ONLY_PREFIX = "clarification"


@attrs.frozen
class Part:
    """A corpus and the questions searched in it; `label` names it in set names and files."""

    label: str
    corpus: Path
    questions: tuple[Question, ...]


@attrs.frozen
class Scored:
    """One question's scores under one system."""

    part: str
    question_id: str
    set_name: str
    group: str
    scores: QuestionScores


@attrs.frozen
class Evaluation:
    """Every system's per-question scores, its runs, and the questions."""

    systems: tuple[str, ...]
    scored: Mapping[str, tuple[Scored, ...]]
    outcomes: Mapping[tuple[str, str], RunOutcome]
    parts: tuple[Part, ...]
    builders: Mapping[str, MemoryBuilderFactory] = attrs.field(factory=dict, eq=False)
    indexes: Mapping[str, OpenedRetriever] = attrs.field(factory=dict, eq=False)

    def set_sizes(self) -> dict[str, int]:
        """Questions per set."""
        sizes: dict[str, int] = {}
        for item in self.scored[self.systems[0]]:
            sizes[item.set_name] = sizes.get(item.set_name, 0) + 1
        return dict(sorted(sizes.items()))

    def table_sets(self) -> tuple[str, ...]:
        """Sets large enough for a table row."""
        return tuple(name for name, size in self.set_sizes().items() if size >= MIN_SET_SIZE)

    def overall_sets(self) -> tuple[str, ...]:
        """Sets that enter the overall mean."""
        return tuple(s for s in self.table_sets() if not s.startswith(REPORT_ONLY_PREFIX))


def set_name(question: Question, part: str) -> str:
    """The set a question is reported in."""
    tier = question.judgement.tier
    return f"{tier}-{part}" if tier in PER_PART_TIERS else tier


def evaluate(
    parts: Sequence[Part],
    systems: Sequence[SystemName],
    base: RunSpec,
    runs_dir: Path | None = None,
    execution: Execution = ONE_PROCESS,
    use_cache: bool = True,
    progress: bool = False,
    log: Callable[[str], None] = lambda _: None,
) -> Result[Evaluation, EvalError]:
    """Run every system on every part with `base`'s other choices, score each question, and
    save the runs if asked."""
    names = tuple(system.value for system in systems)
    scored: dict[str, list[Scored]] = {name: [] for name in names}
    outcomes: dict[tuple[str, str], RunOutcome] = {}
    builders: dict[str, MemoryBuilderFactory] = {}
    indexes: dict[str, OpenedRetriever] = {}
    for part in parts:
        opened = open_retriever(part.corpus, base.retrieval, use_cache, progress, execution)
        if isinstance(opened, Failure):
            return Failure(EvalError.of_retrieval(opened.failure()).within(part.label))
        index = opened.unwrap()
        indexes[part.label] = index
        judgements = {question.id: question.judgement for question in part.questions}
        builders[part.label] = memory_builders(base.writer, index.retriever)
        for system_name in systems:
            spec = attrs.evolve(base, system=system_name)
            system = system_name.value
            reported = run_system(
                index, part.questions, spec, execution, progress, builders[part.label]
            )
            if isinstance(reported, Failure):
                return Failure(reported.failure().within(part.label))
            report = reported.unwrap()
            outcomes[(part.label, system)] = report.outcome
            failures = len(report.outcome.failures)
            questions = counted(len(part.questions), "question")
            log(f"{part.label} {system}: {questions}, {failures} fell back")
            if runs_dir is not None:
                extra = {"corpus": str(part.corpus), "part": part.label}
                output = runs_dir / f"{part.label}.{system}.trec"
                saved = save_run(output, report, system, base.k, extra)
                if isinstance(saved, Failure):
                    return Failure(saved.failure())
            scores = score_run(judgements, report.outcome.run)
            scored[system].extend(
                Scored(part.label, q.id, set_name(q, part.label), q.group, scores[q.id])
                for q in part.questions
            )
    return Success(
        Evaluation(
            names,
            {system: tuple(items) for system, items in scored.items()},
            outcomes,
            tuple(parts),
            builders,
            indexes,
        )
    )
