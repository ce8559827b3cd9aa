"""Summaries of an evaluation: metrics JSON, text and markdown tables, the per-set chart."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memcore.atomic_write import atomic_path
from memcore.eval.runs.evaluate import MIN_SET_SIZE, Evaluation, Scored
from memcore.eval.scores.bootstrap import DEFAULT_SAMPLES, Interval, Observation, bootstrap
from memcore.eval.scores.metrics import METRICS, PRIMARY, STALE_FIRST


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _observations(items: Sequence[Scored], sets: Sequence[str]) -> list[Observation]:
    wanted = set(sets)
    return [
        Observation(item.set_name, item.group, item.scores.values[PRIMARY])
        for item in items
        if item.set_name in wanted
    ]


def _interval(interval: Interval) -> dict[str, float]:
    return {"mean": interval.mean, "low": interval.low, "high": interval.high}


def _set_metrics(items: Sequence[Scored], set_name: str) -> dict[str, float | None]:
    members = [item for item in items if item.set_name == set_name]
    found: dict[str, float | None] = {
        metric: _mean([item.scores.values[metric] for item in members]) for metric in METRICS
    }
    stale = [
        float(item.scores.stale_first) for item in members if item.scores.stale_first is not None
    ]
    found[STALE_FIRST] = _mean(stale)
    return found


def summarise(
    evaluation: Evaluation,
    reference: str | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> dict[str, Any]:
    """Means per set and overall, 95% intervals of MRR@10, and paired differences from
    `reference` (default: the first system) with their intervals."""
    systems = evaluation.systems
    reference = reference if reference is not None else systems[0]
    table_sets, overall_sets = evaluation.table_sets(), evaluation.overall_sets()
    summary: dict[str, Any] = {
        "set_sizes": evaluation.set_sizes(),
        "min_set_size": MIN_SET_SIZE,
        "table_sets": list(table_sets),
        "overall_sets": list(overall_sets),
        "reference": reference,
        "systems": {},
        "differences": {},
        "fallbacks": {
            f"{part}/{system}": len(outcome.failures)
            for (part, system), outcome in evaluation.outcomes.items()
        },
    }
    for system in systems:
        items = evaluation.scored[system]
        per_set = {name: _set_metrics(items, name) for name in evaluation.set_sizes()}
        entry: dict[str, Any] = {"sets": per_set}
        if table_sets:
            intervals, _ = bootstrap(_observations(items, table_sets), samples, seed)
            for name, interval in intervals.items():
                per_set[name][f"{PRIMARY}_low"] = interval.low
                per_set[name][f"{PRIMARY}_high"] = interval.high
        if overall_sets:
            _, overall = bootstrap(_observations(items, overall_sets), samples, seed)
            means: dict[str, Any] = {}
            for metric in METRICS:
                values = [per_set[name][metric] for name in overall_sets]
                means[metric] = _mean([value for value in values if value is not None])
            means[f"{PRIMARY}_low"], means[f"{PRIMARY}_high"] = overall.low, overall.high
            entry["overall"] = means
        summary["systems"][system] = entry
    summary["differences"] = _differences(
        evaluation, reference, table_sets, overall_sets, samples, seed
    )
    return summary


def _differences(
    evaluation: Evaluation,
    reference: str,
    table_sets: Sequence[str],
    overall_sets: Sequence[str],
    samples: int,
    seed: int,
) -> dict[str, Any]:
    base = {
        (item.part, item.question_id): item.scores.values[PRIMARY]
        for item in evaluation.scored[reference]
    }
    found: dict[str, Any] = {}
    for system in evaluation.systems:
        if system == reference:
            continue
        observations = [
            Observation(
                item.set_name,
                item.group,
                base[(item.part, item.question_id)] - item.scores.values[PRIMARY],
            )
            for item in evaluation.scored[system]
        ]
        entry: dict[str, Any] = {}
        table = [o for o in observations if o.set_name in set(table_sets)]
        if table:
            per_set, _ = bootstrap(table, samples, seed)
            entry["sets"] = {name: _interval(interval) for name, interval in per_set.items()}
        overall = [o for o in observations if o.set_name in set(overall_sets)]
        if overall:
            _, interval = bootstrap(overall, samples, seed)
            entry["overall"] = _interval(interval)
        found[system] = entry
    return found


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _signed(interval: dict[str, float]) -> str:
    mark = "*" if interval["low"] > 0 or interval["high"] < 0 else ""
    return f"{interval['mean']:+.3f} [{interval['low']:+.3f}, {interval['high']:+.3f}]{mark}"


def _with_interval(metrics: dict[str, Any]) -> str:
    low, high = metrics[PRIMARY + "_low"], metrics[PRIMARY + "_high"]
    return f"{metrics[PRIMARY]:.3f} [{low:.2f}, {high:.2f}]"


def markdown_tables(summary: dict[str, Any]) -> str:
    """The report's tables in markdown: MRR@10 with intervals, other metrics, differences,
    stale-first rates and set sizes."""
    sets = summary["table_sets"]
    systems = list(summary["systems"])
    lines = [f"Sets with fewer than {summary['min_set_size']} questions get no column: "]
    small = {k: v for k, v in summary["set_sizes"].items() if k not in sets}
    lines[0] += ", ".join(f"{k} ({v})" for k, v in small.items()) or "none"
    lines.append("")
    header = ["system", *sets, "overall"]
    lines.append("**MRR@10** (95% bootstrap interval over source conversations)")
    lines.append("")
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    for system in systems:
        entry = summary["systems"][system]
        cells = [system]
        for name in sets:
            metrics = entry["sets"][name]
            cells.append(_with_interval(metrics))
        overall = entry.get("overall")
        cells.append(f"**{_with_interval(overall)}**" if overall else "–")
        lines.append("| " + " | ".join(cells) + " |")
    for metric in METRICS[1:]:
        lines += [
            "",
            f"**{metric}**",
            "",
            "| " + " | ".join(header) + " |",
            "|" + "---|" * len(header),
        ]
        for system in systems:
            entry = summary["systems"][system]
            cells = [system, *(_cell(entry["sets"][name][metric]) for name in sets)]
            cells.append(_cell(entry.get("overall", {}).get(metric)))
            lines.append("| " + " | ".join(cells) + " |")
    reference = summary["reference"]
    lines += [
        "",
        f"**{reference} minus each system, MRR@10** (per-question paired differences; "
        "* = interval excludes 0)",
        "",
        "| " + " | ".join(["system", *sets, "overall"]) + " |",
        "|" + "---|" * (len(sets) + 2),
    ]
    for system, entry in summary["differences"].items():
        cells = [system, *(_signed(entry["sets"][name]) for name in sets if "sets" in entry)]
        cells.append(_signed(entry["overall"]) if "overall" in entry else "–")
        lines.append("| " + " | ".join(cells) + " |")
    stale_sets = [
        name
        for name in sets
        if summary["systems"][systems[0]]["sets"][name][STALE_FIRST] is not None
    ]
    if stale_sets:
        lines += [
            "",
            "**Stale-first rate** (a stale passage ranked above every gold passage)",
            "",
            "| " + " | ".join(["system", *stale_sets]) + " |",
            "|" + "---|" * (len(stale_sets) + 1),
        ]
        for system in systems:
            sets_of = summary["systems"][system]["sets"]
            cells = [system, *(_cell(sets_of[name][STALE_FIRST]) for name in stale_sets)]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def text_table(summary: dict[str, Any]) -> str:
    """A compact plain-text MRR@10 table for the terminal."""
    sets = summary["table_sets"]
    systems = list(summary["systems"])
    width = max(len(name) for name in [*systems, "system"]) + 2
    columns = [*sets, "overall"]
    sizes = [max(len(name), 6) + 2 for name in columns]
    rows = [
        "system".ljust(width) + "".join(c.rjust(s) for c, s in zip(columns, sizes, strict=True))
    ]
    for system in systems:
        entry = summary["systems"][system]
        values = [entry["sets"][name][PRIMARY] for name in sets]
        values.append(entry.get("overall", {}).get(PRIMARY))
        rows.append(
            system.ljust(width)
            + "".join(_cell(v).rjust(s) for v, s in zip(values, sizes, strict=True))
        )
    return "MRR@10\n" + "\n".join(rows) + "\n"


def write_chart(summary: dict[str, Any], path: Path) -> None:
    """A grouped bar chart of MRR@10 per set with 95% intervals (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sets = summary["table_sets"]
    systems = list(summary["systems"])
    figure, axes = plt.subplots(figsize=(max(6.0, 1.2 * len(sets) + 2), 4.0))
    width = 0.8 / max(1, len(systems))
    for position, system in enumerate(systems):
        metrics = [summary["systems"][system]["sets"][name] for name in sets]
        means = [m[PRIMARY] for m in metrics]
        below = [m[PRIMARY] - m[PRIMARY + "_low"] for m in metrics]
        above = [m[PRIMARY + "_high"] - m[PRIMARY] for m in metrics]
        offsets = [index + position * width - 0.4 + width / 2 for index in range(len(sets))]
        axes.bar(offsets, means, width, yerr=[below, above], capsize=2, label=system)
    axes.set_xticks(range(len(sets)))
    axes.set_xticklabels(sets, rotation=30, ha="right")
    axes.set_ylabel("MRR@10")
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small", ncol=2)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, dpi=120)
    plt.close(figure)
