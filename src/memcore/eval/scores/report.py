"""Summaries of an evaluation: metrics JSON, text and markdown tables, the per-set charts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memcore.atomic_write import atomic_path
from memcore.eval.runs.evaluate import MIN_SET_SIZE, Evaluation, Scored
from memcore.eval.scores.bootstrap import DEFAULT_SAMPLES, Interval, Observation, bootstrap
from memcore.eval.scores.metrics import METRICS, PRIMARY, STALE_FIRST
from memcore.eval.scores.significance import holm, paired_p_value


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _observations(items: Sequence[Scored], sets: Sequence[str]) -> list[Observation]:
    wanted = set(sets)
    return [
        Observation(item.set_name, item.group, item.scores.values[PRIMARY])
        for item in items
        if item.set_name in wanted
    ]


def _stale_observations(items: Sequence[Scored], sets: Sequence[str]) -> list[Observation]:
    wanted = set(sets)
    return [
        Observation(item.set_name, item.group, float(item.scores.stale_first))
        for item in items
        if item.set_name in wanted and item.scores.stale_first is not None
    ]


def _interval(interval: Interval) -> dict[str, Any]:
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
            stale = _stale_observations(items, table_sets)
            if stale:
                stale_intervals, _ = bootstrap(stale, samples, seed)
                for name, interval in stale_intervals.items():
                    per_set[name][f"{STALE_FIRST}_low"] = interval.low
                    per_set[name][f"{STALE_FIRST}_high"] = interval.high
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
    """Each system minus the reference, per question: the mean with its bootstrap interval,
    the paired p-value by conversation and its Holm-adjusted value over every comparison of
    the report (memcore.eval.scores.significance)."""
    base = {
        (item.part, item.question_id): item.scores.values[PRIMARY]
        for item in evaluation.scored[reference]
    }
    found: dict[str, Any] = {}
    tested: list[dict[str, Any]] = []
    for system in evaluation.systems:
        if system == reference:
            continue
        observations = [
            Observation(
                item.set_name,
                item.group,
                item.scores.values[PRIMARY] - base[(item.part, item.question_id)],
            )
            for item in evaluation.scored[system]
        ]
        entry: dict[str, Any] = {}
        table = [o for o in observations if o.set_name in set(table_sets)]
        if table:
            per_set, _ = bootstrap(table, samples, seed)
            entry["sets"] = {}
            for name, interval in per_set.items():
                cell = _interval(interval)
                cell["p"] = paired_p_value([o for o in table if o.set_name == name])
                entry["sets"][name] = cell
                tested.append(cell)
        overall = [o for o in observations if o.set_name in set(overall_sets)]
        if overall:
            _, interval = bootstrap(overall, samples, seed)
            entry["overall"] = _interval(interval)
            entry["overall"]["p"] = paired_p_value(overall)
            tested.append(entry["overall"])
        found[system] = entry
    with_p = [cell for cell in tested if cell["p"] is not None]
    for cell, adjusted in zip(with_p, holm([cell["p"] for cell in with_p]), strict=True):
        cell["p_holm"] = adjusted
    for cell in tested:
        cell.setdefault("p_holm", None)
    return found


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _signed(interval: dict[str, Any]) -> str:
    mark = "*" if interval["low"] > 0 or interval["high"] < 0 else ""
    shown = f"{interval['mean']:+.3f} [{interval['low']:+.3f}, {interval['high']:+.3f}]{mark}"
    p, adjusted = interval.get("p"), interval.get("p_holm")
    if p is None or adjusted is None:
        return f"{shown} p –"
    dagger = "†" if adjusted < 0.05 else ""
    return f"{shown} p {_p(p)}, Holm {_p(adjusted)}{dagger}"


def _p(value: float) -> str:
    return "<0.001" if value < 0.001 else f"{value:.3f}"


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
        f"**Each system minus {reference}, MRR@10** (per-question paired differences, 95% "
        "bootstrap interval over source conversations, * = interval excludes 0; p: paired "
        "t-test over the conversations' mean differences, Holm: adjusted over every "
        "comparison of this table, † = Holm-adjusted p < 0.05)",
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


CHARTS = {PRIMARY: "mrr_by_set.png", STALE_FIRST: "stale_first_by_set.png"}
"""The chart of each metric `write_charts` draws, by file name."""

_CHART_LABELS = {PRIMARY: "MRR@10", STALE_FIRST: "stale-first rate"}


def chart_figure(summary: dict[str, Any], metric: str = PRIMARY) -> Any:
    """A grouped bar chart of `metric` per set (the sets that have it) with 95% intervals:
    the legend beside the axes, never over the bars, and the value axis tall enough for
    every interval (needs matplotlib). None when no set has the metric."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = list(summary["systems"])
    sets = [
        name
        for name in summary["table_sets"]
        if summary["systems"][systems[0]]["sets"][name].get(metric) is not None
    ]
    if not sets:
        return None
    figure, axes = plt.subplots(figsize=(max(6.0, 1.2 * len(sets) + 2) + 2.0, 4.0))
    width = 0.8 / max(1, len(systems))
    highest = 0.0
    for position, system in enumerate(systems):
        metrics = [summary["systems"][system]["sets"][name] for name in sets]
        means = [m[metric] for m in metrics]
        highs = [m.get(f"{metric}_high", m[metric]) for m in metrics]
        lows = [m.get(f"{metric}_low", m[metric]) for m in metrics]
        # Clamped at 0: a percentile can fall a rounding error beyond the mean.
        below = [max(0.0, mean - low) for mean, low in zip(means, lows, strict=True)]
        above = [max(0.0, high - mean) for mean, high in zip(means, highs, strict=True)]
        highest = max(highest, *highs)
        offsets = [index + position * width - 0.4 + width / 2 for index in range(len(sets))]
        axes.bar(offsets, means, width, yerr=[below, above], capsize=2, label=system)
    axes.set_xticks(range(len(sets)))
    axes.set_xticklabels(sets, rotation=30, ha="right")
    axes.set_ylabel(_CHART_LABELS.get(metric, metric))
    # Headroom above the highest interval, so no error bar or cap meets the frame.
    axes.set_ylim(0, max(1.0, highest) * 1.08)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    figure.tight_layout()
    return figure


def write_charts(summary: dict[str, Any], folder: Path) -> tuple[Path, ...]:
    """Each metric's chart (`CHARTS`) in `folder`; the paths written (needs matplotlib)."""
    import matplotlib.pyplot as plt

    written = []
    for metric, name in CHARTS.items():
        figure = chart_figure(summary, metric)
        if figure is None:
            continue
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path) as temporary:
            figure.savefig(temporary, dpi=120, bbox_inches="tight")
        plt.close(figure)
        written.append(path)
    return tuple(written)
