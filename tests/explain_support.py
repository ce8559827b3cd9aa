"""Reading an explained ranking's printed lines back: every value and the parts it shows."""

from __future__ import annotations

import re

NUMBER = r"[+-]?\d+(?:\.\d+)?"
# Half a unit in the last place of the figures printed with four and with six decimals.
HALF_4 = 0.5e-4
HALF_6 = 0.5e-6

HIT = re.compile(rf"^#\d+ \S+.*: ({NUMBER})(?:, added by .*)?$")
PART = re.compile(rf"^  ({NUMBER}) (base|number rule|title prior|facts vote|exclusion) \[")
BASE_PART = re.compile(rf"^  ({NUMBER}) (?:base|number rule) \[[^\]]+\] (\w+) query: ")
QUERY = re.compile(
    rf"^    (\w+) query: ({NUMBER}) = (?:({NUMBER}) x )?\((?:fused )?score ({NUMBER}) - "
    rf"mean ({NUMBER})\) / spread ({NUMBER})$"
)
FLAT = re.compile(rf"^    (\w+) query: ({NUMBER}) = 0 \(")
FLAT_SHARE = re.compile(rf"^      (\w+) ({NUMBER}) = 0 \(")
FUSED = re.compile(rf"^      fused score ({NUMBER}) = (.*)$")
SHARE = re.compile(
    rf"^      (\w+) ({NUMBER}) = ({NUMBER}) x z ({NUMBER}); z = \(raw ({NUMBER}) - "
    rf"mean ({NUMBER})\) / spread ({NUMBER}) \("
)


def _ratio_bound(raw: float, mean: float, spread: float) -> float:
    """How far (raw - mean) / spread may move when each figure is off by HALF_6."""
    low = spread - HALF_6
    return (2 * HALF_6) / low + abs(raw - mean) * HALF_6 / (low * spread) + 1e-12


def check_adds_up(report: str) -> int:
    """Check every line of `report` that shows a value and its parts; the number checked."""
    checked = 0
    lines = report.splitlines()
    index = 0
    bases: dict[str, float] = {}
    while index < len(lines):
        line = lines[index]
        hit = HIT.match(line)
        if hit is not None:
            shown = float(hit.group(1))
            amounts = []
            bases = {}
            while index + 1 < len(lines) and PART.match(lines[index + 1]):
                index += 1
                amounts.append(float(PART.match(lines[index]).group(1)))  # type: ignore[union-attr]
                base = BASE_PART.match(lines[index])
                if base is not None:
                    bases[base.group(2)] = float(base.group(1))
            assert amounts, line
            assert abs(sum(amounts) - shown) <= (len(amounts) + 1) * HALF_4, line
            checked += 1
        elif (query := QUERY.match(line)) is not None:
            label, amount = query.group(1), float(query.group(2))
            weight = float(query.group(3)) if query.group(3) else 1.0
            raw, mean, spread = (float(query.group(n)) for n in (4, 5, 6))
            assert spread > 0, line
            bound = weight * _ratio_bound(raw, mean, spread) + HALF_4
            assert abs(weight * (raw - mean) / spread - amount) <= bound, line
            assert abs(bases[label] - amount) <= 2 * HALF_4, (line, bases)
            checked += 1
        elif (flat := FLAT.match(line)) is not None:
            assert float(flat.group(2)) == 0.0 == bases[flat.group(1)], line
            checked += 1
        elif (fused := FUSED.match(line)) is not None:
            shares = [
                float(share) for share in re.findall(rf" ({NUMBER})(?= \+|$)", fused.group(2))
            ]
            assert shares, line
            total = float(fused.group(1))
            assert abs(sum(shares) - total) <= len(shares) * HALF_4 + HALF_6, line
            checked += 1
        elif (share := SHARE.match(line)) is not None:
            contribution, weight, z = (float(share.group(n)) for n in (2, 3, 4))
            raw, mean, spread = (float(share.group(n)) for n in (5, 6, 7))
            assert abs(weight * z - contribution) <= weight * HALF_4 + HALF_4, line
            assert abs((raw - mean) / spread - z) <= _ratio_bound(raw, mean, spread) + HALF_4
            checked += 1
        elif (flat_share := FLAT_SHARE.match(line)) is not None:
            assert float(flat_share.group(2)) == 0.0, line
            checked += 1
        else:
            assert " = " not in line or line.startswith(("topic:", "- ")), line
        index += 1
    return checked
