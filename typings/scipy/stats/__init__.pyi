# Minimal stub: only the parts of scipy.stats that memcore uses.
from collections.abc import Sequence

class TtestResult:
    statistic: float
    pvalue: float

def ttest_1samp(a: Sequence[float], popmean: float) -> TtestResult: ...
