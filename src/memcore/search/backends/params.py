"""BM25 parameters and the Lucene-formula term score shared by the exact backends."""

from __future__ import annotations

import math

import attrs


def _non_negative(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (math.isfinite(value) and value >= 0.0):
        raise ValueError(f"BM25 {attribute.name} must be a finite number >= 0, got {value!r}")


def _fraction(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (0.0 <= value <= 1.0):
        raise ValueError(f"BM25 {attribute.name} must lie in [0, 1], got {value!r}")


@attrs.frozen
class BM25Parameters:
    """BM25's term-frequency saturation `k1` and length normalisation `b`.

    The defaults are Anserini's (k1=0.9, b=0.4), the usual BM25 reference for passage search.
    """

    k1: float = attrs.field(default=0.9, converter=float, validator=_non_negative)
    b: float = attrs.field(default=0.4, converter=float, validator=_fraction)


def lucene_idf(doc_count: int, doc_freq: int) -> float:
    """Lucene's BM25 idf: ln(1 + (N - df + 0.5) / (df + 0.5)), always positive."""
    return math.log(1.0 + (doc_count - doc_freq + 0.5) / (doc_freq + 0.5))


def lucene_tf_part(
    term_freq: float, doc_length: float, mean_length: float, params: BM25Parameters
) -> float:
    """Lucene's BM25 term-frequency part: tf / (tf + k1 * (1 - b + b * dl / avgdl)).

    Modern Lucene (and bm25s's "lucene" method) leave out the constant (k1 + 1) factor of
    the textbook formula; it scales every score alike and changes no ranking.
    """
    norm = params.k1 * (1.0 - params.b + params.b * doc_length / mean_length)
    return term_freq / (term_freq + norm)
