"""The behavioural suite's data: the reader of `memcore.eval.behaviour.templates` (its names
are re-exported here) over the suite's own folders: the tuning split's templates, their slot
fillers (templates/_slots.toml), the repository's Apollo fixture, and real MTRAG first
questions where ../shared/data is present."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from memcore.eval.behaviour import templates as _templates
from memcore.eval.behaviour.templates import MTRAG_SOURCE as MTRAG_SOURCE
from memcore.eval.behaviour.templates import MTRAG_SPLIT_SEED as MTRAG_SPLIT_SEED
from memcore.eval.behaviour.templates import SPLITS as SPLITS
from memcore.eval.behaviour.templates import TEST as TEST
from memcore.eval.behaviour.templates import TUNING as TUNING
from memcore.eval.behaviour.templates import Capability as Capability
from memcore.eval.behaviour.templates import CheckType as CheckType
from memcore.eval.behaviour.templates import Entity as Entity
from memcore.eval.behaviour.templates import Expectation as Expectation
from memcore.eval.behaviour.templates import Family as Family
from memcore.eval.behaviour.templates import History as History
from memcore.eval.behaviour.templates import Kind as Kind
from memcore.eval.behaviour.templates import RealQuestion as RealQuestion
from memcore.eval.behaviour.templates import Scenario as Scenario
from memcore.eval.behaviour.templates import Slots as Slots
from memcore.eval.behaviour.templates import Stem as Stem
from memcore.eval.behaviour.templates import TemplateError as TemplateError
from memcore.eval.behaviour.templates import ValueStem as ValueStem
from memcore.eval.behaviour.templates import Variant as Variant
from memcore.eval.behaviour.templates import read_capability as read_capability

TEMPLATES = Path(__file__).resolve().parent / "templates"
SLOTS_FILE = TEMPLATES / "_slots.toml"
REPOSITORY = Path(__file__).resolve().parents[2]
APOLLO_CORPUS = REPOSITORY / "fixtures" / "apollo-corpus.jsonl"
MTRAG_DATA = REPOSITORY.parent / "shared" / "data" / "mtrag"


def load_capabilities(folder: Path = TEMPLATES) -> tuple[Capability, ...]:
    """Every capability file of `folder` (files starting with `_` hold slots), by name."""
    return _templates.load_capabilities(folder)


def apollo_titles(path: Path = APOLLO_CORPUS) -> frozenset[str]:
    """The page titles of the Apollo fixture."""
    return _templates.apollo_titles(path)


def load_slots(path: Path = SLOTS_FILE) -> Slots:
    """The suite's slot fillers; the Apollo names are checked against the fixture."""
    return _templates.load_slots(path, APOLLO_CORPUS)


def load_real_questions(root: Path = MTRAG_DATA) -> Mapping[str, tuple[RealQuestion, ...]] | None:
    """The first user question of every MTRAG conversation by split, or None without data."""
    return _templates.load_real_questions(root)
