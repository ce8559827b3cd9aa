"""Wording families split by a fixed seed into tuning families (`dev`) and test families (`test`).

A writer's cue lists are tuned on the dev part; if the test part were written with the same
phrasings, its scores would flatter the writer. So each kind's families (see
`memcore.eval.datasets.wording`) are shuffled by `FAMILY_SEED` and cut in half: the first half (the
smaller one for an odd count) are tuning families, used only in the dev part, the rest test
families, used only in the test part. The seed is a constant, not a build option, so every
build keeps the same families apart.

The held-out parts re-word the test part, each in its own held-out families (every one of
them; they are not split): each is one file of `memcore/data/wording/` besides `base.toml`
(`fresh.toml`, `fresh2.toml`, ...), written blind once the part before it had been written or
read (each file's `about` says what its author had seen). Each has the same conversations,
items and cue decisions as `test`, only the written turns differ, so its questions pair with
the test part's one by one. The parts are discovered from the folder: adding a part is adding
one file.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from memcore.eval.datasets.split import DEV, TEST
from memcore.eval.datasets.wording import (
    KINDS,
    NAME_PLACEHOLDERS,
    NAMES_ALSO,
    Family,
    Kind,
    held_out_part_names,
    load_part,
)

FAMILY_SEED = 9
TUNING = "tuning"
# Which families each split part of the build draws from.
PART_FAMILIES = {DEV: TUNING, TEST: TEST}
# The held-out parts the training code and tests name (every part is found in the folder).
FRESH = "fresh"
FRESH2 = "fresh2"
FRESH3 = "fresh3"
FRESH4 = "fresh4"
# The build parts written in held-out families, each with its own kinds, in the order they
# were written; every one re-words the split part `REWORDS`.
HELD_OUT_KINDS: Mapping[str, tuple[Kind, ...]] = {
    part: load_part(part).kinds for part in held_out_part_names()
}
REWORDS = TEST


@attrs.frozen
class KindSplit:
    """One kind's family names on each side."""

    tuning: tuple[str, ...]
    test: tuple[str, ...]

    def side(self, side: str) -> tuple[str, ...]:
        """The family names of `tuning` or `test`."""
        return self.tuning if side == TUNING else self.test


def split_kind(kind: Kind, seed: int = FAMILY_SEED) -> KindSplit:
    """A seeded shuffle of the kind's family names, cut in half (tuning gets the smaller half)."""
    names = sorted(family.name for family in kind.families)
    random.Random(f"{seed}:{kind.name}").shuffle(names)
    cut = len(names) // 2
    return KindSplit(tuple(sorted(names[:cut])), tuple(sorted(names[cut:])))


def placeholders(phrasing: str) -> frozenset[str]:
    """The placeholder names a phrasing uses."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(phrasing) if name)


def filled_names(phrasing: str) -> frozenset[str]:
    """The placeholders whose values a phrasing shows, directly or inside another's."""
    used = placeholders(phrasing)
    return used | {NAMES_ALSO[name] for name in used if name in NAMES_ALSO}


@attrs.frozen
class Phrasing:
    """One phrasing of a kind, with its family."""

    kind: str
    family: str
    text: str
    lower_names: bool = False

    def fill(self, **values: str) -> str:
        """The phrasing with its placeholders filled (names lower-cased in lower-case families)."""
        filled = {
            name: value.lower() if self.lower_names and name in NAME_PLACEHOLDERS else value
            for name, value in values.items()
        }
        return self.text.format(**filled)


def _phrasings(kind: Kind, family: Family) -> tuple[Phrasing, ...]:
    return tuple(
        Phrasing(kind.name, family.name, text, family.lower_names) for text in family.phrasings
    )


