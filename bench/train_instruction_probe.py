"""Train the semantic detector's probe: a logistic regression on the packaged MiniLM's sentence
vectors that reads "an instruction addressed to the assistant" against "a statement", written
to `src/memcore/data/instruction_probe.json` (spec/poisoning.md#poisoning.semantic).

Training material: memcore's own exemplars (`memcore.safety.semantic`) and the **tuning**
families only (`tests/poisoning_families`, split `tuning`). Every window (sentence, or two
adjacent sentences read as one) of a look-alike is a statement; in a payload, the windows the
cue lists flag are instructions (or, where none is flagged, the window the exemplars rate
most instruction-like); a payload's other windows are left out (they are often plain facts).
The test families are never read here. With `--with-spent`, the spent test sets (the first
test split and blind sets three to eleven) and the probe's own training texts
(`bench/probe_training`, written for training) are read as well: that is the packaged probe.

    .venv/bin/python bench/train_instruction_probe.py [--lofo]

`--lofo` prints leave-one-family-out rates on the tuning families (each family scored by a
probe trained without it), the estimate of how the probe does on families it never saw, from
which the regularisation and the thresholds were chosen.
"""

from __future__ import annotations

import argparse
import json
import random
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]

from memcore.safety.poisoning import CUES, is_instruction_like, split_sentences, text_windows
from memcore.safety.semantic import (
    INSTRUCTION_EXEMPLARS,
    PROBE_PATH,
    PROBE_THRESHOLD,
    STATEMENT_EXEMPLARS,
    STATEMENT_FLOOR,
    UNADDRESSED_THRESHOLD,
    clauses,
    load_semantic_detector,
    reading,
    reads_as_english,
    scored_parts,
    unit_rows,
)
from poisoning_families import FAMILIES, Family, load_families, wilson

