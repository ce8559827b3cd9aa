"""The learned writer's four models, loaded and saved together.

`terms` selects history terms for the query; `intended` and `rejected` score the final turn's
topic candidates; `steps` scores the cascade's proposals (which step the turn takes). A folder
written by `memcore train-writer` holds all four; the package ships one such folder.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import attrs
from returns.result import Result

from memcore.writers.learned.model import (
    LogisticModel,
    ModelError,
    all_loaded,
    load_model,
    shipped_model,
)
from memcore.writers.learned.terms import FEATURES
from memcore.writers.learned.topics import TOPIC_FEATURES
from memcore.writers.rules.proposals import PROPOSAL_FEATURES

TERMS = "terms"
INTENDED = "topics-intended"
REJECTED = "topics-rejected"
STEPS = "steps"


@attrs.frozen(eq=False)
class WriterModels:
    """The trained scorers of the learned writer."""

    terms: LogisticModel
    intended: LogisticModel
    rejected: LogisticModel
    steps: LogisticModel

    def save(self, folder: Path) -> None:
        """Write the four models into `folder`."""
        self.terms.save(folder, TERMS)
        self.intended.save(folder, INTENDED)
        self.rejected.save(folder, REJECTED)
        self.steps.save(folder, STEPS)


def _bundle(
    terms: Result[LogisticModel, ModelError],
    intended: Result[LogisticModel, ModelError],
    rejected: Result[LogisticModel, ModelError],
    steps: Result[LogisticModel, ModelError],
) -> Result[WriterModels, ModelError]:
    return all_loaded(terms, intended, rejected, steps).map(lambda found: WriterModels(*found))


def load_bundle(folder: Path) -> Result[WriterModels, ModelError]:
    """The models saved in `folder` by `memcore train-writer`."""
    return _bundle(
        load_model(folder, TERMS, FEATURES),
        load_model(folder, INTENDED, TOPIC_FEATURES),
        load_model(folder, REJECTED, TOPIC_FEATURES),
        load_model(folder, STEPS, PROPOSAL_FEATURES),
    )


def shipped_bundle() -> Result[WriterModels, ModelError]:
    """The models shipped inside the package."""
    return _bundle(
        shipped_model(TERMS, FEATURES),
        shipped_model(INTENDED, TOPIC_FEATURES),
        shipped_model(REJECTED, TOPIC_FEATURES),
        shipped_model(STEPS, PROPOSAL_FEATURES),
    )


def shipped_folder() -> str:
    """Where the shipped models live (for messages and the reproducibility check)."""
    return str(resources.files("memcore") / "data" / "learned_writer")