@attrs.frozen
class Wording:
    """The families one part of a build may draw from, and the draw's own random source.

    Wording draws use their own generator so that which items are built (splices, value
    revisions) never depends on the wording. A wording that `shadows` another re-words that
    one's part: it makes every draw of the shadowed wording too (and drops it), and takes its
    decisions (`chance`) from the shadowed stream, so it decides exactly as that part did and
    differs only in the phrasings it returns.
    """

    families: Mapping[str, tuple[tuple[Phrasing, ...], ...]]
    rng: random.Random = attrs.field(eq=False)
    shadows: Wording | None = attrs.field(default=None, eq=False)

    def draw(self, kind: Kind) -> Phrasing:
        """A family of the kind uniformly, then one of its phrasings uniformly."""
        if self.shadows is not None:
            self.shadows.draw(kind)
        return self.rng.choice(self.rng.choice(self.families[kind.name]))

    def chance(self) -> float:
        """A uniform number in [0, 1) for a wording decision (whether a splice gets a cue)."""
        if self.shadows is not None:
            return self.shadows.chance()
        return self.rng.random()


def wording_for(side: str | None, seed: int, family_seed: int = FAMILY_SEED) -> Wording:
    """The wording of one side (`tuning` or `test`; None: every family), drawn with `seed`."""
    families: dict[str, tuple[tuple[Phrasing, ...], ...]] = {}
    for kind in KINDS:
        kept = None if side is None else set(split_kind(kind, family_seed).side(side))
        families[kind.name] = tuple(
            _phrasings(kind, family)
            for family in kind.families
            if kept is None or family.name in kept
        )
    return Wording(families, random.Random(f"{seed}:wording:{side}"))


def held_out_wording(part: str, seed: int) -> Wording:
    """Every held-out family of `part` (one of `HELD_OUT_KINDS`), drawn with the part's own
    stream, shadowing the test part's wording."""
    families = {
        kind.name: tuple(_phrasings(kind, family) for family in kind.families)
        for kind in HELD_OUT_KINDS[part]
    }
    shadowed = wording_for(PART_FAMILIES[REWORDS], seed)
    return Wording(families, random.Random(f"{seed}:wording:{part}"), shadowed)


def read_wording(seed: int, read_parts: Sequence[str]) -> Wording:
    """Every family whose phrasings have been read: the tuning and test families of
    `base.toml` and the held-out families of each of `read_parts`, pooled by kind
    and drawn with their own stream. The learned writer trains on the dev conversations in
    this wording (`memcore.eval.training.train_writer`), so it meets many voices; only a part
    left out of `read_parts` stays unseen by its weights."""
    families: dict[str, list[tuple[Phrasing, ...]]] = {
        name: list(found) for name, found in wording_for(None, seed).families.items()
    }
    for part in read_parts:
        for kind in HELD_OUT_KINDS[part]:
            families[kind.name].extend(_phrasings(kind, family) for family in kind.families)
    pooled = {name: tuple(found) for name, found in families.items()}
    return Wording(pooled, random.Random(f"{seed}:wording:read:{','.join(read_parts)}"))


def wording_for_part(part: str, seed: int) -> Wording:
    """The wording the `dev`, `test` or a held-out part (one of `HELD_OUT_KINDS`) of a build is
    written in."""
    if part in HELD_OUT_KINDS:
        return held_out_wording(part, seed)
    return wording_for(PART_FAMILIES[part], seed)


def assignment(family_seed: int = FAMILY_SEED) -> dict[str, Any]:
    """The record of which family went where (written as `families.json`); each held-out
    part's families, all used by that part, under the part's name."""
    kinds = {}
    for kind in KINDS:
        split = split_kind(kind, family_seed)
        kinds[kind.name] = {
            TUNING: list(split.tuning),
            TEST: list(split.test),
            "phrasings": {family.name: len(family.phrasings) for family in kind.families},
        }
    held_out = {
        part: {
            "rewords": REWORDS,
            "kinds": {
                kind.name: {family.name: len(family.phrasings) for family in kind.families}
                for kind in held_out_kinds
            },
        }
        for part, held_out_kinds in HELD_OUT_KINDS.items()
    }
    return {
        "seed": family_seed,
        "parts": {**PART_FAMILIES, **{part: part for part in HELD_OUT_KINDS}},
        "kinds": kinds,
        **held_out,
    }