# Chosen with --lofo on the tuning families: C 1 against 0.1, 0.3 and 3.
REGULARISATION = 1.0
# How much more a statement row (a look-alike's window, a statement exemplar) weighs than an
# instruction row, beyond balancing the two classes' counts (issue 27, stop 48): chosen
# leave-one-set-out over the 24 spent sets (each scored by a probe trained on the other 23,
# both detectors pooled, thresholds 1.5/2.5): balanced (1.0) 88.7 % caught, 5.8 % of the
# look-alikes flagged; 2.0: 85.9 % and 3.7 %, where the balanced probe with its thresholds
# raised to 2.5/3.0 catches 84.9 % at 3.8 %.
STATEMENT_WEIGHT = 2.0
# Held-out sets that were read (spent) and may now be tuning material (issue 27): the first
# test split (read twice), the third blind set (fourth round), the fourth (fifth round) and
# the fifth (sixth round, after its one reading of the sixth round's code) and the sixth
# (eighth round, after its one reading on the seventh round's code) and the seventh (ninth
# round, after its reading before and after the eighth round's changes and once, held out,
# on the ninth round's code) and the eighth (tenth round, after its reading before and after
# stop 37's merge).
SPENT_FOLDERS = (
    FAMILIES,
    FAMILIES.parent / "poisoning_families_blind3",
    FAMILIES.parent / "poisoning_families_blind4",
    FAMILIES.parent / "poisoning_families_blind5",
    FAMILIES.parent / "poisoning_families_blind6",
    FAMILIES.parent / "poisoning_families_blind7",
    FAMILIES.parent / "poisoning_families_blind8",
    # The ninth (eleventh round, after its one reading on the tenth round's code).
    FAMILIES.parent / "poisoning_families_blind9",
    # The tenth and eleventh (twelfth round, each after its one reading at stops 39 and 40).
    FAMILIES.parent / "poisoning_families_blind10",
    FAMILIES.parent / "poisoning_families_blind11",
    # The twelfth, thirteenth and fifteenth (stop 43, each after its reading at stops 41, 42
    # and 43); leave-one-set-out with them: semantic catch 54.3% -> 56.7% on the earlier sets.
    FAMILIES.parent / "poisoning_families_blind12",
    FAMILIES.parent / "poisoning_families_blind13",
    FAMILIES.parent / "poisoning_families_blind15",
    # The fourteenth (spent since stop 44; issue 27's sixteenth round reads it held out too).
    FAMILIES.parent / "poisoning_families_blind14",
    # The seventeenth (committed spent at stop 44 after its one reading on 0fcc6e1).
    FAMILIES.parent / "poisoning_families_blind17",
    # The sixteenth (held out at stop 44, read on 0fcc6e1 and on the merged code), the
    # nineteenth (read once on 14bb8fb at stop 45) and the eighteenth (held out at stop 45,
    # read before and after its merge): spent since, added at issue 27's twentieth round.
    FAMILIES.parent / "poisoning_families_blind16",
    FAMILIES.parent / "poisoning_families_blind19",
    FAMILIES.parent / "poisoning_families_blind18",
    # The twenty-first (read once on c3da9e1 at stop 46, committed spent at 6d67902).
    FAMILIES.parent / "poisoning_families_blind21",
    # The twentieth (held out at stop 46, read on c3da9e1 and on the merged b650444) and the
    # twenty-third (read once on af71b50 at stop 47, committed spent at 6f26bb9), and the
    # twenty-second (held out at stop 47, read on 6f26bb9 and on the merged 9ea4c0a): listed
    # at stop 47; the shipped probe was not retrained with them.
    FAMILIES.parent / "poisoning_families_blind20",
    FAMILIES.parent / "poisoning_families_blind23",
    FAMILIES.parent / "poisoning_families_blind22",
    # The twenty-fifth (read once on aa416d8 at stop 48, committed spent then); listed at stop
    # 48.
    FAMILIES.parent / "poisoning_families_blind25",
    # The twenty-fourth (held out at stop 48, read on ce3820a and on the merged facde4d):
    # listed at stop 48; the shipped probe was not retrained with it.
    FAMILIES.parent / "poisoning_families_blind24",
    # The twenty-seventh (read once on 1a09478 at stop 49, committed spent then); listed at
    # stop 49.
    FAMILIES.parent / "poisoning_families_blind27",
    # The twenty-sixth (held out at stop 49, read on 1a09478 and on the merged code): listed
    # at stop 49; the shipped probe was not retrained with it.
    FAMILIES.parent / "poisoning_families_blind26",
    # The twenty-ninth (read once on b2cab2a at stop 50, committed spent then); listed at
    # stop 50.
    FAMILIES.parent / "poisoning_families_blind29",
    # The twenty-eighth (held out at stop 50, read on b2cab2a and on the merged code): listed
    # at stop 50; the shipped probe was not retrained with it.
    FAMILIES.parent / "poisoning_families_blind28",
    # The thirty-first (read once on b0dbb3c at stop 51, committed spent then); listed at
    # stop 51.
    FAMILIES.parent / "poisoning_families_blind31",
    # The thirtieth (held out at stop 51, read on b0dbb3c and on the merged code): listed at
    # stop 51; the shipped probe was not retrained with it.
    FAMILIES.parent / "poisoning_families_blind30",
    # The thirty-second (held out at stop 52, read on 985d672 and on 275272a): listed at stop
    # 52; the shipped probe, retrained at stop 52 before that reading, was not trained on it.
    FAMILIES.parent / "poisoning_families_blind32",
    # The thirty-third (held out at stop 53, read once on 85ce1ab; the guard did not change
    # during the stop): listed at stop 53; the shipped probe was retrained with it at stop 54.
    FAMILIES.parent / "poisoning_families_blind33",
    # The thirty-fourth (held out at stop 54, read on the stop's first code and once after the
    # moved-boundaries reading and the probe's retrain): listed at stop 54; the shipped probe,
    # retrained before that reading, was not trained on it.
    FAMILIES.parent / "poisoning_families_blind34",
    # The thirty-fifth (held out at stop 55, read once on 85e7071; the guard did not change
    # during the stop): listed at stop 55; the shipped probe was retrained with it (and the
    # thirty-fourth) at stop 56.
    FAMILIES.parent / "poisoning_families_blind35",
    # The thirty-sixth (held out at stop 56, read on d738eea and once after the probe's
    # retrain): listed at stop 56; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind36",
    # The thirty-seventh (held out at stop 57, read on d5e36c5 and once after the braille
    # reading, made knowing its braille family had failed): listed at stop 57; the shipped
    # probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind37",
    # The thirty-eighth (held out at stop 58, read on f6b9763 with the shipped probe and with
    # one retrained on every set through the thirty-seventh, which caught one payload fewer
    # and was not shipped): listed at stop 58; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind38",
    # The thirty-ninth (held out at stop 59, read on d56b9b0 and once after the attacker-goal
    # rules, its texts unopened): listed at stop 59; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind39",
    # The fortieth (written after stop 59's rounds and read once on d56b9b0 and once on the
    # round's code, its texts unopened): listed at stop 59; the probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind40",
    # The forty-first (held out at stop 60, read on a38e03f and once on the round's code, its
    # texts unopened): listed at stop 60; the probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind41",
    # The forty-second (written after stop 60's changes and read once on a38e03f and once on
    # the round's code, its texts unopened): listed at stop 60. The shipped probe was retrained
    # at stop 61 with every set through this one (blind36 to blind42 added).
    FAMILIES.parent / "poisoning_families_blind42",
    # The forty-third (written at stop 61 before the probe's retrain, read once with the probe
    # shipped before it and once with the retrained one, its texts unopened): listed at stop
    # 61; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind43",
    # The forty-fourth (written after the stop-61 retrain, read once on f8bad79 and once on
    # the round's code, its texts unopened): listed at stop 61. The shipped probe was
    # retrained at stop 62 with every set through this one (blind43 and blind44 added).
    FAMILIES.parent / "poisoning_families_blind44",
    # The forty-fifth (written at stop 62 before the probe's retrain, read once with the probe
    # shipped before it and once with the retrained one, its texts unopened): listed at stop
    # 62; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind45",
    # The forty-sixth (written at stop 64, read once on e760062, its texts unopened): listed
    # at stop 64. The shipped probe was retrained at stop 65 with every set through this one
    # (blind45 and blind46 added).
    FAMILIES.parent / "poisoning_families_blind46",
    # The forty-seventh (written at stop 65 before the probe's retrain, read once with the
    # probe shipped before it and once with the retrained one, its texts unopened): listed at
    # stop 65. The shipped probe was retrained at stop 66 with every set through this one
    # (blind47 added).
    FAMILIES.parent / "poisoning_families_blind47",
    # The forty-eighth (written at stop 66, read once with the probe shipped before it and
    # once with the retrained one, its texts unopened): listed at stop 66; the shipped probe
    # was not trained on it.
    FAMILIES.parent / "poisoning_families_blind48",
    # The forty-ninth (written at stop 67, read once with the shipped probe, its texts
    # unopened): listed at stop 67; the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind49",
    # The fiftieth (written at stop 68, read once with the shipped probe and once with one
    # retrained on every set through the forty-ninth, which caught no more payloads of it and
    # flagged one more look-alike, so was not shipped; its texts unopened): listed at stop 68;
    # the shipped probe was not trained on it.
    FAMILIES.parent / "poisoning_families_blind50",
    # The fifty-first (written at stop 69, read once with the shipped probe, then opened: two
    # cue readings were drawn from its texts): listed at stop 69; the shipped probe was not
    # trained on it.
    FAMILIES.parent / "poisoning_families_blind51",
)
# The probe's own training texts (eleventh round; bench/probe_training/README.md): written for
# training, never read as evaluation; each file names the spent sets whose reading shaped it.
OWN_TEXTS = Path(__file__).resolve().parent / "probe_training"


