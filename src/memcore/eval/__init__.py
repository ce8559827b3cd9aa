"""Evaluation: question and run formats, MTRAG builders, metrics, systems, runs and reports.

Nothing here is imported by `memcore` itself; the metric and chart libraries (the `eval`
extra) are imported inside the functions that need them.
"""
