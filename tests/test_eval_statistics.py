"""The evaluation's statistics: system minus reference, paired p-values by conversation with
Holm's correction beside the intervals, and a chart per metric (issue 28, item 4)."""

from __future__ import annotations

from typing import Any

import pytest
from scipy.stats import ttest_1samp

from memcore.eval.runs.evaluate import Evaluation, Scored
from memcore.eval.scores.bootstrap import Observation
from memcore.eval.scores.metrics import METRICS, PRIMARY, STALE_FIRST, QuestionScores
from memcore.eval.scores.report import chart_figure, markdown_tables, summarise, write_charts
from memcore.eval.scores.significance import conversation_means, holm, paired_p_value


def _scored(system_mrr: float, conversation: int, index: int, stale: bool | None) -> Scored:
    values = dict.fromkeys(METRICS, system_mrr)
    return Scored(
        "p",
        f"q{conversation}-{index}",
        "correction",
        f"c{conversation}",
        QuestionScores(values, stale),
    )


def _evaluation() -> Evaluation:
    """40 questions in 20 conversations; `better` gains 0.1 to 0.3 on every conversation over
    `reference`, `same` equals it."""
    reference, better, same = [], [], []
    for conversation in range(20):
        for index in range(2):
            base = 0.5 if index else 0.3
            gain = 0.1 + 0.01 * conversation
            reference.append(_scored(base, conversation, index, conversation % 2 == 0))
            better.append(_scored(base + gain, conversation, index, False))
            same.append(_scored(base, conversation, index, conversation % 2 == 0))
    scored = {"reference": tuple(reference), "better": tuple(better), "same": tuple(same)}
    return Evaluation(("reference", "better", "same"), scored, {}, ())


def test_holm_worked_by_hand() -> None:
    """Sorted 0.01, 0.02, 0.04 times 3, 2, 1: 0.03, 0.04, 0.04 (kept non-decreasing)."""
    assert holm([0.04, 0.01, 0.02]) == pytest.approx((0.04, 0.03, 0.04))
    assert holm([0.5, 0.6]) == pytest.approx((1.0, 1.0))
    assert holm([]) == ()


def test_the_p_value_is_the_t_test_over_conversation_means() -> None:
    """Questions of one conversation count once, as their mean."""
    observations = [
        Observation("s", "a", 0.2),
        Observation("s", "a", 0.0),
        Observation("s", "b", 0.3),
        Observation("s", "c", -0.1),
        Observation("s", "c", 0.0),
        Observation("s", "c", 0.1),
    ]
    assert conversation_means(observations) == pytest.approx((0.1, 0.3, 0.0))
    expected = ttest_1samp([0.1, 0.3, 0.0], 0.0).pvalue
    assert paired_p_value(observations) == pytest.approx(expected)
    assert paired_p_value([Observation("s", "a", 0.0), Observation("s", "b", 0.0)]) == 1.0
    assert paired_p_value([Observation("s", "a", 0.4)]) is None


def test_differences_are_system_minus_reference_with_p_values() -> None:
    """A system better than the reference has a positive difference, a tiny p-value and a
    Holm-adjusted one; the report's table says which way it subtracts."""
    summary = summarise(_evaluation(), "reference", samples=200)
    better = summary["differences"]["better"]["sets"]["correction"]
    assert better["mean"] == pytest.approx(0.195)
    assert better["low"] > 0 and better["p"] < 0.001
    assert better["p"] <= better["p_holm"] <= 1.0
    same = summary["differences"]["same"]["overall"]
    assert same["mean"] == 0.0 and same["p"] == 1.0 == same["p_holm"]
    tables = markdown_tables(summary)
    assert "Each system minus reference, MRR@10" in tables
    assert "+0.195 [" in tables and "Holm <0.001†" in tables


def test_a_chart_per_metric_with_the_legend_outside_and_room_for_intervals(tmp_path: Any) -> None:
    """MRR@10 and stale-first each get a chart; the legend lies right of the axes, and the
    axis reaches above every interval (none meets the frame)."""
    pytest.importorskip("matplotlib")
    summary = summarise(_evaluation(), "reference", samples=200)
    entry = summary["systems"]["reference"]["sets"]["correction"]
    assert entry[f"{STALE_FIRST}_low"] <= entry[STALE_FIRST] <= entry[f"{STALE_FIRST}_high"]
    for metric in (PRIMARY, STALE_FIRST):
        figure = chart_figure(summary, metric)
        axes = figure.axes[0]
        figure.canvas.draw()
        legend_box = axes.get_legend().get_window_extent()
        axes_box = axes.get_window_extent()
        assert legend_box.x0 >= axes_box.x1
        highest = max(
            summary["systems"][system]["sets"]["correction"][f"{metric}_high"]
            for system in summary["systems"]
        )
        assert axes.get_ylim()[1] > max(1.0, highest)
    written = write_charts(summary, tmp_path)
    assert [path.name for path in written] == ["mrr_by_set.png", "stale_first_by_set.png"]
    assert all(path.stat().st_size > 0 for path in written)