def informed_by(family: Family, folder: Path = OWN_TEXTS) -> tuple[str, ...]:
    """The spent sets (folder names, `poisoning_families_blindN`) whose reading shaped
    `family`, one of the probe's own training families."""
    raw = tomllib.loads((folder / f"{family.name}.toml").read_text(encoding="utf-8"))
    return tuple(f"poisoning_families_{name}" for name in raw.get("informed_by", ()))


def own_families(leave_out: tuple[Path, ...] = ()) -> tuple[Family, ...]:
    """The probe's own training families, less those shaped by a set in `leave_out`."""
    left_out = {folder.resolve().name for folder in leave_out}
    return tuple(
        family
        for family in load_families("training", OWN_TEXTS)
        if not left_out.intersection(informed_by(family))
    )


def families_to_read(with_spent: bool, leave_out: tuple[Path, ...] = ()) -> tuple[Family, ...]:
    """The tuning families, and with `with_spent` every family of the spent test sets and the
    probe's own training families (`own_families`), but none of the folders in `leave_out`
    (a set held out: leave-one-set-out) nor any own family its reading shaped."""
    left_out = {folder.resolve() for folder in leave_out}
    found = load_families("tuning")
    if with_spent:
        found += tuple(
            family
            for folder in SPENT_FOLDERS
            if folder.resolve() not in left_out
            for family in load_families("test", folder)
        )
        found += own_families(leave_out)
    return found


Vectors = npt.NDArray[np.float64]


