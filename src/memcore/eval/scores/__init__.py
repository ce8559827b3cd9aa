"""Scoring runs: per-question metrics, the paired bootstrap, reports, error analysis and query-
resolution scores.
"""
