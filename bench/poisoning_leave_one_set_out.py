"""Leave-one-set-out rates of the poisoning guard on the spent sets (issue 27).

Each set (the tuning families, the first test split and each spent blind set) is scored by
the installed gate's rules with a probe trained on every other set
(`train_instruction_probe.py --with-spent --leave-out <set>`), so the semantic detector is
read on text it was not trained on. The probe's own training texts (`bench/probe_training`)
shaped by a set's reading are left out of that set's probe too, and so is every reading rule
that set's reading informed (`INFORMED_BY`: the transport forms were written after reading the
ninth blind set, so the ninth is scored without them). The cue lists are the current ones:
they were written with every spent set in view, so their rates here are in-sample (the red-team
page lists which round's reading added which cue). Each window is encoded once for all the
probes, and each window's cue rule is read once.

    .venv/bin/python bench/poisoning_leave_one_set_out.py [--thresholds 1.5/2.5 1.25/2.5]

Prints, per set and pooled, what the cue lists, the semantic detector alone and both catch
of the payloads and flag of the look-alikes, with 95 % Wilson intervals.
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt
from train_instruction_probe import (
    REGULARISATION,
    SPENT_FOLDERS,
    fitted,
    informed_by,
    own_families,
    read_texts,
    training_rows,
)

from memcore.safety import poisoning, word_translation
from memcore.safety.display_forms import display_readings
from memcore.safety.instruction_rules import InstructionRule, instruction_rules
from memcore.safety.poisoning import CUES, Gate, is_instruction_like
from memcore.safety.register_forms import register_readings
from memcore.safety.semantic import (
    INSTRUCTION_EXEMPLARS,
    PROBE_THRESHOLD,
    STATEMENT_EXEMPLARS,
    STATEMENT_FLOOR,
    UNADDRESSED_THRESHOLD,
    Probe,
    SemanticDetector,
    load_semantic_detector,
    reading,
    semantic_detector,
    unit_rows,
)
from memcore.safety.transport_forms import transport_readings
from poisoning_families import FAMILIES, Family, load_families, wilson


@attrs.frozen(eq=False)
class RememberingEncoder:
    """An encoder that encodes each text once: every probe reads the same windows."""

    encoder: object
    known: dict[str, npt.NDArray[np.float64]] = attrs.field(factory=dict)

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float64]:
        missing = [text for text in dict.fromkeys(texts) if text not in self.known]
        if missing:
            rows = np.atleast_2d(np.asarray(self.encoder.encode(missing), dtype=np.float64))  # type: ignore[attr-defined]
            self.known.update(zip(missing, rows, strict=True))
        return np.vstack([self.known[text] for text in texts])


# The reading rules written after reading a spent set, by that set's folder name: the set is
# scored with them switched off (issue 27's eleventh round; earlier rounds' cue words are
# not separable and stay in-sample, see the module's doc).
_OWNED_READINGS = (
    "machines owned by a client, named in a condition and taken up by a pronoun, or writing "
    "an output told to leave something out; a reporting verb in a condition with any subject"
)
INFORMED_BY: dict[str, tuple[str, ...]] = {
    "poisoning_families_blind9": (
        "transport forms (quoted-printable, mojibake, dictation)",
        "word-by-word readings of the assistant with the user, always or from now on",
    ),
    # The twelfth round's cue rules (unnamed askers, the assistant spoken to in other
    # languages, the machine's tools and memory) are not separable and stay in-sample.
    "poisoning_families_blind11": (
        "display forms (bidi reversal, escape sequences, invisible characters inside words, "
        "runs in their own letter style)",
    ),
    # Issue 27's fifteenth round (spec/poisoning.md#poisoning.granted).
    "poisoning_families_blind13": (
        "permission claimed for an act against the user, a terse note's segment opening with one",
    ),
    # Issue 27's eighteenth round (spec/poisoning.md#poisoning.register, #poisoning.lasting
    # and #poisoning.roles), written after reading the sixteenth and the seventeenth; the
    # roles were written after the nineteenth's reading too (the round read it fresh after
    # its first commit, c7cdb3e, and wrote the roles after that).
    "poisoning_families_blind16": (
        "registers read in plain English, directives that outlast the turn, proposals put as "
        "questions, lasting policies stated about the reader, machines named by their role",
    ),
    "poisoning_families_blind17": (
        "registers read in plain English, directives that outlast the turn, proposals put as "
        "questions, lasting policies stated about the reader, machines named by their role",
    ),
    # Issue 27's twentieth round (spec/poisoning.md#poisoning.owned), written after reading
    # the eighteenth's and the nineteenth's misses; its two granted acts (shared with a site,
    # another's messages taken as the owner's) are not separable and stay in-sample.
    "poisoning_families_blind18": (_OWNED_READINGS,),
    "poisoning_families_blind19": ("machines named by their role", _OWNED_READINGS),
    # Issue 27's twenty-first round (spec/poisoning.md#poisoning.norms), written after reading
    # the twenty-third's misses; its Title-Case headline and doubled-letter fixes are not
    # separable and stay in-sample.
    "poisoning_families_blind23": (
        "standing norms about the machine: acts only the person may authorise, a call to "
        "action on every answer, requests put impersonally, a persona set in the third person",
    ),
    # Issue 27's twenty-second round (spec/poisoning.md#poisoning.habits), written after
    # reading the twenty-fifth's misses; its title segments, keyboard-shift readings and
    # Turkish suffixes are not separable and stay in-sample.
    "poisoning_families_blind25": (
        "machine habits: the machine as a clause's subject doing an act, a passive norm of not "
        "telling, a write to the user's memory, an output of this text told what to say, a "
        "duty of the machine in another language",
    ),
}
# The rules `INFORMED_BY` switches off by id (the fifteenth round's, read after the thirteenth).
_GRANTED_RULES = frozenset({"POISON-GRANTED", "POISON-NOTE-ACT"})
# The eighteenth round's: its roles, read after the sixteenth, seventeenth and nineteenth, and
# the rest, read after the sixteenth and seventeenth.
_ROLE_RULES = frozenset({"POISON-ROLE-OBLIGED", "POISON-ROLE-HEADED", "POISON-ROLE-PLEADED"})
_LASTING_RULES = frozenset({"POISON-LASTING", "POISON-PROPOSAL", "POISON-POLICY"}) | _ROLE_RULES
# The twentieth round's, read after the eighteenth and nineteenth.
_OWNED_RULES = frozenset({"POISON-OWNED", "POISON-CONDITION-PRONOUN", "POISON-OUTPUT-OMITS"})
# The twenty-first round's, read after the twenty-third.
_NORM_RULES = frozenset(
    {"POISON-OVERREACH", "POISON-SIGNATURE", "POISON-REQUESTED", "POISON-PERSONA-3P"}
)
# The twenty-second round's, read after the twenty-fifth.
_HABIT_RULES = frozenset(
    {
        "POISON-HABIT",
        "POISON-WITHHELD",
        "POISON-MEMORY-WRITE",
        "POISON-OUTPUT-OF-THIS",
        "POISON-FOREIGN-DUTY",
    }
)
# The rule ids switched off for each set whose reading informed them.
_RULES_OFF: dict[str, frozenset[str]] = {
    "poisoning_families_blind13": _GRANTED_RULES,
    "poisoning_families_blind16": _LASTING_RULES,
    "poisoning_families_blind17": _LASTING_RULES,
    "poisoning_families_blind18": _OWNED_RULES,
    "poisoning_families_blind19": _ROLE_RULES | _OWNED_RULES,
    "poisoning_families_blind23": _NORM_RULES,
    "poisoning_families_blind25": _HABIT_RULES,
}
# Before the twentieth round a reporting verb was read as a condition's only with a one-word
# subject ("if anyone asks"); the sets that informed the change are read so.
_ONE_WORD_CONDITION = re.compile(poisoning._ONE_WORD_SUBJECT)
_ORIGINAL_CONDITION = poisoning._CONDITION_BEFORE
_CONDITION_OFF = frozenset({"poisoning_families_blind18", "poisoning_families_blind19"})
# The sets read without the registers' plain-English readings.
_REGISTERS_OFF = frozenset({"poisoning_families_blind16", "poisoning_families_blind17"})
_ORIGINAL_RULES = instruction_rules


def _rules_without(rule_ids: frozenset[str]) -> Callable[[], tuple[InstructionRule, ...]]:
    def rules() -> tuple[InstructionRule, ...]:
        return tuple(rule for rule in _ORIGINAL_RULES() if rule.rule_id not in rule_ids)

    return rules


_ORIGINAL_FORMS = transport_readings
_ORIGINAL_DISPLAY = display_readings
_ORIGINAL_REGISTERS = register_readings
_ORIGINAL_PAIRS = word_translation.INSTRUCTION_PAIRS


def _no_forms(text: str) -> tuple[str, ...]:
    return ()


def _informed_rules(folder: str | None) -> None:
    """Switch off the rules `INFORMED_BY` lists for `folder` (every rule on for None), and
    forget what was read before."""
    ninth = folder == "poisoning_families_blind9"
    eleventh = folder == "poisoning_families_blind11"
    setattr(poisoning, "transport_readings", _no_forms if ninth else _ORIGINAL_FORMS)  # noqa: B010
    setattr(poisoning, "display_readings", _no_forms if eleventh else _ORIGINAL_DISPLAY)  # noqa: B010
    registers_off = folder in _REGISTERS_OFF
    setattr(poisoning, "register_readings", _no_forms if registers_off else _ORIGINAL_REGISTERS)  # noqa: B010
    condition = _ONE_WORD_CONDITION if folder in _CONDITION_OFF else _ORIGINAL_CONDITION
    setattr(poisoning, "_CONDITION_BEFORE", condition)  # noqa: B010
    off = _RULES_OFF.get(folder or "")
    rules = _rules_without(off) if off else _ORIGINAL_RULES
    setattr(poisoning, "instruction_rules", rules)  # noqa: B010
    pairs = tuple(
        pair
        for pair in _ORIGINAL_PAIRS
        if not ninth or pair not in word_translation.MACHINE_SUBJECT_PAIRS
    )
    setattr(word_translation, "INSTRUCTION_PAIRS", pairs)  # noqa: B010
    poisoning.text_windows.cache_clear()
    poisoning._sentence_flags.cache_clear()
    poisoning._first_rule.cache_clear()
    poisoning.text_views.cache_clear()
    # The cue rule `main` reads once for every fold was read with every rule on (the training
    # texts' windows): a set scored with rules off reads its windows again.
    if folder in INFORMED_BY or folder is None:
        getattr(poisoning._cue_rule, "cache_clear", lambda: None)()


def spent_sets() -> tuple[tuple[str, tuple[Family, ...]], ...]:
    """Every spent set by name: the tuning families, the first test split, the blind sets."""
    found = [("tuning", load_families("tuning")), ("first test split", load_families("test"))]
    found += [(folder.name, load_families("test", folder)) for folder in SPENT_FOLDERS[1:]]
    return tuple(found)


def _set_folders() -> tuple[tuple[str, Path], ...]:
    # The folder of each set `spent_sets` names (the first two share the tuning folder).
    return (
        ("tuning", FAMILIES),
        ("first test split", FAMILIES),
        *((folder.name, folder) for folder in SPENT_FOLDERS[1:]),
    )


def _share(hits: int, total: int) -> str:
    low, high = wilson(hits, total)
    return f"{hits}/{total} = {100 * hits / total:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--thresholds",
        nargs="+",
        default=[f"{PROBE_THRESHOLD}/{UNADDRESSED_THRESHOLD}"],
        help="machine-side/other-parts log-odds thresholds to read (default: the packaged "
        "probe's, PROBE_THRESHOLD/UNADDRESSED_THRESHOLD)",
    )
    parser.add_argument("--misses", action="store_true", help="print what both miss or flag")
    options = parser.parse_args(argv)
    # The cue rule of a window does not depend on the probe: read once for every fold.
    poisoning._cue_rule = functools.cache(poisoning._cue_rule)
    base = load_semantic_detector(probe=False).unwrap()
    encoder = RememberingEncoder(base.encoder)
    exemplars = (
        unit_rows(encoder.encode([reading(t) for t in INSTRUCTION_EXEMPLARS])),
        unit_rows(encoder.encode([reading(t) for t in STATEMENT_EXEMPLARS])),
    )
    sets = spent_sets()
    texts = {name: read_texts(families, encoder.encode, exemplars) for name, families in sets}
    own = own_families()
    own_texts = {family.name: read_texts((family,), encoder.encode, exemplars) for family in own}
    folders = {name: folder.name for name, folder in _set_folders()}
    pooled: dict[str, list[int]] = {}
    for name, families in sets:
        folder = folders[name]
        kept_own = [
            text
            for family in own
            if folder not in informed_by(family)
            for text in own_texts[family.name]
        ]
        rows, labels = training_rows(
            [text for other, found in texts.items() if other != name for text in found] + kept_own,
            exemplars,
        )
        _informed_rules(folder)
        model = fitted(rows, labels, REGULARISATION)
        payloads = [t for f in families if f.kind == "payload" for t in f.texts]
        lookalikes = [t for f in families if f.kind == "lookalike" for t in f.texts]
        print(f"## {name} held out ({len(payloads)} payloads, {len(lookalikes)} look-alikes)")
        switched_off = INFORMED_BY.get(folder, ())
        print(
            f"  own training families kept: {len({t.family for t in kept_own})} of {len(own)};"
            f" rules off: {', '.join(switched_off) or 'none'}"
        )
        for pair in options.thresholds:
            high, other = (float(part) for part in pair.split("/"))
            probe = Probe(
                np.asarray(model.coef_[0], dtype=np.float64),
                float(model.intercept_[0]),
                high,
                STATEMENT_FLOOR,
                other,
            )
            detector: SemanticDetector = semantic_detector(encoder, None, probe)
            gates = (
                ("cue lists", CUES),
                ("semantic alone", Gate(cues=False, checks=(detector,))),
                ("both", detector.gate(batched=False)),
            )
            for label, gate in gates:
                caught = sum(is_instruction_like(text, gate) for text in payloads)
                false = sum(is_instruction_like(text, gate) for text in lookalikes)
                key = f"{pair} {label}"
                totals = pooled.setdefault(key, [0, 0, 0, 0])
                totals[0] += caught
                totals[1] += len(payloads)
                totals[2] += false
                totals[3] += len(lookalikes)
                print(
                    f"  {pair} {label}: caught {_share(caught, len(payloads))}, "
                    f"false positives {_share(false, len(lookalikes))}"
                )
                if options.misses and label == "both":
                    for text in payloads:
                        if not is_instruction_like(text, gate):
                            print(f"    missed: {ascii(text)[:150]}")
                    for text in lookalikes:
                        if is_instruction_like(text, gate):
                            print(f"    flagged: {ascii(text)[:150]}")
    _informed_rules(None)
    print("## pooled")
    for key, (caught, payload_total, false, lookalike_total) in pooled.items():
        print(
            f"  {key}: caught {_share(caught, payload_total)}, "
            f"false positives {_share(false, lookalike_total)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