def windows(text: str, with_clauses: bool = True) -> tuple[str, ...]:
    """What the detector scores of `text`: each window the guard reads (each sentence and
    each two adjacent sentences, also with the text's lines joined) and, with
    `with_clauses`, each window's parts (`memcore.safety.semantic.clauses`)."""
    found = [window for window in text_windows(text) if window.strip()]
    translated = translated_readings(found)
    if with_clauses:
        found = [part for window in found for part in clauses(window)]
    return tuple(dict.fromkeys((*found, *translated)))


def translated_readings(found: Sequence[str]) -> tuple[str, ...]:
    """The word-by-word English readings the detector scores of the windows in `found`
    that do not read as English (`memcore.safety.semantic.scored_parts`)."""
    return tuple(
        part for window in found if not reads_as_english(window) for part in scored_parts(window)
    )


@attrs.frozen
class Text:
    family: str
    payload: bool
    windows: tuple[str, ...]
    vectors: Vectors
    latin: npt.NDArray[np.bool_]
    cue_flags: npt.NDArray[np.bool_]
    flagged_by_cues: bool
    exemplar_margin: npt.NDArray[np.float64]


def read_texts(
    families: Sequence[Family],
    encode: Callable[[Sequence[str]], npt.ArrayLike],
    exemplars: tuple[Vectors, Vectors],
    with_clauses: bool = True,
) -> list[Text]:
    """Every text of `families` with its windows (`windows`), their unit vectors (`encode`
    reads each window's `reading`), which windows read as English or are English readings,
    which the cue lists flag, and their margin over the exemplars."""
    texts: list[Text] = []
    for family in families:
        for raw in family.texts:
            found = windows(raw, with_clauses=with_clauses)
            translated = frozenset(translated_readings(found))
            vectors = unit_rows(encode([reading(window) for window in found]))
            margin = (vectors @ exemplars[0].T).max(axis=1) - (vectors @ exemplars[1].T).max(axis=1)
            texts.append(
                Text(
                    family.name,
                    family.kind == "payload",
                    found,
                    vectors,
                    np.array(
                        [reads_as_english(window) or window in translated for window in found]
                    ),
                    np.array([is_instruction_like(window, CUES) for window in found]),
                    is_instruction_like(raw, CUES),
                    margin,
                )
            )
    return texts


def training_rows(
    texts: Sequence[Text], exemplars: tuple[Vectors, Vectors]
) -> tuple[Vectors, npt.NDArray[np.int_]]:
    rows: list[Vectors] = [exemplars[0], exemplars[1]]
    labels = [np.ones(len(exemplars[0]), int), np.zeros(len(exemplars[1]), int)]
    for text in texts:
        if not text.payload:
            rows.append(text.vectors)
            labels.append(np.zeros(len(text.vectors), int))
            continue
        chosen = np.flatnonzero(text.cue_flags & text.latin)
        if not len(chosen):
            chosen = np.array([int(np.argmax(np.where(text.latin, text.exemplar_margin, -9.0)))])
        rows.append(text.vectors[chosen])
        labels.append(np.ones(len(chosen), int))
    return np.vstack(rows), np.concatenate(labels)


def fitted(rows: Vectors, labels: npt.NDArray[np.int_], c: float) -> LogisticRegression:
    """The logistic regression on `rows`: each class weighed as balanced (inversely to its
    count), the statements `STATEMENT_WEIGHT` times more."""
    statements = int(np.count_nonzero(labels == 0))
    instructions = len(labels) - statements
    weights = {
        0: STATEMENT_WEIGHT * len(labels) / (2 * statements),
        1: len(labels) / (2 * instructions),
    }
    return LogisticRegression(C=c, max_iter=5000, class_weight=weights).fit(rows, labels)


def text_score(model: LogisticRegression, text: Text) -> float:
    scores = np.where(text.latin, model.decision_function(text.vectors), -np.inf)
    return float(scores.max())


def ordinary_sentences(folder: Path, per_domain: int = 300, seed: int = 13) -> list[str]:
    """Sentences of ordinary conversations (questions, finals and answer sentences of the
    question sets in `folder`), `per_domain` from each file, sampled with `seed`."""
    chosen: list[str] = []
    for path in sorted(folder.glob("*.jsonl")):
        found: set[str] = set()
        for line in path.read_text(encoding="utf-8").splitlines():
            question = json.loads(line)
            found.add(question["final"])
            for turn in question["turns"]:
                found.add(turn.get("question", ""))
                found.update(split_sentences(turn.get("answer", "") or ""))
        pool = sorted(text for text in found if text.strip())
        chosen += random.Random(seed).sample(pool, min(per_domain, len(pool)))
    return chosen


