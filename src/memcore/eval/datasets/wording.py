"""The builder's wording for written turns, read from data files (apart from any writer's cues).

A *kind* is one written turn of the built sets (a correction, a return cue, ...); its
phrasings fall into named *families* (formal, terse, typo'd, lower-case, ...), each a way of
speaking. Every phrasing is written by hand, as different users would put it, without looking
at any writer's cue lists: the point is an evaluation the writer was not tuned to.

The phrasings live in `memcore/data/wording/`, one TOML file a *wording part*:

- `base.toml`: the families that `memcore.eval.datasets.families` splits by a fixed seed into tuning
  families (the `dev` build part) and test families (the `test` part);
- every other file (`fresh.toml`, `fresh2.toml`, ...): a held-out part, the test items
  re-worded in families of its own, written blind after the parts before it. Adding a part is
  adding one file: the parts are discovered from the folder.

Each file has an `about` text (who wrote it, and what its author had seen) and one
`[[kinds]]` table per kind, with `name`, `required` and `optional` placeholders and its
`[[kinds.families]]` (`name`, `phrasings`, and `lower_names = true` where the family types
everything in lower case). They are read through memcore's one converter into `Kind` and
`Family` values, so a file with a misspelt key or a number for a phrasing is refused.

Placeholders: `{target}` the intended topic, `{wrong}` the rejected one, `{topic}` the topic a
question names, `{request}` the trouble-source request asked again about the target (a named
question), `{question}` the question a return cue goes with, `{new}` and `{old}` the numbers of
a value revision. Typos are written out, never generated, and never touch a placeholder; in a
family with `lower_names` the names filled in are lower-cased too, as a user typing all in
lower case would write them.
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import resources
from importlib.abc import Traversable

import attrs
import cattrs

from memcore.codec import CONVERTER


@attrs.frozen
class Family:
    """A named group of phrasings that share a way of speaking."""

    name: str
    phrasings: tuple[str, ...]
    lower_names: bool = False


@attrs.frozen
class Kind:
    """One written turn: every phrasing fills each `required` placeholder (itself or through
    `NAMES_ALSO`) and uses no placeholder outside `required` and `optional`."""

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    families: tuple[Family, ...]


@attrs.frozen
class WordingPart:
    """One wording file: what it says of itself, and its kinds in file order."""

    about: str
    kinds: tuple[Kind, ...]

    def kind(self, name: str) -> Kind:
        """The kind called `name` (a KeyError names the missing kind)."""
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise KeyError(f"no kind {name!r} in this wording part")


# Placeholders that stand for a page name (lower-cased in a `lower_names` family).
NAME_PLACEHOLDERS = ("target", "wrong", "topic")
# A placeholder filled with text that names another one's value: a restated request is the
# trouble-source question asked about the target, so it names the target.
NAMES_ALSO = {"request": "target"}
# The part whose families are split into tuning and test families.
BASE = "base"
SUFFIX = ".toml"


def wording_folder() -> Traversable:
    """Where the wording files ship inside the package."""
    return resources.files("memcore") / "data" / "wording"


def _part_order(name: str) -> tuple[str, int]:
    # fresh, fresh2, ..., fresh10: by the number, not by the characters.
    matched = re.fullmatch(r"(.*?)(\d*)", name)
    assert matched is not None  # the pattern matches every string
    return matched.group(1), int(matched.group(2) or 1)


def held_out_part_names(folder: Traversable | None = None) -> tuple[str, ...]:
    """The held-out parts found in `folder` (default: the package's), in the order they were
    written (`fresh`, `fresh2`, ..., `fresh10`, ...)."""
    found = [
        entry.name.removesuffix(SUFFIX)
        for entry in (folder or wording_folder()).iterdir()
        if entry.name.endswith(SUFFIX) and entry.name != BASE + SUFFIX
    ]
    return tuple(sorted(found, key=_part_order))


def read_part(text: str) -> WordingPart:
    """A wording part from the text of its TOML file (a `ValueError` says what is wrong)."""
    try:
        document = tomllib.loads(text)
        return CONVERTER.structure(document, WordingPart)
    except (tomllib.TOMLDecodeError, cattrs.BaseValidationError, TypeError, KeyError) as error:
        raise ValueError(f"unreadable wording part: {error}") from error


@functools.cache
def load_part(name: str) -> WordingPart:
    """The package's wording part `name` (`base` or a held-out part), read once."""
    text = (wording_folder() / f"{name}{SUFFIX}").read_text(encoding="utf-8")
    return read_part(text)


_BASE_PART = load_part(BASE)
KINDS: tuple[Kind, ...] = _BASE_PART.kinds
# The trouble source of a correction: a question that fits either of two topics, answered for
# the wrong one. It never names a page.
SHARED_QUESTIONS = _BASE_PART.kind("shared-question")
# The trouble source of a self-repair (and the turn a value revision revises), naming the topic.
NAMED_QUESTIONS = _BASE_PART.kind("named-question")
# After a shared question answered for the wrong page: the user says which page was meant.
CORRECTIONS = _BASE_PART.kind("correction")
# After a question that named the wrong page (the user's own slip): the user repairs it in a
# later turn (the `later-repair` tier; the kind keeps its name in the wording files).
SELF_REPAIRS = _BASE_PART.kind("self-repair")
# The final turn of the follow-up tier, after a correction and its answer; it names no page.
FOLLOW_UPS = _BASE_PART.kind("follow-up")
# Put around a spliced return's question; it never names the page returned to.
RETURN_CUES = _BASE_PART.kind("return-cue")
# A value revision: the user replaces a number of the turn before.
VALUE_REVISIONS = _BASE_PART.kind("value-revision")

# How long an answer written from a passage may be.
ANSWER_CHARS = 300