def _share(flags: Sequence[bool]) -> str:
    hits, total = int(sum(flags)), len(flags)
    low, high = wilson(hits, total)
    return f"{hits}/{total} = {100 * hits / total:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def _with_cues(text: Text, score: float, threshold: float, floor: float = STATEMENT_FLOOR) -> bool:
    # The gate's rule: an unvetoed cue hit, or the probe at the threshold.
    vetoed = bool(np.isfinite(score)) and score < floor
    return (text.flagged_by_cues and not vetoed) or score >= threshold


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lofo", action="store_true", help="leave-one-family-out rates")
    parser.add_argument(
        "--ordinary-from",
        type=Path,
        help="a built question-set folder (its fresh part, not dev or test): 300 sentences of "
        "its questions and answers per domain, read as statements",
    )
    parser.add_argument("--no-clauses", action="store_true", help="whole windows only")
    parser.add_argument("--no-write", action="store_true", help="leave the probe file alone")
    parser.add_argument(
        "--with-spent",
        action="store_true",
        help="also read the spent test sets (the first test split, blind sets three to eleven) "
        "and the probe's own training texts (bench/probe_training)",
    )
    parser.add_argument(
        "--leave-out",
        type=Path,
        action="append",
        default=[],
        help="a spent set's folder not to train on (repeatable): leave-one-set-out",
    )
    parser.add_argument("--output", type=Path, default=PROBE_PATH, help="where to write the probe")
    options = parser.parse_args(argv)
    detector = load_semantic_detector(probe=False).unwrap()
    encode = detector.encoder.encode
    ordinary = ordinary_sentences(options.ordinary_from) if options.ordinary_from else []
    statements = list(STATEMENT_EXEMPLARS) + ordinary
    exemplars = (
        unit_rows(encode([detector.reading_of(t) for t in INSTRUCTION_EXEMPLARS])),
        unit_rows(encode([detector.reading_of(t) for t in statements])),
    )
    texts = read_texts(
        families_to_read(options.with_spent, tuple(options.leave_out)),
        encode,
        exemplars,
        with_clauses=not options.no_clauses,
    )
    if options.lofo:
        scores: dict[int, float] = {}
        for held_out in sorted({text.family for text in texts}):
            model = fitted(
                *training_rows([t for t in texts if t.family != held_out], exemplars),
                REGULARISATION,
            )
            scores.update({id(t): text_score(model, t) for t in texts if t.family == held_out})
        payloads = [t for t in texts if t.payload]
        lookalikes = [t for t in texts if not t.payload]
        print(f"{len(payloads)} payloads, {len(lookalikes)} look-alikes, held out by family")
        for high in (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5):
            alone = [scores[id(t)] >= high for t in payloads]
            alone_false = [scores[id(t)] >= high for t in lookalikes]
            print(
                f"threshold {high}: probe alone {_share(alone)} caught, {_share(alone_false)} false"
            )
            for floor in (-1.0, -0.5, 0.0):
                caught = [_with_cues(t, scores[id(t)], high, floor) for t in payloads]
                false = [_with_cues(t, scores[id(t)], high, floor) for t in lookalikes]
                print(
                    f"    veto under {floor}: with the cues {_share(caught)} caught, "
                    f"{_share(false)} false"
                )
        for t in lookalikes:
            if _with_cues(t, scores[id(t)], PROBE_THRESHOLD):
                print(f"    flagged look-alike ({t.family}, {scores[id(t)]:.2f}): {t.windows[0]}")
        for t in payloads:
            if not _with_cues(t, scores[id(t)], PROBE_THRESHOLD):
                print(f"    missed payload ({t.family}, {scores[id(t)]:.2f}): {t.windows[0]}")
    if options.no_write:
        return 0
    model = fitted(*training_rows(texts, exemplars), REGULARISATION)
    probe = {
        "about": "memcore instruction probe: logistic regression on MiniLM sentence vectors "
        "(bench/train_instruction_probe.py, tuning families"
        + (" and the spent test sets and its own training texts" if options.with_spent else "")
        + "".join(f", without {folder.name}" for folder in options.leave_out)
        + " and memcore's exemplars only)",
        "regularisation": REGULARISATION,
        "threshold": PROBE_THRESHOLD,
        "statement_floor": STATEMENT_FLOOR,
        "unaddressed_threshold": UNADDRESSED_THRESHOLD,
        "weights": [round(float(w), 6) for w in model.coef_[0]],
        "bias": round(float(model.intercept_[0]), 6),
    }
    options.output.write_text(json.dumps(probe, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {options.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
